import type { FastifyInstance } from 'fastify';
import { commerceOps as ops } from '@podo/contracts/operations';
import { apiMessages } from '@podo/i18n/resources';
import { route } from '../../lib/operation-route';
import { locate, searchAddress } from './address';
import { addToCart, modifyCart, readCart, removeFromCart, subscribeRestock, unsubscribeRestock } from './cart';
import { listBuyerLevels } from './levels';
import { createShip, deleteShip, getShip, listShips, makeDefaultShip, updateShip } from './service';

/** Spec §7 "Cart" and "Commerce": cart, restock notices, shipping addresses, address search, buyer levels. */
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

  route(app, ops.cart, async (ctx) => ({ data: await readCart(ctx, ctx.viewer) }));
  route(app, ops.addToCart, async (ctx, { body }) => ({ message: messages(ctx).CART_ADDED, data: await addToCart(ctx, ctx.viewer, body) }));
  route(app, ops.modifyCart, async (ctx, { body }) => ({
    message: messages(ctx).CART_CHANGED,
    data: await modifyCart(ctx, ctx.viewer, body),
  }));
  route(app, ops.removeFromCart, async (ctx, { body }) => ({
    message: messages(ctx).CART_REMOVED,
    data: await removeFromCart(ctx, ctx.viewer, body.idProducts),
  }));
  route(app, ops.subscribeRestock, async (ctx, { params }) => {
    await subscribeRestock(ctx, ctx.viewer, params.id);
    return { message: messages(ctx).RESTOCK_SUBSCRIBED, data: { idProduct: params.id, subscribed: true } };
  });
  route(app, ops.unsubscribeRestock, async (ctx, { params }) => {
    await unsubscribeRestock(ctx, ctx.viewer, params.id);
    return { message: messages(ctx).RESTOCK_UNSUBSCRIBED, data: { idProduct: params.id, subscribed: false } };
  });
}
