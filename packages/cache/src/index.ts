import { randomUUID } from 'node:crypto';

/**
 * The one cache module of the server (decision 009). A hub holds named caches; every entry carries tags naming what
 * it was computed from (`catalog`, `product:201`, `menu`); a write invalidates tags, and the hub tells the other
 * server processes through a bus (PostgreSQL LISTEN/NOTIFY; none on the embedded PGlite, which is one process).
 *
 * A hit is a Map lookup and a comparison of times, with no promise: the answers cache is on the hottest path.
 * Concurrent misses of a key share one computation. A computation that was running while one of its tags was
 * invalidated gives its result to those who asked but is not kept, as it may have read the data before the write.
 */

/** What an entry was computed from: `catalog`, `product:201`, `menu`. No white space (tags travel space-separated). */
export type Tag = string;

export interface CacheOptions {
  /** How long an entry is served after it was computed, in ms (Infinity: until invalidated or evicted). */
  ttlMs: number;
  /** Entries kept. When full, the oldest tenth goes (by insertion, or the least recently used with `lru`). */
  max: number;
  /**
   * An entry still asked for in the last `refreshAheadMs` of its TTL is recomputed in the background while the
   * current value is served, so a popular entry never makes callers wait when it expires. Each entry starts at a
   * random point of the first half of that window, so entries filled together do not recompute together.
   */
  refreshAheadMs?: number;
  /** Tags every entry of this cache carries. */
  tags?: readonly Tag[];
  /** Entries add tags of their own while computed (`Computing.tag`); they are unknown until it ends. */
  entryTags?: boolean;
  /** A hit makes the entry the newest, so the least recently used go first. */
  lru?: boolean;
  /** Turned off with the hub's optional caches (config CATALOG_CACHE=false): nothing is kept, every call computes. */
  optional?: boolean;
}

/** What a computation may say about the entry it fills. */
export interface Computing {
  /** Adds tags of the entry's own (caches with `entryTags`). */
  tag(tags: Iterable<Tag>): void;
  /** This entry's TTL instead of the cache's (e.g. a short one for a fallback value). */
  ttl(ms: number): void;
}

interface Entry<V> {
  /** Undefined until computed (undefined is never a cached value). */
  value: V | undefined;
  /** When the value was computed. */
  at: number;
  /** From then a request starts the refresh-ahead (expiresAt without one). */
  refreshAt: number;
  expiresAt: number;
  /** The entry's own tags; undefined while its first computation runs and may still add some. */
  tags: readonly Tag[] | undefined;
  /** The computation under way: a miss, or a refresh of a value still served. */
  pending: Promise<V> | undefined;
}

const NO_TAGS: readonly Tag[] = Object.freeze([]);

/** A named cache of a hub; see CacheHub.cache. */
export class Cache<V> {
  /** False while the hub's optional caches are off (then get finds nothing and fetch always computes). */
  enabled = true;
  readonly tags: readonly Tag[];
  private readonly map = new Map<string, Entry<V>>();
  /** Whether some entry has tags of its own (else an invalidation that misses the cache's tags skips the scan). */
  private ownTags = false;

  constructor(
    readonly name: string,
    private readonly hub: CacheHub,
    readonly options: CacheOptions,
  ) {
    this.tags = options.tags ?? NO_TAGS;
  }

  get size(): number {
    return this.map.size;
  }

  /** The value of `key` while it is fresh, else undefined. */
  get(key: string, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (e === undefined || e.value === undefined || now >= e.expiresAt) return undefined;
    if (this.options.lru) this.touch(key, e);
    return e.value;
  }

  /**
   * The value of `key` when it can be served with no work started: fresh, and either not yet due for its
   * refresh-ahead or with that refresh under way. A request hook answers from it before validation runs.
   */
  ready(key: string, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (e === undefined || e.value === undefined) return undefined;
    return now < e.refreshAt || (now < e.expiresAt && e.pending !== undefined) ? e.value : undefined;
  }

