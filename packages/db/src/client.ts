import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';
import { AbandonedError, preparedRunner } from './prepared';
import { syncCountryNames } from './country-names';
import { takeTurns, TurnTimeoutError, turnTaker } from './turns';
import { unpackDataDir } from './unpack';

export { AbandonedError } from './prepared';
// A statement that waited longer than DbTimeouts.acquireMs fails with this message, from the pool or the PGlite turns.
export { ACQUIRE_TIMEOUT_MESSAGE, TurnTimeoutError } from './turns';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (same SQL dialect for both). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** What the health check reports of the database: answering, answering slowly, or not answering in time. */
export type DbState = 'ok' | 'slow' | 'down';

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Round trip to the database; throws when it does not answer. */
  ping(): Promise<void>;
  /**
   * The database's state within `deadlineMs`, whatever the database does: on PostgreSQL a round trip on a connection
   * of its own (never queued behind the request pool), `slow` when it took over `slowMs`, `down` when it failed or
   * did not answer in time. On PGlite (in-process) `down` only when the round trip fails, `slow` when it is late.
   */
  probe(deadlineMs: number, slowMs: number): Promise<DbState>;
  /** PostgreSQL: the pool's connections now (open, idle) and the statements waiting for one; for metrics. */
  poolStats?(): { open: number; idle: number; waiting: number; max: number };
  /**
   * Runs one SQL text as it is, with parameters, or without them several statements (pg-boss's migrations and locked
   * blocks); rows of every statement. A failed text that opened a transaction leaves none open. For the job queue.
   */
  runText(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Called with every error of a pool or client connection (a terminated backend, a restart): for the log. */
  onConnectionError?: (err: Error) => void;
  /** PGlite only: call when the HTTP server accepts a connection (see Turns.accepted in turns.ts). */
  connectionAccepted?: () => void;
  /**
   * PostgreSQL only: receives the notifications of `channel` on a connection of its own, opened again whenever it is
   * lost. The embedded database serves one process, which needs no notifications from others.
   */
  listen?(channel: string, handlers: ListenHandlers): Listener;
  close(): Promise<void>;
}

export interface ListenHandlers {
  message(payload: string): void;
  /** LISTEN is in place: the first time and after every reconnection (notifications sent meanwhile are lost). */
  listening(): void;
  /** The connection failed or was lost; another is tried in `retryMs`. */
  lost?(err: Error, retryMs: number): void;
}

