import type { FastifyInstance } from 'fastify';
import { commerceOps as ops } from '@podo/contracts/operations';
import { apiMessages } from '@podo/i18n/resources';
import { route } from '../../lib/operation-route';
import { locate, searchAddress } from './address';
import { listBuyerLevels } from './levels';
import { createShip, deleteShip, getShip, listShips, makeDefaultShip, updateShip } from './service';

/** Spec §7 "Commerce": shipping addresses (cart and orders come with issue 20's next slices). */
export async function commerceRoutes(app: FastifyInstance) {
  const messages = (ctx: { lang: keyof typeof apiMessages }) => apiMessages[ctx.lang].messages;

  route(app, ops.ships, async (ctx, { query }) => ({ data: await listShips(ctx, ctx.viewer.id, query) }));
  route(app, ops.ship, async (ctx, { params }) => ({ data: await getShip(ctx, ctx.viewer.id, params.id) }));
  route(app, ops.createShip, async (ctx, { body }) => ({
    message: messages(ctx).SHIP_SAVED,
    data: await createShip(ctx, ctx.viewer.id, body),
  }));
  route(app, ops.updateShip, async (ctx, { params, body }) => ({
    message: messages(ctx).SHIP_SAVED,
    data: await updateShip(ctx, ctx.viewer.id, params.id, body),
  }));
  route(app, ops.makeDefaultShip, async (ctx, { params }) => ({
    message: messages(ctx).SHIP_DEFAULT_SET,
    data: await makeDefaultShip(ctx, ctx.viewer.id, params.id),
  }));
  route(app, ops.deleteShip, async (ctx, { params }) => {
    await deleteShip(ctx, ctx.viewer.id, params.id);
    return { message: messages(ctx).SHIP_DELETED };
  });

  route(app, ops.juso, async (ctx, { query }) => ({ data: await searchAddress(ctx, query) }));
  route(app, ops.location, async (ctx, { query }) => ({ data: await locate(ctx, query.address) }));
  route(app, ops.buyerLevels, async (ctx) => ({
    data: { current: ctx.viewer.status === 'APPROVED' ? ctx.viewer.buyerLevel : null, levels: await listBuyerLevels(ctx) },
  }));
}
