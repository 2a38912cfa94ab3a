import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '@podo/db';
import { serviceCtx } from '../../deps';
import { auth, loginToken, staffToken } from '../../../../../tests/helpers/accounts';
import { postgresOnly } from '../../../../../tests/helpers/postgres-only';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { cancelOverdueOrders } from './orders';
import { expireCash, lapsedAmount } from './wallet';

let t: TestApp;
let smtp: TestSmtpServer;
let buyer: string;
let admin: string;
let buyerId: number;
let shipId: number;
/** a: by the bottle, 30,000, tiers; b: by the 6-case, 20,000; big: plenty for the parallel tests. */
const w = { a: 0, va: 0, kindA: 0, b: 0, vb: 0, big: 0, vbig: 0 };
const coupon = { order: 0, rate: 0, expired: 0, other: 0 };

const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.db.execute(query));
const one = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => {
  const [row] = await q<T>(query);
  if (!row) throw new Error('no row');
  return row;
};

/** Gives a member a coupon; returns the member coupon id. */
async function giveCoupon(
  userId: number,
  def: {
    scope?: string;
    kind?: string;
    amount?: number;
    rateBp?: number;
    min?: number;
    max?: number | null;
    kindId?: number | null;
    productId?: number | null;
    ended?: boolean;
  },
) {
  const c = await one<{ id: number }>(sql`
    insert into coupons (name, scope, kind, amount, rate_bp, min_amount, max_discount, kind_id, product_id, starts_at, ends_at)
    values (${JSON.stringify({ 'ko-KR': '테스트 쿠폰' })}::jsonb, ${def.scope ?? 'ORDER'}, ${def.kind ?? 'AMOUNT'}, ${def.amount ?? 0}, ${def.rateBp ?? 0},
      ${def.min ?? 0}, ${def.max ?? null}, ${def.kindId ?? null}, ${def.productId ?? null}, now() - interval '10 days',
      ${def.ended ? sql`now() - interval '1 day'` : sql`now() + interval '30 days'`})
    returning id`);
  const mc = await one<{ id: number }>(sql`insert into member_coupons (coupon_id, user_id) values (${c.id}, ${userId}) returning id`);
  return mc.id;
}

async function setCash(userId: number, amount: number) {
  await t.db.db.execute(sql`delete from cash_entries where user_id = ${userId}`);
  await t.db.db.execute(sql`update users set cash_balance = ${amount} where id = ${userId}`);
  if (amount > 0)
    await t.db.db.execute(sql`insert into cash_entries (user_id, type, amount, memo) values (${userId}, 'CHARGE', ${amount}, 'test')`);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { catalog: true });
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  admin = await staffToken(t, 'admin@example.com');
  buyerId = (await one<{ id: number }>(sql`select id from users where email = 'buyer@example.com'`)).id;
  shipId = (await one<{ id: number }>(sql`select id from ship_addresses where user_id = ${buyerId} and is_default`)).id;
  const rows = await q<{ product_id: number; id: number; kind_id: number }>(sql`
    select distinct on (v.product_id) v.product_id, v.id, p.kind_id from product_vintages v
    join products p on p.id = v.product_id and p.is_published
    where v.is_on_sale order by v.product_id, v.year desc nulls last, v.id desc limit 3`);
  const [a, b, big] = rows;
  if (!a || !b || !big) throw new Error('the demo catalogue has fewer than three wines');
  Object.assign(w, { a: a.product_id, va: a.id, kindA: a.kind_id, b: b.product_id, vb: b.id, big: big.product_id, vbig: big.id });
  await t.db.db.execute(sql`update product_vintages set stock = 40, order_step = 1, min_qty = 1, trade_price = 30000 where id = ${w.va}`);
  await t.db.db.execute(sql`insert into vintage_volume_tiers (vintage_id, min_qty, discount_bp) values (${w.va}, 12, 500)`);
  await t.db.db.execute(
    sql`update product_vintages set stock = 30, order_step = 6, min_qty = 6, case_size = 6, trade_price = 20000 where id = ${w.vb}`,
  );
  await t.db.db.execute(
    sql`update product_vintages set stock = 100000, order_step = 1, min_qty = 1, trade_price = 10000 where id = ${w.vbig}`,
  );
  coupon.order = await giveCoupon(buyerId, { amount: 10000, min: 100000 });
  coupon.rate = await giveCoupon(buyerId, { scope: 'PRODUCT', kind: 'RATE', rateBp: 1000, max: 20000, kindId: w.kindA });
  coupon.expired = await giveCoupon(buyerId, { amount: 5000, ended: true });
  await setCash(buyerId, 100000);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  token: string | null,
  payload?: object,
  headers: Record<string, string> = {},
  lang = 'ko-KR',
) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...(token ? auth(token) : {}), 'accept-language': lang, ...headers }, payload });
const stockOf = async (vintageId: number) =>
  (await one<{ stock: number }>(sql`select stock from product_vintages where id = ${vintageId}`)).stock;
