import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users, vintageLevelPrices } from '@podo/db';
import { auth, loginToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { insertFixtures, type Fixtures } from '../wines/test-fixtures';

let t: TestApp;
let fx: Fixtures;
let buyer: string;
let pending: string;
beforeAll(async () => {
  t = await createTestApp();
  fx = await insertFixtures(t.db.db);
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  pending = await loginToken(t, 'pending@example.com', 'Pending!2345');
});
afterAll(() => t.close());

const get = (url: string, token?: string, lang = 'ko-KR') =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...(token ? auth(token) : {}), 'accept-language': lang } });
const setLevel = (level: string) => t.db.db.update(users).set({ buyerLevel: level }).where(eq(users.email, 'buyer@example.com'));
/** The buyer's lowest trade price of the Margaux fixture wine, on its list card. */
async function margauxTradePrice() {
  const r = await get(`/brand/wines/products?idWineries=${fx.wineries.MARGAUX}&sort=SCORE_DESC`, buyer);
  expect(r.statusCode, r.body).toBe(200);
  return r.json()._embedded.items[0].tradePrice as number;
}

describe('buyer levels', () => {
  it('lists 일반 / 실버 / 골드 / VIP with criteria and benefits, and the caller’s level', async () => {
    const r = await get('/commerce/levels', buyer);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({
      current: 'GENERAL',
      levels: [
        { code: 'GENERAL', name: '일반', rank: 1, discountRate: 0, minMonthlyPaid: 0 },
        { code: 'SILVER', name: '실버', rank: 2, discountRate: 3, minMonthlyPaid: 3_000_000 },
        { code: 'GOLD', name: '골드', rank: 3, discountRate: 5, minMonthlyPaid: 10_000_000 },
        { code: 'VIP', name: 'VIP', rank: 4, discountRate: 8, minMonthlyPaid: 30_000_000 },
      ],
    });
    const ja = await get('/commerce/levels', pending, 'ja-JP');
    expect(ja.json().data.current).toBeNull();
    expect(ja.json().data.levels.map((l: { name: string }) => l.name)).toEqual(['一般', 'シルバー', 'ゴールド', 'VIP']);
    expect((await get('/commerce/levels')).statusCode).toBe(401);
  });

  it("prices a buyer's wines by level: the discount off the trade price, or the level's own price", async () => {
    const base = await margauxTradePrice();
    expect(base).toBe(950_000);
    try {
      await setLevel('SILVER');
      expect(await margauxTradePrice()).toBe(950_000 - 28_500);
      await setLevel('VIP');
      expect(await margauxTradePrice()).toBe(950_000 - 76_000);
      // A vintage's own price for the level wins over the discount.
      await t.db.db.execute(
        sql`insert into vintage_level_prices (vintage_id, buyer_level, price) select id, 'VIP', 800000 from product_vintages where product_id = ${fx.wines.margaux}`,
      );
      expect(await margauxTradePrice()).toBe(800_000);
      // The vintages on sale follow the same rule.
      const vintages = await get(`/wines/products/${fx.wines.margaux}/vintages`, buyer);
      const onSale = vintages.json()._embedded.items as { tradePrice: number | null }[];
      expect(onSale.length).toBeGreaterThan(0);
      expect(onSale.map((v) => v.tradePrice)).toEqual(onSale.map(() => 800_000));
    } finally {
      await t.db.db.delete(vintageLevelPrices).where(sql`true`);
      await setLevel('GENERAL');
    }
  });

  it('gives a member approved by an admin the entry level', async () => {
    const admin = await loginToken(t, 'admin@example.com', 'Admin!2345');
    const [member] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, 'pending@example.com'));
    const r = await t.app.inject({ method: 'POST', url: `/api/v1/admin/members/${member?.id}/approve`, headers: auth(admin) });
    expect(r.statusCode, r.body).toBe(200);
    const [row] = await t.db.db.select({ level: users.buyerLevel }).from(users).where(eq(users.email, 'pending@example.com'));
    expect(row?.level).toBe('GENERAL');
  });
});