export interface Listener {
  /** Settles once the first LISTEN is in place or the first attempt failed (attempts go on). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Waits between attempts to open a listening connection: doubled after each failure, up to the maximum. */
const LISTEN_RETRY_MS = { min: 100, max: 5_000 };

export interface OpenOptions {
  /** postgres:// URL: use a node-postgres pool. Unset: embedded PGlite. */
  url?: string;
  /**
   * A direct connection to the same PostgreSQL database when `url` goes through a transaction-mode pooler
   * (PgBouncer): LISTEN needs a session of its own, so it connects here, and the pool then keeps nothing per session
   * (no named prepared statements, no time limits as start-up parameters: the pooler sets them, docs/operations.md).
   */
  directUrl?: string;
  /** PGlite data directory; unset means in memory (tests). */
  dataDir?: string;
  poolMax?: number;
  /**
   * A tarball of an initialized PGlite data directory (made by `npm run build`: migrated, with or without the demo
   * data). A new DATA_DIR starts from it instead of running initdb, the migrations and the demo data load in
   * WebAssembly, which saves about three seconds at first start.
   */
  template?: string;
  /** In memory only: start from this data directory tarball (`dumpDataDir`) instead of an empty cluster (tests). */
  load?: Blob;
  /**
   * Limits for serving requests (the server passes its configuration). Unset: none, as the CLI, seeding and
   * migrations want for their long statements.
   */
  timeouts?: DbTimeouts;
}

/** Time limits in milliseconds; 0 turns one off. */
export interface DbTimeouts {
  /** PostgreSQL statement_timeout: the longest a statement runs (lock waits included). */
  statementMs: number;
  /** PostgreSQL lock_timeout: the longest a statement waits for a lock. */
  lockMs: number;
  /** PostgreSQL idle_in_transaction_session_timeout: a session idle inside a transaction this long is ended. */
  idleInTransactionMs: number;
  /** The longest a statement waits for a pool connection (PostgreSQL) or for its turn (PGlite). */
  acquireMs: number;
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
type RawRunner = (text: string, values: unknown[], gone?: () => boolean, name?: string) => Promise<RawResult<unknown>>;
const rawRunners = new WeakMap<object, RawRunner>();

/**
 * Runs a parameterized SQL text on the driver under a Drizzle database, skipping Drizzle's executor: the hot
 * catalogue lists build their statement once ({ text, values }) and let go of the SQL object before waiting for
 * a connection. Dates, timestamps and intervals come back as strings, as through db.execute. When `gone()` (the HTTP
 * client left) by the statement's turn (PGlite) or free connection (PostgreSQL), it throws AbandonedError and runs
 * nothing. With a `name` (the same for the same text), PostgreSQL prepares the statement once per connection and
 * reuses it (PGlite prepares every text; see prepared.ts).
 */
export function rawQuery<T>(db: Database, text: string, values: unknown[], gone?: () => boolean, name?: string): Promise<RawResult<T>> {
  const run = rawRunners.get(db);
  if (run) return run(text, values, gone, name) as Promise<RawResult<T>>;
  const client = (db as unknown as { $client?: { query(t: string, v: unknown[]): Promise<RawResult<T>> } }).$client;
  if (client) return client.query(text, values);
  // A transaction: the same text through Drizzle, its $n placeholders as parameters (the texts given here have no
  // `$<digits>` inside a string, a comment or a dollar-quoted body, which this split would take for a placeholder).
  // `gone` and `name` do not apply inside a transaction.
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((p, i) => (i % 2 === 0 ? sql.raw(p) : sql`${sql.param(values[Number(p) - 1])}`));
  return db.execute(sql.join(chunks)) as unknown as Promise<RawResult<T>>;
}

const statementNames = new Map<string, string>();
/**
 * A prepared statement's name for a SQL text: the same text always gets the same name, in every process, and
 * `prefix` says in the server's views what it is.
 */
export function statementName(prefix: string, text: string): string {
  const key = `${prefix}\n${text}`;
  let name = statementNames.get(key);
  if (name === undefined) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size >= 1_000) statementNames.clear();
    statementNames.set(key, name);
  }
  return name;
}

/** How many named statements one PostgreSQL connection keeps prepared (the lists have a few dozen common shapes). */
const PG_PREPARED_MAX = 100;
type PgClient = { query(text: string): Promise<unknown>; connection: { parsedStatements: Record<string, string> } };
const preparedNames = new WeakMap<object, Set<string>>();

/**
 * Notes that `name` is about to run on this connection and, past PG_PREPARED_MAX, closes the least recently used
 * statement: a shape is a statement on every connection, and rare shapes must not pile up in the server's memory.
 */
async function keepPrepared(client: unknown, name: string): Promise<void> {
  const c = client as PgClient;
  let names = preparedNames.get(c);
  if (!names) preparedNames.set(c, (names = new Set()));
  if (names.delete(name)) {
    names.add(name);
    return;
  }
  names.add(name);
  if (names.size <= PG_PREPARED_MAX) return;
  const oldest = names.values().next().value as string;
  names.delete(oldest);
  delete c.connection.parsedStatements[oldest];
  await c.query(`deallocate "${oldest}"`);
}

