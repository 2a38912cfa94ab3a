import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cacheHub } from '@podo/cache';
import { buildApp } from '@podo/api';
import { openDatabase, rowsOf } from '@podo/db';
import { VIEWERS_TAG } from '../session';
import { auth, loginToken, staffToken } from '../../../../../tests/helpers/accounts';
import { postgresOnly } from '../../../../../tests/helpers/postgres-only';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
let buyer: string;
let pending: string;
/** Three wines of the demo catalogue with one vintage each set up for the tests. */
let wine: { a: number; b: number; c: number; va: number; vb: number; vc: number; other: number };

beforeAll(async () => {
  t = await createTestApp({}, { catalog: true });
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  pending = await loginToken(t, 'pending@example.com', 'Pending!2345');
  const rows = rowsOf<{ product_id: number; id: number }>(
    await t.db.db.execute(sql`
      select distinct on (v.product_id) v.product_id, v.id from product_vintages v
      join products p on p.id = v.product_id and p.is_published
      where v.is_on_sale order by v.product_id, v.year desc nulls last, v.id desc limit 4`),
  );
  const [a, b, c, d] = rows;
  if (!a || !b || !c || !d) throw new Error('the demo catalogue has fewer than four wines');
  wine = { a: a.product_id, va: a.id, b: b.product_id, vb: b.id, c: c.product_id, vc: c.id, other: d.id };
  // a: by the bottle, 40 in stock, tiers 6+ 3 % and 12+ 5 %; b: by the 6-case, 30 in stock; c: sold out.
  await t.db.db.execute(
    sql`update product_vintages set stock = 40, order_step = 1, min_qty = 1, case_size = 12, trade_price = 30000 where id = ${wine.va}`,
  );
  await t.db.db.execute(
    sql`insert into vintage_volume_tiers (vintage_id, min_qty, discount_bp) values (${wine.va}, 6, 300), (${wine.va}, 12, 500)`,
  );
  await t.db.db.execute(
    sql`update product_vintages set stock = 30, order_step = 6, min_qty = 6, case_size = 6, trade_price = 20000 where id = ${wine.vb}`,
  );
  await t.db.db.execute(sql`update product_vintages set stock = 0 where product_id = ${wine.c}`);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: object, lang = 'ko-KR') =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...(token ? auth(token) : {}), 'accept-language': lang }, payload });
const cart = async (token = buyer) => (await call('GET', '/cart?businessType=B2B', token)).json().data;
const empty = async () => {
  const ids = ((await cart()).lines as { idProduct: number }[]).map((l) => l.idProduct);
  if (ids.length) expect((await call('POST', '/cart', buyer, { idProducts: ids, businessType: 'B2B' })).statusCode).toBe(200);
};