  /**
   * The fresh value of `key`, else a computation of it shared by every caller until it ends. An entry due for its
   * refresh-ahead answers its current value and starts the refresh. `maxAgeMs` asks for a value computed at most
   * that long ago (a lookup that missed an id reloads). Errors are not kept; a failed refresh-ahead leaves the
   * current value to expire.
   */
  fetch(key: string, compute: (c: Computing) => Promise<V>, opts?: { maxAgeMs?: number }): V | Promise<V> {
    if (!this.enabled) return compute(IGNORED);
    const now = Date.now();
    let e = this.map.get(key);
    const fresh =
      e !== undefined && e.value !== undefined && now < e.expiresAt && (opts?.maxAgeMs === undefined || now - e.at < opts.maxAgeMs);
    if (e === undefined) {
      this.makeRoom();
      e = {
        value: undefined,
        at: now,
        refreshAt: now,
        expiresAt: now,
        tags: this.options.entryTags ? undefined : NO_TAGS,
        pending: undefined,
      };
      this.map.set(key, e);
    } else if (fresh && this.options.lru) this.touch(key, e);
    if (e.pending === undefined && (!fresh || now >= e.refreshAt)) this.compute(key, e, compute, fresh);
    return fresh ? e.value! : e.pending!;
  }

  /**
   * Keeps a value computed by the caller. `since` is the hub's `epoch` read before the computation started: if one
   * of the entry's tags was invalidated meanwhile, the value is not kept.
   */
  set(key: string, value: V, opts: { tags?: readonly Tag[]; ttlMs?: number; since?: number } = {}): void {
    if (!this.enabled) return;
    const tags = opts.tags ?? NO_TAGS;
    if (opts.since !== undefined && this.hub.invalidatedSince(opts.since, this.tags, tags)) return;
    if (tags.length) this.ownTags = true;
    const at = Date.now();
    const expiresAt = at + (opts.ttlMs ?? this.options.ttlMs);
    if (!this.map.has(key)) this.makeRoom();
    else this.map.delete(key); // a new value is the newest entry
    this.map.set(key, { value, at, refreshAt: expiresAt, expiresAt, tags, pending: undefined });
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  /**
   * Drops the entries tagged with any of `tags` (all for null), and every first computation still running whose
   * own tags are not known yet: a request after the write must not join a computation that may have read before it.
   */
  drop(tags: ReadonlySet<Tag> | null): void {
    if (tags === null || this.tags.some((t) => tags.has(t))) {
      this.map.clear();
      return;
    }
    if (!this.ownTags && !this.options.entryTags) return;
    for (const [key, e] of this.map) {
      if (e.tags === undefined ? e.pending !== undefined : e.tags.some((t) => tags.has(t))) this.map.delete(key);
    }
  }

  private touch(key: string, e: Entry<V>): void {
    this.map.delete(key);
    this.map.set(key, e);
  }

  /** Makes room for one more entry: a Map iterates in insertion order, so the oldest tenth goes. */
  private makeRoom(): void {
    if (this.map.size < this.options.max) return;
    let n = Math.max(1, Math.floor(this.options.max / 10));
    for (const k of this.map.keys()) {
      this.map.delete(k);
      if (--n <= 0) break;
    }
  }

  private compute(key: string, e: Entry<V>, compute: (c: Computing) => Promise<V>, fresh: boolean): void {
    const since = this.hub.epoch;
    let own: Tag[] | undefined;
    let ttl = this.options.ttlMs;
    const computing: Computing = {
      tag: (tags) => {
        own ??= [];
        for (const t of tags) own.push(t);
      },
      ttl: (ms) => {
        ttl = ms;
      },
    };
    const pending: Promise<V> = compute(computing).then(
      (value) => {
        if (e.pending === pending) e.pending = undefined;
        const tags = own ?? NO_TAGS;
        // Detached (invalidated or evicted) meanwhile: nothing to keep.
        if (this.map.get(key) !== e) return value;
        if (this.hub.invalidatedSince(since, this.tags, tags)) {
          if (e.value === undefined) this.map.delete(key);
          return value;
        }
        if (tags.length) this.ownTags = true;
        e.value = value;
        e.tags = tags;
        e.at = Date.now();
        e.expiresAt = e.at + ttl;
        const ahead = this.options.refreshAheadMs;
        e.refreshAt = ahead ? e.expiresAt - ahead * (1 - Math.random() / 2) : e.expiresAt;
        return value;
      },
      (err: unknown) => {
        if (e.pending === pending) e.pending = undefined;
        if (e.value === undefined && this.map.get(key) === e) this.map.delete(key);
        throw err;
      },
    );
    e.pending = pending;
    // A refresh-ahead's failure is nobody's answer: the entry simply expires.
    if (fresh) pending.catch(() => {});
  }
}

const IGNORED: Computing = { tag() {}, ttl() {} };

/**
 * How invalidations reach the other server processes. The hub sends `message` (its origin and the tags) and
 * receives every message sent to the database, its own included.
 */
export interface CacheBus {
  /** Sends a message; `via` is a writer's transaction, so the message leaves only if it commits. */
  publish(message: string, via?: unknown): Promise<void>;
  /**
   * Delivers messages from now on, and calls `reset` each time delivery (re)starts, since messages sent meanwhile
   * are lost. Resolves once the first attempt to subscribe succeeded or failed (attempts go on).
   */
  subscribe(handlers: { message(message: string): void; reset(): void }): Promise<void>;
  close(): Promise<void>;
}

/** Invalidations remembered, so a computation that ends can tell whether one of its tags was invalidated meanwhile. */
const LOG_SIZE = 256;
/** A NOTIFY payload must stay under 8000 bytes; a longer list of tags is sent as "everything". */
const MAX_MESSAGE = 7_000;
const ALL = '*';

/**
 * Named caches of one database (or, for content-addressed caches, of the process) and their invalidation. See
 * `cacheHub`.
 */
export class CacheHub {
  /** Counts the invalidations: read it before computing a value that `Cache.set` keeps with `since`. */
  epoch = 0;
  /** Tells this hub's messages from the others'. */
  readonly origin = randomUUID().slice(0, 8);
  /** Failed publications and the like; the server logs them. */
  onError: (err: unknown, what: string) => void = () => {};
  private readonly caches = new Map<string, Cache<unknown>>();
  private readonly log: { epoch: number; tags: ReadonlySet<Tag> | null }[] = [];
  private optionalOn = true;
  private bus: CacheBus | undefined;

