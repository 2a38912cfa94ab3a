import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ApiProcess {
  baseUrl: string;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, in the middle of whatever it does. */
  kill(): Promise<void>;
}

/**
 * Starts a server process of its own (api-process-main.ts through tsx: the API without the web build) with `env`
 * over a test configuration, and waits until it listens.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/helpers/api-process-main.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', RATE_LIMIT_MAX: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start in 60 s:\n${output}`)), 60_000);
    const onData = () => {
      const found = /^ready (\d+)$/m.exec(output)?.[1];
      if (found === undefined) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(found);
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited (${code}):\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
