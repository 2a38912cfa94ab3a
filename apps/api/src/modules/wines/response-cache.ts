import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '@podo/db';

/**
 * A micro-cache of the JSON of anonymous catalogue answers (the product list, facets, details), kept for a few
 * seconds per request URL and language. Visitors without a token all see the same answer, so under load one
 * request per URL and TTL reaches the database and the rest are served from memory; concurrent misses share
 * one computation. Callers with a token (wish flags, trade prices) are never cached. The catalogue changes
 * rarely and wish counts may lag by the TTL, which a public list can afford.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  json?: string;
  pending?: Promise<string>;
  at: number;
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
 * cached, so the answer is the same).
 */
export function serveCached(db: Database): onRequestAsyncHookHandler {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!cacheable(db, req)) return;
    const hit = cacheOf(db).get(keyOf(req));
    if (hit?.json !== undefined && Date.now() - hit.at < TTL_MS) {
      await reply.type(JSON_TYPE).send(hit.json);
    }
  };
}

/**
 * Handler side: computes the answer, or for an anonymous caller returns its JSON from the cache (sharing a
 * computation already under way for the same URL). Errors are not cached.
 */
export async function cachedAnswer<T>(
  db: Database,
  req: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<T>,
): Promise<T | string> {
  if (!cacheable(db, req)) return compute();
  const cache = cacheOf(db);
  const key = keyOf(req);
  const now = Date.now();
  let entry = cache.get(key);
  if (entry?.json !== undefined && now - entry.at < TTL_MS) {
    void reply.type(JSON_TYPE);
    return entry.json;
  }
  if (!entry?.pending) {
    if (cache.size >= MAX_ENTRIES) {
      // A Map iterates in insertion order: drop the oldest tenth.
      let n = MAX_ENTRIES / 10;
      for (const k of cache.keys()) {
        cache.delete(k);
        if (--n <= 0) break;
      }
    }
    const fresh: Entry = { at: now };
    fresh.pending = compute().then(
      (value) => {
        const json = JSON.stringify(value);
        fresh.json = json;
        fresh.at = Date.now();
        fresh.pending = undefined;
        return json;
      },
      (e: unknown) => {
        if (cache.get(key) === fresh) cache.delete(key);
        throw e;
      },
    );
    cache.set(key, fresh);
    entry = fresh;
  }
  const json = await entry.pending!;
  void reply.type(JSON_TYPE);
  return json;
}
