/**
 * Checkout and orders. An order is created in one transaction that locks, in this order, the buyer's row (their
 * cash, credit and coupons take turns), writes the order, its coupons and cash, and last locks the vintages in id
 * order and takes their stock: all of it or none of it. Cancelling locks the order, then the buyer's row, then the
 * vintages, so the two never wait on each other in a circle.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BUYER_CANCELLABLE,
  CARRIERS,
  ORDER_ACTIONS,
  orderActionsFor,
  trackingUrl,
  type Carrier,
  type OrderAction,
  type OrderType,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  ORDER_TYPES,
  type OrderActor,
  type OrderStatus,
  type TCalculation,
  type TOrder,
  type TOrderBody,
  type TOrderPricingBody,
} from '@podo/contracts';
import { errorMessage } from '@podo/contracts/messages';
import { localized } from '@podo/config';
import {
  businessProfiles,
  cartItems,
  cashEntries,
  memberCoupons,
  orderEvents,
  orderLines,
  orders,
  productVintages,
  rawQuery,
  rowsOf,
  shipAddresses,
  users,
  type Database,
} from '@podo/db';
import { matchLanguage, type Language } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import { withDb, type ServiceCtx } from '../../deps';
import { writeInvalidating } from '../../lib/cache';
import { AppError } from '../../lib/errors';
import { queueMessages } from '../../lib/outbox';
import { siteOrigin } from '../certification';
import { displayName } from '../wines';
import { cartTag, checkVintage, lineProblem, pricingLineOf, problemError, vintageRows, type Buyer, type VintageRow } from './cart';
import { checkDeliveryDate, deliveryDates, kstDate } from './delivery-date';
import { queueRestockNotices } from './restock';
import { price, type Breakdown, type PricingCoupon, type PricingRefusal } from './pricing';

type OrderRow = typeof orders.$inferSelect;
type Tx = Database;

const names = (lang: Language) => apiMessages[lang].commerce;

// ---- pricing context --------------------------------------------------------------------------------------------

interface Priced {
  rows: VintageRow[];
  breakdown: Breakdown;
  cashAvailable: number;
  credit: { limit: number; available: number } | null;
}

/** The member's coupons among `ids`, as pricing sees them. */
async function memberCouponsOf(db: Tx, userId: number, ids: readonly number[], lock: boolean): Promise<Map<number, PricingCoupon>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute(sql`
    select mc.id, c.scope, c.kind, c.amount, c.rate_bp, c.min_amount, c.max_discount, c.product_id, c.kind_id,
      c.starts_at, c.ends_at, mc.used_at
    from member_coupons mc join coupons c on c.id = mc.coupon_id
    where mc.user_id = ${userId} and mc.id = any(${sql.param([...ids])}::int[])
    order by mc.id ${lock ? sql`for update of mc` : sql``}`);
  const out = new Map<number, PricingCoupon>();
  for (const r of rowsOf<Record<string, unknown>>(res)) {
    out.set(Number(r.id), {
      id: Number(r.id),
      scope: r.scope as PricingCoupon['scope'],
      kind: r.kind as PricingCoupon['kind'],
      amount: Number(r.amount),
      rateBp: Number(r.rate_bp),
      minAmount: Number(r.min_amount),
      maxDiscount: r.max_discount === null ? null : Number(r.max_discount),
      productId: r.product_id === null ? null : Number(r.product_id),
      kindId: r.kind_id === null ? null : Number(r.kind_id),
      startsAt: new Date(String(r.starts_at)),
      endsAt: new Date(String(r.ends_at)),
      usedAt: r.used_at === null ? null : new Date(String(r.used_at)),
    });
  }
  return out;
}

/** What credit orders not settled yet owe, for the buyer the text that follows names (creditOwed, QUOTE_BUYER). */
const OWED_BY = `select coalesce(sum(o.pay_amount), 0)::int from orders o
  where o.payment_method = 'CREDIT' and o.status <> 'CANCELLED' and o.credit_settled_at is null and o.user_id =`;

/** A quote's buyer: cash, credit limit and, with a limit, what they owe on credit. */
const QUOTE_BUYER = `select u.cash_balance as cash, u.credit_limit as "creditLimit",
  case when u.credit_limit is null then null else (${OWED_BY} u.id) end as owed
  from users u where u.id = $1::int`;

/** What a buyer owes on credit orders not settled yet. */
async function creditOwed(db: Tx, userId: number): Promise<number> {
  const [row] = rowsOf<{ owed: number }>(await db.execute(sql`select (${sql.raw(OWED_BY)} ${userId}::int) as owed`));
  return row?.owed ?? 0;
}

