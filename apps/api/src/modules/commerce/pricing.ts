/**
 * Pricing: one pure function from (the buyer's prices, tiers, quantities, coupons, cash, delivery) to the whole
 * breakdown. The cart, `calculate` and order creation all use it, so what a buyer sees is what an order records.
 *
 * Money is whole won. Trade prices are supply prices (공급가, VAT excluded); discounts reduce the supply amount
 * (에누리), the delivery fee is part of it, and VAT is 10 % of the supply amount rounded down to the won, as on a
 * Korean tax invoice (공급가액 + 부가세 = 합계). Cash pays part or all of the 합계.
 */
import type { CouponKind, CouponScope } from '@podo/contracts/rules';

export interface PricingLine {
  productId: number;
  vintageId: number;
  kindId: number;
  qty: number;
  /** Base trade price per bottle (excl. VAT). */
  basePrice: number;
  /** The buyer's price per bottle: the level's own price or the base less the level's discount. */
  unitPrice: number;
  /** Volume tiers of the vintage: from minQty bottles of the line, discountBp off. */
  tiers: readonly { minQty: number; discountBp: number }[];
}

export interface PricingCoupon {
  /** The member's coupon (member_coupons.id): what a buyer picks. */
  id: number;
  scope: CouponScope;
  kind: CouponKind;
  amount: number;
  rateBp: number;
  minAmount: number;
  maxDiscount: number | null;
  productId: number | null;
  kindId: number | null;
  startsAt: Date;
  endsAt: Date;
  usedAt: Date | null;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  /** Order coupons asked for (at most one applies; a second is refused). */
  orderCoupons: readonly number[];
  /** Product coupons asked for, each with the wine it is for. */
  productCoupons: readonly { productId: number; couponId: number }[];
  /** The member's coupons that were asked for (unknown ids are refused as not found). */
  coupons: ReadonlyMap<number, PricingCoupon>;
  cash: { requested: number; available: number };
  /** null: no delivery (pick-up). */
  delivery: { fee: number; freeFrom: number } | null;
  now: Date;
}

export type PricingRefusalCode =
  | 'COUPON_NOT_FOUND'
  | 'COUPON_USED'
  | 'COUPON_NOT_STARTED'
  | 'COUPON_EXPIRED'
  | 'COUPON_MIN_AMOUNT'
  | 'COUPON_NOT_APPLICABLE'
  | 'COUPON_DUPLICATE'
  | 'CASH_EXCEEDS_BALANCE';

export interface PricingRefusal {
  code: PricingRefusalCode;
  couponId?: number;
  productId?: number;
  /** Values for the message: the minimum amount, the available cash. */
  values?: Record<string, number>;
}

export interface PricedLine {
  productId: number;
  vintageId: number;
  qty: number;
  basePrice: number;
  unitPrice: number;
  /** qty × unitPrice. */
  subtotal: number;
  /** qty × (basePrice − unitPrice), never below zero: what the level saved. */
  levelDiscount: number;
  volumeBp: number;
  volumeDiscount: number;
  couponId: number | null;
  couponDiscount: number;
  /** subtotal − volumeDiscount − couponDiscount. */
  amount: number;
}

export interface Breakdown {
  lines: PricedLine[];
  subtotal: number;
  levelDiscount: number;
  volumeDiscount: number;
  productCouponDiscount: number;
  orderCouponId: number | null;
  orderCouponDiscount: number;
  couponDiscount: number;
  /** Goods after every discount (what the free-delivery threshold and the order coupon look at). */
  goodsAmount: number;
  deliveryFee: number;
  /** 공급가액. */
  supplyAmount: number;
  /** 부가세. */
  vat: number;
  /** 합계. */
  total: number;
  cashUsed: number;
  /** What is left to pay by the payment method. */
  payAmount: number;
  refusals: PricingRefusal[];
}

/** 10 % of the supply amount, rounded down to the won (tax invoice rounding). */
export const vatOf = (supply: number): number => Math.floor(supply / 10);

/** `bp` basis points of `amount`, rounded down to the won (a discount never exceeds what is written). */
export const share = (amount: number, bp: number): number => Math.floor((amount * bp) / 10_000);

function couponDiscount(c: PricingCoupon, base: number): number {
  const raw = c.kind === 'AMOUNT' ? c.amount : share(base, c.rateBp);
  const capped = c.kind === 'RATE' && c.maxDiscount !== null ? Math.min(raw, c.maxDiscount) : raw;
  return Math.max(0, Math.min(capped, base));
}

/** Why a coupon cannot be used now, whatever it is used for; null when it can. */
function unusable(c: PricingCoupon | undefined, id: number, now: Date): PricingRefusal | null {
  if (!c) return { code: 'COUPON_NOT_FOUND', couponId: id };
  if (c.usedAt) return { code: 'COUPON_USED', couponId: id };
  if (now < c.startsAt) return { code: 'COUPON_NOT_STARTED', couponId: id };
  if (now >= c.endsAt) return { code: 'COUPON_EXPIRED', couponId: id };
  return null;
}