describe('cart (spec §7 Cart)', () => {
  it('is for approved buyers: a visitor gets 401, a member waiting for approval NOT_APPROVED', async () => {
    expect((await call('GET', '/cart', null)).statusCode).toBe(401);
    const r = await call('POST', '/cart/add', pending, { items: [{ idProduct: wine.a, qty: 1 }] });
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('NOT_APPROVED');
    expect(rowsOf(await t.db.db.execute(sql`select 1 from cart_items`))).toHaveLength(0);
  });

  it('adds a wine at its current vintage and prices it on the server at the buyer level, with VAT', async () => {
    await empty();
    // Prices or totals a client sends are not part of the call and change nothing.
    const r = await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.a, qty: 12, price: 1, unitPrice: 1 }], total: 1 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('장바구니에 담았습니다.');
    const c = r.json().data;
    expect(c).toMatchObject({ businessType: 'B2B', count: 1, bottles: 12, level: { code: 'GENERAL', name: '일반', discountRate: 0 } });
    expect(c.lines[0]).toMatchObject({
      idProduct: wine.a,
      idVintage: wine.va,
      currentVintage: true,
      qty: 12,
      stock: 40,
      stockState: 'IN_STOCK',
      orderStep: 1,
      basePrice: 30000,
      unitPrice: 30000,
      subtotal: 360000,
      volumeDiscount: 18000,
      amount: 342000,
      problem: null,
    });
    // 342,000 of goods (free delivery from 300,000): 공급가액 342,000 + 부가세 34,200 = 합계 376,200.
    expect(c.amounts).toMatchObject({
      subtotal: 360000,
      volumeDiscount: 18000,
      deliveryFee: 0,
      supplyAmount: 342000,
      vat: 34200,
      total: 376200,
    });
  });

  it('shows a higher level its own price', async () => {
    const id = rowsOf<{ id: number }>(await t.db.db.execute(sql`select id from users where email = 'buyer@example.com'`))[0]?.id;
    // A level set behind the server's back is announced as the level job does (members are kept a few seconds).
    const setLevel = async (level: string) => {
      await t.db.db.execute(sql`update users set buyer_level = ${level} where id = ${id}`);
      cacheHub(t.db.db).invalidate([VIEWERS_TAG]);
    };
    await setLevel('GOLD');
    try {
      const line = (await cart()).lines[0];
      // 5 % off 30,000.
      expect(line).toMatchObject({ basePrice: 30000, unitPrice: 28500 });
    } finally {
      await setLevel('GENERAL');
    }
  });

  it('adds to a line, follows the case pack and the stock, and explains a refusal with the wine name', async () => {
    await empty();
    expect((await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.b, qty: 6 }] })).statusCode).toBe(200);
    const step = await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.b, qty: 4 }] });
    expect(step.statusCode).toBe(400);
    expect(step.json().code).toBe('CART_QTY_STEP');
    expect(step.json().message).toMatch(/6병 단위\(케이스\)로 주문할 수 있습니다/);
    const min = await call(
      'POST',
      '/cart/add',
      buyer,
      {
        items: [
          { idProduct: wine.a, qty: 1 },
          { idProduct: wine.b, qty: 1 },
        ],
      },
      'en-US',
    );
    expect(min.json()).toMatchObject({ code: 'CART_QTY_STEP' });
    const more = await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.b, qty: 30 }] });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'CART_OUT_OF_STOCK' });
    expect(more.json().message).toMatch(/남은 재고 30병/);
    // Each refusal changed nothing, the first wine of the refused batch included.
    expect((await cart()).lines.map((l: { idProduct: number; qty: number }) => [l.idProduct, l.qty])).toEqual([[wine.b, 6]]);
    const ok = await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.b, qty: 12 }] });
    expect(ok.json().data.lines[0]).toMatchObject({ qty: 18, stockState: 'IN_STOCK', caseSize: 6, minQty: 6 });
    const sold = await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.c, qty: 1 }] }, 'en-US');
    expect(sold.json()).toMatchObject({ code: 'CART_OUT_OF_STOCK' });
    expect(sold.json().message).toMatch(/not enough stock \(0 bottles left\)/);
  });

  it('changes and removes lines; a vintage must be the wine’s own', async () => {
    await empty();
    await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.a, qty: 2 }] });
    const m = await call('PUT', '/cart/modify', buyer, { idProduct: wine.a, qty: 5, businessType: 'B2B' });
    expect(m.statusCode).toBe(200);
    expect(m.json().data.lines[0]).toMatchObject({ qty: 5, volumeDiscount: 0 });
    expect((await call('PUT', '/cart/modify', buyer, { idProduct: wine.b, qty: 6 })).json().code).toBe('CART_LINE_NOT_FOUND');
    expect((await call('PUT', '/cart/modify', buyer, { idProduct: wine.a, qty: 0 })).statusCode).toBe(400);
    const wrong = await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.a, idVintage: wine.other, qty: 1 }] });
    expect(wrong.json().code).toBe('VINTAGE_NOT_FOUND');
    expect((await call('POST', '/cart/add', buyer, { items: [{ idProduct: 99_999_999, qty: 1 }] })).json().code).toBe('PRODUCT_NOT_FOUND');
    expect((await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.a, qty: 1 }], businessType: 'B2C' })).statusCode).toBe(400);
    const chosen = await call('PUT', '/cart/modify', buyer, { idProduct: wine.a, idVintage: wine.va, qty: 5 });
    expect(chosen.json().data.lines[0]).toMatchObject({ idVintage: wine.va, currentVintage: false });
    const gone = await call('POST', '/cart', buyer, { idProducts: [wine.a, 12345], businessType: 'B2B' }, 'en-US');
    expect(gone.json()).toMatchObject({ message: 'Removed from your cart.', data: { count: 0, lines: [] } });
  });

  it('lives on the server: another login of the same buyer sees the same cart', async () => {
    await empty();
    await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.a, qty: 3 }] });
    const phone = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
    expect((await cart(phone)).lines.map((l: { idProduct: number }) => l.idProduct)).toEqual([wine.a]);
  });

  it('marks a line that can no longer be ordered as it is, and leaves it out of the amounts', async () => {
    await empty();
    await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.a, qty: 12 }] });
    await t.db.db.execute(sql`update product_vintages set stock = 10 where id = ${wine.va}`);
    try {
      const c = await cart();
      expect(c.lines[0]).toMatchObject({ problem: 'CART_OUT_OF_STOCK', stockState: 'LOW' });
      expect(c.lines[0].problemMessage).toMatch(/남은 재고 10병/);
      expect(c.amounts.total).toBe(0);
    } finally {
      await t.db.db.execute(sql`update product_vintages set stock = 40 where id = ${wine.va}`);
    }
  });

  it('subscribes to and leaves a restock notice for a sold-out wine', async () => {
    const on = await call('POST', `/cart/restock-noti/product/B2B/${wine.c}/B2B`, buyer);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ message: '재입고되면 알려 드릴게요.', data: { idProduct: wine.c, subscribed: true } });
    expect((await call('POST', `/cart/restock-noti/product/B2B/${wine.c}/B2B`, buyer)).statusCode).toBe(200);
    expect(rowsOf(await t.db.db.execute(sql`select 1 from restock_subscriptions where product_id = ${wine.c}`))).toHaveLength(1);
    expect((await call('POST', '/cart/restock-noti/product/B2B/99999999/B2B', buyer)).json().code).toBe('PRODUCT_NOT_FOUND');
    expect((await call('POST', `/cart/restock-noti/product/B2B/${wine.c}/B2B`, pending)).statusCode).toBe(403);
    const off = await call('DELETE', `/cart/restock-noti/product/${wine.c}/B2B`, buyer);
    expect(off.json()).toMatchObject({ data: { subscribed: false } });
    expect(rowsOf(await t.db.db.execute(sql`select 1 from restock_subscriptions where product_id = ${wine.c}`))).toHaveLength(0);
  });
});