async function priceOrder(ctx: ServiceCtx, tx: Tx, buyer: Buyer, body: TOrderPricingBody, lock: boolean, now: Date): Promise<Priced> {
  const seen = new Set<number>();
  for (const p of body.products) {
    if (seen.has(p.idProduct)) throw new AppError('ORDER_DUPLICATE_PRODUCT');
    seen.add(p.idProduct);
  }
  const couponIds = [...body.orderCoupons, ...body.productCoupons.map((c) => c.idCoupon)];
  let user: { cash: number; creditLimit: number | null; owed?: number | null } | undefined;
  let rows: VintageRow[];
  let coupons: Map<number, PricingCoupon>;
  if (lock) {
    // An order: the buyer's row first (cash and credit), then the coupons, in the order every order takes them.
    [user] = await tx
      .select({ cash: users.cashBalance, creditLimit: users.creditLimit })
      .from(users)
      .where(eq(users.id, buyer.id))
      .for('update');
    if (!user) throw new AppError('UNAUTHORIZED');
    rows = await vintageRows(tx, buyer, { items: body.products });
    coupons = await memberCouponsOf(tx, buyer.id, couponIds, true);
  } else {
    // A quote reads without locks, in statements kept prepared; the order prices again under its locks.
    [[user], rows, coupons] = await Promise.all([
      rawQuery<{ cash: number; creditLimit: number | null; owed: number | null }>(
        tx,
        QUOTE_BUYER,
        [buyer.id],
        undefined,
        'quote_buyer',
      ).then((r) => r.rows),
      vintageRows(tx, buyer, { items: body.products }, { prepared: true }),
      memberCouponsOf(tx, buyer.id, couponIds, false),
    ]);
    if (!user) throw new AppError('UNAUTHORIZED');
  }
  if (rows.length < body.products.length) {
    const found = new Set(rows.map((r) => r.product_id));
    const missing = body.products.find((p) => !found.has(p.idProduct));
    if (missing) await checkVintage(tx, missing.idProduct, missing.idVintage);
    throw new AppError('PRODUCT_NOT_FOUND');
  }
  for (const p of body.products) if (p.idVintage !== undefined) await checkVintage(tx, p.idProduct, p.idVintage);
  for (const r of rows) {
    const problem = lineProblem(r);
    if (problem) throw problemError(r, problem, ctx.lang);
  }
  const terms = ctx.config.site.commerce;
  const breakdown = price({
    lines: rows.map(pricingLineOf),
    orderCoupons: body.orderCoupons,
    productCoupons: body.productCoupons.map((c) => ({ productId: c.idProduct, couponId: c.idCoupon })),
    coupons,
    cash: { requested: body.useCash, available: user.cash },
    delivery: body.type === 'DELIVERY' ? { fee: terms.deliveryFee, freeFrom: terms.freeDeliveryFrom } : null,
    now,
  });
  const credit =
    user.creditLimit === null
      ? null
      : { limit: user.creditLimit, available: Math.max(0, user.creditLimit - (user.owed ?? (await creditOwed(tx, buyer.id)))) };
  return { rows, breakdown, cashAvailable: user.cash, credit };
}

const refusalMessage = (r: PricingRefusal, lang: Language) => errorMessage(lang, r.code, won(r.values));
/** Message values with amounts written the Korean way (1,234,567). */
const won = (values: Record<string, number> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, v.toLocaleString('en-US')]));

function pricedLines(p: Priced, lang: Language): TCalculation['lines'] {
  return p.breakdown.lines.map((l, i) => {
    const r = p.rows[i];
    if (!r) throw new Error('pricing lost a line');
    return {
      idProduct: l.productId,
      idVintage: l.vintageId,
      name: displayName(r.name_ko, r.name_original, lang),
      nameOriginal: r.name_original,
      year: r.year,
      qty: l.qty,
      basePrice: l.basePrice,
      unitPrice: l.unitPrice,
      subtotal: l.subtotal,
      levelDiscount: l.levelDiscount,
      volumeRate: l.volumeBp / 100,
      volumeDiscount: l.volumeDiscount,
      idCoupon: l.couponId,
      couponDiscount: l.couponDiscount,
      amount: l.amount,
    };
  });
}

/** POST /commerce/orders/calculate: the breakdown, and why anything asked for does not apply. */
export async function calculateOrder(ctx: ServiceCtx, buyer: Buyer, body: TOrderPricingBody): Promise<TCalculation> {
  const now = new Date();
  const [p, dates] = await Promise.all([
    priceOrder(ctx, ctx.db, buyer, body, false, now),
    body.type === 'DELIVERY' ? deliveryDates(now) : Promise.resolve([]),
  ]);
  const b = p.breakdown;
  return {
    lines: pricedLines(p, ctx.lang),
    amounts: {
      subtotal: b.subtotal,
      levelDiscount: b.levelDiscount,
      volumeDiscount: b.volumeDiscount,
      couponDiscount: b.couponDiscount,
      productCouponDiscount: b.productCouponDiscount,
      orderCouponDiscount: b.orderCouponDiscount,
      goodsAmount: b.goodsAmount,
      deliveryFee: b.deliveryFee,
      supplyAmount: b.supplyAmount,
      vat: b.vat,
      total: b.total,
      cashUsed: b.cashUsed,
      payAmount: b.payAmount,
    },
    idOrderCoupon: b.orderCouponId,
    cashAvailable: p.cashAvailable,
    credit: p.credit,
    refusals: b.refusals.map((r) => ({
      code: r.code,
      message: refusalMessage(r, ctx.lang),
      idCoupon: r.couponId ?? null,
      idProduct: r.productId ?? null,
    })),
    deliveryDates: dates,
  };
}