const cashOf = async (userId = buyerId) => {
  const r = await one<{ balance: number; ledger: number }>(sql`
    select u.cash_balance as balance, (select coalesce(sum(amount), 0)::int from cash_entries e where e.user_id = u.id and e.status = 'DONE') as ledger
    from users u where u.id = ${userId}`);
  // The balance is always the ledger's sum.
  expect(r.balance).toBe(r.ledger);
  return r.balance;
};
const usedAt = async (memberCouponId: number) =>
  (await one<{ used_at: string | null }>(sql`select used_at from member_coupons where id = ${memberCouponId}`)).used_at;

const basket = () => ({
  products: [
    { idProduct: w.a, qty: 12 },
    { idProduct: w.b, qty: 6 },
  ],
  orderCoupons: [coupon.order],
  productCoupons: [{ idProduct: w.a, idCoupon: coupon.rate }],
  useCash: 50000,
});

describe('checkout: calculate', () => {
  it('gives the whole breakdown computed on the server', async () => {
    const r = await call('POST', '/commerce/orders/calculate', buyer, { ...basket(), type: 'DELIVERY', total: 1, price: 1 });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    // a: 12 × 30,000 = 360,000, 5 % volume → 342,000, 10 % coupon capped at 20,000 → 322,000; b: 6 × 20,000 = 120,000.
    expect(d.lines[0]).toMatchObject({
      qty: 12,
      subtotal: 360000,
      volumeRate: 5,
      volumeDiscount: 18000,
      idCoupon: coupon.rate,
      couponDiscount: 20000,
      amount: 322000,
    });
    expect(d.lines[1]).toMatchObject({ qty: 6, amount: 120000 });
    // 442,000 − 10,000 order coupon = 432,000 (free delivery) → VAT 43,200 → 475,200; 50,000 of cash.
    expect(d.amounts).toMatchObject({
      subtotal: 480000,
      volumeDiscount: 18000,
      productCouponDiscount: 20000,
      orderCouponDiscount: 10000,
      deliveryFee: 0,
      supplyAmount: 432000,
      vat: 43200,
      total: 475200,
      cashUsed: 50000,
      payAmount: 425200,
    });
    expect(d).toMatchObject({ idOrderCoupon: coupon.order, cashAvailable: 100000, credit: null, refusals: [] });
    expect(d.deliveryDates.length).toBeGreaterThan(5);
    for (const date of d.deliveryDates) expect([0, 6]).not.toContain(new Date(`${date}T00:00:00Z`).getUTCDay());
  });

  it('explains every refusal in the buyer’s language', async () => {
    const r = await call(
      'POST',
      '/commerce/orders/calculate',
      buyer,
      {
        products: [{ idProduct: w.a, qty: 3 }],
        orderCoupons: [coupon.expired, coupon.order],
        productCoupons: [{ idProduct: w.a, idCoupon: coupon.order }],
        useCash: 900000,
      },
      {},
      'en-US',
    );
    const d = r.json().data;
    expect(d.refusals.map((x: { code: string }) => x.code)).toEqual([
      'COUPON_NOT_APPLICABLE',
      'COUPON_EXPIRED',
      'COUPON_MIN_AMOUNT',
      'CASH_EXCEEDS_BALANCE',
    ]);
    expect(d.refusals[2].message).toBe('That coupon needs an order of at least ₩100,000.');
    expect(d.refusals[3].message).toBe('You cannot use more than your cash balance (₩100,000).');
    expect(d.amounts).toMatchObject({ couponDiscount: 0, cashUsed: 100000 });
    expect((await call('POST', '/commerce/orders/calculate', buyer, { products: [{ idProduct: w.b, qty: 8 }] })).json().code).toBe(
      'CART_QTY_STEP',
    );
  });
});