describe('the cart answer, kept per buyer until something in it changes', () => {
  const stockOf = async () => (await cart()).lines.find((l: { idProduct: number }) => l.idProduct === wine.a)?.stock;

  it('is read again after every writer: cart changes, stock by the admin, restock notices, an order', async () => {
    await empty();
    await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.a, qty: 2 }] });
    expect(await stockOf()).toBe(40);
    // A change nobody announces (SQL behind the server's back) is not seen: the answer is kept.
    await t.db.db.execute(sql`update product_vintages set stock = 39 where id = ${wine.va}`);
    expect(await stockOf()).toBe(40);
    // The admin's stock call announces the wine: the next reading shows it.
    const admin = await staffToken(t, 'admin@example.com');
    const set = await call('PATCH', `/admin/wines/vintages/${wine.va}/stock`, admin, { stock: 38 });
    expect(set.statusCode).toBe(200);
    expect(await stockOf()).toBe(38);
    // The buyer's own changes, in every form.
    await call('PUT', '/cart/modify', buyer, { idProduct: wine.a, qty: 3, businessType: 'B2B' });
    expect((await cart()).lines[0].qty).toBe(3);
    await call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.b, qty: 6 }] });
    expect((await cart()).count).toBe(2);
    await call('POST', '/cart', buyer, { idProducts: [wine.b], businessType: 'B2B' });
    expect((await cart()).count).toBe(1);
    // A wine that sold out after it was put in the cart (a sold-out wine cannot be added).
    await t.db.db.execute(
      sql`insert into cart_items (user_id, product_id, qty) select id, ${wine.c}, 1 from users where email = 'buyer@example.com'`,
    );
    const line = () => cart().then((c) => c.lines.find((l: { idProduct: number }) => l.idProduct === wine.c));
    await call('POST', `/cart/restock-noti/product/B2B/${wine.c}/B2B`, buyer);
    expect((await line())?.restockSubscribed).toBe(true);
    // The wine is back: the notice goes out, and the cart shows it sent.
    const vc = rowsOf<{ id: number }>(
      await t.db.db.execute(sql`select id from product_vintages where product_id = ${wine.c} order by id limit 1`),
    )[0]!.id;
    expect((await call('PATCH', `/admin/wines/vintages/${vc}/stock`, admin, { stock: 5 })).json().restockNotices).toBe(true);
    // The queued job runs here (this test app runs no workers).
    expect(await t.app.deps.jobs.drain('notify-restock')).toBe(1);
    expect(await line()).toMatchObject({ restockSubscribed: false, stock: 5 });
    await call('PATCH', `/admin/wines/vintages/${vc}/stock`, admin, { stock: 0 });
    await call('POST', '/cart', buyer, { idProducts: [wine.c], businessType: 'B2B' });
    // An order takes its wines out of the cart.
    const order = await call('POST', '/commerce/orders', buyer, {
      type: 'PICKUP',
      paymentMethod: 'BANK_TRANSFER',
      depositorName: '김바이어',
      products: [{ idProduct: wine.a, qty: 3 }],
    });
    expect(order.statusCode, order.body).toBe(201);
    expect((await cart()).lines).toEqual([]);
    await t.db.db.execute(sql`update product_vintages set stock = 40 where id = ${wine.va}`);
    cacheHub(t.db.db).invalidate([`product:${wine.a}`]);
  });
});

