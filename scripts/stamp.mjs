import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'build', 'dist', '.react-router', 'data', '.git']);
const SOURCE_DIRS = ['apps', 'packages'];
const SOURCE_FILES = ['package-lock.json'];

/** A fingerprint of the build inputs: file count and the newest modification time. */
export function sourceStamp(root) {
  let newest = 0;
  let count = 0;
  const visit = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(e.name)) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) visit(full);
      else if (!e.name.endsWith('.test.ts')) {
        newest = Math.max(newest, statSync(full).mtimeMs);
        count++;
      }
    }
  };
  for (const d of SOURCE_DIRS) visit(path.join(root, d));
  for (const f of SOURCE_FILES) {
    try {
      newest = Math.max(newest, statSync(path.join(root, f)).mtimeMs);
    } catch {
      /* not there */
    }
  }
  return `${count}:${Math.floor(newest)}`;
}
