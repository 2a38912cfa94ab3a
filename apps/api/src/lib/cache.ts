import { sql } from 'drizzle-orm';
import { cacheHub, type CacheBus, type CacheHub, type Tag } from '@podo/cache';
import type { Database, DbHandle, Listener } from '@podo/db';

/** The PostgreSQL channel of cache invalidations: the payload is the sending hub's origin and the tags. */
export const CACHE_CHANNEL = 'podo_cache';

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Connects the caches of this database (`cacheHub(handle.db)`) to the other server processes on it: on PostgreSQL
 * a connection of its own LISTENs, and writers NOTIFY in their transaction. The embedded PGlite serves one
 * process, so its invalidations stay here. Resolves once listening (or once the first attempt failed: attempts go
 * on, and the caches start empty when they succeed).
 */
export async function connectCaches(handle: DbHandle, log: Log): Promise<CacheHub> {
  const hub = cacheHub(handle.db);
  hub.onError = (err, what) => log.warn({ err }, what);
  const listen = handle.listen?.bind(handle);
  if (!listen) return hub;
  let listener: Listener | undefined;
  let down = false;
  const bus: CacheBus = {
    publish: async (message, via) => {
      await ((via as Database | undefined) ?? handle.db).execute(sql`select pg_notify(${CACHE_CHANNEL}, ${message})`);
    },
    subscribe: async (handlers) => {
      listener = listen(CACHE_CHANNEL, {
        message: handlers.message,
        listening: () => {
          if (down) log.info({}, 'cache invalidations: listening again; caches cleared');
          down = false;
          handlers.reset();
        },
        lost: (err, retryMs) => {
          // Once per outage: the attempts repeat every few seconds while the database is away.
          if (!down) log.warn({ err: { message: err.message }, retryMs }, 'cache invalidations: listening connection lost');
          down = true;
        },
      });
      await listener.ready;
    },
    close: async () => {
      await listener?.close();
    },
  };
  await hub.connect(bus);
  return hub;
}

/**
 * Runs `write` in a transaction that also tells the other server processes that `tags` change (PostgreSQL sends the
 * notification at commit, never for a rollback), then invalidates them in this process. `tags` may depend on what
 * the write returned.
 */
export async function writeInvalidating<T>(
  db: Database,
  tags: readonly Tag[] | ((result: T) => readonly Tag[]),
  write: (tx: Database) => Promise<T>,
): Promise<T> {
  const hub = cacheHub(db);
  let changed: readonly Tag[] = [];
  const result = await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const r = await write(tx);
    changed = typeof tags === 'function' ? tags(r) : tags;
    // Nothing cached changed (a sweep that found nothing): no message to the other processes.
    if (changed.length > 0) await hub.announce(changed, tx);
    return r;
  });
  if (changed.length > 0) hub.invalidateLocal(changed);
  return result;
}
