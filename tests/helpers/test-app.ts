import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '@podo/api';
import { loadConfig, type AppConfig } from '@podo/config';
import { migrateDatabase, openDatabase, seedCatalog, seedDemoData, seedDocuments, type DbHandle } from '@podo/db';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Which database this test run uses: the project sets TEST_DB (pglite | postgres). */
export const usingPostgres = () => process.env.TEST_DB === 'postgres';

/** Creates an empty, uniquely named database on the test PostgreSQL server; returns its URL and a dropper. */
export async function createTempDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `podo_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: App;
  db: DbHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/** A fresh app on its own fresh database (PGlite in memory, or a new PostgreSQL database). */
export async function createTestApp(env: Record<string, string> = {}, opts: { seed?: boolean; catalog?: boolean } = {}): Promise<TestApp> {
  const temp = usingPostgres() ? await createTempDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    RATE_LIMIT_MAX: '10000',
    ...(temp ? { DATABASE_URL: temp.url } : {}),
    ...env,
  });
  const db = await openDatabase({ url: config.databaseUrl, poolMax: 20, timeouts: config.databaseTimeouts });
  await migrateDatabase(db, config.databaseUrl);
  await seedDocuments(db.db);
  if (opts.seed !== false) await seedDemoData(db.db);
  // The demo wine catalogue (200+ wines) only where a test asks for it: most suites do not need it.
  if (opts.catalog) await seedCatalog(db.db);
  const app = await buildApp({ config, db, logger: false });
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
      await temp?.drop();
    },
  };
}
