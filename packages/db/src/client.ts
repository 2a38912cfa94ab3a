import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';
import { AbandonedError, preparedRunner } from './prepared';
import { takeTurns, turnTaker } from './turns';
import { unpackDataDir } from './unpack';

export { AbandonedError } from './prepared';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (same SQL dialect for both). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Round trip to the database; throws when it does not answer. */
  ping(): Promise<void>;
  /** PGlite only: call when the HTTP server accepts a connection (see Turns.accepted in turns.ts). */
  connectionAccepted?: () => void;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL: use a node-postgres pool. Unset: embedded PGlite. */
  url?: string;
  /** PGlite data directory; unset means in memory (tests). */
  dataDir?: string;
  poolMax?: number;
  /**
   * A tarball of an initialized PGlite data directory (made by `npm run build`: migrated, with or without the demo
   * data). A new DATA_DIR starts from it instead of running initdb, the migrations and the demo data load in
   * WebAssembly, which saves about three seconds at first start.
   */
  template?: string;
}

/**
 * Writes the tarball of an initialized PGlite data directory (see OpenOptions.template); `prepare` runs on it first
 * (the build migrates it, and loads the demo data into a second one).
 */
export async function writePgliteTemplate(file: string, prepare?: (handle: DbHandle) => Promise<void>): Promise<void> {
  const { PGlite: Pg } = await import('@electric-sql/pglite');
  const { writeFileSync } = await import('node:fs');
  const client = await Pg.create();
  try {
    if (prepare) await prepare(await pgliteHandle(client));
    const blob = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Finds packages/db/migrations from source files and from the bundled server alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    for (const candidate of [path.join(dir, 'migrations'), path.join(dir, 'packages/db/migrations')]) {
      if (existsSync(path.join(candidate, 'meta/_journal.json'))) return candidate;
    }
    dir = path.dirname(dir);
  }
  throw new Error('packages/db/migrations not found');
}

/** Rows of a raw query (see rawQuery). */
export interface RawResult<T> {
  rows: T[];
}

const RAW_TIMESTAMP_OIDS = new Set([1082, 1114, 1184, 1186]); // date, timestamp, timestamptz, interval
type RawRunner = (text: string, values: unknown[], gone?: () => boolean) => Promise<RawResult<unknown>>;
const rawRunners = new WeakMap<object, RawRunner>();

/**
 * Runs a parameterized SQL text on the driver under a Drizzle database, skipping Drizzle's executor: the hot
 * catalogue lists build their statement once ({ text, values }) and let go of the SQL object before waiting for
 * a connection. Dates, timestamps and intervals come back as strings, as through db.execute. When `gone()` (the HTTP
 * client left) by the statement's turn (PGlite) or free connection (PostgreSQL), it throws AbandonedError and runs
 * nothing.
 */
export function rawQuery<T>(db: Database, text: string, values: unknown[], gone?: () => boolean): Promise<RawResult<T>> {
  const run = rawRunners.get(db);
  if (run) return run(text, values, gone) as Promise<RawResult<T>>;
  return (db as unknown as { $client: { query(t: string, v: unknown[]): Promise<RawResult<T>> } }).$client.query(text, values);
}

/** Opens the database (PGlite or PostgreSQL) without migrating it. */
export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzle({ client: pool, schema }) as unknown as Database;
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        RAW_TIMESTAMP_OIDS.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text'),
    };
    rawRunners.set(db, async (text, values, gone) => {
      if (!gone) return pool.query({ text, values, types });
      // As pool.query, with a look at the caller once a connection is free: a request waits for the pool here.
      const client = await pool.connect();
      if (gone()) {
        client.release();
        throw new AbandonedError();
      }
      try {
        const result = await client.query({ text, values, types });
        client.release();
        return result;
      } catch (e) {
        client.release(e as Error);
        throw e;
      }
    });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const { PGlite: Pg } = await import('@electric-sql/pglite');
  let dir: string | undefined;
  let unpacked = false;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
    if (fresh && opts.template && existsSync(opts.template)) {
      // A directory without PG_VERSION holds no database (an initdb that did not finish): it starts over.
      rmSync(dir, { recursive: true, force: true });
      try {
        unpackDataDir(readFileSync(opts.template), dir);
        unpacked = true;
      } catch {
        rmSync(`${dir}.unpacking`, { recursive: true, force: true }); // a damaged template: initdb below
      }
    }
    mkdirSync(dir, { recursive: true });
  }
  let client: PGlite;
  try {
    client = await Pg.create(dir);
  } catch (e) {
    if (!unpacked || !dir) throw e;
    // A template from another PGlite version: start the directory over with a plain initdb.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    client = await Pg.create(dir);
  }
  return pgliteHandle(client);
}

/**
 * The DbHandle of an open PGlite client: statements take turns (turns.ts), raw queries keep timestamps as text and
 * run as prepared statements (prepared.ts).
 */
async function pgliteHandle(client: PGlite): Promise<DbHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const turn = turnTaker();
  takeTurns(client, turn);
  const db = drizzle({ client, schema }) as unknown as Database;
  const raw = (v: string) => v;
  const parsers = Object.fromEntries([...RAW_TIMESTAMP_OIDS].map((oid) => [oid, raw]));
  rawRunners.set(db, preparedRunner(client, parsers, turn));
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    connectionAccepted: turn.accepted,
    close: () => client.close(),
  };
}

const MIGRATION_LOCK = 72_410_001;

/** Applies the committed SQL migrations; on PostgreSQL several starting processes take turns. */
export async function migrateDatabase(handle: DbHandle, url?: string): Promise<void> {
  const folder = migrationsFolder();
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
    return;
  }
  // One dedicated connection holds a session advisory lock for the whole run.
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/** Whether the database holds no user data yet (reference data from migrations does not count). */
export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.execute(sql`select exists(select 1 from ${schema.users}) as "any"`);
  const first = (rows as unknown as { rows: { any: boolean }[] }).rows[0];
  return !first?.any;
}
