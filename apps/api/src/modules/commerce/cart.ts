import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CART_LINES_MAX, type TCart, type TCartAddBody, type TCartLine, type TCartModifyBody } from '@podo/contracts';
import { cacheHub, type CacheOptions } from '@podo/cache';
import { localized } from '@podo/config';
import { errorMessage } from '@podo/contracts/messages';
import {
  cartItems,
  products,
  productVintages,
  rawQuery,
  restockSubscriptions,
  rowsOf,
  statementName,
  users,
  type Database,
} from '@podo/db';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';
import { JsonAnswer } from '../../lib/json-answer';
import { VIEWERS_TAG } from '../session';
import { displayName, toPgQuery, tradePriceSql } from '../wines';
import { price, qtyProblem, stockState, type PricingLine, type QtyProblem } from './pricing';

/** The buyer as the cart and orders see them: id and level (approved buyers only reach these calls). */
export interface Buyer {
  id: number;
  buyerLevel: string | null;
}

const viewerOf = (b: Buyer) => ({ userId: b.id, isBuyer: true, buyerLevel: b.buyerLevel });

/** A vintage of a cart line or an order line, with the buyer's price. */
export interface VintageRow {
  product_id: number;
  vintage_id: number;
  chosen: boolean;
  qty: number;
  year: number | null;
  stock: number;
  case_size: number;
  order_step: number;
  min_qty: number;
  retail_price: number;
  trade_price: number;
  unit_price: number;
  on_sale: boolean;
  name_ko: string;
  name_original: string;
  winery_ko: string;
  winery_original: string;
  image: string | null;
  kind_id: number;
  volume_ml: number | null;
  tiers: [number, number][] | null;
  subscribed: boolean;
  /** The buyer's level (code, names, discount), on the cart's lines: one statement for the cart page. */
  level?: [string, Parameters<typeof localized>[0], number] | null;
}

/** Lines to price: the buyer's cart (some wines of it), or the wines an order names. */
export type LineSource =
  { cart: true; productIds?: readonly number[] } | { items: readonly { idProduct: number; idVintage?: number | undefined; qty: number }[] };

/**
 * Lines with their vintage (the chosen one, else the newest on sale), stock, case pack, tiers and the buyer's
 * price, in the cart's order or the order's.
 */
export async function vintageRows(
  db: Database,
  buyer: Buyer,
  source: LineSource,
  opts: { prepared?: boolean } = {},
): Promise<VintageRow[]> {
  let lines: SQL;
  let level = sql``;
  if ('cart' in source) {
    if (buyer.buyerLevel !== null) {
      level = sql`, (select json_build_array(bl.code, bl.name, bl.discount_bp) from buyer_levels bl where bl.code = ${buyer.buyerLevel}) as level`;
    }
    const only = source.productIds ? sql`and c.product_id = any(${sql.param([...source.productIds])}::int[])` : sql``;
    lines = sql`select c.product_id, c.vintage_id, c.qty, row_number() over (order by c.created_at, c.product_id) as ord
      from cart_items c where c.user_id = ${buyer.id} ${only}`;
  } else {
    // Arrays, not a VALUES row per line: one text for every number of lines, so it can stay prepared.
    const it = source.items;
    lines = sql`select * from unnest(${sql.param(it.map((i) => i.idProduct))}::int[], ${sql.param(it.map((i) => i.idVintage ?? null))}::int[],
      ${sql.param(it.map((i) => i.qty))}::int[]) with ordinality as l(product_id, vintage_id, qty, ord)`;
  }
  const query = sql`
    with l as (${lines})
    select l.product_id, v.id as vintage_id, l.vintage_id is not null as chosen, l.qty, v.year, v.stock, v.case_size,
      v.order_step, v.min_qty, v.retail_price, v.trade_price, ${tradePriceSql(viewerOf(buyer))} as unit_price,
      (v.is_on_sale and p.is_published) as on_sale, p.name_ko, p.name_original, w.name_ko as winery_ko,
      w.name_original as winery_original, p.images->>0 as image, p.kind_id, p.volume_ml,
      (select json_agg(json_build_array(t.min_qty, t.discount_bp) order by t.min_qty)
         from vintage_volume_tiers t where t.vintage_id = v.id) as tiers,
      exists (select 1 from restock_subscriptions r
               where r.user_id = ${buyer.id} and r.product_id = l.product_id and r.notified_at is null) as subscribed
      ${level}
    from l
    join products p on p.id = l.product_id
    join wineries w on w.id = p.winery_id
    join lateral (
      select * from product_vintages v
       where v.product_id = l.product_id and (l.vintage_id is null or v.id = l.vintage_id)
       order by v.is_on_sale desc, v.year desc nulls last, v.id desc
       limit 1
    ) v on true
    order by l.ord`;
  if (opts.prepared) {
    // Outside a transaction only (rawQuery runs on the database, not on a transaction's connection). Planning this
    // statement anew cost the embedded database most of a checkout quote (docs/performance.md).
    const { text, values } = toPgQuery(query);
    return (await rawQuery<VintageRow>(db, text, values, undefined, statementName('lines', text))).rows;
  }
  return rowsOf<VintageRow>(await db.execute(query));
}

