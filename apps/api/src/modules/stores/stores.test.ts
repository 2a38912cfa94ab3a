import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, seedContentDemo } from '@podo/db';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false, catalog: true });
  expect(await seedContentDemo(t.db.db)).toBe(true);
  expect(await seedContentDemo(t.db.db)).toBe(false);
});
afterAll(() => t.close());

const get = (url: string, lang = 'ko-KR') => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'accept-language': lang } });
const json = async (url: string, lang = 'ko-KR') => {
  const r = await get(url, lang);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
interface Card {
  id: number;
  name: string;
  nameLang: string;
  company: { id: number; code: string; name: string };
  siNm: string;
  address: string;
  phone: string;
  options: { code: string; name: string }[];
  wineCount: number;
}
const items = async (url: string, lang = 'ko-KR') => (await json(url, lang))._embedded.items as Card[];

describe('stores', () => {
  it('loads 30+ demo stores in 8+ 시/도, store 1 in Seoul with the wines the catalogue links to it', async () => {
    const page = await json('/stores?size=100');
    expect(page.page.totalElements).toBeGreaterThanOrEqual(30);
    const all = page._embedded.items as Card[];
    expect(new Set(all.map((s) => s.siNm)).size).toBeGreaterThanOrEqual(8);
    expect(all[0]).toMatchObject({ id: 1, siNm: '서울특별시', company: { code: 'LOTTE_MART', name: '롯데마트' } });
    for (const s of all) expect(s.phone).toMatch(/^0\d{1,2}-\d{3,4}-\d{4}$/);
    // Several stores sell wines, as the product list's store filter says.
    const withWines = all.filter((s) => s.wineCount > 0);
    expect(withWines.length).toBeGreaterThanOrEqual(5);
    for (const s of withWines.slice(0, 3)) {
      const products = await t.app.inject({ method: 'GET', url: `/api/v1/brand/wines/products?idStore=${s.id}&size=1` });
      expect(products.json().page.totalElements).toBe(s.wineCount);
    }
    expect(all.some((s) => s.wineCount === 0)).toBe(true);
  });

  it('filters by 시/도, company, options (all of them) and text; sorts and pages', async () => {
    const seoul = await items(`/stores?size=100&siNms=${encodeURIComponent('서울특별시')}`);
    expect(seoul.length).toBeGreaterThan(3);
    expect(seoul.every((s) => s.siNm === '서울특별시')).toBe(true);
    const two = await items(`/stores?size=100&siNms=${encodeURIComponent('부산광역시,제주특별자치도')}`);
    expect(new Set(two.map((s) => s.siNm))).toEqual(new Set(['부산광역시', '제주특별자치도']));
    // Repeated parameters are a list too.
    const repeated = await items(
      `/stores?size=100&siNms=${encodeURIComponent('부산광역시')}&siNms=${encodeURIComponent('제주특별자치도')}`,
    );
    expect(repeated.map((s) => s.id)).toEqual(two.map((s) => s.id));

    const companies = (await json('/stores/companies'))._embedded.items as { id: number; code: string; qty: number }[];
    const emart = companies.find((c) => c.code === 'EMART')!;
    const byCompany = await items(`/stores?size=100&idCompanies=${emart.id}`);
    expect(byCompany).toHaveLength(emart.qty);
    expect(byCompany.every((s) => s.company.code === 'EMART')).toBe(true);

    const both = await items('/stores?size=100&options=TASTING,CELLAR');
    expect(both.length).toBeGreaterThan(0);
    for (const s of both) expect(s.options.map((o) => o.code)).toEqual(expect.arrayContaining(['TASTING', 'CELLAR']));
    expect(both[0]!.options[0]!.name).toBeTypeOf('string');

    // Text in a name, an address, a company name, an English name; a % is text.
    expect((await items(`/stores?query=${encodeURIComponent('센텀')}`)).map((s) => s.name)).toEqual(['신세계백화점 센텀시티점']);
    expect((await items(`/stores?size=100&query=${encodeURIComponent('해운대구')}`)).length).toBe(2);
    expect((await items(`/stores?size=100&query=${encodeURIComponent('현대백화점')}`)).every((s) => s.company.code === 'HYUNDAI')).toBe(
      true,
    );
    expect((await items('/stores?query=jamsil'))[0]!.id).toBe(1);
    expect(await items('/stores?query=%25')).toEqual([]);

    const byName = (await items('/stores?size=100&sort=NAME')).map((s) => s.name);
    expect(byName).toEqual([...byName].sort());
    const newest = await items('/stores?size=3&sort=NEWEST');
    expect(newest[0]!.id).toBeGreaterThan(newest[1]!.id);
    const wines = (await items('/stores?size=100&sort=WINES_DESC')).map((s) => s.wineCount);
    expect(wines).toEqual([...wines].sort((a, b) => b - a));

    const p2 = await json('/stores?size=5&page=2');
    expect(p2.page).toMatchObject({ size: 5, number: 2 });
    expect(p2._embedded.items).toHaveLength(5);
    expect(await json('/stores?page=99')).toMatchObject({ _embedded: { items: [] }, page: { totalElements: p2.page.totalElements } });
  });

  it('names sorts, options, companies in the request language and counts stores per 시/도', async () => {
    expect((await json('/stores/sort-types'))._embedded.items.map((s: { code: string }) => s.code)).toEqual([
      'RECOMMEND',
      'NAME',
      'NEWEST',
      'WINES_DESC',
    ]);
    expect((await json('/stores/sort-types', 'en-US'))._embedded.items[1]).toEqual({ code: 'NAME', name: 'Name' });
    expect((await json('/stores/options'))._embedded.items).toContainEqual({ code: 'PARKING', name: '주차 가능' });
    expect((await json('/stores/options', 'ja-JP'))._embedded.items).toContainEqual({ code: 'TASTING', name: '試飲可' });
    const si = (await json('/stores/siNms'))._embedded.items as { siNm: string; qty: number }[];
    expect(si[0]!.siNm).toBe('서울특별시');
    expect(si.length).toBeGreaterThanOrEqual(8);
    expect(si.reduce((n, s) => n + s.qty, 0)).toBe((await json('/stores')).page.totalElements);
    const companies = (await json('/stores/companies', 'zh-CN'))._embedded.items as { code: string; name: string }[];
    expect(companies.find((c) => c.code === 'LOTTE_MART')!.name).toBe('乐天玛特');
  });

  it('shows one store with its company, labelled options, coordinates and wine count; Korean where untranslated', async () => {
    const s = (await json('/stores/1', 'en-US')).data;
    expect(s).toMatchObject({
      id: 1,
      name: 'Lotte Mart Jamsil',
      nameLang: 'en-US',
      company: { name: 'Lotte Mart' },
      siNm: '서울특별시',
      sggNm: '송파구',
      address: '서울특별시 송파구 올림픽로 240',
      hoursLang: 'en-US',
      options: [
        { code: 'PARKING', name: 'Parking' },
        { code: 'TASTING', name: 'Tasting' },
        { code: 'DELIVERY', name: 'Delivery' },
      ],
    });
    expect(s.latitude).toBeCloseTo(37.511, 3);
    expect(s.longitude).toBeCloseTo(127.0982, 3);
    expect(s.wineCount).toBeGreaterThan(0);
    expect((await json('/stores/1', 'ja-JP')).data).toMatchObject({ name: '롯데마트 잠실점', nameLang: 'ko-KR', hoursLang: 'ja-JP' });
  });

  it('hides unpublished stores', async () => {
    const [row] = rowsOf<{ id: number }>(
      await t.db.db
        .execute(sql`insert into stores (company_id, name, si_nm, sgg_nm, address, phone, hours, latitude, longitude, is_published)
        values (1, '{"ko-KR": "비공개 테스트점"}', '세종특별자치시', '세종시', '세종특별자치시 한누리대로 1', '044-000-0000',
          '{"ko-KR": "휴업"}', 36.48, 127.28, false) returning id`),
    );
    expect((await get(`/stores/${row!.id}`)).statusCode).toBe(404);
    expect(await items(`/stores?query=${encodeURIComponent('비공개')}`)).toEqual([]);
    expect(((await json('/stores/siNms'))._embedded.items as { siNm: string }[]).some((s) => s.siNm === '세종특별자치시')).toBe(false);
    // A 시/도 without stores is a known value: an empty list, not an error.
    expect(await items(`/stores?siNms=${encodeURIComponent('세종특별자치시')}`)).toEqual([]);
  });

  it('answers bad input with a localized 4xx naming the field', async () => {
    const notFound = await get('/stores/99999', 'en-US');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().code).toBe('NOT_FOUND');
    expect((await get('/stores/abc')).statusCode).toBe(400);

    const badSi = await get(`/stores?siNms=${encodeURIComponent('서울시')}`);
    expect(badSi.statusCode).toBe(400);
    expect(badSi.json()).toEqual({ code: 'UNKNOWN_FILTER_VALUE', message: '시/도: 존재하지 않는 값입니다. (서울시)' });
    const badOption = await get('/stores?options=PARKING,POOL', 'en-US');
    expect(badOption.json()).toEqual({ code: 'UNKNOWN_FILTER_VALUE', message: 'Store services: no such value (POOL).' });
    const badCompany = await get('/stores?idCompanies=1,9999', 'en-US');
    expect(badCompany.json()).toEqual({ code: 'UNKNOWN_FILTER_VALUE', message: 'Store company: no such value (9999).' });

    for (const url of [
      '/stores?idCompanies=abc',
      '/stores?siNms=Seoul',
      '/stores?options=a-b',
      '/stores?sort=PRICE',
      '/stores?page=0',
      '/stores?size=101',
      `/stores?query=${'가'.repeat(51)}`,
    ]) {
      const r = await get(url, 'en-US');
      expect(r.statusCode, url).toBe(400);
      expect(r.json().code, url).toBe('VALIDATION_FAILED');
    }
    expect((await get('/stores?sort=PRICE', 'en-US')).json().message).toMatch(/^Sort: /);
  });
});