export function price(input: PricingInput): Breakdown {
  const refusals: PricingRefusal[] = [];
  const used = new Set<number>();

  const lines: PricedLine[] = input.lines.map((l) => {
    const subtotal = l.qty * l.unitPrice;
    const tier = l.tiers.filter((t) => t.minQty <= l.qty).reduce((best, t) => (t.discountBp > best ? t.discountBp : best), 0);
    const volumeDiscount = share(subtotal, tier);
    return {
      productId: l.productId,
      vintageId: l.vintageId,
      qty: l.qty,
      basePrice: l.basePrice,
      unitPrice: l.unitPrice,
      subtotal,
      levelDiscount: Math.max(0, l.qty * (l.basePrice - l.unitPrice)),
      volumeBp: tier,
      volumeDiscount,
      couponId: null,
      couponDiscount: 0,
      amount: subtotal - volumeDiscount,
    };
  });

  // Product coupons: one per line, each coupon once.
  for (const pc of input.productCoupons) {
    const c = input.coupons.get(pc.couponId);
    const why = unusable(c, pc.couponId, input.now);
    if (why) {
      refusals.push({ ...why, productId: pc.productId });
      continue;
    }
    const line = lines.find((x) => x.productId === pc.productId);
    const src = input.lines.find((x) => x.productId === pc.productId);
    if (!c || !line || !src || c.scope !== 'PRODUCT' || (c.productId !== null ? c.productId !== src.productId : c.kindId !== src.kindId)) {
      refusals.push({ code: 'COUPON_NOT_APPLICABLE', couponId: pc.couponId, productId: pc.productId });
      continue;
    }
    if (used.has(c.id) || line.couponId !== null) {
      refusals.push({ code: 'COUPON_DUPLICATE', couponId: pc.couponId, productId: pc.productId });
      continue;
    }
    if (line.amount < c.minAmount) {
      refusals.push({ code: 'COUPON_MIN_AMOUNT', couponId: c.id, productId: pc.productId, values: { min: c.minAmount } });
      continue;
    }
    used.add(c.id);
    line.couponId = c.id;
    line.couponDiscount = couponDiscount(c, line.amount);
    line.amount -= line.couponDiscount;
  }

  const sum = (f: (l: PricedLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  const afterProducts = sum((l) => l.amount);

  // One order coupon on the goods after product coupons.
  let orderCouponId: number | null = null;
  let orderCouponDiscount = 0;
  for (const id of input.orderCoupons) {
    const c = input.coupons.get(id);
    const why = unusable(c, id, input.now);
    if (why) {
      refusals.push(why);
      continue;
    }
    if (!c || c.scope !== 'ORDER') {
      refusals.push({ code: 'COUPON_NOT_APPLICABLE', couponId: id });
      continue;
    }
    if (orderCouponId !== null || used.has(c.id)) {
      refusals.push({ code: 'COUPON_DUPLICATE', couponId: id });
      continue;
    }
    if (afterProducts < c.minAmount) {
      refusals.push({ code: 'COUPON_MIN_AMOUNT', couponId: id, values: { min: c.minAmount } });
      continue;
    }
    used.add(c.id);
    orderCouponId = c.id;
    orderCouponDiscount = couponDiscount(c, afterProducts);
  }

  const goodsAmount = afterProducts - orderCouponDiscount;
  const deliveryFee = input.delivery && lines.length > 0 && goodsAmount < input.delivery.freeFrom ? input.delivery.fee : 0;
  const supplyAmount = goodsAmount + deliveryFee;
  const vat = vatOf(supplyAmount);
  const total = supplyAmount + vat;

  const { requested, available } = input.cash;
  if (requested > available) refusals.push({ code: 'CASH_EXCEEDS_BALANCE', values: { available } });
  const cashUsed = Math.max(0, Math.min(requested, available, total));

  const productCouponDiscount = sum((l) => l.couponDiscount);
  return {
    lines,
    subtotal: sum((l) => l.subtotal),
    levelDiscount: sum((l) => l.levelDiscount),
    volumeDiscount: sum((l) => l.volumeDiscount),
    productCouponDiscount,
    orderCouponId,
    orderCouponDiscount,
    couponDiscount: productCouponDiscount + orderCouponDiscount,
    goodsAmount,
    deliveryFee,
    supplyAmount,
    vat,
    total,
    cashUsed,
    payAmount: total - cashUsed,
    refusals,
  };
}

export type QtyProblem =
  { code: 'CART_QTY_MIN'; min: number } | { code: 'CART_QTY_STEP'; step: number } | { code: 'CART_OUT_OF_STOCK'; stock: number };

/** Does `qty` follow the vintage's case pack and fit its stock? The first problem, or null. */
export function qtyProblem(qty: number, pack: { orderStep: number; minQty: number; stock: number }): QtyProblem | null {
  if (pack.stock <= 0 || qty > pack.stock) return { code: 'CART_OUT_OF_STOCK', stock: Math.max(0, pack.stock) };
  if (qty < pack.minQty) return { code: 'CART_QTY_MIN', min: pack.minQty };
  if (qty % pack.orderStep !== 0) return { code: 'CART_QTY_STEP', step: pack.orderStep };
  return null;
}

export type StockState = 'IN_STOCK' | 'LOW' | 'SOLD_OUT';

/** Low: less than two cases' worth (at least 12 bottles) left. */
export function stockState(stock: number, caseSize: number): StockState {
  if (stock <= 0) return 'SOLD_OUT';
  return stock < Math.max(12, caseSize * 2) ? 'LOW' : 'IN_STOCK';
}
