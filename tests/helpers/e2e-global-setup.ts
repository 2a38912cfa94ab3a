import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startProductServer } from './product-server';
// @ts-expect-error plain ESM helper shared with npm start
import { sourceStamp } from '../../scripts/stamp.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function ensureBuilt() {
  const stampFile = path.join(root, 'dist/build-stamp.json');
  const fresh =
    existsSync(stampFile) &&
    existsSync(path.join(root, 'apps/web/build/server/index.js')) &&
    JSON.parse(readFileSync(stampFile, 'utf8')).stamp === sourceStamp(root);
  if (fresh) return;
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

/** Builds the product if needed and starts it as `npm start` would, on a free port and a fresh data dir. */
export default async function setup(project: TestProject) {
  ensureBuilt();
  const server = await startProductServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
