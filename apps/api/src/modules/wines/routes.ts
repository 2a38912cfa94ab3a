import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zId,
  ZApiError,
  ZCodedList,
  ZGrapeTypeList,
  ZKindList,
  ZLeftFilter,
  ZProductDetailResult,
  ZProductFilters,
  ZProductionAreaList,
  ZProductListQuery,
  ZProductPage,
  ZServiceTypeQuery,
  ZSortTypeList,
  ZVintageList,
  ZVolumeList,
  ZWishListQuery,
  ZWishPage,
  ZWishToggle,
  type TLeftFilter,
  type TProductDetail,
  type TProductFilters,
  type TProductListQuery,
  type TProductPage,
  type TWishListQuery,
} from '@podo/contracts';
import type { Database } from '@podo/db';
import {
  getProductDetail,
  leftFilter,
  listFeatured,
  listGrapeTypes,
  listKinds,
  listLevels,
  listProductionAreas,
  listProducts,
  listVintages,
  listVolumes,
  listWishes,
  productSortTypes,
  toggleWish,
} from './service';
import { optionalViewer, requireViewer } from './viewer';
import { cachedAnswer, serveCached, setCatalogCaching } from './response-cache';

const bearer = [{ bearer: [] }];
/** (T) calls: the token is optional; without one (or with a bad one) the caller is an anonymous visitor. */
const optionalBearer: Record<string, string[]>[] = [{}, { bearer: [] }];
const errors = { 400: ZApiError };
const ZIdParams = z.object({ id: zId });

/** Spec §7 "Wines": the portfolio list, detail, facets, lookups and the wish list. */
export async function winesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db: Database = app.deps.db.db;
  setCatalogCaching(db, app.deps.config.catalogCache);
  const tags = ['wines'];

  app.get(
    '/brand/wines/products',
    {
      onRequest: serveCached(db),
      schema: {
        tags,
        summary: 'Wines of the portfolio: filters, text search, sort and paging (trade prices for approved buyers)',
        security: optionalBearer,
        querystring: ZProductListQuery,
        response: { 200: ZProductPage, ...errors },
      },
    },
    async (req, reply) =>
      cachedAnswer(db, req, reply, async (gone) =>
        listProducts(db, req.query as TProductListQuery, await optionalViewer(req), req.lang, gone),
      ) as Promise<TProductPage>,
  );

  app.get(
    '/wines/brand-products/:id',
    {
      onRequest: serveCached(db),
      schema: {
        tags,
        summary: 'A wine with vintages, scores, awards, texts in the request language, winery card and related wines',
        security: optionalBearer,
        params: ZIdParams,
        response: { 200: ZProductDetailResult, 404: ZApiError, ...errors },
      },
    },
    async (req, reply) =>
      cachedAnswer(db, req, reply, async () => ({
        data: await getProductDetail(db, req.params.id, await optionalViewer(req), req.lang),
      })) as Promise<{ data: TProductDetail }>,
  );

  app.get(
    '/wines/products/sort-types',
    { schema: { tags, summary: 'Sorts of the wine list', response: { 200: ZSortTypeList } } },
    async (req) => ({ _embedded: { items: productSortTypes(req.lang) } }),
  );

  app.get(
    '/wines/left-filter',
    {
      onRequest: serveCached(db),
      schema: {
        tags,
        summary: 'Facet counts of the filter sidebar: each facet applies every active filter except its own',
        querystring: z.intersection(ZProductFilters, ZServiceTypeQuery),
        response: { 200: ZLeftFilter, ...errors },
      },
    },
    async (req, reply) =>
      cachedAnswer(db, req, reply, async () => ({ data: await leftFilter(db, req.query as TProductFilters, req.lang) })) as Promise<{
        data: TLeftFilter;
      }>,
  );

  app.get(
    '/wines/products/:id/vintages',
    {
      schema: {
        tags,
        summary: 'Vintages on sale of a wine (trade price and stock for approved buyers)',
        params: ZIdParams,
        response: { 200: ZVintageList, 404: ZApiError, ...errors },
      },
    },
    async (req) => ({ _embedded: { items: await listVintages(db, req.params.id, await optionalViewer(req)) } }),
  );

  app.get(
    '/wines/kinds',
    { schema: { tags, summary: 'Wine kinds with counts', querystring: ZServiceTypeQuery, response: { 200: ZKindList, ...errors } } },
    async (req) => ({ _embedded: { items: await listKinds(db, req.lang) } }),
  );

  app.get(
    '/wines/types',
    { schema: { tags, summary: 'Grape types with counts', querystring: ZServiceTypeQuery, response: { 200: ZGrapeTypeList, ...errors } } },
    async (req) => ({ types: { content: await listGrapeTypes(db, req.lang) } }),
  );

  app.get(
    '/wines/production-areas',
    {
      schema: {
        tags,
        summary: 'Countries with their production areas and counts (areas with qty 0 included)',
        querystring: ZServiceTypeQuery,
        response: { 200: ZProductionAreaList, ...errors },
      },
    },
    async (req) => ({ _embedded: { countries: await listProductionAreas(db, req.lang) } }),
  );

  app.get('/wines/featured', { schema: { tags, summary: 'Featured flags with counts', response: { 200: ZCodedList } } }, async (req) => ({
    _embedded: { items: await listFeatured(db, req.lang) },
  }));

  app.get('/wines/levels', { schema: { tags, summary: 'Portfolio levels with counts', response: { 200: ZCodedList } } }, async (req) => ({
    _embedded: { items: await listLevels(db, req.lang) },
  }));

  app.get('/wines/volumes', { schema: { tags, summary: 'Bottle sizes with counts', response: { 200: ZVolumeList } } }, async (req) => ({
    _embedded: { items: await listVolumes(db, req.lang) },
  }));

  app.post(
    '/wines/products/:id/wish',
    {
      schema: {
        tags,
        summary: "Adds the wine to the member's wish list, or removes it when already there",
        security: bearer,
        params: ZIdParams,
        response: { 200: ZWishToggle, 401: ZApiError, 404: ZApiError, ...errors },
      },
    },
    async (req) => {
      const viewer = await requireViewer(req);
      return { data: await toggleWish(db, viewer.userId, req.params.id) };
    },
  );

  app.get(
    '/wishes',
    {
      schema: {
        tags,
        summary: "The member's wish list; startDate and endDate are Korea-time days, inclusive",
        security: bearer,
        querystring: ZWishListQuery,
        response: { 200: ZWishPage, 401: ZApiError, ...errors },
      },
    },
    async (req) => listWishes(db, req.query as TWishListQuery, await requireViewer(req), req.lang),
  );
}
