// `npm test`: every project, in two Vitest runs side by side (unit and API; the browser suite against the built
// product), then the tests skipped here and why, the time of each run, the failed and flaky tests, and one plain
// closing line ("N passed, N failed, N skipped"). The API run prints as it goes; the browser run's output follows
// it (the two would interleave). TEST_SERIAL=1 runs them one after the other, both printing as they go. With
// arguments (`npm test -- --project e2e`) it is one Vitest run.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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
/** Tests that failed, then passed when their file ran again alone (printed, never hidden). */
const flaky = [];
/** Tests that failed twice: what makes the exit code. */
const failures = [];
let status = 0;
// Each run alone keeps about one of two cores busy (the API files wait on their databases, the browser on
// rendering and the server): side by side they took 551 s where one after the other took 664 s (docs/testing.md).
const sideBySide = runs.length > 1 && !process.env.TEST_SERIAL;
const started = Date.now();
const start = (run, i) => {
  const t0 = Date.now();
  const out = path.join(root, `.tmp/vitest-results-${i}.json`);
  const log = sideBySide && i > 0 ? path.join(root, `.tmp/vitest-output-${i}.log`) : null;
  return vitestAsync(run.args, out, log).then((r) => ({ r, out, log, seconds: Math.round((Date.now() - t0) / 1000) }));
};
const finished = [];
if (sideBySide) finished.push(...(await Promise.all(runs.map(start))));
else for (const [i, run] of runs.entries()) finished.push(await start(run, i));
for (const [i, run] of runs.entries()) {
  const { r, out, log } = finished[i];
  if (log) {
    console.log(`\n› ${run.name}: the output of the run beside the first one\n`);
    process.stdout.write(readFileSync(log, 'utf8'));
  }
  const rerunStarted = Date.now();
  let res = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
  let failed = res ? failedTests(res) : [];
  // A test that fails on a loaded machine and passes when its file runs alone is reported as flaky: the run stays
  // green but says which test it was and why it failed, so it gets fixed rather than retried for ever.
  if (res && failed.length && failed.length <= 10 && !args.length) {
    const files = [...new Set(failed.map((f) => f.file))];
    console.log(`
› ${failed.length} failed; running ${files.length} file(s) again alone: ${files.map(rel).join(', ')}`);
    const againOut = path.join(root, `.tmp/vitest-results-${i}-again.json`);
    const again = vitest([...run.args, ...files], againOut);
    const res2 = existsSync(againOut) ? JSON.parse(readFileSync(againOut, 'utf8')) : null;
    if (res2 && (again.status ?? 1) === 0) {
      flaky.push(...failed);
      res.numPassedTests += failed.length;
      res.numFailedTests -= failed.length;
      failed = [];
    } else if (res2) failed = failedTests(res2);
  } else if ((r.status ?? 1) !== 0 && !failed.length)
    failed = [{ file: run.name, name: `the run ended with exit code ${r.status}`, message: '' }];
  phase(
    sideBySide ? `${run.name.split(' (')[0]}, side by side` : run.name,
    finished[i].seconds + Math.round((Date.now() - rerunStarted) / 1000),
    !sideBySide,
  );
  if (failed.length) status = 1;
  failures.push(...failed);
  if (!res) continue;
  results.push(res);
  totals.passed += res.numPassedTests;
  totals.failed += res.numFailedTests;
  totals.skipped += (res.numPendingTests ?? 0) + (res.numTodoTests ?? 0);
  totals.total += res.numTotalTests;
}
if (sideBySide) phase('tests (both runs side by side, then any reruns)', Math.round((Date.now() - started) / 1000));
if (!process.env.TEST_DATABASE_URL) printSkipped(results);
printList('Flaky: failed in the full run, passed when their file ran again alone', flaky);
printList('Failed', failures);
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${flaky.length ? `, ${flaky.length} flaky` : ''}`,
);
if (totals.total === 0) {
  console.error('no test ran');
  process.exit(1);
}
process.exit(status);

/** A Vitest run that lets the other go on meanwhile; with `log`, its output goes to that file. */
function vitestAsync(extra, out, log) {
  rmSync(out, { force: true });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, vitestArgs(extra, out), {
      cwd: root,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: log ? { ...process.env, FORCE_COLOR: '1' } : process.env,
    });
    const file = log ? createWriteStream(log) : null;
    if (file) {
      // Both streams into one file, which ends only when the child is gone (and resolves once it is written).
      child.stdout.pipe(file, { end: false });
      child.stderr.pipe(file, { end: false });
    }
    child.on('error', (err) => {
      console.error(`could not start Vitest: ${err.message}`);
      file?.end();
      resolve({ status: 1 });
    });
    child.on('close', (status) => {
      if (!file) return resolve({ status });
      file.end(() => resolve({ status }));
    });
  });
}

function vitest(extra, out) {
  rmSync(out, { force: true });
  return spawnSync(process.execPath, vitestArgs(extra, out), { cwd: root, stdio: 'inherit' });
}

/** A Vitest run's arguments: the plain reporter for people, the JSON report for this script. */
function vitestArgs(extra, out) {
  return [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    ...extra,
  ];
}

function rel(file) {
  return path.relative(root, file);
}

/** The failed tests of a JSON report, with the first lines of their error (and a file that failed outside a test). */
function failedTests(res) {
  const out = [];
  for (const file of res.testResults ?? []) {
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests)
      out.push({ file: file.name, name: [...t.ancestorTitles, t.title].join(' › '), message: (t.failureMessages ?? []).join('\n') });
    if (!tests.length && file.status === 'failed') out.push({ file: file.name, name: '(the file itself)', message: file.message ?? '' });
  }
  return out;
}

/** The closing list CI's last lines show: which test, in which file, and the start of its error. */
function printList(title, list) {
  if (!list.length) return;
  console.log(`\n${title} (${list.length}):`);
  for (const f of list) {
    console.log(`  ✗ ${rel(f.file)} › ${f.name}`);
    const lines = f.message
      .split('\n')
      .filter((l) => l.trim() && !/^\s+at /.test(l))
      .slice(0, 4);
    for (const l of lines) console.log(`      ${l.slice(0, 200)}`);
  }
}

/**
 * Prints a phase's time and adds it to the file `.ci/run` reads (CI_PHASES), when set; `counted: false` marks a line
 * that overlaps another (shown indented under a dot, so the phases without one add up to the whole run).
 */
function phase(name, seconds, counted = true) {
  console.log(`\n› ${name}: ${seconds} s`);
  if (process.env.CI_PHASES) appendFileSync(process.env.CI_PHASES, `${counted ? name : `  · ${name}`}\t${seconds}\n`);
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
