import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '@podo/db';

/**
 * A micro-cache of the JSON of anonymous catalogue answers (the product list, facets, details), kept for a few
 * seconds per request URL and language. Visitors without a token all see the same answer, so under load one
 * request per URL and TTL reaches the database and the rest are served from memory; concurrent misses share
 * one computation. Callers with a token (wish flags, trade prices) are never cached. The catalogue changes
 * rarely and wish counts may lag by the TTL, which a public list can afford.
 *
 * An answer still in use is recomputed in the background during the last second of its TTL (refresh-ahead), so
 * visitors never wait for the database when a popular entry expires and no answer served is older than the TTL.
 * Without it, every URL filled in the same moment expired in the same moment, and all connections waited for the
 * recomputations at once (the p99 of the list under load). Each entry starts its refresh at a random point of that
 * second, so entries filled together do not recompute together either.
 *
 * Answers are kept as UTF-8 bytes. A cached JSON string is mostly two-byte (Korean names), and node:http writes a
 * string body by joining it to the header block and flattening the result: a fresh 45 KB copy in the young
 * generation on every hit of a 24-wine page, nearly all the garbage of a cached answer. A Buffer is written as is.
 */
const TTL_MS = 5_000;
const REFRESH_AHEAD_MS = 1_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  body?: Buffer;
  /** When body was computed. */
  at: number;
  /** When a request for it starts the refresh-ahead (between 1 s and 0.5 s before it expires). */
  refreshAt: number;
  /** The computation under way: a miss, or a refresh-ahead of a body still served. */
  pending?: Promise<Buffer>;
}
const caches = new WeakMap<Database, Map<string, Entry>>();
const disabled = new WeakSet<Database>();

/**
 * Turns the result caches of this database off or on (config CATALOG_CACHE=false): the visitors' answers here
 * and the totals and facet counts of catalog-cache. The benchmark compares the API with a bare route uncached.
 */
export function setCatalogCaching(db: Database, enabled: boolean): void {
  if (enabled) disabled.delete(db);
  else {
    disabled.add(db);
    caches.delete(db);
  }
}
export const catalogCachingEnabled = (db: Database) => !disabled.has(db);

function cacheOf(db: Database): Map<string, Entry> {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
  }
  return c;
}

/** Forgets every cached answer of this database (catalogue writers call it with invalidateCatalogCache). */
export function invalidateResponseCache(db: Database): void {
  caches.delete(db);
}

const cacheable = (db: Database, req: FastifyRequest) => req.headers.authorization === undefined && !disabled.has(db);
const keyOf = (req: FastifyRequest) => `${req.lang}|${req.url}`;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Route hook: answers a fresh cached JSON before validation and the handler run (the URL was valid when it was
 * cached, so the answer is the same). An entry due for its refresh-ahead is left to the handler, which starts it.
 */
export function serveCached(db: Database): onRequestAsyncHookHandler {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!cacheable(db, req)) return;
    const hit = cacheOf(db).get(keyOf(req));
    if (hit?.body === undefined) return;
    const now = Date.now();
    if (now < hit.refreshAt || (now - hit.at < TTL_MS && hit.pending)) {
      await reply.type(JSON_TYPE).send(hit.body);
    }
  };
}

/**
 * Handler side: computes the answer, or for an anonymous caller returns its JSON bytes from the cache (sharing a
 * computation already under way for the same URL, or starting a refresh-ahead and answering the current JSON).
 * Errors are not cached; a failed refresh-ahead leaves the current entry to expire.
 */
export async function cachedAnswer<T>(
  db: Database,
  req: FastifyRequest,
  reply: FastifyReply,
  compute: (gone?: () => boolean) => Promise<T>,
): Promise<T | Buffer> {
  // An answer of this caller alone may stop when the caller leaves (a look at its socket: no AbortController per
  // request on this hot path); a cached one is shared, so it never does.
  if (!cacheable(db, req)) return compute(() => req.raw.socket?.destroyed === true);
  const cache = cacheOf(db);
  const key = keyOf(req);
  const now = Date.now();
  let entry = cache.get(key);
  const fresh = entry?.body !== undefined && now - entry.at < TTL_MS;
  if (!entry || !entry.pending) {
    if (!entry) {
      if (cache.size >= MAX_ENTRIES) {
        // A Map iterates in insertion order: drop the oldest tenth.
        let n = MAX_ENTRIES / 10;
        for (const k of cache.keys()) {
          cache.delete(k);
          if (--n <= 0) break;
        }
      }
      entry = { at: now, refreshAt: now };
      cache.set(key, entry);
    }
    if (!fresh || now >= entry.refreshAt) {
      const target = entry;
      const pending = compute().then(
        (value) => {
          target.body = Buffer.from(JSON.stringify(value));
          target.at = Date.now();
          target.refreshAt = target.at + TTL_MS - REFRESH_AHEAD_MS * (1 - Math.random() / 2);
          target.pending = undefined;
          return target.body;
        },
        (e: unknown) => {
          target.pending = undefined;
          if (target.body === undefined && cache.get(key) === target) cache.delete(key);
          throw e;
        },
      );
      target.pending = pending;
      // A refresh-ahead's failure is nobody's answer: the entry simply expires.
      if (fresh) pending.catch(() => {});
    }
  }
  void reply.type(JSON_TYPE);
  return fresh ? entry.body! : entry.pending!;
}
