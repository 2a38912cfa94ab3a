import { describe, expect, it } from 'vitest';
import { price, qtyProblem, stockState, vatOf, type PricingCoupon, type PricingInput, type PricingLine } from './pricing';

const now = new Date('2026-11-24T03:00:00Z');
const line = (over: Partial<PricingLine> = {}): PricingLine => ({
  productId: 1,
  vintageId: 11,
  kindId: 1,
  qty: 6,
  basePrice: 30_000,
  unitPrice: 30_000,
  tiers: [],
  ...over,
});
const coupon = (over: Partial<PricingCoupon> & { id: number }): PricingCoupon => ({
  scope: 'ORDER',
  kind: 'AMOUNT',
  amount: 10_000,
  rateBp: 0,
  minAmount: 0,
  maxDiscount: null,
  productId: null,
  kindId: null,
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2026-12-31T15:00:00Z'),
  usedAt: null,
  ...over,
});
const input = (over: Partial<PricingInput> = {}): PricingInput => ({
  lines: [line()],
  orderCoupons: [],
  productCoupons: [],
  coupons: new Map(),
  cash: { requested: 0, available: 0 },
  delivery: { fee: 5_000, freeFrom: 300_000 },
  now,
  ...over,
});

describe('pricing', () => {
  it('adds VAT to the supply amount the way a tax invoice does: 10 %, rounded down to the won', () => {
    expect(vatOf(180_000)).toBe(18_000);
    expect(vatOf(123_459)).toBe(12_345);
    // 6 × 30,000 = 180,000 of goods, below the free-delivery threshold: 5,000 delivery is part of the supply.
    const b = price(input());
    expect(b).toMatchObject({
      subtotal: 180_000,
      deliveryFee: 5_000,
      supplyAmount: 185_000,
      vat: 18_500,
      total: 203_500,
      payAmount: 203_500,
    });
  });

  it('shows what the level saved and takes the best volume tier the line reaches', () => {
    const tiers = [
      { minQty: 6, discountBp: 300 },
      { minQty: 12, discountBp: 500 },
    ];
    const b = price(input({ lines: [line({ qty: 12, basePrice: 31_000, unitPrice: 29_450, tiers })] }));
    const l = b.lines[0];
    expect(l).toMatchObject({ subtotal: 353_400, levelDiscount: 18_600, volumeBp: 500, volumeDiscount: 17_670, amount: 335_730 });
    // Over 300,000 after discounts: free delivery.
    expect(b).toMatchObject({ deliveryFee: 0, supplyAmount: 335_730, vat: 33_573, total: 369_303 });
    expect(price(input({ lines: [line({ qty: 5, tiers })] })).lines[0]?.volumeBp).toBe(0);
  });

  it('applies a product coupon to its wine or kind and one order coupon to the rest, each explained when refused', () => {
    const coupons = new Map([
      [1, coupon({ id: 1, scope: 'PRODUCT', kind: 'RATE', rateBp: 1000, maxDiscount: 15_000, kindId: 1 })],
      [2, coupon({ id: 2, amount: 20_000, minAmount: 200_000 })],
      [3, coupon({ id: 3, endsAt: new Date('2026-11-20T00:00:00Z') })],
      [4, coupon({ id: 4, usedAt: new Date('2026-11-10T00:00:00Z') })],
      [5, coupon({ id: 5, scope: 'PRODUCT', kind: 'AMOUNT', amount: 5_000, productId: 99 })],
    ]);
    const lines = [line({ qty: 6, unitPrice: 40_000 }), line({ productId: 2, vintageId: 21, kindId: 2, qty: 3, unitPrice: 20_000 })];
    const b = price(
      input({
        lines,
        coupons,
        productCoupons: [
          { productId: 1, couponId: 1 },
          { productId: 2, couponId: 5 },
          { productId: 2, couponId: 77 },
        ],
        orderCoupons: [3, 4, 2],
      }),
    );
    // 10 % of 240,000 capped at 15,000.
    expect(b.lines[0]).toMatchObject({ couponId: 1, couponDiscount: 15_000, amount: 225_000 });
    expect(b.lines[1]).toMatchObject({ couponId: null, amount: 60_000 });
    expect(b).toMatchObject({ orderCouponId: 2, orderCouponDiscount: 20_000, goodsAmount: 265_000, couponDiscount: 35_000 });
    expect(b.refusals.map((r) => [r.code, r.couponId])).toEqual([
      ['COUPON_NOT_APPLICABLE', 5],
      ['COUPON_NOT_FOUND', 77],
      ['COUPON_EXPIRED', 3],
      ['COUPON_USED', 4],
    ]);
    // Below the order coupon's minimum once the product coupon is taken off.
    const low = price(
      input({ lines: [line({ qty: 6, unitPrice: 35_000 })], coupons, productCoupons: [{ productId: 1, couponId: 1 }], orderCoupons: [2] }),
    );
    expect(low.refusals).toEqual([{ code: 'COUPON_MIN_AMOUNT', couponId: 2, values: { min: 200_000 } }]);
    expect(low.orderCouponDiscount).toBe(0);
  });

  it('never discounts below zero and refuses a second order coupon', () => {
    const coupons = new Map([
      [1, coupon({ id: 1, amount: 500_000 })],
      [2, coupon({ id: 2 })],
    ]);
    const b = price(input({ coupons, orderCoupons: [1, 2], delivery: null }));
    expect(b).toMatchObject({ orderCouponDiscount: 180_000, goodsAmount: 0, supplyAmount: 0, vat: 0, total: 0 });
    expect(b.refusals).toEqual([{ code: 'COUPON_DUPLICATE', couponId: 2 }]);
  });

  it('uses cash up to the total and refuses more than the balance', () => {
    expect(price(input({ cash: { requested: 50_000, available: 100_000 } }))).toMatchObject({ cashUsed: 50_000, payAmount: 153_500 });
    expect(price(input({ cash: { requested: 900_000, available: 900_000 } }))).toMatchObject({ cashUsed: 203_500, payAmount: 0 });
    const over = price(input({ cash: { requested: 150_000, available: 100_000 } }));
    expect(over.refusals).toEqual([{ code: 'CASH_EXCEEDS_BALANCE', values: { available: 100_000 } }]);
  });

  it('checks a quantity against the case pack and the stock', () => {
    const pack = { orderStep: 6, minQty: 6, stock: 30 };
    expect(qtyProblem(12, pack)).toBeNull();
    expect(qtyProblem(3, pack)).toEqual({ code: 'CART_QTY_MIN', min: 6 });
    expect(qtyProblem(8, pack)).toEqual({ code: 'CART_QTY_STEP', step: 6 });
    expect(qtyProblem(36, pack)).toEqual({ code: 'CART_OUT_OF_STOCK', stock: 30 });
    expect(stockState(0, 12)).toBe('SOLD_OUT');
    expect(stockState(20, 12)).toBe('LOW');
    expect(stockState(30, 12)).toBe('IN_STOCK');
  });
});
