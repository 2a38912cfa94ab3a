import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductPage } from '@podo/contracts';
import { auth, freshIp, loginToken } from '../../../../../tests/helpers/accounts';
import { first, present } from '../../../../../tests/helpers/items';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { apiCalls, insertFixtures, type Fixtures } from '../wines/test-fixtures';

interface Vintage {
  id: number;
  retailPrice: number;
  tradePrice: number | null;
}

describe('PATCH /api/v1/admin/wines/vintages/:id', () => {
  let t: TestApp;
  let fx: Fixtures;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixtures(t.db.db);
    admin = await loginToken(t, 'admin@example.com', 'Admin!2345');
    buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  });
  afterAll(() => t?.close());

  const { get } = apiCalls(() => t.app);
  const patch = (id: number | string, body: unknown, token: string | null = admin, lang = 'en-US') =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/wines/vintages/${id}`,
      payload: body as object,
      headers: { 'accept-language': lang, ...(token ? auth(token) : {}) },
      remoteAddress: freshIp(),
    });
  const opusVintage = () => first(present(fx.vintages.opus, 'the opus vintages'));

  it('needs an admin: 401 without a token, 403 ADMIN_ONLY for a buyer', async () => {
    expect((await patch(opusVintage(), { retailPrice: 1 }, null)).statusCode).toBe(401);
    const r = await patch(opusVintage(), { retailPrice: 1 }, buyer);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('ADMIN_ONLY');
  });

  it('refuses a bad price with a localized 400, and an unknown vintage with 404', async () => {
    const message = async (body: unknown, lang = 'en-US') => {
      const r = await patch(opusVintage(), body, admin, lang);
      expect(r.statusCode, r.body).toBe(400);
      return r.json().message as string;
    };
    expect(await message({})).toBe('Request body: Enter a retail price, a trade price or both.');
    expect(await message({ price: 1000 })).toBe('Request body: Enter a retail price, a trade price or both.');
    expect(await message({}, 'ko-KR')).toBe('요청 본문: 소비자가나 공급가 중 하나 이상을 입력해 주세요.');
    expect(await message({ retailPrice: -1 })).toBe('Retail price: Enter a value of 0 or more.');
    expect(await message({ tradePrice: 1.5 })).toBe('Trade price: Enter a valid number.');
    expect(await message({ retailPrice: '1000' })).toBe('Retail price: Enter a valid number.');
    expect(await message({ tradePrice: -5 }, 'ja-JP')).toMatch(/^卸価格/);
    expect(await message({ retailPrice: 100_000_001 })).toMatch(/^Retail price: /);
    const unknown = await patch(999_999, { retailPrice: 1000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested information could not be found.' });
    expect((await patch('abc', { retailPrice: 1000 })).statusCode).toBe(400);
  });

  it("changes the price and shows it at once: visitors' cached list and detail, the buyer's trade price, the bounds", async () => {
    const wine = present(fx.wines.opus, 'the opus fixture');
    const listUrl = `/brand/wines/products?idWineries=${fx.wineries.OPUS}`;
    const card = async (token?: string) => {
      const page = (await get(listUrl, { token })).json() as TProductPage;
      return present(
        page._embedded.items.find((p) => p.id === wine),
        'the wine in the list',
      );
    };
    const vintage = async (token?: string) =>
      first((await get(`/wines/brand-products/${wine}`, { token })).json().data.vintageList as Vintage[]);
    const bounds = async () => (await get('/wines/left-filter')).json().data.priceRange as { min: number; max: number };

    // Visitors' answers and the bounds are cached now.
    expect(await card()).toMatchObject({ retailPrice: 2_500_000, tradePrice: null });
    expect(await vintage()).toMatchObject({ retailPrice: 2_500_000, tradePrice: null });
    expect(await card(buyer)).toMatchObject({ retailPrice: 2_500_000, tradePrice: 2_000_000 });
    expect((await bounds()).max).toBe(2_500_000);

    const r = await patch(opusVintage(), { retailPrice: 12_345, tradePrice: 9_870 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      data: { id: opusVintage(), productId: wine, year: 2018, retailPrice: 12_345, tradePrice: 9_870, isOnSale: true },
    });

    expect(await card()).toMatchObject({ retailPrice: 12_345, tradePrice: null });
    expect(await vintage()).toMatchObject({ retailPrice: 12_345, tradePrice: null });
    expect(await card(buyer)).toMatchObject({ retailPrice: 12_345, tradePrice: 9_870 });
    expect(await vintage(buyer)).toMatchObject({ retailPrice: 12_345, tradePrice: 9_870 });
    expect(await bounds()).toMatchObject({ min: 12_345 });
    expect((await bounds()).max).toBeLessThan(2_500_000);

    // One price alone leaves the other.
    expect((await patch(opusVintage(), { tradePrice: 9_000 })).json().data).toMatchObject({ retailPrice: 12_345, tradePrice: 9_000 });
    expect(await vintage(buyer)).toMatchObject({ retailPrice: 12_345, tradePrice: 9_000 });
  });
});