// ---- order creation ---------------------------------------------------------------------------------------------

/** The request's fingerprint for Idempotency-Key: the same key must come with the same body. */
const requestHash = (body: TOrderBody) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** After commit: caches of the ordered wines, the catalogue when a vintage ran out or came back, notices. */
interface StockChange {
  productIds: number[];
  /** Wines whose stock crossed zero (in-stock flags on cards change). */
  crossedZero: boolean;
}

/**
 * Takes the order's bottles: the vintages are locked in id order (two orders of the same wines never wait on each
 * other in a circle) and checked again, then all lines are taken in one statement. It runs last in the order's
 * transaction, so the rows every buyer of a popular wine waits for are held only for this and the commit. The lock is
 * `no key update`: the order lines inserted before hold key-share locks on the same vintages (their foreign keys),
 * and a plain `for update` of two such orders would wait on each other.
 */
async function takeStock(tx: Tx, rows: readonly VintageRow[], lang: Language): Promise<StockChange> {
  const ids = rows.map((r) => r.vintage_id).sort((a, b) => a - b);
  const locked = rowsOf<{ id: number; stock: number }>(
    await tx.execute(sql`select id, stock from product_vintages where id = any(${sql.param(ids)}::int[]) order by id for no key update`),
  );
  const stockOf = new Map(locked.map((v) => [v.id, v.stock]));
  for (const r of rows) {
    const fresh = { ...r, stock: stockOf.get(r.vintage_id) ?? 0 };
    const problem = lineProblem(fresh);
    if (problem) throw problemError(fresh, problem, lang);
  }
  const left = rowsOf<{ stock: number }>(
    await tx.execute(sql`update product_vintages v set stock = v.stock - l.qty
      from unnest(${sql.param(rows.map((r) => r.vintage_id))}::int[], ${sql.param(rows.map((r) => r.qty))}::int[]) as l(id, qty)
      where v.id = l.id and v.stock >= l.qty returning v.stock`),
  );
  // The vintages are locked and were checked: a miss here is a bug, and the transaction is undone.
  if (left.length !== rows.length) throw new Error('stock changed under its lock');
  return { productIds: [...new Set(rows.map((r) => r.product_id))], crossedZero: left.some((v) => v.stock === 0) };
}

