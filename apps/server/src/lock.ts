import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');
const portFile = (dataDir: string) => path.join(dataDir, 'server.port');

/** The pid of the live process holding DATA_DIR (a server, or the admin CLI for a moment), or null. */
export function liveLockHolder(dataDir: string): number | null {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Takes DATA_DIR for this process, or answers the pid of the live process holding it. */
export function tryAcquireDataDirLock(dataDir: string): { release: () => void } | { heldBy: number } {
  mkdirSync(dataDir, { recursive: true });
  const holder = liveLockHolder(dataDir);
  if (holder !== null) return { heldBy: holder };
  writeFileSync(pidFile(dataDir), String(process.pid));
  return {
    release: () => {
      rmSync(portFile(dataDir), { force: true });
      rmSync(pidFile(dataDir), { force: true });
    },
  };
}

/**
 * The embedded database may be opened by one process only; a second `npm start` on the same DATA_DIR
 * would corrupt it. A pid file refuses the second one; a stale file (its process gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lock = tryAcquireDataDirLock(dataDir);
  if ('heldBy' in lock) {
    console.error(`\nAnother process (pid ${lock.heldBy}) is using ${dataDir}. Stop it, or set DATA_DIR to another folder.\n`);
    process.exit(1);
  }
  return lock.release;
}

/**
 * Records the port the server listens on, next to its pid file: the admin CLI then reaches the running server's
 * admin API on 127.0.0.1 instead of opening the embedded database a second time.
 */
export function writeServerPort(dataDir: string, port: number): void {
  writeFileSync(portFile(dataDir), String(port));
}

/** The port written by the running server, or null (not written yet, or no server). */
export function readServerPort(dataDir: string): number | null {
  if (!existsSync(portFile(dataDir))) return null;
  const port = Number(readFileSync(portFile(dataDir), 'utf8'));
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}
