// `npm test`: every project, in two Vitest runs (unit and API first, then the browser suite against the built
// product), then the tests skipped here and why, the time of each run, and one plain closing line
// ("N passed, N failed, N skipped"). With arguments (`npm test -- --project e2e`) it is one Vitest run with them.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
mkdirSync(path.join(root, '.tmp'), { recursive: true });
if (process.env.TEST_DATABASE_URL)
  console.log(`API suite runs on PGlite and on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`);
else console.log('API suite runs on PGlite only (set TEST_DATABASE_URL to add PostgreSQL)');

const args = process.argv.slice(2);
const projects = ['--project', 'unit', '--project', 'api-pglite', ...(process.env.TEST_DATABASE_URL ? ['--project', 'api-postgres'] : [])];
const runs = args.length
  ? [{ name: 'tests', args }]
  : [
      { name: 'unit and API tests', args: projects },
      { name: 'browser tests (HTML sweep, browser sweep, journeys)', args: ['--project', 'e2e'] },
    ];

const totals = { passed: 0, failed: 0, skipped: 0, total: 0 };
const results = [];
let status = 0;
for (const [i, run] of runs.entries()) {
  const out = path.join(root, `.tmp/vitest-results-${i}.json`);
  rmSync(out, { force: true });
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...run.args,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  phase(run.name, seconds);
  if ((r.status ?? 1) !== 0) status = r.status ?? 1;
  if (!existsSync(out)) continue;
  const res = JSON.parse(readFileSync(out, 'utf8'));
  results.push(res);
  totals.passed += res.numPassedTests;
  totals.failed += res.numFailedTests;
  totals.skipped += (res.numPendingTests ?? 0) + (res.numTodoTests ?? 0);
  totals.total += res.numTotalTests;
}
if (!process.env.TEST_DATABASE_URL) printSkipped(results);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (totals.total === 0) {
  console.error('no test ran');
  process.exit(1);
}
process.exit(status);

/** Prints a phase's time and adds it to the file `.ci/run` reads (CI_PHASES), when set. */
function phase(name, seconds) {
  console.log(`\n› ${name}: ${seconds} s`);
  if (process.env.CI_PHASES) appendFileSync(process.env.CI_PHASES, `${name}\t${seconds}\n`);
}

/**
 * Without TEST_DATABASE_URL: says that the api-postgres project was off, and lists the tests skipped here with their
 * reason (the `skipReason` of tests/helpers/postgres-only.ts; older skipIf/runIf conditions record none).
 */
function printSkipped(all) {
  const byReason = new Map();
  for (const res of all) {
    for (const file of res.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status !== 'skipped' && t.status !== 'pending') continue;
        const reason = t.meta?.skipReason ?? 'no reason recorded (a skipIf/runIf condition in the test file)';
        const name = [path.relative(root, file.name), ...t.ancestorTitles, t.title].join(' › ');
        byReason.set(reason, [...(byReason.get(reason) ?? []), name]);
      }
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