  /** The cache called `name`, made with `options` on first use (later calls get the same cache). */
  cache<V>(name: string, options: CacheOptions): Cache<V> {
    let c = this.caches.get(name) as Cache<V> | undefined;
    if (!c) {
      c = new Cache<V>(name, this, options);
      c.enabled = !options.optional || this.optionalOn;
      this.caches.set(name, c as Cache<unknown>);
    }
    return c;
  }

  /** Turns the optional caches off or on (config CATALOG_CACHE=false); turning off forgets what they hold. */
  setOptionalEnabled(enabled: boolean): void {
    this.optionalOn = enabled;
    for (const c of this.caches.values()) {
      if (!c.options.optional) continue;
      c.enabled = enabled;
      if (!enabled) c.clear();
    }
  }
  get optionalEnabled(): boolean {
    return this.optionalOn;
  }

  /** Invalidates `tags` here at once and tells the other processes (outside any transaction). */
  invalidate(tags: readonly Tag[]): void {
    const message = this.message(tags);
    this.invalidateLocal(tags);
    if (this.bus) this.bus.publish(message).catch((err: unknown) => this.onError(err, 'cache invalidation not sent'));
  }

  /**
   * Tells the other processes that `tags` change, from inside the writer's transaction `via` (PostgreSQL sends it at
   * commit, never for a rollback). The writer calls invalidateLocal once committed.
   */
  async announce(tags: readonly Tag[], via: unknown): Promise<void> {
    const message = this.message(tags);
    if (this.bus) await this.bus.publish(message, via);
  }

  /** Drops the entries of `tags` (everything for null) in this process only. */
  invalidateLocal(tags: readonly Tag[] | null): void {
    const set = tags === null || tags.includes(ALL) ? null : new Set(tags);
    this.log.push({ epoch: ++this.epoch, tags: set });
    if (this.log.length > LOG_SIZE) this.log.shift();
    for (const c of this.caches.values()) c.drop(set);
  }

  /** Forgets everything in this process. */
  clear(): void {
    this.invalidateLocal(null);
  }

  /** Whether any of the tags was invalidated after `epoch` (true when that is too long ago to tell). */
  invalidatedSince(epoch: number, cacheTags: readonly Tag[], ownTags: readonly Tag[]): boolean {
    if (epoch === this.epoch) return false;
    const oldest = this.log[0];
    if (!oldest || oldest.epoch > epoch + 1) return true;
    for (let i = this.log.length - 1; i >= 0; i--) {
      const inv = this.log[i]!;
      if (inv.epoch <= epoch) break;
      if (inv.tags === null) return true;
      for (const t of cacheTags) if (inv.tags.has(t)) return true;
      for (const t of ownTags) if (inv.tags.has(t)) return true;
    }
    return false;
  }

