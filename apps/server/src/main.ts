import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '@podo/config';
import { acquireDataDirLock, writeServerPort } from './lock';
import { createServer } from './server';

const t0 = performance.now();
// dist/server.mjs sits one level below the repository root.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let config;
try {
  config = loadConfig(process.env, process.cwd());
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`\n${e.message}\n\nSee README.md (Configuration) and .env.example.\n`);
    process.exit(1);
  }
  throw e;
}

// A person at a terminal reads one line per request; a log collector (not a terminal, or LOG_FORMAT=json) gets JSON.
const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
const prettyLog = pretty
  ? {
      logger: {
        level: config.logLevel,
        stream: (await import('pino-pretty')).default({
          colorize: process.stdout.isTTY === true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname,reqId',
          singleLine: true,
          sync: true,
        }),
      },
      requestLog: 'line' as const,
    }
  : {};

const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
const app = await createServer({
  ...prettyLog,
  config,
  webBuildDir: path.join(root, 'apps/web/build'),
  pgliteTemplate: path.join(root, config.demoData ? 'dist/pglite-demo-template.tar.gz' : 'dist/pglite-template.tar.gz'),
});

let closing = false;
/**
 * SIGTERM or SIGINT: readiness turns 503 at once (answers close their connections), after SHUTDOWN_DRAIN_MS the
 * server stops listening, the requests in flight finish (at most SHUTDOWN_TIMEOUT_MS), then the database closes and
 * the process exits.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.deps.lifecycle.draining = true;
  const { timeoutMs } = app.deps.config.shutdown;
  // A worker has no load balancer to leave.
  const drainMs = app.deps.config.jobs.role === 'worker' ? 0 : app.deps.config.shutdown.drainMs;
  app.log.info({ signal, drainMs }, 'shutting down: not ready, finishing requests in flight');
  const force = setTimeout(() => {
    app.log.error(`shutdown took longer than ${timeoutMs} ms; exiting`);
    process.exit(1);
  }, drainMs + timeoutMs);
  force.unref();
  try {
    if (drainMs) await new Promise((r) => setTimeout(r, drainMs));
    await app.close();
    release();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// A promise nobody awaited is a bug to log, not a reason to drop every visitor's connection: the server stays up.
// (Thrown exceptions still end the process, whose state may then be broken.)
process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled promise rejection'));
process.on('SIGINT', () => void shutdown('SIGINT'));

if (config.jobs.role === 'worker') {
  // A worker answers no requests: it runs the background jobs until SIGTERM (see docs/operations.md).
  app.log.info({ database: app.deps.db.kind, startupMs: Math.round(performance.now() - t0) }, 'worker running the background jobs');
} else {
  await listen();
}

async function listen() {
  const { host, port: configuredPort, databaseUrl, dataDir } = app.deps.config;
  try {
    await app.listen({ port: configuredPort, host });
  } catch (err) {
    app.log.error({ err }, `cannot listen on ${host}:${configuredPort}`);
    await app.close();
    release();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : configuredPort;
  // The admin CLI (npm run admin) talks to this server instead of opening the embedded database a second time.
  if (!databaseUrl) writeServerPort(dataDir, port);
  app.log.info(
    { url: `http://localhost:${port}`, database: app.deps.db.kind, startupMs: Math.round(performance.now() - t0) },
    `ready on http://localhost:${port}`,
  );
}
