import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';

type Counted = { current: number; ttl: number };
type Done = (err: Error | null, res?: Counted) => void;
/** The stores of the library, which also read a counter without counting. */
type Store = FastifyRateLimitStore & { read(key: string, cb: Done, timeWindow: number, max: number): void };

/**
 * The rate limit's counters (@fastify/rate-limit's `store`): in Redis, shared by every process, and while Redis
 * cannot answer, in this process (each process then counts its own share: a looser limit for the outage, never
 * none). The switch is logged once each way.
 */
export function redisWithLocalFallback(redis: Redis, nameSpace: string, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const state = { down: false };
  const failed = (err: Error) => {
    if (state.down) return;
    state.down = true;
    log.warn({ err: err.message }, 'rate limit: Redis does not answer; counting in this process until it does');
  };
  const answered = () => {
    if (!state.down) return;
    state.down = false;
    log.info('rate limit: Redis answers again; counting there');
  };

  class FallbackStore implements FastifyRateLimitStore {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(
      params: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
      inner?: { shared: Store; local: Store },
    ) {
      const backoff = params.exponentialBackoff ?? false;
      this.shared = inner?.shared ?? (new RedisStore(params.continueExceeding ?? false, backoff, redis, nameSpace) as Store);
      this.local = inner?.local ?? (new LocalStore(params.continueExceeding ?? false, backoff) as Store);
    }

    incr(key: string, cb: Done, timeWindow: number, max: number) {
      this.shared.incr(
        key,
        (err, res) => {
          if (!err) {
            answered();
            return cb(null, res);
          }
          failed(err);
          this.local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    read(key: string, cb: Done, timeWindow: number, max: number) {
      this.shared.read(
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          failed(err);
          this.local.read(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new FallbackStore(routeOptions, {
        shared: this.shared.child(routeOptions) as Store,
        local: this.local.child(routeOptions) as Store,
      });
    }
  }
  return FallbackStore;
}
