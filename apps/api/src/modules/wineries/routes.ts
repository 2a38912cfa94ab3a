import type { FastifyInstance } from 'fastify';
import { catalogOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { viewerOf } from '../session';
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

/** Spec §7 "Wineries": list, detail, likes, a winery's wines, countries and kinds. */
export async function wineriesRoutes(app: FastifyInstance) {
  // Visitors' answers come from the answer cache before the handler runs (wines/response-cache.ts).
  const cached = { preValidation: serveCached(app.deps.db.db) };

  route(
    app,
    ops.wineryList,
    async (ctx, { query }) => cachedAnswer(ctx.db, ctx.req, ctx.reply, () => listWineries(ctx.db, query, ctx.viewer, ctx.lang)),
    cached,
  );
  route(app, ops.winerySortTypes, async (ctx) => ({ _embedded: { items: winerySortTypes(ctx.lang) } }));
  route(app, ops.wineryCountries, async (ctx) => ({ _embedded: { countries: await listWineryCountries(ctx.db, ctx.lang) } }));
  route(app, ops.wineryWineCategories, async (ctx, { query }) => ({
    _embedded: { items: await listWineryWineKinds(ctx.db, query.idWinery, ctx.lang) },
  }));
  route(app, ops.likedWineries, async (ctx, { query }) => listLikedWineries(ctx.db, query, viewerOf(ctx.viewer), ctx.lang));
  route(
    app,
    ops.winery,
    async (ctx, { params }) =>
      cachedAnswer(ctx.db, ctx.req, ctx.reply, async () => ({ data: await getWineryDetail(ctx.db, params.id, ctx.viewer, ctx.lang) })),
    cached,
  );
  route(app, ops.toggleWineryLike, async (ctx, { params }) => ({ data: await toggleWineryLike(ctx.db, ctx.viewer.id, params.id) }));
  route(
    app,
    ops.wineryWines,
    async (ctx, { params, query }) =>
      cachedAnswer(ctx.db, ctx.req, ctx.reply, () => listWineryWines(ctx.db, params.idWinery, query, ctx.viewer, ctx.lang)),
    cached,
  );
}
