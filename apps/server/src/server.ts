import type { FastifyServerOptions } from 'fastify';
import { buildApp, type App } from '@podo/api';
import type { AppConfig } from '@podo/config';
import {
  migrateDatabase,
  openDatabase,
  type DbHandle,
  seedCatalog,
  seedCommerceDemo,
  seedContentDemo,
  seedDemoData,
  seedDocuments,
} from '@podo/db';
import { attachWeb } from './web';

export interface ServerOptions {
  config: AppConfig;
  /** apps/web/build; omit to serve the API only. */
  webBuildDir?: string;
  /** PGlite template tarball for a new DATA_DIR (dist/pglite-template.tar.gz, or pglite-demo-template.tar.gz). */
  pgliteTemplate?: string;
  logger?: FastifyServerOptions['logger'];
  requestLog?: 'line' | 'structured';
}

/** Opens and migrates the database, loads demo data on an empty one, and composes API + web in one app. */
export async function createServer({ config, webBuildDir, pgliteTemplate, logger, requestLog }: ServerOptions): Promise<App> {
  const db = await openDatabase({
    url: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    template: pgliteTemplate,
    timeouts: config.databaseTimeouts,
  });
  try {
    // Migrations hold a session advisory lock: on the direct connection when DATABASE_URL is pooled.
    await migrateDatabase(db, config.databaseDirectUrl ?? config.databaseUrl);
    // Terms and privacy policy: every installation starts with them (sign-up asks to agree to them).
    await seedDocuments(db.db);
    const seeded = config.demoData ? await seedDemoData(db.db) : false;
    // The demo wine catalogue loads into a demo database that has no wines yet (also one made before it existed).
    const catalog = config.demoData ? await seedCatalog(db.db) : { products: 0, wineries: 0 };
    if (config.demoData) await seedCommerceDemo(db.db);
    if (config.demoData) await seedContentDemo(db.db);
    const app = await buildApp({ config, db, logger, requestLog });
    app.addHook('onClose', async () => db.close());
    // A lost connection (terminated backend, restart) is dropped by the pool; the requests it served answered 503.
    db.onConnectionError = (err) =>
      app.log.warn({ err: { code: (err as { code?: string }).code, message: err.message } }, 'database connection lost');
    // The embedded database runs one statement per event-loop iteration: it lets a burst of connections in first.
    if (db.connectionAccepted) app.server.on('connection', db.connectionAccepted);
    if (config.databaseDirectUrl) await checkPooledLimits(app, db, config);
    if (seeded) app.log.info('demo data loaded into the empty database');
    if (catalog.products) app.log.info(`demo wine catalogue loaded: ${catalog.products} wines from ${catalog.wineries} wineries`);
    if (webBuildDir) await attachWeb(app, { buildDir: webBuildDir });
    return app;
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}

/**
 * Behind a transaction-mode pooler the time limits cannot travel as start-up parameters (PgBouncer refuses them):
 * the pooler's connect_query or the role's settings set them. Says so when a session through the pooler has none.
 */
async function checkPooledLimits(app: App, db: DbHandle, config: ServerOptions['config']): Promise<void> {
  const wanted = config.databaseTimeouts;
  const { rows } = await db.runText(
    "select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock, current_setting('idle_in_transaction_session_timeout') as idle",
  );
  const found = rows[0] as { statement: string; lock: string; idle: string };
  const missing = [
    wanted.statementMs && found.statement === '0' ? 'statement_timeout' : '',
    wanted.lockMs && found.lock === '0' ? 'lock_timeout' : '',
    wanted.idleInTransactionMs && found.idle === '0' ? 'idle_in_transaction_session_timeout' : '',
  ].filter(Boolean);
  if (missing.length) {
    app.log.warn(
      `DATABASE_URL goes through a pooler and its sessions have no ${missing.join(', ')}: set them in the pooler's connect_query or on the database role (docs/operations.md)`,
    );
  }
}
