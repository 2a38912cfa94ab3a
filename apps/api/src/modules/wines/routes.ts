import type { FastifyInstance } from 'fastify';
import { catalogOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { viewerOf } from '../session';
import {
  getProductDetail,
  leftFilter,
  listFeatured,
  listGrapeTypes,
  listKinds,
  listLevels,
  listProductionAreas,
  listProductsJson,
  listVintages,
  listVolumes,
  listWishes,
  productSortTypes,
  toggleWish,
} from './service';
import { cachedAnswer, serveCached, setCatalogCaching, viewerAnswer } from './response-cache';

/** Spec §7 "Wines": the portfolio list, detail, facets, lookups and the wish list. */
export async function winesRoutes(app: FastifyInstance) {
  const db = app.deps.db.db;
  setCatalogCaching(db, app.deps.config.catalogCache);
  // Visitors' answers come from the answer cache before the handler runs (response-cache.ts).
  const cached = { preValidation: serveCached(db) };

  route(
    app,
    ops.products,
    async (ctx, { query }) =>
      viewerAnswer(ctx.db, ctx.req, ctx.reply, ctx.viewer, (viewer, gone) => listProductsJson(ctx.db, query, viewer, ctx.lang, gone)),
    // Members' lists too: the answer of their level with their wishes (viewerAnswer).
    { preValidation: serveCached(db, { members: true }) },
  );

  route(
    app,
    ops.product,
    async (ctx, { params }) =>
      cachedAnswer(ctx.db, ctx.req, ctx.reply, async () => ({ data: await getProductDetail(ctx.db, params.id, ctx.viewer, ctx.lang) })),
    cached,
  );

  route(app, ops.productSortTypes, async (ctx) => ({ _embedded: { items: productSortTypes(ctx.lang) } }));

  route(
    app,
    ops.leftFilter,
    async (ctx, { query }) => cachedAnswer(ctx.db, ctx.req, ctx.reply, async () => ({ data: await leftFilter(ctx.db, query, ctx.lang) })),
    cached,
  );

  route(app, ops.vintages, async (ctx, { params }) => ({ _embedded: { items: await listVintages(ctx.db, params.id, ctx.viewer) } }));
  route(app, ops.kinds, async (ctx) => ({ _embedded: { items: await listKinds(ctx.db, ctx.lang) } }));
  route(app, ops.grapeTypes, async (ctx) => ({ types: { content: await listGrapeTypes(ctx.db, ctx.lang) } }));
  route(app, ops.productionAreas, async (ctx) => ({ _embedded: { countries: await listProductionAreas(ctx.db, ctx.lang) } }));
  route(app, ops.featured, async (ctx) => ({ _embedded: { items: await listFeatured(ctx.db, ctx.lang) } }));
  route(app, ops.levels, async (ctx) => ({ _embedded: { items: await listLevels(ctx.db, ctx.lang) } }));
  route(app, ops.volumes, async (ctx) => ({ _embedded: { items: await listVolumes(ctx.db, ctx.lang) } }));

  route(app, ops.toggleWish, async (ctx, { params }) => ({ data: await toggleWish(ctx.db, ctx.viewer.id, params.id) }));
  route(app, ops.wishes, async (ctx, { query }) => listWishes(ctx.db, query, viewerOf(ctx.viewer), ctx.lang));
}