/** Opens the database (PGlite or PostgreSQL) without migrating it. */
export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.url) return postgresHandle(opts.url, opts.poolMax ?? 10, opts.timeouts, opts.directUrl);
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
    client = opts.load && !dir ? await Pg.create({ loadDataDir: opts.load }) : await Pg.create(dir);
  } catch (e) {
    if (!unpacked || !dir) throw e;
    // A template from another PGlite version: start the directory over with a plain initdb.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    client = await Pg.create(dir);
  }
  return pgliteHandle(client, opts.timeouts?.acquireMs);
}

/** Resolves `late` after `ms` unless `work` settles first (the timer is cleared then). */
async function within<T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<L>((resolve) => (timer = setTimeout(resolve, ms, late)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Makes a checked-out client go back to its pool when its connection ends, and its release idempotent. */
function releasedWhenLost<C extends import('pg').PoolClient>(client: C): C {
  const release = client.release;
  let released = false;
  const lost = () => {
    if (released) return;
    released = true;
    release(new Error('Connection terminated while checked out'));
  };
  client.once('end', lost);
  client.release = (err?: Error | boolean) => {
    client.removeListener('end', lost);
    if (released) return;
    released = true;
    release(err);
  };
  return client;
}

/**
 * A node-postgres pool that survives its database: a connection that dies (a terminated backend, a restart) is
 * reported to onConnectionError and dropped, never an unhandled 'error' event, and the statements in flight fail
 * with the driver's error for the API to answer 503. The next statements get fresh connections.
 */
async function postgresHandle(url: string, max: number, timeouts?: DbTimeouts, directUrl?: string): Promise<DbHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Behind a transaction-mode pooler consecutive statements may run on different server sessions, and PgBouncer
  // refuses start-up parameters it does not know.
  const pooled = directUrl !== undefined && directUrl !== url;
  const limits = pooled ? undefined : timeouts;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Bounds both the wait for a free connection and the opening of a new one.
    connectionTimeoutMillis: timeouts?.acquireMs || undefined,
    // Sent as start-up parameters of every connection (0: not sent, the server's own setting holds).
    statement_timeout: limits?.statementMs || undefined,
    lock_timeout: limits?.lockMs || undefined,
    idle_in_transaction_session_timeout: limits?.idleInTransactionMs || undefined,
  });
  const handle = {} as DbHandle;
  const report = (err: Error) => handle.onConnectionError?.(err);
  // The pool re-emits the errors of idle clients, which the listener below reports already; without a listener
  // the pool itself would throw them.
  pool.on('error', () => {});
  // A checked-out client whose connection dies between two statements (inside a transaction, or between
  // pool.connect() and its first query) emits 'error' on itself, with no pool listener attached then: that
  // event ended the process. Every client keeps this listener for its whole life.
  pool.on('connect', (client) => client.on('error', report));
  // Drizzle's transaction() sends BEGIN before entering its try/finally: when the connection is lost right then, the
  // client was never released, and the pool lost a connection for good (4 of 20 after 10 rounds of terminated
  // backends). A checked-out client whose connection ends goes back to the pool (which drops it) at once; the
  // holder's own release afterwards does nothing.
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: unknown) =>
    callback ? connect(callback as never) : connect().then(releasedWhenLost)) as typeof pool.connect;
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      RAW_TIMESTAMP_OIDS.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text'),
  };
  rawRunners.set(db, async (text, values, gone, named) => {
    // A statement prepared on one server session would be missing on the next one the pooler hands out.
    const name = pooled ? undefined : named;
    if (!gone && !name) return pool.query({ text, values, types });
    // As pool.query, with a look at the caller once a connection is free: a request waits for the pool here.
    const client = await pool.connect();
    if (gone?.()) {
      client.release();
      throw new AbandonedError();
    }
    try {
      if (name) await keepPrepared(client, name);
      const result = await client.query(name ? { name, text, values, types } : { text, values, types });
      client.release();
      return result;
    } catch (e) {
      client.release(e as Error);
      throw e;
    }
  });

  // The health check's own connection: a probe never waits behind the requests for the pool, and a locked table
  // or a full pool does not slow it. Concurrent probes share one round trip.
  let pinger: InstanceType<typeof pg.Client> | undefined;
  let pinging: Promise<number> | undefined;
  const drop = (c: InstanceType<typeof pg.Client>) => {
    if (pinger === c) pinger = undefined;
    c.end().catch(() => {});
  };
  const pingOnce = async (deadlineMs: number) => {
    let c = pinger;
    if (!c) {
      c = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: deadlineMs,
        statement_timeout: pooled ? undefined : deadlineMs,
        application_name: 'health',
      });
      const fresh = c;
      fresh.on('error', (err) => {
        drop(fresh);
        report(err);
      });
      try {
        await fresh.connect();
      } catch (e) {
        drop(fresh);
        throw e;
      }
      pinger = fresh;
    }
    try {
      // query_timeout: a connection that hangs (a network partition) is given up on the client side too.
      const t0 = performance.now();
      await c.query({ text: 'select 1', query_timeout: deadlineMs } as never);
      // Only the round trip says whether the database is slow: opening the check's connection is not a request's cost.
      return performance.now() - t0;
    } catch (e) {
      drop(c);
      throw e;
    }
  };

  const listeners = new Set<Listener>();
  const listen = (channel: string, handlers: ListenHandlers): Listener => {
    const l = listener(pg.Client, directUrl ?? url, channel, handlers, report);
    listeners.add(l);
    return {
      ready: l.ready,
      close: async () => {
        listeners.delete(l);
        await l.close();
      },
    };
  };

  const runText = async (text: string, values?: unknown[]) => {
    if (values?.length) return pool.query(text, values);
    const client = await pool.connect();
    try {
      const result = (await client.query(text)) as unknown as { rows: unknown[] } | { rows: unknown[] }[];
      client.release();
      return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows };
    } catch (e) {
      // The rest of a multi-statement text is skipped after an error, inside the transaction it opened.
      const clean = await client.query('rollback').then(
        () => true,
        () => false,
      );
      client.release(clean ? undefined : (e as Error));
      throw e;
    }
  };

  Object.assign(handle, {
    db,
    kind: 'postgres',
    listen,
    runText,
    poolStats: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
    ping: async () => {
      await pool.query('select 1');
    },
    probe: async (deadlineMs: number, slowMs: number) => {
      pinging ??= pingOnce(deadlineMs).finally(() => (pinging = undefined));
      const roundTripMs = await within(
        pinging.then(
          (ms) => ms,
          () => null,
        ),
        deadlineMs,
        null,
      );
      if (roundTripMs === null) return 'down';
      return roundTripMs > slowMs ? 'slow' : 'ok';
    },
    close: async () => {
      await Promise.all([...listeners].map((l) => l.close()));
      if (pinger) await pinger.end().catch(() => {});
      await pool.end();
    },
  } satisfies Omit<DbHandle, 'onConnectionError'>);
  return handle;
}

