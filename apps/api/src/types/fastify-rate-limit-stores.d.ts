// @fastify/rate-limit's own stores, which it does not declare: the fallback store (lib/rate-limit-store.ts) wraps them.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => unknown;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: unknown, key?: string) => unknown;
  export default RedisStore;
}
