import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ProductServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed so far (JSON log lines). */
  log(): string;
  /** The server's process (to signal it, or to wait for its exit code). */
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the built product (dist/server.mjs) as `npm start` would, on a free port and a fresh data dir. With
 * `opts.dataDir` it uses that directory instead (e.g. to restart on the same database) and leaves it in place on stop.
 */
export async function startProductServer(env: Record<string, string> = {}, opts: { dataDir?: string } = {}): Promise<ProductServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'podo-e2e-'));
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${log}`)), 60_000);
    const onData = () => {
      const url = /ready on (http:\/\/localhost:\d+)/.exec(log)?.[1];
      if (url !== undefined) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(url.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${log}`));
    });
  });
  return {
    baseUrl,
    dataDir,
    log: () => log,
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A TCP port free on 127.0.0.1 now, for a server whose own address must be known before it starts (PUBLIC_URL). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