/**
 * A connection that LISTENs on `channel` and is opened again, after a growing pause, whenever it fails or is lost (a
 * terminated backend, a restart): never an unhandled 'error' event, so the process outlives its database.
 */
function listener(
  Client: typeof import('pg').Client,
  url: string,
  channel: string,
  handlers: ListenHandlers,
  report: (err: Error) => void,
): Listener {
  let client: InstanceType<typeof Client> | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let retryMs = LISTEN_RETRY_MS.min;
  // Called for every way a connection ends (error, end, a failed connect or LISTEN); acts once per connection.
  const lost = (c: InstanceType<typeof Client>, err: Error) => {
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => {});
    if (closed) return;
    handlers.lost?.(err, retryMs);
    timer = setTimeout(() => {
      timer = undefined;
      void open();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
  };
  const open = async () => {
    const c = new Client({ connectionString: url, application_name: 'cache-listen', connectionTimeoutMillis: 5_000, keepAlive: true });
    client = c;
    c.on('error', (err) => {
      report(err);
      lost(c, err);
    });
    c.on('end', () => lost(c, new Error('Connection terminated')));
    c.on('notification', (n) => {
      if (client !== c || n.channel !== channel) return;
      // A throw here would escape from the socket's data handler and end the process.
      try {
        handlers.message(n.payload ?? '');
      } catch (err) {
        report(err as Error);
      }
    });
    try {
      await c.connect();
      await c.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch (e) {
      lost(c, e as Error);
      return;
    }
    if (client !== c) return;
    retryMs = LISTEN_RETRY_MS.min;
    handlers.listening();
  };
  return {
    ready: open(),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * The DbHandle of an open PGlite client: statements take turns (turns.ts), raw queries keep timestamps as text and
 * run as prepared statements (prepared.ts).
 */
async function pgliteHandle(client: PGlite, acquireMs?: number): Promise<DbHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const turn = turnTaker(acquireMs);
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
    // In process: it cannot be unreachable, only busy (a long turn queue) or broken.
    probe: async (deadlineMs: number) =>
      within(
        client.query('select 1').then(
          () => 'ok' as const,
          (e: unknown) => (e instanceof TurnTimeoutError ? ('slow' as const) : ('down' as const)),
        ),
        deadlineMs,
        'slow' as const,
      ),
    connectionAccepted: turn.accepted,
    runText: async (text, values) => {
      if (values?.length) return client.query(text, values);
      // Inside a transaction of PGlite's: no other statement runs between a text's own BEGIN and its end, and a text
      // that fails half-way is rolled back before anything else runs (its inner BEGIN and COMMIT only warn).
      return { rows: (await client.transaction((tx) => tx.exec(text))).flatMap((r) => r.rows) };
    },
    close: () => client.close(),
  };
}

const MIGRATION_LOCK = 72_410_001;

/** The PostgreSQL schema of the job queue's tables (pg-boss). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Installs the job queue's tables, or migrates them to this pg-boss version, with pg-boss's own steps on the migration
 * connection (no request time limits; on PostgreSQL under the migration lock). A new database, and the PGlite
 * templates the build makes, then hold them, and the servers start pg-boss without migrating (apps/api jobs/queue.ts).
 */
async function installJobQueue(run: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>): Promise<void> {
  const { PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    db: { executeSql: run },
    schema: JOBS_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/** Applies the committed SQL migrations; on PostgreSQL several starting processes take turns. */
export async function migrateDatabase(handle: DbHandle, url?: string): Promise<void> {
  const folder = migrationsFolder();
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
    await syncCountryNames((q) => handle.db.execute(q));
    await installJobQueue((text, values) => handle.runText(text, values));
    return;
  }
  // One dedicated connection holds a session advisory lock for the whole run.
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.Client({ connectionString: url });
  // A connection lost between two statements (a restart) fails the migration with that error, not the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folder });
    await syncCountryNames((q) => db.execute(q));
    await installJobQueue(async (text, values) => {
      const result = (await client.query(text, values)) as unknown as { rows: unknown[] } | { rows: unknown[] }[];
      return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows };
    });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

let lastMigration: number | undefined;

/**
 * Whether the database has this build's migrations: the newest one applied (drizzle's journal time) is at least the
 * last of migrations/. `false` after a rollback to an older backup or while another step still has to migrate.
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  if (lastMigration === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    lastMigration = Math.max(...journal.entries.map((e) => e.when));
  }
  const rows = await db.execute(sql`select max(created_at)::text as "last" from drizzle.__drizzle_migrations`);
  const last = (rows as unknown as { rows: { last: string | null }[] }).rows[0]?.last;
  return last != null && Number(last) >= lastMigration;
}

/** Whether the database holds no user data yet (reference data from migrations does not count). */
export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.execute(sql`select exists(select 1 from ${schema.users}) as "any"`);
  const first = (rows as unknown as { rows: { any: boolean }[] }).rows[0];
  return !first?.any;
}