export interface CreatedOrder {
  order: TOrder;
  /** The answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

export async function createOrder(
  ctx: ServiceCtx,
  buyer: Buyer,
  body: TOrderBody,
  idempotencyKey: string | undefined,
): Promise<CreatedOrder> {
  const now = new Date();
  const hash = requestHash(body);
  if (body.requestedDate !== undefined) {
    if (body.type !== 'DELIVERY') throw new AppError('DELIVERY_DATE_INVALID', { earliest: '' });
    await checkDeliveryDate(body.requestedDate, now);
  }
  let stock: StockChange = { productIds: [], crossedZero: false };
  const outcome = await writeInvalidating(
    ctx.db,
    () => [
      cartTag(buyer.id),
      ...stock.productIds.map((id) => `product:${id}` as const),
      ...(stock.crossedZero ? (['catalog'] as const) : []),
    ],
    async (tx): Promise<{ id: number; replayed: boolean; order?: TOrder }> => {
      if (idempotencyKey !== undefined) {
        // Requests with one key take turns; the later ones find the order the first one made.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order:${buyer.id}:${idempotencyKey}`}, 0))`);
        const [prior] = await tx
          .select({ id: orders.id, hash: orders.requestHash })
          .from(orders)
          .where(and(eq(orders.userId, buyer.id), eq(orders.idempotencyKey, idempotencyKey)))
          .limit(1);
        if (prior) {
          if (prior.hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
          return { id: prior.id, replayed: true };
        }
      }
      const p = await priceOrder(ctx, tx, buyer, body, true, now);
      const b = p.breakdown;
      const refusal = b.refusals[0];
      if (refusal) throw new AppError(refusal.code, won(refusal.values));

      // Payment.
      const terms = ctx.config.site.commerce;
      if (body.paymentMethod === 'CASH' && b.payAmount > 0) throw new AppError('CASH_NOT_ENOUGH');
      if (body.paymentMethod === 'CREDIT') {
        if (!p.credit) throw new AppError('CREDIT_NOT_ALLOWED');
        if (b.payAmount > p.credit.available)
          throw new AppError('CREDIT_LIMIT_EXCEEDED', { available: p.credit.available.toLocaleString('en-US') });
      }
      const depositorName = body.depositorName?.trim() ?? '';
      if (body.paymentMethod === 'BANK_TRANSFER' && b.payAmount > 0 && depositorName === '') throw new AppError('DEPOSITOR_REQUIRED');

      // The buyer and the address, copied.
      const [member] = await tx
        .select({
          fullName: users.fullName,
          email: users.email,
          mobile: users.mobile,
          companyName: businessProfiles.companyName,
          businessNumber: businessProfiles.businessNumber,
        })
        .from(users)
        .leftJoin(businessProfiles, eq(businessProfiles.userId, users.id))
        .where(eq(users.id, buyer.id))
        .limit(1);
      if (!member) throw new AppError('UNAUTHORIZED');
      let ship: OrderRow['ship'] = null;
      if (body.type === 'DELIVERY') {
        if (body.idShip === undefined) throw new AppError('SHIP_REQUIRED');
        const [s] = await tx
          .select()
          .from(shipAddresses)
          .where(and(eq(shipAddresses.id, body.idShip), eq(shipAddresses.userId, buyer.id)))
          .limit(1);
        if (!s) throw new AppError('SHIP_NOT_FOUND');
        ship = {
          fullName: s.fullName,
          mobile: s.mobile,
          postalCode: s.postalCode,
          address1: s.address1,
          address2: s.address2,
          message: s.message,
        };
      }

      // Bank transfers wait for the deposit until the end of the deadline day (Korea time); paid-up orders are paid.
      const awaiting = body.paymentMethod === 'BANK_TRANSFER' && b.payAmount > 0;
      const deadline = awaiting
        ? new Date(Date.parse(`${kstDate(new Date(now.getTime() + terms.depositDays * 86_400_000))}T23:59:59+09:00`))
        : null;
      const status: OrderStatus = awaiting ? 'AWAITING_DEPOSIT' : 'PAID';
      const [created] = await tx
        .insert(orders)
        .values({
          oid: `tmp-${buyer.id}-${now.getTime()}`.slice(0, 20),
          userId: buyer.id,
          type: body.type,
          status,
          paymentMethod: body.paymentMethod,
          gift: body.gift,
          subtotal: b.subtotal,
          levelDiscount: b.levelDiscount,
          volumeDiscount: b.volumeDiscount,
          couponDiscount: b.couponDiscount,
          deliveryFee: b.deliveryFee,
          supplyAmount: b.supplyAmount,
          vat: b.vat,
          total: b.total,
          cashUsed: b.cashUsed,
          payAmount: b.payAmount,
          buyer: member,
          ship,
          requestedDate: body.requestedDate ?? null,
          memo: body.memo,
          deposit: awaiting
            ? {
                bankName: localized(terms.bank.bankName, ctx.lang),
                accountNumber: terms.bank.accountNumber,
                accountHolder: localized(terms.bank.accountHolder, ctx.lang),
                depositorName,
              }
            : null,
          depositDeadline: deadline,
          paidAt: awaiting ? null : now,
          lang: ctx.lang,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: hash,
        })
        .returning({ id: orders.id });
      if (!created) throw new Error('order insert returned no row');
      // The order number: the Korea date and the order's id.
      await tx
        .update(orders)
        .set({ oid: sql`${kstDate(now).replaceAll('-', '')} || '-' || lpad(${orders.id}::text, 6, '0')` })
        .where(eq(orders.id, created.id));
      await tx.insert(orderLines).values(
        b.lines.map((l, i) => {
          const r = p.rows[i];
          if (!r) throw new Error('pricing lost a line');
          return {
            orderId: created.id,
            lineNo: i + 1,
            productId: l.productId,
            vintageId: l.vintageId,
            nameKo: r.name_ko,
            nameOriginal: r.name_original,
            year: r.year,
            qty: l.qty,
            basePrice: l.basePrice,
            unitPrice: l.unitPrice,
            volumeDiscount: l.volumeDiscount,
            couponDiscount: l.couponDiscount,
            amount: l.amount,
          };
        }),
      );
      await tx.insert(orderEvents).values({ orderId: created.id, fromStatus: null, toStatus: status, actor: 'BUYER', actorId: buyer.id });

      const couponIds = [
        ...b.lines.flatMap((l) => (l.couponId === null ? [] : [l.couponId])),
        ...(b.orderCouponId === null ? [] : [b.orderCouponId]),
      ];
      if (couponIds.length) {
        const used = await tx
          .update(memberCoupons)
          .set({ usedAt: now, orderId: created.id })
          .where(and(inArray(memberCoupons.id, couponIds), eq(memberCoupons.userId, buyer.id), sql`${memberCoupons.usedAt} is null`))
          .returning({ id: memberCoupons.id });
        if (used.length !== couponIds.length) throw new AppError('COUPON_USED');
      }
      if (b.cashUsed > 0) await moveCash(tx, buyer.id, -b.cashUsed, 'USE', created.id);
      await tx.delete(cartItems).where(
        and(
          eq(cartItems.userId, buyer.id),
          inArray(
            cartItems.productId,
            p.rows.map((r) => r.product_id),
          ),
        ),
      );
      // The confirmation is written with the order: it goes out if and only if the order exists. Before the stock,
      // whose rows every order of the same wines waits for: they stay locked only for the stock's own statements.
      const order = await loadOrder(withDb(ctx, tx), { id: created.id });
      await mailOrder(withDb(ctx, tx), order, buyer.id, 'placed');
      stock = await takeStock(tx, p.rows, ctx.lang);
      return { id: created.id, replayed: false, order };
    },
  );
  const order = outcome.order ?? (await loadOrder(ctx, { id: outcome.id }));
  return { order, replayed: outcome.replayed };
}

/** Adds a signed amount to the buyer's cash balance with its ledger entry; the balance never goes below zero. */
export async function moveCash(
  tx: Tx,
  userId: number,
  amount: number,
  type: 'USE' | 'REFUND' | 'CHARGE' | 'ADJUST' | 'EXPIRE',
  orderId: number | null,
  memo = '',
  expiresAt: Date | null = null,
) {
  const [row] = await tx
    .update(users)
    .set({ cashBalance: sql`${users.cashBalance} + ${amount}` })
    .where(and(eq(users.id, userId), sql`${users.cashBalance} + ${amount} >= 0`))
    .returning({ balance: users.cashBalance });
  if (!row) throw new AppError('CASH_EXCEEDS_BALANCE', { available: '0' });
  await tx.insert(cashEntries).values({ userId, type, amount, orderId, memo, expiresAt });
}

// ---- state changes ----------------------------------------------------------------------------------------------

async function lockOrder(tx: Tx, where: { oid: string; userId?: number } | { id: number }): Promise<OrderRow> {
  const cond =
    'id' in where
      ? eq(orders.id, where.id)
      : and(eq(orders.oid, where.oid), where.userId === undefined ? undefined : eq(orders.userId, where.userId));
  const [row] = await tx.select().from(orders).where(cond).limit(1).for('update');
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

const stateError = (o: OrderRow, lang: Language) => new AppError('ORDER_STATE_INVALID', { status: names(lang).orderStatuses[o.status] });

/**
 * Cancels a locked order: stock, coupons and cash come back. Runs once per order: the state is checked under the
 * order's lock, and the ledger refuses a second refund of one order.
 */
async function cancelLocked(
  ctx: ServiceCtx,
  tx: Tx,
  o: OrderRow,
  actor: OrderActor,
  actorId: number | null,
  note: string,
): Promise<StockChange> {
  // The buyer's row before the vintages, as an order being placed takes them.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, o.userId)).for('update');
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.vintageId));
  const restocked: number[] = [];
  for (const l of lines) {
    const [v] = await tx
      .update(productVintages)
      .set({ stock: sql`${productVintages.stock} + ${l.qty}` })
      .where(eq(productVintages.id, l.vintageId))
      .returning({ stock: productVintages.stock });
    if (v && v.stock === l.qty) restocked.push(l.productId);
  }
  await tx.update(memberCoupons).set({ usedAt: null, orderId: null }).where(eq(memberCoupons.orderId, o.id));
  if (o.cashUsed > 0) await moveCash(tx, o.userId, o.cashUsed, 'REFUND', o.id);
  await tx
    .update(orders)
    .set({ status: 'CANCELLED', cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orders.id, o.id));
  await tx.insert(orderEvents).values({ orderId: o.id, fromStatus: o.status, toStatus: 'CANCELLED', actor, actorId, note });
  // Wines back in stock: their waiting members are told, if this cancellation commits.
  await queueRestockNotices(ctx, tx, [...new Set(restocked)]);
  return { productIds: [...new Set(lines.map((l) => l.productId))], crossedZero: restocked.length > 0 };
}

