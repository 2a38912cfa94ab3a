import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * How long a shared cache (a CDN) may serve an anonymous catalogue or content answer: the answer cache's own
 * lifetime (modules/wines/response-cache.ts), the longest a process serves one when a change's notice is lost, and
 * then as long again while it fetches a fresh one. A change reaches visitors behind a CDN within 10 s.
 */
export const SHARED_MAX_AGE_SECONDS = 5;
export const SHARED_STALE_SECONDS = 5;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation's anonymous answers may be kept by shared caches (set by route()). */
    sharedCache?: boolean;
  }
}

function vary(reply: FastifyReply, ...names: string[]) {
  const had = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const all = [...had, ...names.filter((n) => !had.some((h) => h.toLowerCase() === n.toLowerCase()))];
  reply.header('vary', all.join(', '));
}

/**
 * Cache-Control and Vary on every /api/v1 answer: an answer to a caller with a token is private (another buyer's
 * trade prices must never come out of a shared cache); an anonymous 200 of a shareable call (`sharedCacheable` in
 * the contracts, marked on its route) may be kept by a CDN for a few seconds; anything else is not stored. Every
 * answer varies by Authorization, the shareable ones by Accept-Language too. Routes that set their own
 * Cache-Control (files, health) keep it.
 */
export function cacheHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    vary(reply, 'Authorization');
    if (reply.hasHeader('cache-control')) return;
    if (req.headers.authorization !== undefined) {
      reply.header('cache-control', 'private, no-cache');
      return;
    }
    const shared = req.routeOptions.config?.sharedCache === true;
    if (shared && (req.method === 'GET' || req.method === 'HEAD') && reply.statusCode === 200) {
      reply.header(
        'cache-control',
        `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${SHARED_STALE_SECONDS}`,
      );
      vary(reply, 'Accept-Language');
      return;
    }
    reply.header('cache-control', 'no-store');
  });
}
