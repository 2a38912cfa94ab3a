import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_SORTS, ZApiError, ZProductFilters, ZWineryListQuery, zId } from '@podo/contracts';
import type { Database } from '@podo/db';
import { optionalViewer } from '../wines';
import { warmUp } from './warm-up';
import { productPortfolioJob, productSheetJob, wineryPortfolioJob, winerySheetJob, type PdfJob, type TProductPdfQuery } from './service';

/** `?download=1` (or true) asks for an attachment instead of showing the PDF in the browser. */
const zDownload = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' || v === '' ? false : v),
  z.boolean({ message: 'oneOf' }).default(false),
);
const ZPdfOptions = z.object({ download: zDownload });
const ZIdParams = z.object({ id: zId });
/** The product list's filters (same validation and messages) plus the portfolio's own options. */
export const ZProductPdfQuery = z.intersection(
  ZProductFilters,
  z.object({
    sort: z.enum(PRODUCT_SORTS, { message: 'oneOf' }).default('NAME_ASC'),
    groupBy: z.enum(['country', 'kind'], { message: 'oneOf' }).default('country'),
    download: zDownload,
  }),
);
export const ZWineryPdfQuery = ZWineryListQuery.pick({ query: true, countryCodes: true }).extend({ download: zDownload });

const optionalBearer: Record<string, string[]>[] = [{}, { bearer: [] }];
const errors = { 400: ZApiError, 404: ZApiError, 429: ZApiError };
const pdfAnswer = z.any().meta({ description: 'application/pdf' });

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
export async function pdfRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db: Database = app.deps.db.db;
  const site = app.deps.config.site;
  const tags = ['pdf'];
  if (app.deps.config.env === 'production') app.addHook('onReady', async () => warmUp(site));

  app.get(
    '/wines/products/pdf',
    {
      schema: {
        tags,
        summary: 'Portfolio PDF: every wine matching the product list filters, grouped by country or kind, with a cover',
        security: optionalBearer,
        querystring: ZProductPdfQuery,
        response: { 200: pdfAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const { download, ...q } = req.query;
      const job = await productPortfolioJob(db, site, q as TProductPdfQuery, await optionalViewer(req), req.lang);
      return sendPdf(req, reply, job, download);
    },
  );

  app.get(
    '/wines/products/:id/pdf',
    {
      schema: {
        tags,
        summary: 'Tech sheet PDF of a wine (one A4 page; trade prices for approved buyers)',
        security: optionalBearer,
        params: ZIdParams,
        querystring: ZPdfOptions,
        response: { 200: pdfAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const job = await productSheetJob(db, site, req.params.id, await optionalViewer(req), req.lang);
      return sendPdf(req, reply, job, req.query.download);
    },
  );

  app.get(
    '/wineries/pdf',
    {
      schema: {
        tags,
        summary: 'Winery portfolio PDF: every winery matching the text and countries, by country',
        security: optionalBearer,
        querystring: ZWineryPdfQuery,
        response: { 200: pdfAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const { download, ...q } = req.query;
      const job = await wineryPortfolioJob(db, site, q, await optionalViewer(req), req.lang);
      return sendPdf(req, reply, job, download);
    },
  );

  app.get(
    '/wineries/:id/pdf',
    {
      schema: {
        tags,
        summary: 'Winery sheet PDF: the winery and its wines (one A4 page)',
        security: optionalBearer,
        params: ZIdParams,
        querystring: ZPdfOptions,
        response: { 200: pdfAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const job = await winerySheetJob(db, site, req.params.id, await optionalViewer(req), req.lang);
      return sendPdf(req, reply, job, req.query.download);
    },
  );
}