const stockTags = (s: StockChange) => [
  ...s.productIds.map((id) => `product:${id}` as const),
  ...(s.crossedZero ? (['catalog'] as const) : []),
];

/** POST /commerce/orders/{oid}/cancel: the buyer cancels before preparation starts. */
export async function cancelOrder(ctx: ServiceCtx, buyer: Buyer, oid: string, reason: string): Promise<TOrder> {
  let change: StockChange = { productIds: [], crossedZero: false };
  return writeInvalidating(
    ctx.db,
    () => stockTags(change),
    async (tx) => {
      const o = await lockOrder(tx, { oid, userId: buyer.id });
      if (!BUYER_CANCELLABLE.includes(o.status)) throw stateError(o, ctx.lang);
      change = await cancelLocked(ctx, tx, o, 'BUYER', buyer.id, reason);
      const order = await loadOrder(withDb(ctx, tx), { id: o.id });
      await mailOrder(withDb(ctx, tx), order, buyer.id, 'cancelled', reason);
      return order;
    },
  );
}

/** What a staff move writes besides the state: the shipment of a delivery. */
interface MoveExtra {
  shipment?: { carrier: Carrier; trackingNumber: string };
}

/** Moves a locked order to `to` as staff (the caller checked the move is allowed), and tells the buyer. */
async function moveLocked(
  ctx: ServiceCtx,
  tx: Database,
  o: typeof orders.$inferSelect,
  to: OrderStatus,
  actorId: number | null,
  note: string,
  extra: MoveExtra = {},
): Promise<{ order: TOrder; change: StockChange }> {
  let change: StockChange = { productIds: [], crossedZero: false };
  if (to === 'CANCELLED') change = await cancelLocked(ctx, tx, o, 'ADMIN', actorId, note);
  else {
    await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: sql`now()`,
        ...(to === 'PAID' ? { paidAt: sql`now()` } : {}),
        ...(to === 'SHIPPED' ? { shippedAt: sql`now()` } : {}),
        ...(extra.shipment ? { carrier: extra.shipment.carrier, trackingNumber: extra.shipment.trackingNumber } : {}),
      })
      .where(eq(orders.id, o.id));
    await tx.insert(orderEvents).values({ orderId: o.id, fromStatus: o.status, toStatus: to, actor: 'ADMIN', actorId, note });
  }
  const order = await loadOrder(withDb(ctx, tx), { id: o.id });
  const kind: MailKind | null =
    to === 'PAID' ? 'paid' : to === 'CANCELLED' ? 'cancelled' : to === 'SHIPPED' ? (o.type === 'PICKUP' ? 'ready' : 'shipped') : null;
  if (kind) await mailOrder(withDb(ctx, tx), order, o.userId, kind, note);
  return { order, change };
}

