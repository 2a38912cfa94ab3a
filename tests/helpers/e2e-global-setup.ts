import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podo-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${log}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      log += d.toString();
      const m = /ready on (http:\/\/localhost:\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    });
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${log}`)));
  });
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
