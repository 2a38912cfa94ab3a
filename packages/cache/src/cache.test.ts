import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginUnit, cacheHub, CacheHub, tagged, tagsOf, type CacheBus } from './index';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('named caches', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('serve a fresh value without a promise, share one computation between concurrent misses, expire after the TTL', async () => {
    const c = new CacheHub().cache<number>('n', { ttlMs: 1_000, max: 10 });
    let runs = 0;
    const d = deferred<number>();
    const compute = () => {
      runs++;
      return d.promise;
    };
    const a = c.fetch('k', compute);
    const b = c.fetch('k', compute);
    expect(a).toBe(b);
    d.resolve(7);
    expect(await a).toBe(7);
    expect(runs).toBe(1);
    expect(c.fetch('k', compute)).toBe(7);
    expect(c.get('k')).toBe(7);
    vi.advanceTimersByTime(1_000);
    expect(c.get('k')).toBeUndefined();
    expect(await c.fetch('k', async () => 8)).toBe(8);
  });

  it('keep no errors', async () => {
    const c = new CacheHub().cache<number>('n', { ttlMs: 1_000, max: 10 });
    await expect(c.fetch('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(c.size).toBe(0);
    expect(await c.fetch('k', async () => 1)).toBe(1);
  });

  it('refresh ahead: the current value while the next is computed, never one past its TTL', async () => {
    const c = new CacheHub().cache<number>('n', { ttlMs: 5_000, max: 10, refreshAheadMs: 1_000 });
    expect(await c.fetch('k', async () => 1)).toBe(1);
    vi.advanceTimersByTime(3_900);
    expect(c.ready('k')).toBe(1);
    vi.advanceTimersByTime(700); // past the refresh point (1 to 0.5 s before the end)
    expect(c.ready('k')).toBeUndefined();
    const next = deferred<number>();
    expect(c.fetch('k', () => next.promise)).toBe(1);
    expect(c.ready('k')).toBe(1); // the refresh runs: the current value is served
    vi.advanceTimersByTime(1_000);
    expect(c.ready('k')).toBeUndefined();
    const waiting = c.fetch('k', async () => 99);
    next.resolve(2);
    expect(await waiting).toBe(2);
    expect(c.get('k')).toBe(2);
  });

  it('per-entry TTL and a maximum age per call', async () => {
    const c = new CacheHub().cache<string>('n', { ttlMs: 60_000, max: 10 });
    expect(
      await c.fetch('fallback', async (e) => {
        e.ttl(5_000);
        return 'x';
      }),
    ).toBe('x');
    vi.advanceTimersByTime(5_000);
    expect(c.get('fallback')).toBeUndefined();
    await c.fetch('k', async () => 'old');
    vi.advanceTimersByTime(2_000);
    expect(c.fetch('k', async () => 'new')).toBe('old');
    expect(await c.fetch('k', async () => 'new', { maxAgeMs: 1_000 })).toBe('new');
  });

  it('drop the oldest tenth when full; with lru a hit makes an entry the newest', () => {
    const hub = new CacheHub();
    const fifo = hub.cache<number>('fifo', { ttlMs: Infinity, max: 10 });
    const lru = hub.cache<number>('lru', { ttlMs: Infinity, max: 10, lru: true });
    for (let i = 0; i < 10; i++) {
      fifo.set(`k${i}`, i);
      lru.set(`k${i}`, i);
    }
    expect(fifo.get('k0')).toBe(0);
    expect(lru.get('k0')).toBe(0);
    fifo.set('k10', 10);
    lru.set('k10', 10);
    expect(fifo.get('k0')).toBeUndefined();
    expect(lru.get('k0')).toBe(0);
    expect(lru.get('k1')).toBeUndefined();
    expect([fifo.size, lru.size]).toEqual([10, 10]);
  });

  it('optional caches are off with CATALOG_CACHE=false: every call computes', async () => {
    const hub = new CacheHub();
    const opt = hub.cache<number>('opt', { ttlMs: 1_000, max: 10, optional: true });
    const always = hub.cache<number>('always', { ttlMs: 1_000, max: 10 });
    opt.set('k', 1);
    always.set('k', 1);
    hub.setOptionalEnabled(false);
    expect(opt.get('k')).toBeUndefined();
    opt.set('k', 2);
    expect(opt.get('k')).toBeUndefined();
    expect(await opt.fetch('k', async () => 3)).toBe(3);
    expect(await opt.fetch('k', async () => 4)).toBe(4);
    expect(always.get('k')).toBe(1);
    hub.setOptionalEnabled(true);
    expect(await opt.fetch('k', async () => 5)).toBe(5);
    expect(opt.get('k')).toBe(5);
  });
});

describe('tags', () => {
  it("invalidate a cache's tags, or the entries tagged while computed, and nothing else", async () => {
    const hub = new CacheHub();
    const catalog = hub.cache<string>('catalog', { ttlMs: Infinity, max: 10, tags: ['catalog'] });
    const answers = hub.cache<string>('answers', { ttlMs: Infinity, max: 10, tags: ['catalog'], entryTags: true });
    const menu = hub.cache<string>('menu', { ttlMs: Infinity, max: 10, tags: ['menu'] });
    catalog.set('lookups', 'L');
    menu.set('ko', 'M');
    await answers.fetch('list', async (e) => {
      e.tag(['product:1', 'product:2']);
      return 'list';
    });
    await answers.fetch('detail', async (e) => {
      e.tag(['product:3']);
      return 'detail';
    });

    hub.invalidateLocal(['product:2']);
    expect([answers.get('list'), answers.get('detail'), catalog.get('lookups'), menu.get('ko')]).toEqual([undefined, 'detail', 'L', 'M']);
    hub.invalidateLocal(['catalog']);
    expect([answers.get('detail'), catalog.get('lookups'), menu.get('ko')]).toEqual([undefined, undefined, 'M']);
    hub.invalidateLocal(null);
    expect(menu.get('ko')).toBeUndefined();
  });

  it('a computation running while one of its tags is invalidated answers its callers but is not kept', async () => {
    const hub = new CacheHub();
    const c = hub.cache<string>('answers', { ttlMs: Infinity, max: 10, tags: ['catalog'] });
    const before = deferred<string>();
    const first = c.fetch('k', () => before.promise);
    hub.invalidateLocal(['catalog']);
    // A request after the write starts its own computation instead of joining the one that may have read before it.
    const after = c.fetch('k', async () => 'new');
    before.resolve('old');
    expect(await first).toBe('old');
    expect(await after).toBe('new');
    expect(c.get('k')).toBe('new');
  });

  it('a running first computation whose tags are not known yet is dropped by any invalidation; an unrelated one keeps', async () => {
    const hub = new CacheHub();
    const c = hub.cache<string>('answers', { ttlMs: Infinity, max: 10, entryTags: true });
    const d = deferred<string>();
    const first = c.fetch('k', async (e) => {
      const v = await d.promise;
      e.tag(['product:9']);
      return v;
    });
    hub.invalidateLocal(['product:1']);
    expect(c.fetch('k', async () => 'second')).not.toBe(first);
    d.resolve('first');
    expect(await first).toBe('first');
    expect(c.get('k')).toBe('second');

    // Known tags: an invalidation of other tags leaves the value and a refresh of it in peace.
    const later = deferred<string>();
    const third = c.fetch('j', async (e) => {
      const v = await later.promise;
      e.tag(['product:5']);
      return v;
    });
    later.resolve('j1');
    await third;
    hub.invalidateLocal(['product:6']);
    expect(c.get('j')).toBe('j1');
  });

  it('set with `since` keeps nothing computed across an invalidation of its tags', () => {
    const hub = new CacheHub();
    const c = hub.cache<number>('totals', { ttlMs: Infinity, max: 10, tags: ['catalog'] });
    const since = hub.epoch;
    hub.invalidateLocal(['wishes']);
    c.set('a', 1, { since });
    expect(c.get('a')).toBe(1);
    const since2 = hub.epoch;
    hub.invalidateLocal(['catalog']);
    c.set('b', 2, { since: since2 });
    expect(c.get('b')).toBeUndefined();
  });

  it('tagged values name their tags without showing them to JSON', () => {
    const v = tagged({ id: 3 }, () => ['product:3']);
    expect(JSON.stringify(v)).toBe('{"id":3}');
    expect([...tagsOf(v)!]).toEqual(['product:3']);
    expect(tagsOf({})).toBeUndefined();
  });
});

/** Buses of processes on one database: a message reaches every subscriber, the sender included, as NOTIFY does. */
function memoryNetwork() {
  const subscribers = new Set<{ message(m: string): void; reset(): void }>();
  const sent: string[] = [];
  const bus = (): CacheBus & { drop(): void } => {
    let mine: { message(m: string): void; reset(): void } | undefined;
    return {
      async publish(message) {
        sent.push(message);
        for (const s of subscribers) s.message(message);
      },
      async subscribe(handlers) {
        mine = handlers;
        subscribers.add(handlers);
        handlers.reset();
      },
      async close() {
        if (mine) subscribers.delete(mine);
      },
      drop() {
        if (mine) subscribers.delete(mine);
      },
    };
  };
  return { bus, sent };
}

describe('invalidation across processes', () => {
  it('reaches the other hubs; a hub ignores its own messages; a reconnection forgets everything', async () => {
    const net = memoryNetwork();
    const a = new CacheHub();
    const b = new CacheHub();
    const busB = net.bus();
    await a.connect(net.bus());
    await b.connect(busB);
    const ca = a.cache<number>('c', { ttlMs: Infinity, max: 10, tags: ['catalog'] });
    const cb = b.cache<number>('c', { ttlMs: Infinity, max: 10, tags: ['catalog'] });
    ca.set('k', 1);
    cb.set('k', 1);

    const epochA = a.epoch;
    a.invalidate(['catalog', 'product:201']);
    await Promise.resolve();
    expect(net.sent).toEqual([`${a.origin} catalog product:201`]);
    expect(ca.get('k')).toBeUndefined();
    expect(cb.get('k')).toBeUndefined();
    expect(a.epoch).toBe(epochA + 1); // its own message did not count twice

    // In a transaction: the message goes with it, the writer invalidates its own entries after the commit.
    ca.set('k', 2);
    cb.set('k', 2);
    await a.announce(['product:201'], { tx: true });
    expect(cb.get('k')).toBe(2); // not one of its tags
    await a.announce(['catalog'], { tx: true });
    expect(cb.get('k')).toBeUndefined();
    expect(ca.get('k')).toBe(2);
    a.invalidateLocal(['catalog']);
    expect(ca.get('k')).toBeUndefined();

    // B's subscription is lost and comes back: messages meanwhile are gone, so B forgets everything.
    cb.set('k', 3);
    busB.drop();
    a.invalidate(['catalog']);
    expect(cb.get('k')).toBe(3);
    await b.connect(busB);
    expect(cb.get('k')).toBeUndefined();
  });

  it('sends a list of tags too long for one NOTIFY as "everything", and refuses tags with spaces', async () => {
    const net = memoryNetwork();
    const a = new CacheHub();
    const b = new CacheHub();
    await a.connect(net.bus());
    await b.connect(net.bus());
    const menu = b.cache<string>('menu', { ttlMs: Infinity, max: 10, tags: ['menu'] });
    menu.set('ko', 'M');
    a.invalidate(Array.from({ length: 2_000 }, (_, i) => `product:${i}`));
    expect(net.sent.at(-1)).toBe(`${a.origin} *`);
    expect(menu.get('ko')).toBeUndefined();
    expect(() => a.invalidate(['two words'])).toThrow(/white space/);
  });
});

describe('a unit of work (a transaction that stands for its database)', () => {
  it('reaches the database caches; holds invalidations until commit; a discarded unit invalidates nothing', async () => {
    const net = memoryNetwork();
    const db = {};
    const hub = cacheHub(db);
    await hub.connect(net.bus());
    const c = hub.cache<number>('c', { ttlMs: Infinity, max: 10, tags: ['viewers'] });
    c.set('k', 1);

    const tx = {};
    const unit = beginUnit(tx, db);
    expect(cacheHub(tx).cache<number>('c', { ttlMs: Infinity, max: 10, tags: ['viewers'] })).toBe(c);
    cacheHub(tx).invalidate(['viewers']);
    cacheHub(tx).invalidateLocal(['viewers']);
    expect(c.get('k')).toBe(1); // not committed yet: a reader still gets the old value, and nobody was told
    expect(net.sent).toEqual([]);
    unit.commit();
    expect(c.get('k')).toBeUndefined();
    expect(net.sent).toEqual([`${hub.origin} viewers`]);
    expect(cacheHub(tx)).not.toBe(hub); // the unit ended: the transaction is no longer the database

    c.set('k', 2);
    const tx2 = {};
    const rolledBack = beginUnit(tx2, db);
    cacheHub(tx2).invalidate(['viewers']);
    rolledBack.discard();
    expect(c.get('k')).toBe(2);
    expect(net.sent).toHaveLength(1);
  });
});
