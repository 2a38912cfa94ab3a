// `npm run test:changed [-- --base REV] [--postgres] [--browser]`: the inner loop. Runs the unit and API tests that
// import a file the change touches (Vitest's module graph: `vitest related`), and the HTML sweep of the pages whose
// route modules or layouts changed (every page when a shared web file changed: a component, a style, the locales).
// The change is what is not committed yet, plus what came since REV with --base. --postgres adds the API suite on
// PostgreSQL (TEST_DATABASE_URL); --browser adds the browser sweep of the same pages. Before pushing: `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const base = argv.includes('--base') ? argv[argv.indexOf('--base') + 1] : undefined;
const postgres = argv.includes('--postgres');
const browser = argv.includes('--browser');

const git = (...a) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...new Set([
    ...git('diff', '--name-only', 'HEAD'),
    ...(base ? git('diff', '--name-only', `${base}...HEAD`) : []),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((f) => /\.(tsx?|mjs|json|scss|css|sql)$/.test(f));

if (!changed.length) {
  console.log('Nothing changed (give --base REV to test what came since a commit).');
  process.exit(0);
}
console.log(`Changed: ${changed.length} file(s)`);
const started = Date.now();
const vitest = (args, env = {}) =>
  spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status ?? 1;

let status = 0;
const projects = ['unit', 'api-pglite', ...(postgres && process.env.TEST_DATABASE_URL ? ['api-postgres'] : [])].flatMap((p) => [
  '--project',
  p,
]);
const code = changed.filter((f) => /^(apps|packages|tests)\//.test(f) && /\.(tsx?|json|sql)$/.test(f));
// Every API test builds the whole app, so Vitest's module graph relates a module's file to every API test. A change
// inside one module runs that module's tests and the tests that name it; a changed test file runs itself; any other
// file (a package, lib/, the app) runs what imports it, through the module graph.
const moduleOf = (f) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(f)?.[1];
const tests = git('ls-files', '*.test.ts').filter((f) => !f.startsWith('tests/e2e/'));
const direct = new Set(code.filter((f) => f.endsWith('.test.ts') && !f.startsWith('tests/e2e/')));
const modules = new Set(code.map(moduleOf).filter(Boolean));
for (const t of tests) {
  const m = moduleOf(t);
  if (m && modules.has(m)) direct.add(t);
  else if ([...modules].some((name) => readFileSync(path.join(root, t), 'utf8').includes(`modules/${name}/`))) direct.add(t);
}
const rest = code.filter((f) => !f.endsWith('.test.ts') && !moduleOf(f) && !f.startsWith('tests/e2e/'));
if (direct.size) status ||= vitest(['run', '--passWithNoTests', ...projects, ...direct]);
if (rest.length) status ||= vitest(['related', '--run', '--passWithNoTests', ...projects, ...rest]);

// Pages: a changed route module or layout sweeps its pages; any other web file (components, lib, styles, root,
// locales) every page. Server-side API changes show in pages too, but which is unknowable: the full suite sweeps.
const web = changed.filter((f) => f.startsWith('apps/web/app/') || f.startsWith('packages/i18n/locales/'));
if (web.length) {
  const onlyRoutes = web.every((f) => f.startsWith('apps/web/app/routes/') && !f.endsWith('.test.ts'));
  const env = onlyRoutes ? { SWEEP_FILES: web.join(',') } : {};
  console.log(onlyRoutes ? `Sweeping the pages of: ${web.join(', ')}` : 'A shared web file changed: sweeping every page');
  const files = ['tests/e2e/html-sweep.test.ts', ...(browser ? ['tests/e2e/page-sweep.test.ts'] : [])];
  status ||= vitest(['run', '--project', 'e2e', ...files], env);
}
console.log(`\n› test:changed took ${Math.round((Date.now() - started) / 1000)} s${status ? ' (failed)' : ''}`);
process.exit(status);
