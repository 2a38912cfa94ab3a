import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { cacheHub, tagsOf, type Cache, type CacheOptions, type Tag } from '@podo/cache';
import type { Database } from '@podo/db';

/**
 * A micro-cache of the JSON of anonymous catalogue answers (the product list, facets, details), kept for a few
 * seconds per request URL and language: the `answers` cache of the database's hub (@podo/cache). Visitors without a
 * token all see the same answer, so under load one request per URL and TTL reaches the database and the rest are
 * served from memory; concurrent misses share one computation. Callers with a token (wish flags, trade prices) are
 * never cached.
 *
 * Entries carry the tag `catalog` and the tags the service gave its answer (`product:201`, `winery:7`, `wishes` for
 * lists in wish order), so a write drops them at once, in every server process, instead of after the TTL.
 *
 * An answer still in use is recomputed in the background during the last second of its TTL (refresh-ahead), so
 * visitors never wait for the database when a popular entry expires and no answer served is older than the TTL.
 * Without it, every URL filled in the same moment expired in the same moment, and all connections waited for the
 * recomputations at once (the p99 of the list under load).
 *
 * Answers are kept as UTF-8 bytes. A cached JSON string is mostly two-byte (Korean names), and node:http writes a
 * string body by joining it to the header block and flattening the result: a fresh 45 KB copy in the young
 * generation on every hit of a 24-wine page, nearly all the garbage of a cached answer. A Buffer is written as is.
 */
const ANSWERS: CacheOptions = { ttlMs: 5_000, refreshAheadMs: 1_000, max: 1_000, tags: ['catalog'], entryTags: true, optional: true };

const answersOf = (db: Database): Cache<Buffer> => cacheHub(db).cache<Buffer>('answers', ANSWERS);

/**
 * Turns the optional caches of this database off or on (config CATALOG_CACHE=false): the visitors' answers here
 * and the totals and facet counts of catalog-cache. The benchmark compares the API with a bare route uncached.
 */
export function setCatalogCaching(db: Database, enabled: boolean): void {
  cacheHub(db).setOptionalEnabled(enabled);
}
export const catalogCachingEnabled = (db: Database) => cacheHub(db).optionalEnabled;

/** Forgets every cached answer of this database in this process (tests). */
export function invalidateResponseCache(db: Database): void {
  answersOf(db).clear();
}

const keyOf = (req: FastifyRequest) => `${req.lang}|${req.url}`;
const JSON_TYPE = 'application/json; charset=utf-8';

/** The tags a service gave its answer (`{ data }` wraps a detail). */
function answerTags(value: unknown): Iterable<Tag> {
  return tagsOf(value) ?? tagsOf((value as { data?: unknown } | null)?.data) ?? [];
}

/**
 * Route hook: answers a fresh cached JSON before validation and the handler run (the URL was valid when it was
 * cached, so the answer is the same). An entry due for its refresh-ahead is left to the handler, which starts it.
 */
export function serveCached(db: Database): onRequestAsyncHookHandler {
  const answers = answersOf(db);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers.authorization !== undefined || !answers.enabled) return;
    const body = answers.ready(keyOf(req));
    if (body !== undefined) await reply.type(JSON_TYPE).send(body);
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
  const answers = answersOf(db);
  // An answer of this caller alone may stop when the caller leaves (a look at its socket: no AbortController per
  // request on this hot path); a cached one is shared, so it never does.
  if (req.headers.authorization !== undefined || !answers.enabled) return compute(() => req.raw.socket?.destroyed === true);
  const body = answers.fetch(keyOf(req), async (entry) => {
    const value = await compute();
    entry.tag(answerTags(value));
    return Buffer.from(JSON.stringify(value));
  });
  void reply.type(JSON_TYPE);
  return body;
}