/**
 * Moves an order as staff in one transaction under its row lock: `pick` sees the locked order and names the move
 * (null: not allowed from its state, ORDER_STATE_INVALID), so two members of staff confirming the same deposit, or a
 * cancellation racing a shipment, move the order once.
 */
async function moveOrder(
  ctx: ServiceCtx,
  oid: string,
  actorId: number | null,
  pick: (o: typeof orders.$inferSelect) => { to: OrderStatus; note: string; extra?: MoveExtra } | null,
): Promise<TOrder> {
  let change: StockChange = { productIds: [], crossedZero: false };
  return writeInvalidating(
    ctx.db,
    () => stockTags(change),
    async (tx) => {
      const o = await lockOrder(tx, { oid });
      const move = pick(o);
      if (!move) throw stateError(o, ctx.lang);
      const moved = await moveLocked(ctx, tx, o, move.to, actorId, move.note, move.extra);
      change = moved.change;
      return moved.order;
    },
  );
}

/**
 * The admin CLI's and `PATCH /admin/orders/{oid}/status`'s move: any allowed transition (PAID when the deposit is
 * in, then PREPARING, SHIPPED, DELIVERED) or a cancellation. The back office uses `applyOrderAction`.
 */
export const changeOrderStatus = (ctx: ServiceCtx, oid: string, to: OrderStatus, actorId: number | null, note: string): Promise<TOrder> =>
  moveOrder(ctx, oid, actorId, (o) => (ORDER_TRANSITIONS[o.status].includes(to) ? { to, note } : null));

/** A staff action of the transitions table (ORDER_ACTIONS): only from its states and on its order types. */
export const applyOrderAction = (
  ctx: ServiceCtx,
  oid: string,
  action: OrderAction,
  actorId: number | null,
  input: { note?: string; reason?: string; carrier?: Carrier; trackingNumber?: string },
): Promise<TOrder> =>
  moveOrder(ctx, oid, actorId, (o) =>
    orderActionsFor(o.type, o.status).includes(action)
      ? {
          to: ORDER_ACTIONS[action].to,
          note: input.reason ?? input.note ?? '',
          extra: {
            shipment: input.carrier && input.trackingNumber ? { carrier: input.carrier, trackingNumber: input.trackingNumber } : undefined,
          },
        }
      : null,
  );

/**
 * Cancels bank-transfer orders whose deadline passed. Each order is claimed with SKIP LOCKED and cancelled in its own
 * transaction, so several server processes running this at once cancel each order exactly once.
 */
export async function cancelOverdueOrders(ctx: ServiceCtx, now = new Date()): Promise<number> {
  let done = 0;
  for (;;) {
    let change: StockChange = { productIds: [], crossedZero: false };
    const claimed = await writeInvalidating(
      ctx.db,
      () => stockTags(change),
      async (tx) => {
        const [o] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.status, 'AWAITING_DEPOSIT'), sql`${orders.depositDeadline} < ${now.toISOString()}::timestamptz`))
          .orderBy(asc(orders.depositDeadline))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!o) return null;
        const lang = matchLanguage(o.lang) ?? 'ko-KR';
        change = await cancelLocked(ctx, tx, o, 'SYSTEM', null, names(lang).cancelNote);
        const lctx = withDb({ ...ctx, lang }, tx);
        await mailOrder(lctx, await loadOrder(lctx, { id: o.id }), o.userId, 'cancelled', names(lang).cancelNote);
        return o.id;
      },
    );
    if (!claimed) return done;
    done++;
  }
}

// ---- reading ------------------------------------------------------------------------------------------------------

/** A state's name: a pick-up order's SHIPPED is "ready for pick-up" and its DELIVERED "picked up". */
export const statusName = (n: ReturnType<typeof names>, type: OrderType, status: OrderStatus): string =>
  (type === 'PICKUP' && (status === 'SHIPPED' || status === 'DELIVERED') ? n.pickupStatuses[status] : undefined) ?? n.orderStatuses[status];

