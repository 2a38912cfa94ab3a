import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailbox } from './mailbox';
import { freePort, startProductServer } from './product-server';
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

/**
 * Builds the product if needed and starts it as `npm start` would, on a free port and a fresh data dir, with SMS and
 * e-mail going to local stand-ins whose messages the journeys' fixtures read (fixtures.ts).
 */
export default async function setup(project: TestProject) {
  ensureBuilt();
  const mailbox = await startMailbox();
  // Behind a trusted proxy, so each fixture's requests come from an address of their own (per-address limits).
  // Links in e-mails need the public address, known before the start.
  const port = await freePort();
  const server = await startProductServer({
    ...mailbox.env,
    TRUST_PROXY: 'true',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('mailboxUrl', mailbox.url);
  return async () => {
    await server.stop();
    await mailbox.close();
  };
}
