import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { catalogOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { AppError } from '../../lib/errors';
import { svgToPng, svgToWebp } from './raster';
import { coverPicture, pictureFile, winePicture, wineryPicture, type Picture, type PictureFormat } from './service';

/** Pictures change only when a name changes, so browsers and proxies keep them for a day and revalidate by ETag. */
const CACHE_CONTROL = 'public, max-age=86400';
/** List thumbnails: 300 x 400, a card's width on a phone of device pixel ratio 1.75. */
const THUMB_WIDTH = 300;

async function sendPicture(req: FastifyRequest, reply: FastifyReply, pic: Picture | null, format: PictureFormat) {
  if (!pic) throw new AppError('NOT_FOUND');
  reply.header('cache-control', CACHE_CONTROL).header('etag', pic.etag);
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim() === pic.etag)) return reply.code(304).send();
  if (format === 'png') return reply.type('image/png').send(await svgToPng(pic.svg, pic.etag));
  if (format === 'webp' && pic.outlined) return reply.type('image/webp').send(await svgToWebp(pic.outlined, pic.etag, THUMB_WIDTH));
  return reply.type('image/svg+xml; charset=utf-8').send(pic.svg);
}

/**
 * Generated catalogue pictures: `GET /media/wines/{id}.svg` (bottle) and `GET /media/wineries/{id}.svg` (landscape
 * card); `{id}.png` is the 1200 x 630 share card of the same wine or winery (og:image), and `/media/wines/{id}.webp`
 * the bottle as a list thumbnail.
 */
export async function mediaRoutes(app: FastifyInstance) {
  // A product list shows dozens of pictures; they must not use up the visitor's API budget (they are one
  // primary-key lookup each plus, for a thumbnail not kept in memory, a few milliseconds of drawing on the thread
  // pool, and browsers keep them for a day). PNG cards cost 300 ms of drawing each, so they keep the limit.
  const pngLimit = app.rateLimit();
  const options = {
    config: { rateLimit: false as const },
    onRequest: async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      if (req.url.endsWith('.png')) await pngLimit.call(this, req, reply);
    },
  };

  route(
    app,
    ops.winePicture,
    async (ctx, { params }) => {
      const f = pictureFile(params.file);
      return sendPicture(ctx.req, ctx.reply, f && (await winePicture(ctx.db, f.id, f.format)), f?.format ?? 'svg');
    },
    options,
  );
  route(
    app,
    ops.wineryPicture,
    async (ctx, { params }) => {
      const f = pictureFile(params.file);
      return sendPicture(ctx.req, ctx.reply, f && (await wineryPicture(ctx.db, f.id, f.format)), f?.format ?? 'svg');
    },
    options,
  );
  for (const [op, kind] of [
    [ops.magazinePicture, 'magazines'],
    [ops.eventPicture, 'events'],
  ] as const)
    route(
      app,
      op,
      async (ctx, { params }) => {
        const f = pictureFile(params.file);
        return sendPicture(ctx.req, ctx.reply, f && (await coverPicture(ctx.db, kind, f.id, f.format)), f?.format ?? 'svg');
      },
      options,
    );
}
