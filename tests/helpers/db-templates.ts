import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, openDatabase, seedCatalog, seedDemoData, seedDocuments, type DbHandle } from '@podo/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's template key (api-global-setup.ts): templates are made once per run, by the first file needing one. */
    dbTemplateRun: string;
  }
}

/** What a test database starts with: the documents always, the demo accounts and orders, the demo wine catalogue. */
export interface Contents {
  seed: boolean;
  catalog: boolean;
}

const root = path.resolve(import.meta.dirname, '../..');
export const TEMPLATE_DIR = path.join(root, '.tmp/db-templates');
const variant = (c: Contents) => `${c.seed ? 'demo' : 'plain'}${c.catalog ? '_catalog' : ''}`;

/** TEST_DB_TEMPLATES=off: every test database is migrated and seeded itself (to measure what templates save). */
export const templatesOff = () => process.env.TEST_DB_TEMPLATES === 'off';

/** Migrates and fills a database as a test asks: what a template holds. */
export async function fill(handle: DbHandle, url: string | undefined, c: Contents): Promise<void> {
  await migrateDatabase(handle, url);
  await seedDocuments(handle.db);
  if (c.seed) await seedDemoData(handle.db);
  if (c.catalog) await seedCatalog(handle.db);
}

/**
 * Runs `make` once per run and key across the worker processes: the first caller takes the lock file and makes it,
 * the others wait until `done()` says it is there.
 */
async function once(lock: string, done: () => Promise<boolean> | boolean, make: () => Promise<void>): Promise<void> {
  if (await done()) return;
  mkdirSync(path.dirname(lock), { recursive: true });
  let fd: number | undefined;
  try {
    fd = openSync(lock, 'wx');
  } catch {
    const until = Date.now() + 180_000;
    while (!(await done())) {
      if (Date.now() > until) throw new Error(`the test database template behind ${lock} was not made in 3 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return;
  }
  try {
    await make();
  } finally {
    closeSync(fd);
  }
}

/**
 * The data directory of a migrated and seeded in-memory PGlite, as a tarball made once per run: loading it skips
 * initdb, the migrations and the seeds in WebAssembly (docs/testing.md).
 */
export async function pgliteTemplate(c: Contents): Promise<Blob> {
  const dir = path.join(TEMPLATE_DIR, inject('dbTemplateRun'));
  const file = path.join(dir, `${variant(c)}.tar`);
  await once(
    `${file}.lock`,
    () => existsSync(file),
    async () => {
      const handle = await openDatabase({});
      try {
        await fill(handle, undefined, c);
        const client = (handle.db as unknown as { $client: PGlite }).$client;
        const blob = await client.dumpDataDir('none');
        writeFileSync(`${file}.tmp`, Buffer.from(await blob.arrayBuffer()));
        renameSync(`${file}.tmp`, file);
      } finally {
        await handle.close();
      }
    },
  );
  return new Blob([readFileSync(file)]);
}

/** The test PostgreSQL server's URL with another database name. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function onServer<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Template databases are named after their run: `podo_tpl_<run>_<contents>`. */
export const TEMPLATE_PREFIX = 'podo_tpl_';

/**
 * A migrated and seeded PostgreSQL database made once per run, to copy with CREATE DATABASE … TEMPLATE (a file copy
 * on the server instead of the migrations and seeds over the wire). Its name.
 */
export async function postgresTemplate(c: Contents): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${inject('dbTemplateRun')}_${variant(c)}`;
  const lock = path.join(TEMPLATE_DIR, `${name}.lock`);
  const ready = path.join(TEMPLATE_DIR, `${name}.ready`);
  await once(
    lock,
    () => existsSync(ready),
    async () => {
      await onServer(async (s) => {
        await s.query(`drop database if exists ${name} with (force)`);
        await s.query(`create database ${name}`);
      });
      const url = databaseUrl(name);
      const handle = await openDatabase({ url, poolMax: 2 });
      try {
        await fill(handle, url, c);
      } finally {
        await handle.close();
      }
      // No connection may stay on a template while it is copied.
      await onServer((s) => s.query(`update pg_database set datistemplate = true where datname = $1`, [name]));
      writeFileSync(ready, '');
    },
  );
  return name;
}