describe('placing an order', () => {
  it('reserves stock, redeems coupons, debits cash and copies prices and address, then e-mails the deposit details', async () => {
    const before = { a: await stockOf(w.va), b: await stockOf(w.vb), cash: await cashOf() };
    await call('POST', '/cart/add', buyer, {
      items: [
        { idProduct: w.a, qty: 1 },
        { idProduct: w.big, qty: 1 },
      ],
    });
    const r = await call('POST', '/commerce/orders', buyer, {
      ...basket(),
      type: 'DELIVERY',
      paymentMethod: 'BANK_TRANSFER',
      idShip: shipId,
      depositorName: '와인바 포도',
      memo: '오전 배송 부탁드립니다',
    });
    expect(r.statusCode, r.body).toBe(201);
    const o = r.json().data;
    expect(r.json().message).toBe('주문이 접수되었습니다.');
    expect(o.oid).toMatch(/^\d{8}-\d{6}$/);
    expect(o).toMatchObject({
      status: 'AWAITING_DEPOSIT',
      statusName: '입금 대기',
      paymentMethodName: '무통장입금',
      amounts: { supplyAmount: 432000, vat: 43200, total: 475200, cashUsed: 50000, payAmount: 425200 },
      ship: { postalCode: '04044', address2: '1층 와인바 포도' },
      buyer: { companyName: '와인바 포도', businessNumber: '1234567891' },
      deposit: { bankName: '국민은행', accountNumber: '123401-04-567890', depositorName: '와인바 포도', amount: 425200 },
      cancellable: true,
    });
    expect(o.deposit.deadline > new Date(Date.now() + 2 * 86400000).toISOString()).toBe(true);
    expect(await stockOf(w.va)).toBe(before.a - 12);
    expect(await stockOf(w.vb)).toBe(before.b - 6);
    expect(await cashOf()).toBe(before.cash - 50000);
    expect(await usedAt(coupon.order)).not.toBeNull();
    expect(await usedAt(coupon.rate)).not.toBeNull();
    // The ordered wine left the cart; the other stayed.
    const cart = (await call('GET', '/cart', buyer)).json().data;
    expect(cart.lines.map((l: { idProduct: number }) => l.idProduct)).toEqual([w.big]);
    await t.deliver();
    const mail = await smtp.waitFor((m) => m.subject.includes(o.oid));
    expect(mail.subject).toBe(`[포도 와인] 주문 접수 안내 (${o.oid})`);
    expect(mail.text).toContain('입금 계좌: 국민은행 123401-04-567890');
    expect(mail.text).toContain('입금 금액: 425,200원');
    expect(mail.text).toContain('부가세: 43,200원');

    // Reading it back.
    expect((await call('GET', `/commerce/orders/${o.oid}`, buyer)).json().data).toEqual(o);
    expect((await call('GET', `/commerce/orders/total?oid=${o.oid}`, buyer)).json().data).toEqual({
      oid: o.oid,
      status: 'AWAITING_DEPOSIT',
      total: 475200,
      cashUsed: 50000,
      payAmount: 425200,
    });
    expect((await call('POST', '/commerce/orders/latest', buyer)).json().data.oid).toBe(o.oid);
    const list = (await call('GET', '/commerce/orders?status=AWAITING_DEPOSIT', buyer)).json().data;
    expect(list.items[0]).toMatchObject({ oid: o.oid, lineCount: 2, bottles: 18, total: 475200 });
    const ledger = (await call('GET', '/commerce/cashes', buyer)).json().data;
    expect(ledger.items[0]).toMatchObject({ type: 'USE', typeName: '사용', amount: -50000, oid: o.oid });
    const coupons = (await call('GET', '/commerce/coupons?state=USED', buyer)).json().data;
    expect(coupons.map((c: { id: number }) => c.id).sort()).toEqual([coupon.order, coupon.rate].sort());

    // The buyer cancels: everything comes back once.
    const c = await call('POST', `/commerce/orders/${o.oid}/cancel`, buyer, { reason: '수량 변경' });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().data).toMatchObject({ status: 'CANCELLED', cancellable: false });
    expect(c.json().data.events.map((e: { status: string; actor: string }) => [e.status, e.actor])).toEqual([
      ['AWAITING_DEPOSIT', 'BUYER'],
      ['CANCELLED', 'BUYER'],
    ]);
    expect(await stockOf(w.va)).toBe(before.a);
    expect(await stockOf(w.vb)).toBe(before.b);
    expect(await cashOf()).toBe(before.cash);
    expect(await usedAt(coupon.order)).toBeNull();
    expect((await call('POST', `/commerce/orders/${o.oid}/cancel`, buyer, {})).json().code).toBe('ORDER_STATE_INVALID');
    expect(await cashOf()).toBe(before.cash);
    await t.deliver();
    await smtp.waitFor((m) => m.subject === `[포도 와인] 주문 ${o.oid}: 주문 취소`);
  });

  it('refuses what does not hold and changes nothing', async () => {
    const before = {
      a: await stockOf(w.va),
      cash: await cashOf(),
      orders: (await one<{ n: number }>(sql`select count(*)::int as n from orders`)).n,
    };
    const base = {
      products: [{ idProduct: w.a, qty: 2 }],
      type: 'DELIVERY',
      paymentMethod: 'BANK_TRANSFER',
      idShip: shipId,
      depositorName: '포도',
    };
    const codes = [];
    for (const body of [
      { ...base, orderCoupons: [coupon.expired] },
      { ...base, useCash: 200000 },
      { ...base, idShip: undefined },
      { ...base, depositorName: ' ' },
      { ...base, paymentMethod: 'CREDIT' },
      { ...base, paymentMethod: 'CASH', useCash: 10 },
      { ...base, requestedDate: '2026-12-26' },
      { ...base, products: [{ idProduct: w.a, qty: 1000 }] },
      {
        ...base,
        products: [
          { idProduct: w.a, qty: 1 },
          { idProduct: w.a, qty: 1 },
        ],
      },
    ]) {
      const r = await call('POST', '/commerce/orders', buyer, body);
      codes.push(r.json().code);
    }
    expect(codes).toEqual([
      'COUPON_EXPIRED',
      'CASH_EXCEEDS_BALANCE',
      'SHIP_REQUIRED',
      'DEPOSITOR_REQUIRED',
      'CREDIT_NOT_ALLOWED',
      'CASH_NOT_ENOUGH',
      'DELIVERY_DATE_INVALID',
      'CART_OUT_OF_STOCK',
      'ORDER_DUPLICATE_PRODUCT',
    ]);
    expect(await stockOf(w.va)).toBe(before.a);
    expect(await cashOf()).toBe(before.cash);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from orders`)).n).toBe(before.orders);
    const pending = await loginToken(t, 'pending@example.com', 'Pending!2345');
    expect((await call('POST', '/commerce/orders', pending, base)).json().code).toBe('NOT_APPROVED');
  });

  it('answers the same order for the same Idempotency-Key, and 422 for another body', async () => {
    const body = { products: [{ idProduct: w.big, qty: 3 }], type: 'PICKUP', paymentMethod: 'BANK_TRANSFER', depositorName: '포도' };
    const first = await call('POST', '/commerce/orders', buyer, body, { 'idempotency-key': 'order-abc-1' });
    const again = await call('POST', '/commerce/orders', buyer, body, { 'idempotency-key': 'order-abc-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.oid).toBe(first.json().data.oid);
    const other = await call(
      'POST',
      '/commerce/orders',
      buyer,
      { ...body, products: [{ idProduct: w.big, qty: 4 }] },
      { 'idempotency-key': 'order-abc-1' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Pick-up: no delivery fee, no address.
    expect(first.json().data).toMatchObject({
      type: 'PICKUP',
      ship: null,
      amounts: { deliveryFee: 0, supplyAmount: 30000, vat: 3000, total: 33000 },
    });
  });

  it('moves along its states by an admin, mails the buyer, and cancels unpaid orders after the deadline', async () => {
    const body = {
      products: [{ idProduct: w.big, qty: 2 }],
      type: 'DELIVERY',
      paymentMethod: 'BANK_TRANSFER',
      idShip: shipId,
      depositorName: '포도',
    };
    const o = (await call('POST', '/commerce/orders', buyer, body)).json().data;
    expect((await call('PATCH', `/admin/orders/${o.oid}/status`, buyer, { status: 'PAID' })).statusCode).toBe(403);
    expect((await call('PATCH', `/admin/orders/${o.oid}/status`, admin, { status: 'SHIPPED' })).json().code).toBe('ORDER_STATE_INVALID');
    const paid = await call('PATCH', `/admin/orders/${o.oid}/status`, admin, { status: 'PAID', note: '입금 확인' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'PAID', cancellable: true });
    expect(paid.json().data.paidAt).not.toBeNull();
    await t.deliver();
    await smtp.waitFor((m) => m.subject === `[포도 와인] 주문 ${o.oid}: 결제 완료`);
    await call('PATCH', `/admin/orders/${o.oid}/status`, admin, { status: 'PREPARING' });
    expect((await call('POST', `/commerce/orders/${o.oid}/cancel`, buyer, {})).json().code).toBe('ORDER_STATE_INVALID');
    const shipped = await call('PATCH', `/admin/orders/${o.oid}/status`, admin, { status: 'SHIPPED' });
    expect(shipped.json().data.events.map((e: { status: string }) => e.status)).toEqual([
      'AWAITING_DEPOSIT',
      'PAID',
      'PREPARING',
      'SHIPPED',
    ]);
    await t.deliver();
    expect((await smtp.waitFor((m) => m.subject === `[포도 와인] 주문 ${o.oid}: 배송 중`)).text).toContain('1층 와인바 포도');

    // An unpaid order past its deadline: the sweep cancels it once, with stock and cash back.
    const before = await stockOf(w.vbig);
    const late = (await call('POST', '/commerce/orders', buyer, { ...body, useCash: 1000 })).json().data;
    expect(await stockOf(w.vbig)).toBe(before - 2);
    const cash = await cashOf();
    const ctx = serviceCtx(t.app.deps, t.app.log);
    expect(await cancelOverdueOrders(ctx, new Date())).toBe(0);
    const later = new Date(Date.now() + 6 * 86400000);
    // This one and the pick-up order of the test before, both unpaid.
    expect(await cancelOverdueOrders(ctx, later)).toBe(2);
    expect(await cancelOverdueOrders(ctx, later)).toBe(0);
    const gone = (await call('GET', `/commerce/orders/${late.oid}`, buyer)).json().data;
    expect(gone).toMatchObject({ status: 'CANCELLED' });
    expect(gone.events[1]).toMatchObject({ actor: 'SYSTEM', note: '입금 기한이 지나 자동으로 취소되었습니다.' });
    // Both orders' bottles are back (the pick-up order took 3).
    expect(await stockOf(w.vbig)).toBe(before + 3);
    expect(await cashOf()).toBe(cash + 1000);
  });

  it('allows credit terms up to the limit an admin set', async () => {
    await t.db.db.execute(sql`update users set credit_limit = 100000 where id = ${buyerId}`);
    try {
      const body = { products: [{ idProduct: w.big, qty: 5 }], type: 'PICKUP', paymentMethod: 'CREDIT' };
      const calc = (await call('POST', '/commerce/orders/calculate', buyer, body)).json().data;
      expect(calc.credit).toEqual({ limit: 100000, available: 100000 });
      const r = await call('POST', '/commerce/orders', buyer, body);
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().data).toMatchObject({
        status: 'PAID',
        paymentMethodName: '외상(월말 정산)',
        deposit: null,
        amounts: { payAmount: 55000 },
      });
      const over = await call('POST', '/commerce/orders', buyer, body);
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({ code: 'CREDIT_LIMIT_EXCEEDED', message: '외상 한도를 넘습니다. (남은 한도 45,000원)' });
    } finally {
      await t.db.db.execute(sql`update users set credit_limit = null where id = ${buyerId}`);
    }
  });

  it('lists statuses and types from the server, localized', async () => {
    const s = (await call('GET', '/commerce/orders/statuses', buyer, undefined, {}, 'ja-JP')).json().data;
    expect(s.map((x: { code: string }) => x.code)).toEqual(['AWAITING_DEPOSIT', 'PAID', 'PREPARING', 'SHIPPED', 'DELIVERED', 'CANCELLED']);
    expect(s[0].name).toBe('入金待ち');
    expect((await call('GET', '/commerce/orders/types', buyer)).json().data).toEqual([
      { code: 'DELIVERY', name: '배송' },
      { code: 'PICKUP', name: '방문 수령' },
    ]);
  });
});

describe('cash by the importer', () => {
  it('charges and adjusts a buyer’s cash with a ledger entry, never below zero, admins only', async () => {
    const before = await cashOf();
    const charge = await call('POST', `/admin/members/${buyerId}/cash`, admin, { type: 'CHARGE', amount: 200000, memo: '계좌 입금 충전' });
    expect(charge.statusCode, charge.body).toBe(200);
    expect(charge.json()).toMatchObject({ message: '예치금을 반영했습니다.', data: { balance: before + 200000 } });
    expect(await cashOf()).toBe(before + 200000);
    const ledger = (await call('GET', '/commerce/cashes', buyer)).json().data;
    expect(ledger.items[0]).toMatchObject({ type: 'CHARGE', amount: 200000, memo: '계좌 입금 충전', oid: null });
    const tooMuch = await call('POST', `/admin/members/${buyerId}/cash`, admin, { type: 'ADJUST', amount: -(before + 200001) });
    expect(tooMuch.json().code).toBe('CASH_EXCEEDS_BALANCE');
    expect((await call('POST', `/admin/members/${buyerId}/cash`, admin, { type: 'CHARGE', amount: -5 })).statusCode).toBe(400);
    expect((await call('POST', `/admin/members/${buyerId}/cash`, buyer, { type: 'CHARGE', amount: 5 })).statusCode).toBe(403);
    expect((await call('POST', '/admin/members/99999999/cash', admin, { type: 'CHARGE', amount: 5 })).json().code).toBe('NOT_FOUND');
    const back = await call('POST', `/admin/members/${buyerId}/cash`, admin, { type: 'ADJUST', amount: -200000, memo: '정정' });
    expect(back.json().data.balance).toBe(before);
    expect(await cashOf()).toBe(before);
  });

  it('lets a charge lapse: what is left of it at the end of its day becomes an EXPIRE entry, once', async () => {
    await setCash(buyerId, 0);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
    const past = await call(
      'POST',
      `/admin/members/${buyerId}/cash`,
      admin,
      { type: 'CHARGE', amount: 1000, expiresOn: day(-1) },
      {},
      'en-US',
    );
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ code: 'CASH_EXPIRY_PAST', message: 'Enter a validity date for the cash from today on.' });
    const adjust = await call('POST', `/admin/members/${buyerId}/cash`, admin, { type: 'ADJUST', amount: 1000, expiresOn: day(3) });
    expect(adjust.statusCode).toBe(400);
    expect(await cashOf()).toBe(0);

    // 100,000 lapsing in 30 days, 50,000 that never lapses; 30,000 spent comes from the lapsing charge first.
    const charge = await call('POST', `/admin/members/${buyerId}/cash`, admin, { type: 'CHARGE', amount: 100000, expiresOn: day(30) });
    expect(charge.statusCode, charge.body).toBe(200);
    await call('POST', `/admin/members/${buyerId}/cash`, admin, { type: 'CHARGE', amount: 50000 });
    await call('POST', `/admin/members/${buyerId}/cash`, admin, { type: 'ADJUST', amount: -30000, memo: '사용' });
    const ledger = (await call('GET', '/commerce/cashes', buyer)).json().data;
    expect(ledger.items.find((e: { amount: number }) => e.amount === 100000).expiresAt).toBe(`${day(30)}T15:00:00.000Z`);

    const ctx = serviceCtx(t.app.deps, t.app.log);
    expect(await expireCash(ctx, new Date())).toBe(0);
    const later = new Date(Date.now() + 32 * 86_400_000);
    expect(await expireCash(ctx, later)).toBe(70000);
    expect(await expireCash(ctx, later)).toBe(0);
    expect(await cashOf()).toBe(50000);
    const after = (await call('GET', '/commerce/cashes', buyer)).json().data;
    expect(after.items[0]).toMatchObject({ type: 'EXPIRE', typeName: '소멸', amount: -70000 });
    await setCash(buyerId, 0);
  });
});

describe('coupons by the importer', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
  const define = (body: object, token = admin, lang = 'ko-KR') => call('POST', '/admin/coupons', token, body, {}, lang);
  const valid = {
    name: { 'ko-KR': '가을 프로모션 15,000원', 'en-US': 'Autumn ₩15,000 off' },
    scope: 'ORDER',
    kind: 'AMOUNT',
    amount: 15000,
    minAmount: 200000,
  };

  it('defines a coupon with its validity in Korea time, and refuses a definition that cannot work', async () => {
    expect((await define({ ...valid, startsOn: day(0), endsOn: day(30) }, buyer)).statusCode).toBe(403);
    const bad = async (body: object) => {
      const r = await define({ startsOn: day(0), endsOn: day(30), ...body }, admin, 'en-US');
      expect(r.statusCode, r.body).toBeGreaterThanOrEqual(400);
      return r.json() as { code: string; message: string };
    };
    expect((await bad({ ...valid, amount: 0 })).code).toBe('VALIDATION_FAILED');
    expect((await bad({ ...valid, kind: 'RATE' })).message).toMatch(/^Amount: /);
    expect((await bad({ ...valid, scope: 'PRODUCT' })).message).toMatch(/^Applies to: /);
    expect((await bad({ ...valid, startsOn: day(5), endsOn: day(1) })).message).toMatch(/^End date: /);
    expect((await bad({ ...valid, scope: 'PRODUCT', idProduct: 99999999 })).code).toBe('PRODUCT_NOT_FOUND');
    expect(await bad({ ...valid, scope: 'PRODUCT', idKind: 99999 })).toEqual({
      code: 'UNKNOWN_FILTER_VALUE',
      message: 'Wine kind: no such value (99999).',
    });

    const r = await define({ ...valid, startsOn: day(0), endsOn: day(30) });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      message: '쿠폰을 등록했습니다.',
      data: {
        name: '가을 프로모션 15,000원',
        scope: 'ORDER',
        kind: 'AMOUNT',
        amount: 15000,
        minAmount: 200000,
        target: '주문 전체',
        issued: 0,
        used: 0,
      },
    });
    // From the start of the first day to the end of the last, Korea time.
    expect(r.json().data.startsAt).toBe(new Date(`${day(0)}T00:00:00+09:00`).toISOString());
    expect(r.json().data.endsAt).toBe(new Date(Date.parse(`${day(30)}T00:00:00+09:00`) + 86_400_000).toISOString());
    const rate = await define({
      name: { 'ko-KR': '레드 10%' },
      scope: 'PRODUCT',
      kind: 'RATE',
      rate: 10,
      maxDiscount: 30000,
      idKind: w.kindA,
      startsOn: day(0),
      endsOn: day(7),
    });
    expect(rate.statusCode, rate.body).toBe(201);
    expect(rate.json().data).toMatchObject({ kind: 'RATE', rate: 10, maxDiscount: 30000, idKind: w.kindA });
  });

  it('issues a coupon once per approved buyer, to members, a level or everyone, and the buyer can use it', async () => {
    const made = await define({ ...valid, name: { 'ko-KR': '발급 테스트' }, startsOn: day(0), endsOn: day(30) });
    const id = made.json().data.id as number;
    const pendingId = (await one<{ id: number }>(sql`select id from users where email = 'pending@example.com'`)).id;
    const first = await call('POST', `/admin/coupons/${id}/issue`, admin, { userIds: [buyerId, pendingId] });
    expect(first.statusCode, first.body).toBe(200);
    // The member waiting for approval is not a buyer: nothing for them.
    expect(first.json()).toEqual({ message: '쿠폰 1장을 발급했습니다.', data: { issued: 1, already: 0 } });
    const level = await call('POST', `/admin/coupons/${id}/issue`, admin, { level: 'GENERAL' });
    expect(level.json().data.already).toBe(1);
    const all = await call('POST', `/admin/coupons/${id}/issue`, admin, { allBuyers: true });
    expect(all.json().data.issued).toBe(0);
    expect((await call('POST', `/admin/coupons/${id}/issue`, admin, { level: 'NOPE' }, {}, 'en-US')).json().message).toBe(
      'Buyer level: no such value (NOPE).',
    );
    expect((await call('POST', `/admin/coupons/${id}/issue`, admin, { level: 'GENERAL', allBuyers: true })).statusCode).toBe(400);
    expect((await call('POST', '/admin/coupons/99999999/issue', admin, { allBuyers: true })).json().code).toBe('NOT_FOUND');

    const mine = (await call('GET', '/commerce/coupons', buyer)).json().data as { id: number; name: string; state: string }[];
    const held = mine.find((c) => c.name === '발급 테스트');
    expect(held?.state).toBe('USABLE');
    const calc = await call('POST', '/commerce/orders/calculate', buyer, {
      products: [{ idProduct: w.big, qty: 20 }],
      type: 'PICKUP',
      orderCoupons: [held?.id],
    });
    expect(calc.statusCode, calc.body).toBe(200);
    expect(calc.json().data.amounts.couponDiscount).toBe(15000);
    const listed = (await call('GET', '/admin/coupons', admin)).json().data as { id: number; issued: number }[];
    expect(listed.find((c) => c.id === id)?.issued).toBeGreaterThanOrEqual(1);
  });
});

describe('cash that lapses', () => {
  const at = (d: string) => new Date(`${d}T00:00:00Z`);
  const e = (type: string, amount: number, createdAt: string, expiresAt?: string) => ({
    type,
    amount,
    createdAt: at(createdAt),
    expiresAt: expiresAt ? at(expiresAt) : null,
  });
  it('is spent first, and only what is left of it lapses', () => {
    const ledger = [e('CHARGE', 100, '2026-01-01', '2026-03-01'), e('CHARGE', 50, '2026-01-02'), e('USE', -30, '2026-01-03')];
    expect(lapsedAmount(ledger, at('2026-02-01'))).toBe(0);
    expect(lapsedAmount(ledger, at('2026-03-01'))).toBe(70);
    expect(lapsedAmount([...ledger, e('EXPIRE', -70, '2026-03-01')], at('2026-04-01'))).toBe(0);
  });
  it('does not take a later charge for a use made before it', () => {
    const ledger = [
      e('CHARGE', 50, '2026-01-01'),
      e('USE', -50, '2026-01-02'),
      e('CHARGE', 20, '2026-02-01', '2026-03-01'),
      e('REFUND', 10, '2026-02-02'),
    ];
    expect(lapsedAmount(ledger, at('2026-03-02'))).toBe(20);
  });
  it('counts a use made after the lapse but before the sweep against the lapsed charge', () => {
    const ledger = [e('CHARGE', 100, '2026-01-01', '2026-03-01'), e('CHARGE', 10, '2026-01-01'), e('USE', -40, '2026-03-01')];
    // At its time only the unlapsing 10 was valid: it goes first, the lapsed charge gives the other 30.
    expect(lapsedAmount(ledger, at('2026-03-02'))).toBe(70);
  });
});

// ---- on real PostgreSQL: parallel sessions, terminated backends --------------------------------------------------

/** Approved buyers made for the parallel tests (the demo buyer's password). */
async function makeBuyers(n: number, prefix: string): Promise<{ id: number; token: string }[]> {
  const out = [];
  for (let i = 0; i < n; i++) {
    const email = `${prefix}${i}@example.com`;
    const u = await one<{ id: number }>(sql`
      insert into users (email, password_hash, full_name, role, status, buyer_level, lang)
      select ${email}, password_hash, full_name, 'BUYER', 'APPROVED', 'GENERAL', 'ko-KR' from users where email = 'buyer@example.com'
      returning id`);
    out.push({ id: u.id, token: await loginToken(t, email, 'Buyer!2345') });
  }
  return out;
}

describe('orders under concurrency', postgresOnly('parallel sessions and terminated backends'), () => {
  const pickup = (idProduct: number, qty: number, extra: object = {}) => ({
    products: [{ idProduct, qty }],
    type: 'PICKUP',
    paymentMethod: 'BANK_TRANSFER',
    depositorName: '포도',
    ...extra,
  });

  it('sells a vintage with 5 left to exactly 5 of 20 buyers ordering at once', async () => {
    await t.db.db.execute(sql`update product_vintages set stock = 5 where id = ${w.va}`);
    const buyers = await makeBuyers(20, 'rush');
    const answers = await Promise.all(buyers.map((b) => call('POST', '/commerce/orders', b.token, pickup(w.a, 1))));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('CART_OUT_OF_STOCK');
    expect(await stockOf(w.va)).toBe(0);
    const sold = await one<{ n: number }>(
      sql`select coalesce(sum(l.qty), 0)::int as n from order_lines l join orders o on o.id = l.order_id where l.vintage_id = ${w.va} and o.status <> 'CANCELLED'`,
    );
    expect(sold.n).toBe(5);
  });

  it('does not deadlock when two buyers order the same two wines in opposite orders', async () => {
    const [x, y] = await makeBuyers(2, 'cross');
    if (!x || !y) throw new Error('buyers');
    for (let round = 0; round < 10; round++) {
      const [r1, r2] = await Promise.all([
        call('POST', '/commerce/orders', x.token, {
          ...pickup(w.big, 1),
          products: [
            { idProduct: w.big, qty: 1 },
            { idProduct: w.b, qty: 6 },
          ],
        }),
        call('POST', '/commerce/orders', y.token, {
          ...pickup(w.big, 1),
          products: [
            { idProduct: w.b, qty: 6 },
            { idProduct: w.big, qty: 1 },
          ],
        }),
      ]);
      // Both go through or one runs out of b; never a deadlock (which would be a 503 or 500).
      for (const r of [r1, r2]) expect([201, 409], r?.body).toContain(r?.statusCode);
      await t.db.db.execute(sql`update product_vintages set stock = 30 where id = ${w.vb}`);
    }
  });

  it('does not deadlock when an order paid partly in cash is cancelled while its buyer orders the same wine', async () => {
    const [p] = await makeBuyers(1, 'recancel');
    if (!p) throw new Error('buyer');
    await setCash(p.id, 100000);
    for (let round = 0; round < 10; round++) {
      const placed = await call('POST', '/commerce/orders', p.token, pickup(w.big, 1, { useCash: 1000 }));
      expect(placed.statusCode, placed.body).toBe(201);
      // The cancel gives back stock and cash (the wine's row, then the buyer's); the new order takes the buyer's row,
      // then the wine's. Both must go through.
      const [cancelled, next] = await Promise.all([
        call('PATCH', `/admin/orders/${placed.json().data.oid}/status`, admin, { status: 'CANCELLED' }),
        call('POST', '/commerce/orders', p.token, pickup(w.big, 1, { useCash: 1000 })),
      ]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(next.statusCode, next.body).toBe(201);
    }
  });

  it('lets exactly 10 of 50 parallel orders pay 10,000 each from a 100,000 balance', async () => {
    const [p] = await makeBuyers(1, 'cash');
    if (!p) throw new Error('buyer');
    await setCash(p.id, 100000);
    // Each order is 10 bottles at 10,000: 100,000 + 10,000 VAT; 10,000 of it from cash.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/commerce/orders', p.token, pickup(w.big, 10, { useCash: 10000 }))),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(10);
    for (const r of answers.filter((x) => x.statusCode !== 201)) expect(r.json().code).toBe('CASH_EXCEEDS_BALANCE');
    expect(await cashOf(p.id)).toBe(0);
  });

  it('expires a lapsed charge once when several sweeps run at once, while the buyer spends from it', async () => {
    const [p] = await makeBuyers(1, 'lapse');
    if (!p) throw new Error('buyer');
    await setCash(p.id, 0);
    // Three lapsing charges (three rows to claim) and one that stays.
    for (const amount of [30000, 30000, 40000])
      await t.db.db.execute(sql`insert into cash_entries (user_id, type, amount, expires_at, created_at)
        values (${p.id}, 'CHARGE', ${amount}, now() + interval '1 day', now() - interval '1 day')`);
    await t.db.db.execute(sql`insert into cash_entries (user_id, type, amount) values (${p.id}, 'CHARGE', 50000)`);
    await t.db.db.execute(sql`update users set cash_balance = 150000 where id = ${p.id}`);
    const later = new Date(Date.now() + 2 * 86_400_000);
    const ctx = serviceCtx(t.app.deps, t.app.log);
    const [expired] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => expireCash(ctx, later))),
      ...Array.from({ length: 4 }, () => call('POST', '/commerce/orders', p.token, pickup(w.big, 1, { useCash: 10000 }))),
    ]);
    const ledger = await q<{ id: number; type: string; amount: number }>(
      sql`select id, type, amount from cash_entries where user_id = ${p.id} and type in ('USE', 'EXPIRE') order by id`,
    );
    const firstExpiry = ledger.find((e) => e.type === 'EXPIRE');
    if (!firstExpiry) throw new Error('nothing expired');
    // Each took the member's row lock in turn, so the entries' order is the order of the changes: cash spent before
    // the expiry came from the lapsing charges, and only what was left of them lapsed, once.
    const spentBefore = -ledger.filter((e) => e.type === 'USE' && e.id < firstExpiry.id).reduce((a, e) => a + e.amount, 0);
    const spent = -ledger.filter((e) => e.type === 'USE').reduce((a, e) => a + e.amount, 0);
    const lapsed = -ledger.filter((e) => e.type === 'EXPIRE').reduce((a, e) => a + e.amount, 0);
    expect(lapsed).toBe(100000 - spentBefore);
    expect(expired.reduce((a, b) => a + b, 0)).toBe(lapsed);
    expect(await cashOf(p.id)).toBe(150000 - spent - lapsed);
  });

  it('redeems a single-use coupon once among 30 parallel orders', async () => {
    const [p] = await makeBuyers(1, 'coupon');
    if (!p) throw new Error('buyer');
    const c = await giveCoupon(p.id, { amount: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => call('POST', '/commerce/orders', p.token, pickup(w.big, 1, { orderCoupons: [c] }))),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.statusCode !== 201).map((r) => r.json().code))).toEqual(new Set(['COUPON_USED']));
  });

  it('makes one order of ten identical requests with one Idempotency-Key sent at once', async () => {
    const [p] = await makeBuyers(1, 'idem');
    if (!p) throw new Error('buyer');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/commerce/orders', p.token, pickup(w.big, 2), { 'idempotency-key': 'same-key' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((r) => r.json().data.oid)).size).toBe(1);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${p.id}`)).n).toBe(1);
  });

  it('leaves no partial order when the backend is terminated in the middle of one', async () => {
    const [p] = await makeBuyers(1, 'kill');
    if (!p) throw new Error('buyer');
    await setCash(p.id, 50000);
    const c = await giveCoupon(p.id, { amount: 1000 });
    await call('POST', '/cart/add', p.token, { items: [{ idProduct: w.big, qty: 3 }] });
    const stock = await stockOf(w.vbig);
    // Another session holds the wine's row: the order waits at its last step (taking the stock), after every other
    // write. `no key update`, as the order takes it: a stronger lock would stop the order lines' foreign key earlier.
    const blocker = new pg.Client({ connectionString: t.config.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select * from product_vintages where id = $1 for no key update', [w.vbig]);
      const pending = call('POST', '/commerce/orders', p.token, pickup(w.big, 3, { useCash: 5000, orderCoupons: [c] }));
      let victim: number | undefined;
      // Up to 15 s: on a loaded machine the order takes a while to reach its last step (it writes its confirmation first).
      for (let i = 0; i < 300 && victim === undefined; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const waiting = await blocker.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%product_vintages%'`,
        );
        victim = waiting.rows[0]?.pid;
      }
      expect(victim).toBeDefined();
      await blocker.query('select pg_terminate_backend($1)', [victim]);
      const r = await pending;
      expect(r.statusCode).toBe(503);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
    expect((await one<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${p.id}`)).n).toBe(0);
    expect(await stockOf(w.vbig)).toBe(stock);
    expect(await cashOf(p.id)).toBe(50000);
    expect(await usedAt(c)).toBeNull();
    expect((await one<{ n: number }>(sql`select count(*)::int as n from cart_items where user_id = ${p.id}`)).n).toBe(1);
  });
});