/** The parts of an order its page and the list share, with the names of its type, state and payment. */
function orderHead(lang: Language, o: Pick<TOrder, 'oid' | 'type' | 'status' | 'paymentMethod' | 'gift'>) {
  const n = names(lang);
  return {
    oid: o.oid,
    type: o.type,
    typeName: n.orderTypes[o.type],
    status: o.status,
    statusName: statusName(n, o.type, o.status),
    paymentMethod: o.paymentMethod,
    paymentMethodName: n.paymentMethods[o.paymentMethod],
    gift: o.gift,
    cancellable: BUYER_CANCELLABLE.includes(o.status),
  };
}

export async function loadOrder(ctx: ServiceCtx, where: { id: number } | { oid: string; userId: number }): Promise<TOrder> {
  const cond = 'id' in where ? eq(orders.id, where.id) : and(eq(orders.oid, where.oid), eq(orders.userId, where.userId));
  const [o] = await ctx.db.select().from(orders).where(cond).limit(1);
  if (!o) throw new AppError('ORDER_NOT_FOUND');
  const [lines, events] = await Promise.all([
    ctx.db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.lineNo)),
    ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.id)),
  ]);
  const n = names(ctx.lang);
  return {
    ...orderHead(ctx.lang, { oid: o.oid, type: o.type, status: o.status, paymentMethod: o.paymentMethod, gift: o.gift }),
    lines: lines.map((l) => ({
      idProduct: l.productId,
      idVintage: l.vintageId,
      name: displayName(l.nameKo, l.nameOriginal, ctx.lang),
      nameOriginal: l.nameOriginal,
      year: l.year,
      qty: l.qty,
      basePrice: l.basePrice,
      unitPrice: l.unitPrice,
      volumeDiscount: l.volumeDiscount,
      couponDiscount: l.couponDiscount,
      amount: l.amount,
    })),
    amounts: {
      subtotal: o.subtotal,
      levelDiscount: o.levelDiscount,
      volumeDiscount: o.volumeDiscount,
      couponDiscount: o.couponDiscount,
      deliveryFee: o.deliveryFee,
      supplyAmount: o.supplyAmount,
      vat: o.vat,
      total: o.total,
      cashUsed: o.cashUsed,
      payAmount: o.payAmount,
    },
    buyer: o.buyer,
    ship: o.ship,
    requestedDate: o.requestedDate,
    memo: o.memo,
    deposit: o.deposit && o.depositDeadline ? { ...o.deposit, amount: o.payAmount, deadline: o.depositDeadline.toISOString() } : null,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    shipment:
      o.carrier && o.trackingNumber && o.shippedAt && o.carrier in CARRIERS
        ? {
            carrier: o.carrier as Carrier,
            carrierName: ctx.lang === 'ko-KR' ? CARRIERS[o.carrier as Carrier].ko : CARRIERS[o.carrier as Carrier].en,
            trackingNumber: o.trackingNumber,
            trackingUrl: trackingUrl(o.carrier as Carrier, o.trackingNumber),
            shippedAt: o.shippedAt.toISOString(),
          }
        : null,
    events: events.map((e) => ({
      status: e.toStatus,
      statusName: statusName(n, o.type, e.toStatus),
      actor: e.actor,
      note: e.note,
      at: e.createdAt.toISOString(),
    })),
  };
}

export const orderStatusList = (lang: Language) => ORDER_STATUSES.map((code) => ({ code, name: names(lang).orderStatuses[code] }));
export const orderTypeList = (lang: Language) => ORDER_TYPES.map((code) => ({ code, name: names(lang).orderTypes[code] }));

export async function latestOrder(ctx: ServiceCtx, buyer: Buyer): Promise<TOrder> {
  const [o] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.id)).orderBy(desc(orders.id)).limit(1);
  if (!o) throw new AppError('ORDER_NOT_FOUND');
  return loadOrder(ctx, o);
}

// ---- e-mails ----------------------------------------------------------------------------------------------------

type MailKind = 'placed' | 'paid' | 'shipped' | 'ready' | 'cancelled';

/**
 * The order e-mails, in the buyer's language, written to the outbox in `ctx.db` (the transaction of the change):
 * a mail server that is down delays them, never loses them or fails the order.
 */