  /**
   * Receives the other processes' invalidations from now on. Each (re)subscription forgets everything, since
   * messages sent while it was away are lost. Resolves once the first subscription is in place or failed.
   */
  async connect(bus: CacheBus): Promise<void> {
    if (this.bus && this.bus !== bus) await this.bus.close();
    this.bus = bus;
    await bus.subscribe({
      message: (m) => this.receive(m),
      reset: () => this.clear(),
    });
  }

  /** Stops receiving (the server closes). */
  async close(): Promise<void> {
    const bus = this.bus;
    this.bus = undefined;
    await bus?.close();
  }

  private message(tags: readonly Tag[]): string {
    for (const t of tags) if (!t || /\s/.test(t)) throw new Error(`cache tag with white space or empty: "${t}"`);
    const m = `${this.origin} ${tags.join(' ')}`;
    return m.length > MAX_MESSAGE ? `${this.origin} ${ALL}` : m;
  }

  private receive(message: string): void {
    const [origin, ...tags] = message.split(' ');
    // This process invalidated its own entries when it wrote.
    if (origin === this.origin || tags.length === 0) return;
    this.invalidateLocal(tags);
  }
}

const hubs = new WeakMap<object, CacheHub>();
/** Transactions that stand for their database's hub while they run (see `beginUnit`). */
const units = new WeakMap<object, CacheHub>();

/** What `beginUnit` gives back: apply the invalidations held once the transaction committed, or drop them. */
export interface CacheUnit {
  commit(): void;
  discard(): void;
}

/**
 * Makes the transaction `tx` stand for the hub of `scope` until the unit ends: code that runs inside it and asks for
 * `cacheHub(tx)` reaches the database's caches, its announcements travel in the transaction (sent at commit), and
 * its invalidations, local or not, wait for `commit()`: a reader in this process must not refill a cache with what
 * the transaction has not committed yet. A rolled-back unit is `discard()`ed: nothing changed.
 */
export function beginUnit(tx: object, scope: object): CacheUnit {
  const hub = cacheHub(scope);
  const held: { tags: readonly Tag[] | null; tell: boolean }[] = [];
  const view: CacheHub = Object.create(hub);
  view.cache = (name, options) => hub.cache(name, options);
  view.invalidate = (tags) => void held.push({ tags, tell: true });
  view.invalidateLocal = (tags) => void held.push({ tags, tell: false });
  view.clear = () => void held.push({ tags: null, tell: false });
  view.announce = (tags, via) => hub.announce(tags, via);
  view.setOptionalEnabled = (enabled) => hub.setOptionalEnabled(enabled);
  units.set(tx, view);
  const end = () => units.delete(tx);
  return {
    commit() {
      end();
      for (const h of held.splice(0)) {
        if (h.tell && h.tags) hub.invalidate(h.tags);
        else hub.invalidateLocal(h.tags);
      }
    },
    discard() {
      end();
      held.length = 0;
    },
  };
}

/**
 * The hub of a scope, made on first use: the server uses one per database handle (each test app has its own), so
 * `cacheHub(db)` reaches the same caches from every module. A hub with no bus invalidates in this process only.
 */
export function cacheHub(scope: object): CacheHub {
  const unit = units.get(scope);
  if (unit) return unit;
  let hub = hubs.get(scope);
  if (!hub) {
    hub = new CacheHub();
    hubs.set(scope, hub);
  }
  return hub;
}

const processScope = {};
/** The hub of caches whose keys name their content (drawings by the hash of their SVG): never invalidated by a write. */
export const processHub = (): CacheHub => cacheHub(processScope);

const entryTags = new WeakMap<object, () => Iterable<Tag>>();

/**
 * Marks a service's answer with the tags it was computed from (read only when it is cached, so `tags` is a function).
 * JSON and the response schema do not see it.
 */
export function tagged<T extends object>(value: T, tags: () => Iterable<Tag>): T {
  entryTags.set(value, tags);
  return value;
}

/** The tags `tagged` gave a value, if any. */
export function tagsOf(value: unknown): Iterable<Tag> | undefined {
  return typeof value === 'object' && value !== null ? entryTags.get(value)?.() : undefined;
}
