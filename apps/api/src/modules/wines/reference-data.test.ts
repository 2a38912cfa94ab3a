import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@podo/i18n';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { apiCalls } from './test-fixtures';

/**
 * Without demo data (DEMO_DATA=false, a production start) the portfolio works empty: the migrations bring the
 * reference rows the filters and menus are built from, in the five languages.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});
afterAll(() => t.close());

const { get } = apiCalls(() => t.app);

describe('reference data from the migrations alone', () => {
  it('lists the six wine kinds, named in every interface language', async () => {
    for (const lang of LANGUAGES) {
      const r = await get('/wines/kinds?serviceType=BRAND', { lang });
      expect(r.statusCode, r.body).toBe(200);
      const items = r.json()._embedded.items as { code: string; name: string; qty: number }[];
      expect(items.map((k) => k.code)).toEqual(['RED', 'WHITE', 'SPARKLING', 'ROSE', 'DESSERT', 'FORTIFIED']);
      expect(items.every((k) => k.name && k.qty === 0)).toBe(true);
    }
    expect((await get('/wines/kinds?serviceType=BRAND', { lang: 'ja-JP' })).json()._embedded.items[0].name).toBe('赤ワイン');
  });

  it('answers the filters, an empty list and an empty search with 200', async () => {
    const facets = await get('/wines/left-filter?serviceType=BRAND');
    expect(facets.statusCode, facets.body).toBe(200);
    expect(facets.json().data.levels.map((l: { code: string }) => l.code)).toEqual(['ICON', 'PREMIUM', 'CLASSIC', 'DAILY']);
    expect(facets.json().data.featured).toHaveLength(5);
    const list = await get('/brand/wines/products?idKinds=1');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()._embedded.items).toEqual([]);
    const search = await get(`/brand/wines/products?query=${encodeURIComponent('레드')}`);
    expect(search.statusCode, search.body).toBe(200);
    expect((await get('/wineries')).statusCode).toBe(200);
  });
});