const cartRows = (db: Database, buyer: Buyer, productIds?: readonly number[]) =>
  vintageRows(db, buyer, productIds ? { cart: true, productIds } : { cart: true });

export const pricingLineOf = (r: VintageRow): PricingLine => ({
  productId: r.product_id,
  vintageId: r.vintage_id,
  kindId: r.kind_id,
  qty: r.qty,
  basePrice: r.trade_price,
  unitPrice: r.unit_price,
  tiers: (r.tiers ?? []).map(([minQty, discountBp]) => ({ minQty, discountBp })),
});

/** What stands in the way of ordering a line as it is. */
export function lineProblem(r: VintageRow): QtyProblem | { code: 'NOT_ON_SALE' } | null {
  if (!r.on_sale) return { code: 'NOT_ON_SALE' };
  return qtyProblem(r.qty, { orderStep: r.order_step, minQty: r.min_qty, stock: r.stock });
}

const messageOf = (e: AppError, lang: ServiceCtx['lang']) => errorMessage(lang, e.code, e.params);

/** The error a line problem answers, with the wine's name in the message. */
export function problemError(r: VintageRow, p: NonNullable<ReturnType<typeof lineProblem>>, lang: ServiceCtx['lang']): AppError {
  const { code, ...values } = p;
  return new AppError(code, { name: displayName(r.name_ko, r.name_original, lang), ...values });
}

/** What a buyer's cart answer was computed from, besides its wines (`product:<id>`), the catalogue and the buyer. */
export const cartTag = (userId: number) => `cart:${userId}`;

/**
 * The buyer's cart answer (GET /cart) per language, as JSON text: the cart page and checkout read it in turn, and
 * each reading would compute it again (lines, prices, tiers, stock). Dropped, in every server process, by a change
 * of the buyer's cart or restock notices, of a wine in it (price, stock, vintages: `product:<id>`), of the catalogue
 * or of the buyer (level, status); five seconds at most otherwise. Optional: CATALOG_CACHE=false computes each one.
 */
const CARTS: CacheOptions = { ttlMs: 5_000, max: 5_000, tags: ['catalog', VIEWERS_TAG], entryTags: true, optional: true };
const cartsOf = (db: Database) => cacheHub(db).cache<string>('carts', CARTS);

export async function cartAnswer(ctx: ServiceCtx, buyer: Buyer): Promise<JsonAnswer> {
  const text = await cartsOf(ctx.db).fetch(`${buyer.id} ${buyer.buyerLevel ?? ''} ${ctx.lang}`, async (entry) => {
    const cart = await readCart(ctx, buyer);
    entry.tag([cartTag(buyer.id), ...cart.lines.map((l) => `product:${l.idProduct}`)]);
    return JSON.stringify({ data: cart });
  });
  return new JsonAnswer(text, [], () => []);
}

/** After a change of buyers' carts or restock notices: their cart answers go, here and in the other processes. */
export function forgetCarts(db: Database, userIds: Iterable<number>): void {
  const tags = [...new Set(userIds)].map(cartTag);
  if (tags.length > 0) cacheHub(db).invalidate(tags);
}

