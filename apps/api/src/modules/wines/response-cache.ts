import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { cacheHub, tagsOf, type Cache, type CacheOptions, type Tag } from '@podo/cache';
import { eq } from 'drizzle-orm';
import { wishes, type Database } from '@podo/db';
import { readyViewer, type Viewer } from '../session';
import { JsonAnswer } from '../../lib/json-answer';

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
 * Route hook (`preValidation`): answers a fresh cached JSON before validation and the handler run (the URL was
 * valid when it was cached, so the answer is the same). It runs after the rate limit's `onRequest` hook, so a cached
 * answer is counted and carries the limit's headers like any other. An entry due for its refresh-ahead is left to
 * the handler, which starts it.
 */
export function serveCached(db: Database, opts: { members?: boolean } = {}): preValidationAsyncHookHandler {
  const answers = answersOf(db);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!answers.enabled) return;
    const authorization = req.headers.authorization;
    const body =
      authorization === undefined ? answers.ready(keyOf(req)) : opts.members ? readyMemberAnswer(db, req, authorization) : undefined;
    if (body === undefined) return;
    req.server.metrics?.cacheHits.inc({ cache: 'answers' });
    await reply.type(JSON_TYPE).send(body);
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
    if (value instanceof JsonAnswer) {
      entry.tag(value.tags());
      return Buffer.from(value.text);
    }
    entry.tag(answerTags(value));
    return Buffer.from(JSON.stringify(value));
  });
  void reply.type(JSON_TYPE);
  return body;
}

/**
 * A list answer shared by every member who sees the same prices: visitors with a token but no trade prices, and the
 * approved buyers of one level (their level's prices). It is computed without wish flags and kept as bytes with the
 * byte offset of each card's `"isWished":false` value, so a member's answer is the shared bytes with their wished
 * cards' flags turned to `true`: no database work and no JSON round trip per request.
 */
interface SharedAnswer {
  body: Buffer;
  /** Per card in page order: its id and the offset of its `false` wish flag in `body`. */
  cards: { id: number; at: number }[];
}

const sharedOf = (db: Database): Cache<SharedAnswer> => cacheHub(db).cache<SharedAnswer>('shared-answers', ANSWERS);

/**
 * Each member's wished wines, kept until any wish changes anywhere (tag `wishes`, which every wish toggle sends):
 * the overlay of a shared answer reads it instead of the database.
 */
const wishSetsOf = (db: Database): Cache<ReadonlySet<number>> =>
  cacheHub(db).cache<ReadonlySet<number>>('wish-sets', { ttlMs: 60_000, max: 10_000, tags: ['wishes'], optional: true });

const FLAG = Buffer.from('"isWished":');
const FALSE = Buffer.from('false');
const TRUE = Buffer.from('true');

/** The offsets of the wish flags of `ids`' cards in `body` (the flag's key cannot appear unescaped inside a text). */
function flagOffsets(body: Buffer, ids: readonly number[]): SharedAnswer['cards'] | undefined {
  const cards: SharedAnswer['cards'] = [];
  let from = 0;
  for (const id of ids) {
    const at = body.indexOf(FLAG, from);
    if (at < 0) return undefined;
    const value = at + FLAG.length;
    if (!body.subarray(value, value + FALSE.length).equals(FALSE)) return undefined;
    cards.push({ id, at: value });
    from = value;
  }
  return body.indexOf(FLAG, from) < 0 ? cards : undefined;
}

/** The shared bytes with the member's wished cards flagged. */
function overlay(shared: SharedAnswer, wished: ReadonlySet<number>): Buffer {
  if (wished.size === 0) return shared.body;
  const parts: Buffer[] = [];
  let from = 0;
  for (const { id, at } of shared.cards) {
    if (!wished.has(id)) continue;
    parts.push(shared.body.subarray(from, at), TRUE);
    from = at + FALSE.length;
  }
  if (from === 0) return shared.body;
  parts.push(shared.body.subarray(from));
  return Buffer.concat(parts);
}

/**
 * An answer of cards (`{ _embedded: { items } }`) for whoever calls: visitors without a token go through
 * `cachedAnswer`; members get the answer shared by everyone who sees their prices (see SharedAnswer) with their own
 * wish flags. `compute` takes the viewer to compute for. With the optional caches off every call computes its own.
 */
export async function viewerAnswer<T extends { _embedded: { items: { id: number }[] } } | JsonAnswer>(
  db: Database,
  req: FastifyRequest,
  reply: FastifyReply,
  viewer: Viewer,
  compute: (viewer: Viewer, gone?: () => boolean) => Promise<T>,
): Promise<T | Buffer> {
  if (req.headers.authorization === undefined) return cachedAnswer(db, req, reply, (gone) => compute(viewer, gone));
  const shared = sharedOf(db);
  if (!shared.enabled) return compute(viewer, () => req.raw.socket?.destroyed === true);
  const priced: Viewer = { userId: null, isBuyer: viewer.isBuyer, buyerLevel: viewer.buyerLevel };
  const key = sharedKey(req, viewer);
  let answer: SharedAnswer;
  const got = shared.fetch(key, async (entry) => {
    const value = await compute(priced);
    const json = value instanceof JsonAnswer;
    entry.tag(json ? value.tags() : answerTags(value));
    const body = Buffer.from(json ? value.text : JSON.stringify(value));
    const cards = flagOffsets(body, json ? value.ids : value._embedded.items.map((i) => i.id));
    // Not expected: an answer whose flags cannot be found is nobody's to share.
    if (!cards) throw new UnsharedAnswer(value);
    return { body, cards };
  });
  try {
    answer = got instanceof Promise ? await got : got;
  } catch (e) {
    if (e instanceof UnsharedAnswer) return compute(viewer);
    throw e;
  }
  void reply.type(JSON_TYPE);
  if (viewer.userId === null) return answer.body;
  return overlay(answer, await wishesOf(db, viewer.userId));
}

/** A member's answer when the viewer, the shared answer and the member's wishes are all at hand, else undefined. */
function readyMemberAnswer(db: Database, req: FastifyRequest, authorization: string): Buffer | undefined {
  const viewer = readyViewer(db, authorization);
  if (viewer === undefined) return undefined;
  const answer = sharedOf(db).ready(sharedKey(req, viewer));
  if (answer === undefined) return undefined;
  if (viewer.userId === null) return answer.body;
  const wished = wishSetsOf(db).ready(String(viewer.userId));
  return wished === undefined ? undefined : overlay(answer, wished);
}

const sharedKey = (req: FastifyRequest, viewer: Viewer) =>
  `${req.lang}|${viewer.isBuyer ? `B:${viewer.buyerLevel ?? ''}` : 'M'}|${req.url}`;

class UnsharedAnswer extends Error {
  constructor(readonly value: unknown) {
    super('answer without wish flags');
  }
}

function wishesOf(db: Database, userId: number): ReadonlySet<number> | Promise<ReadonlySet<number>> {
  return wishSetsOf(db).fetch(String(userId), async () => {
    const rows = await db.select({ id: wishes.productId }).from(wishes).where(eq(wishes.userId, userId));
    return new Set(rows.map((r) => r.id));
  });
}
