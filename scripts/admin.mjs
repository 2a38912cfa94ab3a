// `npm run admin -- <command>`: the admin CLI (apps/server/src/cli.ts), bundled to dist/cli.mjs.
// `npm run build` bundles it with the server. When the sources changed since, only the CLI is re-bundled here
// (well under a second), so the command works from a fresh clone and never rebuilds the web app under a
// running server.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceStamp } from './stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A .env file in the working directory sets variables that are not already set (as npm start does).
if (existsSync('.env')) process.loadEnvFile('.env');

const cli = path.join(root, 'dist/cli.mjs');
const stamp = sourceStamp(root);
const stampOf = (file) => {
  try {
    return JSON.parse(readFileSync(path.join(root, 'dist', file), 'utf8')).stamp;
  } catch {
    return undefined;
  }
};

if (!existsSync(cli) || (stampOf('build-stamp.json') !== stamp && stampOf('cli-stamp.json') !== stamp)) {
  const esbuild = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
  // Same options as the server bundle in build.mjs: npm packages stay external, @podo/* is bundled in.
  const out = await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: external.flatMap((n) => [n, `${n}/*`]),
    logLevel: 'warning',
    write: false,
    outfile: cli,
  });
  mkdirSync(path.dirname(cli), { recursive: true });
  // Write then rename: another `npm run admin` starting at the same moment never loads half a file.
  const tmp = `${cli}.${process.pid}.tmp`;
  writeFileSync(tmp, out.outputFiles[0].contents);
  renameSync(tmp, cli);
  writeFileSync(path.join(root, 'dist/cli-stamp.json'), JSON.stringify({ stamp, builtAt: new Date().toISOString() }));
}
await import(pathToFileURL(cli).href);
