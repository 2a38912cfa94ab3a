import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zId,
  ZApiError,
  ZKindList,
  ZLikedWineryListQuery,
  ZLikedWineryPage,
  ZLikeToggle,
  ZProductPage,
  ZSortTypeList,
  ZWineryCountryList,
  ZWineryDetailResult,
  ZWineryListQuery,
  ZWineryPage,
  ZWineryWinesQuery,
  type TProductPage,
  type TWineryDetail,
  type TWineryListQuery,
  type TWineryPage,
  type TWineryWinesQuery,
} from '@podo/contracts';
import type { Database } from '@podo/db';
import { optionalViewer, requireViewer } from '../wines';
import { cachedAnswer, serveCached } from '../wines';
import {
  getWineryDetail,
  listLikedWineries,
  listWineries,
  listWineryCountries,
  listWineryWineKinds,
  listWineryWines,
  toggleWineryLike,
  winerySortTypes,
} from './service';

const bearer = [{ bearer: [] }];
const optionalBearer: Record<string, string[]>[] = [{}, { bearer: [] }];
const errors = { 400: ZApiError };

/** Spec §7 "Wineries": list, detail, likes, a winery's wines, countries and kinds. */
export async function wineriesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db: Database = app.deps.db.db;
  const tags = ['wineries'];

  app.get(
    '/wineries',
    {
      onRequest: serveCached(db),
      schema: {
        tags,
        summary: 'Wineries by text and country, sorted and paged',
        security: optionalBearer,
        querystring: ZWineryListQuery,
        response: { 200: ZWineryPage, ...errors },
      },
    },
    async (req, reply) =>
      cachedAnswer(db, req, reply, async () =>
        listWineries(db, req.query as TWineryListQuery, await optionalViewer(req), req.lang),
      ) as Promise<TWineryPage>,
  );

  app.get(
    '/wineries/sort-types',
    { schema: { tags, summary: 'Sorts of the winery list', response: { 200: ZSortTypeList } } },
    async (req) => ({ _embedded: { items: winerySortTypes(req.lang) } }),
  );

  app.get(
    '/wineries/countries',
    { schema: { tags, summary: 'Countries with their number of wineries', response: { 200: ZWineryCountryList } } },
    async (req) => ({ _embedded: { countries: await listWineryCountries(db, req.lang) } }),
  );

  app.get(
    '/wineries/production-wines/category',
    {
      schema: {
        tags,
        summary: "Wine kinds with counts of one winery's wines (of all wines without idWinery): the winery page tabs",
        querystring: z.object({ idWinery: zId.optional() }),
        response: { 200: ZKindList, 404: ZApiError, ...errors },
      },
    },
    async (req) => ({ _embedded: { items: await listWineryWineKinds(db, req.query.idWinery, req.lang) } }),
  );

  app.get(
    '/wineries/like',
    {
      schema: {
        tags,
        summary: "The member's liked wineries, most recently liked first",
        security: bearer,
        querystring: ZLikedWineryListQuery,
        response: { 200: ZLikedWineryPage, 401: ZApiError, ...errors },
      },
    },
    async (req) => listLikedWineries(db, req.query, await requireViewer(req), req.lang),
  );

  app.get(
    '/wineries/:id',
    {
      onRequest: serveCached(db),
      schema: {
        tags,
        summary: 'A winery with its description, pictures and kinds of wine',
        security: optionalBearer,
        params: z.object({ id: zId }),
        response: { 200: ZWineryDetailResult, 404: ZApiError, ...errors },
      },
    },
    async (req, reply) =>
      cachedAnswer(db, req, reply, async () => ({
        data: await getWineryDetail(db, req.params.id, await optionalViewer(req), req.lang),
      })) as Promise<{ data: TWineryDetail }>,
  );

  app.post(
    '/wineries/:id/like',
    {
      schema: {
        tags,
        summary: 'Likes the winery, or removes the like when already there',
        security: bearer,
        params: z.object({ id: zId }),
        response: { 200: ZLikeToggle, 401: ZApiError, 404: ZApiError, ...errors },
      },
    },
    async (req) => {
      const viewer = await requireViewer(req);
      return { data: await toggleWineryLike(db, viewer.userId, req.params.id) };
    },
  );

  app.get(
    '/wineries/:idWinery/production-wines',
    {
      onRequest: serveCached(db),
      schema: {
        tags,
        summary: "The winery's wines (filter by kinds), as the product list",
        security: optionalBearer,
        params: z.object({ idWinery: zId }),
        querystring: ZWineryWinesQuery,
        response: { 200: ZProductPage, 404: ZApiError, ...errors },
      },
    },
    async (req, reply) =>
      cachedAnswer(db, req, reply, async () =>
        listWineryWines(db, req.params.idWinery, req.query as TWineryWinesQuery, await optionalViewer(req), req.lang),
      ) as Promise<TProductPage>,
  );
}