async function mailOrder(ctx: ServiceCtx, order: TOrder, userId: number, kind: MailKind, note = ''): Promise<void> {
  const [u] = await ctx.db
    .select({ email: users.email, lang: users.lang, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return;
  const lang = matchLanguage(u.lang) ?? 'ko-KR';
  const localOrder = lang === ctx.lang ? order : await loadOrder({ ...ctx, lang }, { id: (await idOf(ctx.db, order.oid)) ?? 0 });
  const m = apiMessages[lang].mail;
  const n = names(lang);
  const fmt = (v: number) => v.toLocaleString('en-US');
  const link = `${siteOrigin(ctx.config)}/mypage/orders/${order.oid}`;
  const params: Record<string, string> = {
    brand: localized(ctx.config.site.brandName, lang),
    name: u.fullName,
    oid: order.oid,
    link,
    status: n.orderStatuses[localOrder.status],
    pay: fmt(order.amounts.payAmount),
  };
  let text: string;
  if (kind === 'placed') {
    const d = localOrder.deposit;
    text = interpolate(m.orderPlacedText, {
      ...params,
      lines: localOrder.lines.map((l) => `- ${l.name}${l.year ? ` ${l.year}` : ''} × ${l.qty}: ${fmt(l.amount)}`).join('\n'),
      supply: fmt(order.amounts.supplyAmount),
      vat: fmt(order.amounts.vat),
      total: fmt(order.amounts.total),
      cash: fmt(order.amounts.cashUsed),
      method: n.paymentMethods[order.paymentMethod],
      deposit: d
        ? interpolate(m.orderDepositText, {
            bank: d.bankName,
            account: d.accountNumber,
            holder: d.accountHolder,
            depositor: d.depositorName,
            pay: fmt(d.amount),
            deadline: kstDateTime(d.deadline),
          })
        : '',
    });
  } else if (kind === 'paid') text = interpolate(m.orderPaidText, params);
  else if (kind === 'shipped') {
    const s = order.ship;
    const t = localOrder.shipment;
    text = interpolate(m.orderShippedText, { ...params, address: s ? `${s.address1} ${s.address2}`.trim() : '' });
    if (t)
      text += `\n\n${interpolate(m.orderTrackingText, { carrier: t.carrierName, tracking: t.trackingNumber, trackingUrl: t.trackingUrl })}`;
  } else if (kind === 'ready') text = interpolate(m.orderReadyText, params);
  else text = interpolate(m.orderCancelledText, { ...params, reason: note });
  const subject = interpolate(kind === 'placed' ? m.orderPlacedSubject : m.orderStatusSubject, params);
  await queueMessages(ctx, ctx.db, [{ channel: 'mail', purpose: `order-${kind}`, to: u.email, subject, text }]);
}

async function idOf(db: Database, oid: string): Promise<number | undefined> {
  const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.oid, oid)).limit(1);
  return o?.id;
}

/** 2026-11-27 23:59 (Korea time). */
const kstDateTime = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** GET /commerce/orders (and /cancel): the buyer's orders, newest first. */
export async function listOrders(
  ctx: ServiceCtx,
  buyer: Buyer,
  q: { type?: (typeof ORDER_TYPES)[number]; status?: OrderStatus; startDate?: string; endDate?: string; page: number; size: number },
  cancelled: boolean,
) {
  const where = sql.join(
    [
      sql`o.user_id = ${buyer.id}`,
      cancelled ? sql`o.status = 'CANCELLED'` : q.status ? sql`o.status = ${q.status}` : sql`true`,
      q.type ? sql`o.type = ${q.type}` : sql`true`,
      q.startDate ? sql`o.created_at >= ${`${q.startDate}T00:00:00+09:00`}::timestamptz` : sql`true`,
      q.endDate ? sql`o.created_at < (${`${q.endDate}T00:00:00+09:00`}::timestamptz + interval '1 day')` : sql`true`,
    ],
    sql` and `,
  );
  const rows = rowsOf<{
    oid: string;
    type: (typeof ORDER_TYPES)[number];
    status: OrderStatus;
    payment_method: TOrder['paymentMethod'];
    gift: boolean;
    created_at: string;
    total: number;
    pay_amount: number;
    name_ko: string;
    name_original: string;
    line_count: number;
    bottles: number;
    full_count: number;
  }>(
    await ctx.db.execute(sql`
      select o.oid, o.type, o.status, o.payment_method, o.gift, o.created_at, o.total, o.pay_amount,
        l.name_ko, l.name_original, (select count(*)::int from order_lines x where x.order_id = o.id) as line_count,
        (select coalesce(sum(x.qty), 0)::int from order_lines x where x.order_id = o.id) as bottles,
        count(*) over ()::int as full_count
      from orders o join order_lines l on l.order_id = o.id and l.line_no = 1
      where ${where}
      order by o.created_at desc, o.id desc
      limit ${q.size} offset ${(q.page - 1) * q.size}`),
  );
  const total = rows[0]?.full_count ?? (q.page > 1 ? await countOrders(ctx.db, where) : 0);
  return {
    items: rows.map((r) => ({
      ...orderHead(ctx.lang, { oid: r.oid, type: r.type, status: r.status, paymentMethod: r.payment_method, gift: r.gift }),
      createdAt: new Date(r.created_at).toISOString(),
      total: r.total,
      payAmount: r.pay_amount,
      firstName: displayName(r.name_ko, r.name_original, ctx.lang),
      lineCount: r.line_count,
      bottles: r.bottles,
    })),
    page: { number: q.page, size: q.size, totalElements: total, totalPages: Math.ceil(total / q.size) },
  };
}

async function countOrders(db: Database, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from orders o where ${where}`));
  return row?.n ?? 0;
}
