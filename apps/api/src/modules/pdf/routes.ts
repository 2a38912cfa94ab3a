import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { catalogOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { warmUp } from './warm-up';
import { productPortfolioJob, productSheetJob, wineryPortfolioJob, winerySheetJob, type PdfJob } from './service';

/** 'inline' or 'attachment' with an ASCII name and the real name in RFC 5987 form (Korean survives). */
function disposition(job: PdfJob, download: boolean): string {
  const encoded = encodeURIComponent(job.filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${download ? 'attachment' : 'inline'}; filename="${job.asciiFilename}"; filename*=UTF-8''${encoded}`;
}

async function sendPdf(req: FastifyRequest, reply: FastifyReply, job: PdfJob, download: boolean) {
  // Prices depend on who asks (trade prices for buyers) and texts on the language: private, short-lived.
  reply
    .header('cache-control', 'private, max-age=300')
    .header('vary', 'Accept-Language, Authorization')
    .header('etag', job.etag)
    .header('x-robots-tag', 'noindex');
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim() === job.etag)) return reply.code(304).send();
  const pdf = await job.render();
  return reply.type('application/pdf').header('content-disposition', disposition(job, download)).send(pdf);
}

/** PDF tech sheets and portfolios (issue 4 point 6), drawn on the server with an embedded Korean font. */
export async function pdfRoutes(app: FastifyInstance) {
  const site = app.deps.config.site;
  if (app.deps.config.env === 'production') app.addHook('onReady', async () => warmUp(site));

  route(app, ops.productsPdf, async (ctx, { query }) => {
    const { download, ...q } = query;
    return sendPdf(ctx.req, ctx.reply, await productPortfolioJob(ctx.db, site, q, ctx.viewer, ctx.lang), download);
  });
  route(app, ops.productPdf, async (ctx, { params, query }) =>
    sendPdf(ctx.req, ctx.reply, await productSheetJob(ctx.db, site, params.id, ctx.viewer, ctx.lang), query.download),
  );
  route(app, ops.wineriesPdf, async (ctx, { query }) => {
    const { download, ...q } = query;
    return sendPdf(ctx.req, ctx.reply, await wineryPortfolioJob(ctx.db, site, q, ctx.viewer, ctx.lang), download);
  });
  route(app, ops.wineryPdf, async (ctx, { params, query }) =>
    sendPdf(ctx.req, ctx.reply, await winerySheetJob(ctx.db, site, params.id, ctx.viewer, ctx.lang), query.download),
  );
}