export async function readCart(ctx: ServiceCtx, buyer: Buyer): Promise<TCart> {
  const rows = await vintageRows(ctx.db, buyer, { cart: true }, { prepared: true });
  const terms = ctx.config.site.commerce;
  const orderable = rows.filter((r) => lineProblem(r) === null);
  const b = price({
    lines: orderable.map(pricingLineOf),
    orderCoupons: [],
    productCoupons: [],
    coupons: new Map(),
    cash: { requested: 0, available: 0 },
    delivery: { fee: terms.deliveryFee, freeFrom: terms.freeDeliveryFrom },
    now: new Date(),
  });
  const all = price({
    lines: rows.map(pricingLineOf),
    orderCoupons: [],
    productCoupons: [],
    coupons: new Map(),
    cash: { requested: 0, available: 0 },
    delivery: null,
    now: new Date(),
  });
  const lines: TCartLine[] = rows.map((r, i) => {
    const priced = all.lines[i];
    if (!priced) throw new Error('pricing lost a line');
    const problem = lineProblem(r);
    return {
      idProduct: r.product_id,
      idVintage: r.vintage_id,
      currentVintage: !r.chosen,
      year: r.year,
      qty: r.qty,
      name: displayName(r.name_ko, r.name_original, ctx.lang),
      nameOriginal: r.name_original,
      wineryName: displayName(r.winery_ko, r.winery_original, ctx.lang),
      image: r.image,
      volumeMl: r.volume_ml,
      idKind: r.kind_id,
      stock: r.stock,
      stockState: stockState(r.stock, r.case_size),
      caseSize: r.case_size,
      orderStep: r.order_step,
      minQty: r.min_qty,
      tiers: (r.tiers ?? []).map(([minQty, bp]) => ({ minQty, discountRate: bp / 100 })),
      retailPrice: r.retail_price,
      basePrice: r.trade_price,
      unitPrice: r.unit_price,
      subtotal: priced.subtotal,
      volumeDiscount: priced.volumeDiscount,
      amount: priced.amount,
      problem: problem?.code ?? null,
      problemMessage: problem ? messageOf(problemError(r, problem, ctx.lang), ctx.lang) : null,
      restockSubscribed: r.subscribed,
    };
  });
  const onLines = rows[0]?.level;
  const level =
    onLines !== undefined
      ? onLines && { code: onLines[0], name: localized(onLines[1], ctx.lang), discountRate: onLines[2] / 100 }
      : buyer.buyerLevel
        ? await levelOf(ctx, buyer.buyerLevel)
        : null;
  return {
    businessType: 'B2B',
    lines,
    count: rows.length,
    bottles: rows.reduce((s, r) => s + r.qty, 0),
    amounts: {
      subtotal: b.subtotal,
      levelDiscount: b.levelDiscount,
      volumeDiscount: b.volumeDiscount,
      couponDiscount: 0,
      goodsAmount: b.goodsAmount,
      deliveryFee: b.deliveryFee,
      supplyAmount: b.supplyAmount,
      vat: b.vat,
      total: b.total,
    },
    delivery: { fee: terms.deliveryFee, freeFrom: terms.freeDeliveryFrom },
    level,
  };
}

async function levelOf(ctx: ServiceCtx, code: string): Promise<TCart['level']> {
  const res = await ctx.db.execute(sql`select code, name, discount_bp from buyer_levels where code = ${code}`);
  const [row] = rowsOf<{ code: string; name: Parameters<typeof localized>[0]; discount_bp: number }>(res);
  return row ? { code: row.code, name: localized(row.name, ctx.lang), discountRate: row.discount_bp / 100 } : null;
}

/** The vintage a line asks for: the given one (it must be the wine's), else the wine's newest on sale. */
export async function checkVintage(db: Database, productId: number, vintageId: number | undefined): Promise<void> {
  const [p] = await db
    .select({ id: products.id, published: products.isPublished })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!p || !p.published) throw new AppError('PRODUCT_NOT_FOUND');
  if (vintageId === undefined) return;
  const [v] = await db
    .select({ id: productVintages.id })
    .from(productVintages)
    .where(and(eq(productVintages.id, vintageId), eq(productVintages.productId, productId)))
    .limit(1);
  if (!v) throw new AppError('VINTAGE_NOT_FOUND');
}

