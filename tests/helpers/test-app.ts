import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '@podo/api';
import { loadConfig, type AppConfig } from '@podo/config';
import { openDatabase, type DbHandle } from '@podo/db';
import { databaseUrl, fill, onServer, pgliteTemplate, postgresTemplate, templatesOff } from './db-templates';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Which database this test run uses: the project sets TEST_DB (pglite | postgres). */
export const usingPostgres = () => process.env.TEST_DB === 'postgres';

/**
 * Creates a uniquely named database on the test PostgreSQL server, empty or as a copy of a template database;
 * returns its URL and a dropper.
 */
export async function createTempDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `podo_t_${randomBytes(6).toString('hex')}`;
  await onServer((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    url: databaseUrl(name),
    drop: () => onServer((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export interface TestApp {
  app: App;
  db: DbHandle;
  config: AppConfig;
  /** Hands over the e-mails and SMS waiting in the outbox (the `deliver-message` jobs, run here); how many ran. */
  deliver(): Promise<number>;
  close(): Promise<void>;
}

/**
 * A fresh app on its own fresh database (PGlite in memory, or a new PostgreSQL database), migrated, with the
 * documents, the demo data unless `seed: false`, and the demo wine catalogue with `catalog: true`. The database is
 * a copy of a template made once per run with the same contents (db-templates.ts).
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { seed?: boolean; catalog?: boolean } = {}): Promise<TestApp> {
  const contents = { seed: opts.seed !== false, catalog: !!opts.catalog };
  const copy = !templatesOff();
  const temp = usingPostgres() ? await createTempDatabase(copy ? await postgresTemplate(contents) : undefined) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    RATE_LIMIT_MAX: '10000',
    // No workers: a test runs the jobs it queued with app.deps.jobs.drain, or asks for PROCESS_ROLE=both. (An app
    // with another NODE_ENV on the embedded database must run them: the configuration refuses `web` there.)
    PROCESS_ROLE: (env.NODE_ENV ?? 'test') === 'test' || env.DATABASE_URL || temp ? 'web' : 'both',
    ...(temp ? { DATABASE_URL: temp.url } : {}),
    ...env,
  });
  const db = await openDatabase({
    url: config.databaseUrl,
    poolMax: 20,
    timeouts: config.databaseTimeouts,
    load: temp || !copy ? undefined : await pgliteTemplate(contents),
  });
  if (!copy) await fill(db, config.databaseUrl, contents);
  const app = await buildApp({ config, db, logger: false });
  return {
    app,
    db,
    config,
    deliver: () => app.deps.jobs.drain('deliver-message'),
    async close() {
      await app.close();
      await db.close();
      await temp?.drop();
    },
  };
}
