import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@podo/contracts';
import { AppError } from '../../lib/errors';
import { pictureId, winePicture, wineryPicture, type Picture } from './service';

/** Pictures change only when a name changes, so browsers and proxies keep them for a day and revalidate by ETag. */
const CACHE_CONTROL = 'public, max-age=86400';

function sendPicture(req: FastifyRequest, reply: FastifyReply, pic: Picture | null) {
  if (!pic) throw new AppError('NOT_FOUND');
  reply.header('cache-control', CACHE_CONTROL).header('etag', pic.etag);
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim() === pic.etag)) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(pic.svg);
}

/** Generated catalogue pictures: `GET /media/wines/{id}.svg` (bottle) and `GET /media/wineries/{id}.svg` (landscape card). */
export async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ file: z.string().max(40).meta({ description: '`{id}.svg`', example: '17.svg' }) });
  const schema = (summary: string) => ({
    tags: ['media'],
    summary,
    params,
    response: { 404: ZApiError },
  });

  // A product list shows dozens of pictures; they must not use up the visitor's API budget (they are one
  // primary-key lookup each, and browsers keep them for a day).
  const config = { rateLimit: false as const };

  app.get('/media/wines/:file', { schema: schema('Bottle picture of a wine (SVG)'), config }, async (req, reply) => {
    const id = pictureId(req.params.file);
    return sendPicture(req, reply, id === null ? null : await winePicture(app.deps.db.db, id));
  });

  app.get('/media/wineries/:file', { schema: schema('Landscape picture of a winery (SVG)'), config }, async (req, reply) => {
    const id = pictureId(req.params.file);
    return sendPicture(req, reply, id === null ? null : await wineryPicture(app.deps.db.db, id));
  });
}
