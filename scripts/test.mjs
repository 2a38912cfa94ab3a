// `npm test`: every project in one Vitest run, then one plain closing line ("N passed, N failed").
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
  console.log(`\ntests: ${res.numPassedTests} passed, ${res.numFailedTests} failed, ${skipped} skipped`);
  if (res.numTotalTests === 0) {
    console.error('no test ran');
    process.exit(1);
  }
}
process.exit(r.status ?? 1);
