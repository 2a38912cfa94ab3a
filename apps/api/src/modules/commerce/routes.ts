import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { commerceOps as ops } from '@podo/contracts/operations';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import { orders, users } from '@podo/db';
import { stateBefore } from '../../lib/audit';
import { route, type Ctx } from '../../lib/operation-route';
import type { Carrier, OrderAction } from '@podo/contracts';
import { locate, searchAddress } from './address';
import { addToCart, cartAnswer, modifyCart, removeFromCart, subscribeRestock, unsubscribeRestock } from './cart';
import { listBuyerLevels, nextMonthLevel } from './levels';
import {
  calculateOrder,
  cancelOrder,
  applyOrderAction,
  changeOrderStatus,
  createOrder,
  latestOrder,
  listOrders,
  loadOrder,
  orderStatusList,
  orderTypeList,
} from './orders';
import { adjustCash, cashAvailable, listCash, listCoupons } from './wallet';
import { createCoupon, issueCoupon, listAdminCoupons } from './coupons';
import { adminDashboard, adminOrderBatches, listAdminOrders } from './orders-admin';
import { sendExport, type ExportColumn } from '../../lib/exports';
import type { TAdminOrderRow } from '@podo/contracts/ops/commerce';
import { matchStatement, parseStatement } from './deposits';
import { receiveFile } from '../../lib/uploads';
import { STATEMENT_MAX_BYTES } from '@podo/contracts/ops/commerce';
import { AppError } from '../../lib/errors';
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

  route(app, ops.buyerLevelNextMonth, async (ctx) => ({
    data: await nextMonthLevel(ctx, ctx.viewer.id, ctx.viewer.status === 'APPROVED' ? ctx.viewer.buyerLevel : null),
  }));
  route(app, ops.cart, async (ctx) => cartAnswer(ctx, ctx.viewer));
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

  route(app, ops.calculateOrder, async (ctx, { body }) => ({ data: await calculateOrder(ctx, ctx.viewer, body) }));
  route(app, ops.createOrder, async (ctx, { body }) => {
    const key = ctx.req.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(key))) throw new AppError('VALIDATION_FAILED');
    const { order, replayed } = await createOrder(ctx, ctx.viewer, body, key);
    if (replayed) ctx.reply.header('idempotent-replayed', 'true');
    return { message: messages(ctx).ORDER_PLACED, data: order };
  });
  route(app, ops.orders, async (ctx, { query }) => ({ data: await listOrders(ctx, ctx.viewer, query, false) }));
  route(app, ops.cancelledOrders, async (ctx, { query }) => ({ data: await listOrders(ctx, ctx.viewer, query, true) }));
  route(app, ops.orderStatuses, async (ctx) => ({ data: orderStatusList(ctx.lang) }));
  route(app, ops.orderTypes, async (ctx) => ({ data: orderTypeList(ctx.lang) }));
  route(app, ops.orderTotal, async (ctx, { query }) => {
    const o = await loadOrder(ctx, { oid: query.oid, userId: ctx.viewer.id });
    return { data: { oid: o.oid, status: o.status, total: o.amounts.total, cashUsed: o.amounts.cashUsed, payAmount: o.amounts.payAmount } };
  });
  route(app, ops.latestOrder, async (ctx) => ({ data: await latestOrder(ctx, ctx.viewer) }));
  route(app, ops.order, async (ctx, { params }) => ({ data: await loadOrder(ctx, { oid: params.oid, userId: ctx.viewer.id }) }));
  route(app, ops.cancelOrder, async (ctx, { params, body }) => ({
    message: messages(ctx).ORDER_CANCELLED,
    data: await cancelOrder(ctx, ctx.viewer, params.oid, body.reason),
  }));
  route(app, ops.cashes, async (ctx, { query }) => ({ data: await listCash(ctx, ctx.viewer.id, query) }));
  route(app, ops.cashAvailable, async (ctx) => ({ data: { available: await cashAvailable(ctx, ctx.viewer.id) } }));
  route(app, ops.coupons, async (ctx, { query }) => ({ data: await listCoupons(ctx, ctx.viewer.id, query.state) }));
  route(app, ops.adminOrderStatus, async (ctx, { params, body }) => {
    const before = await stateBefore(ctx.db, orders, orders.oid, params.oid, { status: orders.status, userId: orders.userId });
    ctx.audit.before = before && { status: before.status };
    ctx.audit.whose = before?.userId ?? null;
    const data = await changeOrderStatus(ctx, params.oid, body.status, ctx.viewer.userId, body.note);
    ctx.audit.after = { status: data.status, note: body.note };
    return { message: messages(ctx).ORDER_STATUS_CHANGED, data };
  });
  // The back office's order buttons, one operation per action of ORDER_ACTIONS (each with its permission).
  const act =
    (action: OrderAction) =>
    async (
      ctx: Ctx<'admin'>,
      { params, body }: { params: { oid: string }; body: { note?: string; reason?: string; carrier?: Carrier; trackingNumber?: string } },
    ) => {
      const before = await stateBefore(ctx.db, orders, orders.oid, params.oid, { status: orders.status, userId: orders.userId });
      ctx.audit.before = before && { status: before.status };
      ctx.audit.whose = before?.userId ?? null;
      const data = await applyOrderAction(ctx, params.oid, action, ctx.viewer.userId, body);
      ctx.audit.after = { status: data.status, ...body };
      return { message: messages(ctx).ORDER_STATUS_CHANGED, data };
    };
  route(app, ops.adminOrders, async (ctx, { query }) => listAdminOrders(ctx, query));
  route(app, ops.adminOrdersExport, async (ctx, { query }) => {
    const { format, ...filters } = query;
    const label = apiMessages[ctx.lang].commerce.orderExport;
    const columns: ExportColumn<TAdminOrderRow>[] = [
      { label: label.oid, value: (r) => r.oid },
      { label: label.createdAt, value: (r) => r.createdAt, kind: 'time' },
      { label: label.status, value: (r) => r.statusName },
      { label: label.type, value: (r) => r.typeName },
      { label: label.paymentMethod, value: (r) => r.paymentMethodName },
      { label: label.companyName, value: (r) => r.companyName, width: 24 },
      { label: label.buyerName, value: (r) => r.buyerName },
      { label: label.depositorName, value: (r) => r.depositorName },
      { label: label.lineCount, value: (r) => r.lineCount, kind: 'int' },
      { label: label.total, value: (r) => r.total, kind: 'won' },
      { label: label.payAmount, value: (r) => r.payAmount, kind: 'won' },
      { label: label.depositDeadline, value: (r) => r.depositDeadline, kind: 'time' },
    ];
    return sendExport(ctx.reply, { format, name: label.file, columns, batches: adminOrderBatches(ctx, filters) });
  });
  // Multipart only here: a scope of its own.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fileSize: STATEMENT_MAX_BYTES } });
    route(scope, ops.adminDepositStatement, async (ctx) => {
      const { bytes } = await receiveFile(ctx.req, STATEMENT_MAX_BYTES);
      const { rows, skipped } = await parseStatement(bytes);
      const data = await matchStatement(ctx.db, rows);
      const matched = data.filter((r) => r.match).length;
      return { data, matched, unmatched: data.length - matched, skipped };
    });
  });
  route(app, ops.adminDashboard, async (ctx) => ({ data: await adminDashboard(ctx.db, ctx.viewer.role) }));
  route(app, ops.adminOrderConfirmDeposit, act('confirm-deposit'));
  route(app, ops.adminOrderPrepare, act('prepare'));
  route(app, ops.adminOrderShip, act('ship'));
  route(app, ops.adminOrderDeliver, act('deliver'));
  route(app, ops.adminOrderReadyForPickup, act('ready-for-pickup'));
  route(app, ops.adminOrderPickedUp, act('picked-up'));
  route(app, ops.adminOrderCancel, act('cancel'));
  route(app, ops.adminCash, async (ctx, { params, body }) => {
    ctx.audit.before = await stateBefore(ctx.db, users, users.id, params.id, { balance: users.cashBalance });
    const data = await adjustCash(ctx, params.id, body);
    ctx.audit.after = { balance: data.balance, type: body.type, amount: body.amount, memo: body.memo, expiresOn: body.expiresOn ?? null };
    return { message: messages(ctx).CASH_ADJUSTED, data };
  });
  route(app, ops.adminCoupons, async (ctx) => ({ data: await listAdminCoupons(ctx) }));
  route(app, ops.adminCreateCoupon, async (ctx, { body }) => {
    const data = await createCoupon(ctx, body);
    ctx.audit.subjectId = data.id;
    return { message: messages(ctx).COUPON_CREATED, data };
  });
  route(app, ops.adminIssueCoupon, async (ctx, { params, body }) => {
    const data = await issueCoupon(ctx, params.id, body);
    ctx.audit.after = { to: body, issued: data.issued };
    return { message: interpolate(messages(ctx).COUPON_ISSUED, { issued: data.issued }), data };
  });
}
