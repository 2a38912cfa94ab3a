// Builds the product: React Router app (client + SSR), pre-compressed assets, and the bundled server.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { sourceStamp } from './stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const t0 = Date.now();
const stamp = sourceStamp(root);

console.log('› building the web app (React Router, Vite)…');
const web = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
  cwd: path.join(root, 'apps/web'),
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production' },
});
if (web.status !== 0) {
  process.stdout.write(web.stdout);
  process.exit(web.status ?? 1);
}

console.log('› pre-compressing static assets (br, gz)…');
const clientDir = path.join(root, 'apps/web/build/client');
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
let compressed = 0;
for (const file of walk(clientDir)) {
  if (!/\.(js|css|svg|json|html|txt|xml|map)$/.test(file) || statSync(file).size < 1024) continue;
  const buf = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
  compressed++;
}

console.log('› bundling the server…');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
await esbuild.build({
  entryPoints: {
    server: path.join(root, 'apps/server/src/main.ts'),
    template: path.join(root, 'apps/server/src/template.ts'),
    // npm run admin (scripts/admin.mjs)
    cli: path.join(root, 'apps/server/src/cli.ts'),
  },
  outdir: path.join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // npm packages load from node_modules at run time; our workspace packages (@podo/*) are bundled in.
  external: external.flatMap((n) => [n, `${n}/*`]),
  logLevel: 'warning',
});
console.log('› preparing the embedded database templates (a first start skips initdb, migrations and the demo data load)…');
const { writeDatabaseTemplates } = await import(
  pathToFileURL(path.join(root, 'dist/server.mjs')).href.replace('server.mjs', 'template.mjs')
);
await writeDatabaseTemplates(path.join(root, 'dist'));
mkdirSync(path.join(root, 'dist'), { recursive: true });
writeFileSync(path.join(root, 'dist/build-stamp.json'), JSON.stringify({ stamp, builtAt: new Date().toISOString() }));
console.log(`✓ built in ${((Date.now() - t0) / 1000).toFixed(1)} s (${compressed} assets pre-compressed)`);
