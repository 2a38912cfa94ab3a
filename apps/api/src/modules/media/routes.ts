import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@podo/contracts';
import { AppError } from '../../lib/errors';
import { svgToPng } from './png';
import { pictureFile, winePicture, wineryPicture, type Picture, type PictureFormat } from './service';

/** Pictures change only when a name changes, so browsers and proxies keep them for a day and revalidate by ETag. */
const CACHE_CONTROL = 'public, max-age=86400';

async function sendPicture(req: FastifyRequest, reply: FastifyReply, pic: Picture | null, format: PictureFormat) {
  if (!pic) throw new AppError('NOT_FOUND');
  reply.header('cache-control', CACHE_CONTROL).header('etag', pic.etag);
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim() === pic.etag)) return reply.code(304).send();
  if (format === 'png') return reply.type('image/png').send(await svgToPng(pic.svg, pic.etag));
  return reply.type('image/svg+xml; charset=utf-8').send(pic.svg);
}

/**
 * Generated catalogue pictures: `GET /media/wines/{id}.svg` (bottle) and `GET /media/wineries/{id}.svg` (landscape
 * card); `{id}.png` is the 1200 x 630 share card of the same wine or winery (og:image).
 */
export async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = z.object({
    file: z.string().max(40).meta({ description: '`{id}.svg`, or `{id}.png` for the share card', example: '17.svg' }),
  });
  const schema = (summary: string) => ({
    tags: ['media'],
    summary,
    params,
    response: { 404: ZApiError },
  });

  // A product list shows dozens of pictures; they must not use up the visitor's API budget (they are one
  // primary-key lookup each, and browsers keep them for a day). PNG cards cost drawing time, so they keep the limit.
  const config = { rateLimit: false as const };
  const pngLimit = app.rateLimit();
  const onRequest = async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
    if (req.url.endsWith('.png')) await pngLimit.call(this, req, reply);
  };

  app.get(
    '/media/wines/:file',
    { schema: schema('Bottle picture (SVG) or share card (PNG) of a wine'), config, onRequest },
    async (req, reply) => {
      const f = pictureFile(req.params.file);
      return sendPicture(req, reply, f && (await winePicture(app.deps.db.db, f.id, f.format)), f?.format ?? 'svg');
    },
  );

  app.get(
    '/media/wineries/:file',
    { schema: schema('Landscape picture (SVG) or share card (PNG) of a winery'), config, onRequest },
    async (req, reply) => {
      const f = pictureFile(req.params.file);
      return sendPicture(req, reply, f && (await wineryPicture(app.deps.db.db, f.id, f.format)), f?.format ?? 'svg');
    },
  );
}
