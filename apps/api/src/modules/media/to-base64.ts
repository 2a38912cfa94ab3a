import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

/** Where this site's images live: generated art and thumbnails, and the static pictures. */
const IMAGE_PATHS = [/^\/api\/v1\/media\//, /^\/images\//];
const IMAGE_TYPES = /^image\/(png|jpeg|webp|gif|svg\+xml)(;|$)/;
const MAX_BYTES = 5 * 1024 * 1024;
const BASE = 'http://this-site.invalid';

const ZQuery = z.object({ url: z.string().min(1).max(2000) });

/**
 * The path of one of this site's images named by `raw` (a path, or an absolute URL of this site's own origin), or
 * undefined. Nothing else is ever fetched: the image is read by an in-process request to this server, so no other
 * host, private address or redirect can be reached.
 */
export function ownImagePath(raw: string, ownOrigins: ReadonlySet<string>): string | undefined {
  let u: URL;
  try {
    u = new URL(raw, BASE);
  } catch {
    return undefined;
  }
  if (u.origin !== BASE && !ownOrigins.has(u.origin)) return undefined;
  if (u.username || u.password || (u.protocol !== 'http:' && u.protocol !== 'https:')) return undefined;
  // The URL parser has resolved dot segments (also %2e), so the prefix check sees the real path.
  if (!IMAGE_PATHS.some((p) => p.test(u.pathname))) return undefined;
  return u.pathname + u.search;
}

/** GET /api/toBase64?url=: one of this site's images as a data URL (for canvases that draw share cards). */
export async function toBase64Routes(app: FastifyInstance) {
  const origins = (req: FastifyRequest) => {
    const set = new Set<string>();
    if (app.deps.config.publicUrl) set.add(new URL(app.deps.config.publicUrl).origin);
    if (req.headers.host) set.add(`${req.protocol}://${req.headers.host}`);
    return set;
  };
  app.get('/api/toBase64', { schema: { hide: true } }, async (req, reply) => {
    const parsed = ZQuery.safeParse(req.query);
    if (!parsed.success) throw new AppError('IMAGE_URL_NOT_ALLOWED');
    const path = ownImagePath(parsed.data.url, origins(req));
    if (path === undefined) throw new AppError('IMAGE_URL_NOT_ALLOWED');
    // As the caller: their rate limit counts it, not one shared by everyone.
    const res = await app.inject({ method: 'GET', url: path, headers: { 'accept-language': req.lang }, remoteAddress: req.ip });
    if (res.statusCode === 404) throw new AppError('NOT_FOUND');
    const type = String(res.headers['content-type'] ?? '');
    // A redirect or any other answer is not an image of this site.
    if (res.statusCode !== 200 || !IMAGE_TYPES.test(type)) throw new AppError('NOT_AN_IMAGE');
    const body = res.rawPayload;
    if (body.length > MAX_BYTES) throw new AppError('NOT_AN_IMAGE');
    void reply.header('cache-control', 'private, max-age=300');
    return { data: `data:${type.split(';')[0]};base64,${body.toString('base64')}` };
  });
}
