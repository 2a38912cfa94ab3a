import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cacheHub } from '@podo/cache';
import { users, vintageLevelPrices } from '@podo/db';
import { auth, loginToken, staffToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { VIEWERS_TAG } from '../session';
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
/** Sets the buyer's level the way the monthly evaluation does: the write, then cached viewers and lists go. */
const setLevel = async (level: string) => {
  await t.db.db.update(users).set({ buyerLevel: level }).where(eq(users.email, 'buyer@example.com'));
  cacheHub(t.db.db).invalidate(['catalog', VIEWERS_TAG]);
};
/** The buyer's lowest trade price of the Margaux fixture wine, on its list card. */
async function margauxTradePrice() {
  const r = await get(`/brand/wines/products?idWineries=${fx.wineries.MARGAUX}&sort=SCORE_DESC`, buyer);
  expect(r.statusCode, r.body).toBe(200);
  return r.json()._embedded.items[0].tradePrice as number;
}

describe('buyer levels', () => {
  it('lists 일반 / 실버 / 골드 / VIP with criteria and benefits, and the caller’s level', async () => {
    const r = await get('/commerce/buyer-levels', buyer);
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
    const ja = await get('/commerce/buyer-levels', pending, 'ja-JP');
    expect(ja.json().data.current).toBeNull();
    expect(ja.json().data.levels.map((l: { name: string }) => l.name)).toEqual(['一般', 'シルバー', 'ゴールド', 'VIP']);
    expect((await get('/commerce/buyer-levels')).statusCode).toBe(401);
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
      cacheHub(t.db.db).invalidate(['catalog']);
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
    const admin = await staffToken(t, 'admin@example.com');
    const [member] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, 'pending@example.com'));
    const r = await t.app.inject({ method: 'POST', url: `/api/v1/admin/members/${member?.id}/approve`, headers: auth(admin) });
    expect(r.statusCode, r.body).toBe(200);
    const [row] = await t.db.db.select({ level: users.buyerLevel }).from(users).where(eq(users.email, 'pending@example.com'));
    expect(row?.level).toBe('GENERAL');
  });
});

describe('monthly level evaluation', () => {
  /** A paid order of the buyer of `total` KRW (incl. VAT), paid at `paidAt`. */
  async function paidOrder(total: number, paidAt: Date, status = 'DELIVERED') {
    const supply = Math.ceil(total / 1.1);
    await t.db.db.execute(sql`
      insert into orders (oid, user_id, type, status, payment_method, subtotal, supply_amount, vat, total, pay_amount, buyer, paid_at, created_at)
      select ${`t-${paidAt.getTime()}-${total}`.slice(0, 20)}, id, 'PICKUP', ${status}, 'BANK_TRANSFER', ${supply}, ${supply}, ${total - supply}, ${total}, ${total},
        '{"fullName":"김바이어","email":"buyer@example.com","mobile":null,"companyName":null,"businessNumber":null}'::jsonb, ${paidAt.toISOString()}::timestamptz, ${paidAt.toISOString()}::timestamptz
      from users where email = 'buyer@example.com'`);
  }

  it('sets each buyer’s level from last month’s payments, once per month across processes, and shows next month’s', async () => {
    const { evaluateLevels, kstMonthStart } = await import('./levels');
    const { serviceCtx } = await import('../../deps');
    const ctx = serviceCtx(t.app.deps, t.app.log);
    await setLevel('GENERAL');
    const now = new Date('2026-12-01T00:30:00+09:00');
    // November (Korea time): 2,000,000 + 1,500,000 paid, one cancelled order that does not count; October's does not either.
    await paidOrder(2_000_000, new Date('2026-11-03T10:00:00+09:00'));
    await paidOrder(1_500_000, new Date('2026-11-30T23:59:00+09:00'));
    await paidOrder(9_000_000, new Date('2026-11-15T10:00:00+09:00'), 'CANCELLED');
    await paidOrder(9_000_000, new Date('2026-10-31T23:00:00+09:00'));
    expect(kstMonthStart(now, -1).toISOString()).toBe('2026-10-31T15:00:00.000Z');
    const runs = await Promise.all([evaluateLevels(ctx, now), evaluateLevels(ctx, now)]);
    expect(runs.filter((r) => r === null)).toHaveLength(1);
    const [me] = await t.db.db.select({ level: users.buyerLevel }).from(users).where(eq(users.email, 'buyer@example.com'));
    expect(me?.level).toBe('SILVER');
    expect(await evaluateLevels(ctx, new Date('2026-12-20T00:00:00+09:00'))).toBeNull();

    const next = (await get('/commerce/buyer-levels/next-month', buyer)).json().data;
    // This month is the real one: what it earns follows from what was paid in it so far.
    expect(next.current).toBe('SILVER');
    expect(next.nextMonth.minMonthlyPaid).toBeLessThanOrEqual(next.paidThisMonth);
    expect(next.nextLevel.level.minMonthlyPaid).toBeGreaterThan(next.paidThisMonth);
    expect(next.nextLevel.remaining).toBe(next.nextLevel.level.minMonthlyPaid - next.paidThisMonth);
    await setLevel('GENERAL');
  });
});