describe('the cart answer across server processes', postgresOnly('two server processes on one database'), () => {
  it('shows a change made through another process at the next reading', async () => {
    const db = await openDatabase({ url: t.config.databaseUrl, poolMax: 2 });
    const other = await buildApp({ config: t.config, db, logger: false });
    try {
      await empty();
      expect((await cart()).count).toBe(0);
      const r = await other.inject({
        method: 'POST',
        url: '/api/v1/cart/add',
        headers: auth(buyer),
        payload: { items: [{ idProduct: wine.a, qty: 1 }] },
      });
      expect(r.statusCode).toBe(200);
      // The announcement travels by LISTEN/NOTIFY: a moment, not the answer's five seconds.
      const t0 = Date.now();
      while ((await cart()).count === 0 && Date.now() - t0 < 5_000) await new Promise((done) => setTimeout(done, 20));
      expect((await cart()).count).toBe(1);
      // Half the cache's lifetime: a loaded machine delays the notice, a missed one waits the lifetime out.
      expect(Date.now() - t0).toBeLessThan(2_500);
    } finally {
      await other.close();
      await db.close();
    }
  });
});

describe('cart under concurrency', postgresOnly('parallel sessions'), () => {
  it('never holds more of a line than the stock, whatever arrives at once', async () => {
    await empty();
    // 20 adds of 6 bottles of b (30 in stock, by the 6-case): exactly 5 fit.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/cart/add', buyer, { items: [{ idProduct: wine.b, qty: 6 }] })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect((await cart()).lines[0].qty).toBe(30);
  });
});
