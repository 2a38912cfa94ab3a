import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCommerceDemo } from '@podo/db';
import { ORDER_STATUSES } from '@podo/contracts';
import { auth, loginToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp({}, { catalog: true });
  expect(await seedCommerceDemo(t.db.db)).toBe(true);
  expect(await seedCommerceDemo(t.db.db)).toBe(false);
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
});
afterAll(() => t.close());

const get = async (url: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth(buyer) });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};

describe('demo trade history', () => {
  it('gives the demo buyer orders in every state over six months, cash, coupons, credit and a cart', async () => {
    const orders = await get('/commerce/orders?size=50');
    expect(new Set(orders.items.map((o: { status: string }) => o.status))).toEqual(new Set(ORDER_STATUSES));
    const oldest = orders.items[orders.items.length - 1];
    expect(Date.now() - Date.parse(oldest.createdAt)).toBeGreaterThan(150 * 86400000);
    for (const o of orders.items) {
      const d = await get(`/commerce/orders/${o.oid}`);
      expect(d.amounts.total).toBe(d.amounts.supplyAmount + d.amounts.vat);
      expect(d.amounts.vat).toBe(Math.floor(d.amounts.supplyAmount / 10));
      expect(d.events[d.events.length - 1].status).toBe(d.status);
    }
    const cash = await get('/commerce/cashes');
    expect(cash.balance).toBeGreaterThan(0);
    expect(cash.items.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['CHARGE', 'USE', 'REFUND', 'ADJUST']));
    expect((await get('/commerce/cashes/available')).available).toBe(cash.balance);
    const coupons = await get('/commerce/coupons');
    expect(new Set(coupons.map((c: { state: string }) => c.state))).toEqual(new Set(['USABLE', 'USED', 'EXPIRED']));
    const cart = await get('/cart');
    expect(cart.lines).toHaveLength(2);
    expect(cart.lines.every((l: { problem: string | null }) => l.problem === null)).toBe(true);
  });
});
