import type { FastifyInstance } from 'fastify';
import { contentOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { viewerOf } from '../session';
import {
  eventSortTypes,
  getEvent,
  getMagazine,
  linkedKinds,
  listEvents,
  listLikedMagazines,
  listLinkedWines,
  listMagazines,
  listTeam,
  magazineCategories,
  magazineSortTypes,
  toggleMagazineLike,
} from './service';

/** Spec §7 "Magazines" and "Events" (articles, their likes, events, and the wines both feature) and the team. */
export async function magazinesRoutes(app: FastifyInstance) {
  route(app, ops.magazineList, async (ctx, { query }) => listMagazines(ctx, query, ctx.viewer));
  route(app, ops.magazineCategories, async (ctx) => ({ data: await magazineCategories(ctx) }));
  route(app, ops.magazineSortTypes, async (ctx) => ({ _embedded: { items: magazineSortTypes(ctx.lang) } }));
  route(app, ops.likedMagazines, async (ctx, { query }) => listLikedMagazines(ctx, query, viewerOf(ctx.viewer)));
  route(app, ops.magazineProductKinds, async (ctx, { body }) => ({ _embedded: { items: await linkedKinds(ctx, 'MAGAZINE', body.id) } }));
  route(app, ops.magazine, async (ctx, { params }) => ({ data: await getMagazine(ctx, params.id, ctx.viewer) }));
  route(app, ops.toggleMagazineLike, async (ctx, { params }) => ({
    data: await toggleMagazineLike(ctx, viewerOf(ctx.viewer).userId, params.id),
  }));
  route(app, ops.magazineProducts, async (ctx, { params, query }) => listLinkedWines(ctx, 'MAGAZINE', params.id, query, ctx.viewer));

  route(app, ops.eventList, async (ctx, { query }) => listEvents(ctx, query));
  route(app, ops.eventSortTypes, async (ctx) => ({ _embedded: { items: eventSortTypes(ctx.lang) } }));
  route(app, ops.eventProductKinds, async (ctx, { body }) => ({ _embedded: { items: await linkedKinds(ctx, 'EVENT', body.id) } }));
  route(app, ops.event, async (ctx, { params }) => ({ data: await getEvent(ctx, params.id) }));
  route(app, ops.teamMembers, async (ctx, { params }) => ({ data: await listTeam(ctx, params.product) }));
  route(app, ops.eventProducts, async (ctx, { params, query }) => listLinkedWines(ctx, 'EVENT', params.id, query, ctx.viewer));
}