/** Runs a cart change as one transaction with the buyer's row locked (changes of one cart take turns). */
function asBuyer<T>(ctx: ServiceCtx, buyer: Buyer, run: (tx: Database) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.id)).for('update');
    return run(tx);
  });
}

/** Checks the changed lines against their case pack and stock; the first problem refuses the whole change. */
async function checkLines(tx: Database, ctx: ServiceCtx, buyer: Buyer, productIds: number[]): Promise<void> {
  for (const r of await cartRows(tx, buyer, productIds)) {
    const p = lineProblem(r);
    if (p) throw problemError(r, p, ctx.lang);
  }
}

/** POST /cart/add: each wine's quantity is added to its line (the vintage given replaces the line's). */
export async function addToCart(ctx: ServiceCtx, buyer: Buyer, body: TCartAddBody): Promise<TCart> {
  await asBuyer(ctx, buyer, async (tx) => {
    const ids: number[] = [];
    for (const item of body.items) {
      await checkVintage(tx, item.idProduct, item.idVintage);
      await tx
        .insert(cartItems)
        .values({ userId: buyer.id, productId: item.idProduct, vintageId: item.idVintage ?? null, qty: item.qty })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId],
          set: {
            qty: sql`least(${cartItems.qty} + excluded.qty, 1000000)`,
            vintageId: item.idVintage === undefined ? sql`${cartItems.vintageId}` : sql`excluded.vintage_id`,
            updatedAt: sql`now()`,
          },
        });
      ids.push(item.idProduct);
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cartItems)
      .where(eq(cartItems.userId, buyer.id));
    if (n > CART_LINES_MAX) throw new AppError('CART_FULL', { max: CART_LINES_MAX });
    await checkLines(tx, ctx, buyer, ids);
  });
  forgetCarts(ctx.db, [buyer.id]);
  return readCart(ctx, buyer);
}

/** PUT /cart/modify: the line's new quantity (and vintage, when given). */
export async function modifyCart(ctx: ServiceCtx, buyer: Buyer, body: TCartModifyBody): Promise<TCart> {
  await asBuyer(ctx, buyer, async (tx) => {
    await checkVintage(tx, body.idProduct, body.idVintage);
    const changed = await tx
      .update(cartItems)
      .set({ qty: body.qty, ...(body.idVintage === undefined ? {} : { vintageId: body.idVintage }), updatedAt: sql`now()` })
      .where(and(eq(cartItems.userId, buyer.id), eq(cartItems.productId, body.idProduct)))
      .returning({ productId: cartItems.productId });
    if (changed.length === 0) throw new AppError('CART_LINE_NOT_FOUND');
    await checkLines(tx, ctx, buyer, [body.idProduct]);
  });
  forgetCarts(ctx.db, [buyer.id]);
  return readCart(ctx, buyer);
}

/** POST /cart {idProducts}: the lines go; unknown ids are ignored (the cart is as asked either way). */
export async function removeFromCart(ctx: ServiceCtx, buyer: Buyer, productIds: readonly number[]): Promise<TCart> {
  await ctx.db.delete(cartItems).where(and(eq(cartItems.userId, buyer.id), inArray(cartItems.productId, [...productIds])));
  forgetCarts(ctx.db, [buyer.id]);
  return readCart(ctx, buyer);
}

/** Restock notice on: re-arms a notice already sent. */
export async function subscribeRestock(ctx: ServiceCtx, buyer: Buyer, productId: number): Promise<void> {
  await checkVintage(ctx.db, productId, undefined);
  await ctx.db
    .insert(restockSubscriptions)
    .values({ userId: buyer.id, productId })
    .onConflictDoUpdate({
      target: [restockSubscriptions.userId, restockSubscriptions.productId],
      set: { createdAt: sql`now()`, notifiedAt: null },
    });
  forgetCarts(ctx.db, [buyer.id]);
}

export async function unsubscribeRestock(ctx: ServiceCtx, buyer: Buyer, productId: number): Promise<void> {
  await ctx.db
    .delete(restockSubscriptions)
    .where(and(eq(restockSubscriptions.userId, buyer.id), eq(restockSubscriptions.productId, productId)));
  forgetCarts(ctx.db, [buyer.id]);
}

/** The number of lines in a buyer's cart (the header badge). */
export async function cartCount(db: Database, userId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return n;
}
