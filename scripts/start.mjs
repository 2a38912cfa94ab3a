// `npm start`: builds when the sources changed since the last build, then runs the server in this process.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceStamp } from './stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A .env file in the working directory sets variables that are not already set.
if (existsSync('.env')) process.loadEnvFile('.env');
const stampFile = path.join(root, 'dist/build-stamp.json');
const needsBuild = () => {
  if (!existsSync(path.join(root, 'dist/server.mjs')) || !existsSync(path.join(root, 'apps/web/build/server/index.js'))) return true;
  if (!existsSync(stampFile)) return true;
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).stamp !== sourceStamp(root);
  } catch {
    return true;
  }
};

if (needsBuild()) {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import(pathToFileURL(path.join(root, 'dist/server.mjs')).href);
