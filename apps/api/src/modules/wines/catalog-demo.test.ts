import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { normalizeSearch, type TAreaCountry, type TKind, type TProductPage } from '@podo/contracts';
import { freshIp } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

/**
 * The wine calls against the demo catalogue (seedCatalog). Ids are discovered through the lookups, never
 * hard-coded, and counts are checked against each other and against the database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { catalog: true });
});
afterAll(() => t.close());

const get = async (url: string, lang = 'ko-KR') => {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'accept-language': lang }, remoteAddress: freshIp() });
  expect(r.statusCode, `${url}: ${r.body.slice(0, 200)}`).toBe(200);
  return r.json();
};
const total = async (qs: string) => ((await get(`/brand/wines/products?${qs}`)) as TProductPage).page.totalElements;
const dbCount = async (where: ReturnType<typeof sql>) => {
  const r = (await t.db.db.execute(sql`select count(*)::int as n from products where is_published and ${where}`)) as unknown as {
    rows: { n: number }[];
  };
  return r.rows[0]!.n;
};

describe('demo catalogue', () => {
  it('kinds, areas and grapes add up to the list totals', async () => {
    const all = await total('');
    expect(all).toBeGreaterThanOrEqual(200);
    const kinds: TKind[] = (await get('/wines/kinds?serviceType=BRAND'))._embedded.items;
    expect(kinds.map((k) => k.code).sort()).toEqual(['DESSERT', 'FORTIFIED', 'RED', 'ROSE', 'SPARKLING', 'WHITE']);
    expect(kinds.reduce((n, k) => n + k.qty, 0)).toBe(all);
    for (const k of kinds) expect(await total(`idKinds=${k.id}`), k.code).toBe(k.qty);
    const countries: TAreaCountry[] = (await get('/wines/production-areas?serviceType=BRAND'))._embedded.countries;
    expect(countries.length).toBeGreaterThanOrEqual(8);
    expect(countries.reduce((n, c) => n + c.qty, 0)).toBe(all);
    const area = countries[0]!.productionAreas.find((a) => a.qty > 0)!;
    expect(await total(`idProductionAreas=${area.id}`)).toBe(area.qty);
    expect(await total(`countryName=${encodeURIComponent(countries[0]!.name)}`)).toBe(countries[0]!.qty);
    const grapes = (await get('/wines/types?serviceType=BRAND')).types.content as { id: number; qty: number }[];
    expect(grapes.length).toBeGreaterThanOrEqual(30);
    const grape = grapes.find((g) => g.qty > 0)!;
    expect(await total(`idTypes=${grape.id}`)).toBe(grape.qty);
  });

  it('left-filter facets match the list for every kind under a country filter', async () => {
    const kinds: TKind[] = (await get('/wines/kinds?serviceType=BRAND'))._embedded.items;
    const fr = (await get('/wines/production-areas?serviceType=BRAND'))._embedded.countries.find(
      (c: TAreaCountry) => c.countryCode === 'FR',
    ) as TAreaCountry;
    const facets = (await get('/wines/left-filter?serviceType=BRAND&countryCodes=FR')).data;
    expect(facets.total).toBe(fr.qty);
    for (const k of kinds) {
      const qty = facets.kinds.find((x: TKind) => x.id === k.id).qty;
      expect(await total(`countryCodes=FR&idKinds=${k.id}`), k.code).toBe(qty);
    }
  });

  it('Korean and Latin searches find exactly the wines whose names, grapes or regions contain the text', async () => {
    for (const q of ['샤또', '피노', '까베르네', '샤', '르', 'chateau', 'CHÂTEAU', 'pinot noir']) {
      const n = normalizeSearch(q);
      const expected = await dbCount(sql`search_text like ${`%${n}%`}`);
      expect(expected, q).toBeGreaterThan(0);
      expect(await total(`query=${encodeURIComponent(q)}`), q).toBe(expected);
    }
  });

  it('pages through a filtered list without gaps or repeats', async () => {
    const kinds: TKind[] = (await get('/wines/kinds?serviceType=BRAND'))._embedded.items;
    const red = kinds.find((k) => k.code === 'RED')!;
    for (const sort of ['RECOMMEND', 'PRICE_ASC', 'NAME_ASC', 'NEWEST']) {
      const seen = new Set<number>();
      for (let page = 1; ; page++) {
        const p: TProductPage = await get(`/brand/wines/products?idKinds=${red.id}&size=50&page=${page}&sort=${sort}`);
        for (const item of p._embedded.items) seen.add(item.id);
        if (page >= p.page.totalPages) break;
      }
      expect(seen.size, sort).toBe(red.qty);
    }
  });

  it('answers a detail page and its winery for the first wine', async () => {
    const first = ((await get('/brand/wines/products?size=1')) as TProductPage)._embedded.items[0]!;
    const d = (await get(`/wines/brand-products/${first.id}`)).data;
    expect(d.id).toBe(first.id);
    expect(d.vintageList.length).toBeGreaterThan(0);
    expect(d.related.length).toBeLessThanOrEqual(8);
    expect(d.image).toMatch(/^\/api\/v1\/media\//);
    const w = (await get(`/wineries/${d.wineryCard.id}`)).data;
    expect(w.productCount).toBe(d.wineryCard.productCount);
    const wines: TProductPage = await get(`/wineries/${w.id}/production-wines?size=100`);
    expect(wines.page.totalElements).toBe(w.productCount);
  });

  it('answers the demo wine and its winery in Japanese and Chinese, with no Korean fallback', async () => {
    const first = ((await get('/brand/wines/products?size=1')) as TProductPage)._embedded.items[0]!;
    const hangul = /[\uac00-\ud7a3]/;
    const ja = (await get(`/wines/brand-products/${first.id}`, 'ja-JP')).data;
    for (const field of ['description', 'tastingNote', 'pairing', 'winemaking'] as const) {
      expect(ja[field], field).toMatch(/[\u3040-\u30ff]/); // kana: written in Japanese
      expect(ja[field], field).not.toMatch(hangul);
      expect(ja, field).not.toHaveProperty(`${field}Lang`);
    }
    expect(ja.wineryCard.description).toMatch(/[\u3040-\u30ff]/);
    const tw = (await get(`/wineries/${ja.wineryCard.id}`, 'zh-TW')).data;
    expect(tw.description).not.toMatch(hangul);
    expect(tw.description).toMatch(/[酒莊釀]/); // traditional characters
    expect(tw).not.toHaveProperty('descriptionLang');
    const cn = (await get(`/wines/brand-products/${first.id}`, 'zh-CN')).data;
    expect(cn.pairing).toMatch(/^适合搭配/);
  });

  it('winery countries add up to the winery list', async () => {
    const countries = (await get('/wineries/countries'))._embedded.countries as { countryCode: string; qty: number }[];
    const all = (await get('/wineries?size=1')).page.totalElements;
    expect(all).toBeGreaterThanOrEqual(60);
    expect(countries.reduce((n, c) => n + c.qty, 0)).toBe(all);
    const c = countries[0]!;
    expect((await get(`/wineries?countryCodes=${c.countryCode}&size=1`)).page.totalElements).toBe(c.qty);
  });
});
