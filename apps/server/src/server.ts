import type { FastifyServerOptions } from 'fastify';
import { buildApp, type App } from '@podo/api';
import type { AppConfig } from '@podo/config';
import { migrateDatabase, openDatabase, seedCatalog, seedCommerceDemo, seedContentDemo, seedDemoData, seedDocuments } from '@podo/db';
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
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    template: pgliteTemplate,
    timeouts: config.databaseTimeouts,
  });
  try {
    await migrateDatabase(db, config.databaseUrl);
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
    if (seeded) app.log.info('demo data loaded into the empty database');
    if (catalog.products) app.log.info(`demo wine catalogue loaded: ${catalog.products} wines from ${catalog.wineries} wineries`);
    if (webBuildDir) await attachWeb(app, { buildDir: webBuildDir });
    return app;
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}
