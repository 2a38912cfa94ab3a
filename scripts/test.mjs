// `npm test`: every project in one Vitest run, then the tests skipped here and why, and one plain closing line
// ("N passed, N failed, N skipped").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.tmp/vitest-results.json');
mkdirSync(path.dirname(out), { recursive: true });
rmSync(out, { force: true });
if (process.env.TEST_DATABASE_URL)
  console.log(`API suite runs on PGlite and on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`);
else console.log('API suite runs on PGlite only (set TEST_DATABASE_URL to add PostgreSQL)');

const r = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
if (existsSync(out)) {
  const res = JSON.parse(readFileSync(out, 'utf8'));
  const skipped = (res.numPendingTests ?? 0) + (res.numTodoTests ?? 0);
  if (!process.env.TEST_DATABASE_URL) printSkipped(res);
  console.log(`\ntests: ${res.numPassedTests} passed, ${res.numFailedTests} failed, ${skipped} skipped`);
  if (res.numTotalTests === 0) {
    console.error('no test ran');
    process.exit(1);
  }
}
process.exit(r.status ?? 1);

/**
 * Without TEST_DATABASE_URL: says that the api-postgres project was off, and lists the tests skipped here with their
 * reason (the `skipReason` of tests/helpers/postgres-only.ts; older skipIf/runIf conditions record none).
 */
function printSkipped(res) {
  const byReason = new Map();
  for (const file of res.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status !== 'skipped' && t.status !== 'pending') continue;
      const reason = t.meta?.skipReason ?? 'no reason recorded (a skipIf/runIf condition in the test file)';
      const name = [path.relative(root, file.name), ...t.ancestorTitles, t.title].join(' › ');
      byReason.set(reason, [...(byReason.get(reason) ?? []), name]);
    }
  }
  console.log('\nNot run here, TEST_DATABASE_URL is not set: the api-postgres project (the whole API suite on PostgreSQL).');
  if (!byReason.size) return;
  console.log(`Skipped tests (${[...byReason.values()].flat().length}):`);
  for (const [reason, names] of [...byReason].sort(([a], [b]) => Number(a.startsWith('no reason')) - Number(b.startsWith('no reason')))) {
    console.log(`  ${reason}:`);
    for (const name of names) console.log(`    - ${name}`);
  }
  console.log('CI (.ci/run) sets TEST_DATABASE_URL when PostgreSQL answers on 127.0.0.1:5432: there they run.');
}
