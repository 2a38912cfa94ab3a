import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearch } from '@podo/contracts/search';
import { createTestApp, usingPostgres, type TestApp } from '../../../../tests/helpers/test-app';
import { refreshCatalogDerived } from '../catalog-derived';
import type { Database } from '../client';
import { seedCatalog } from './index';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
async function query<T>(db: Database, q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(q));
}
async function one<T>(db: Database, q: ReturnType<typeof sql>): Promise<T> {
  return (await query<T>(db, q))[0]!;
}

type Derived = {
  id: number;
  country_code: string;
  price_min: number;
  score_max: number;
  search_text: string;
  search_grams: (number | string)[];
};
const derivedOf = (db: Database) =>
  query<Derived>(db, sql`select id, country_code, price_min, score_max, search_text, search_grams from products order by id`);
const wineryDerivedOf = (db: Database) =>
  query<{ id: number; search_text: string; search_grams: unknown[] }>(
    db,
    sql`select id, search_text, search_grams from wineries order by id`,
  );

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await createTestApp({}, { catalog: true });
  db = t.db.db;
});
afterAll(() => t.close());

describe('demo catalogue', () => {
  it('meets the portfolio minimums: wines, wineries, countries, kinds, grapes, areas', async () => {
    const c = await one<Record<string, string | number>>(
      db,
      sql`select
        (select count(*) from products) as wines,
        (select count(*) from wineries) as wineries,
        (select count(distinct country_code) from products) as countries,
        (select count(distinct k.code) from products p join wine_kinds k on k.id = p.kind_id) as kinds,
        (select count(distinct grape_type_id) from product_grapes) as grapes,
        (select count(distinct production_area_id) from products) as areas,
        (select count(*) from wineries w where not exists (select 1 from products p where p.winery_id = w.id)) as empty_wineries`,
    );
    expect(Number(c.wines)).toBeGreaterThanOrEqual(240);
    expect(Number(c.wineries)).toBeGreaterThanOrEqual(70);
    expect(Number(c.countries)).toBeGreaterThanOrEqual(10);
    expect(Number(c.kinds)).toBe(6);
    expect(Number(c.grapes)).toBeGreaterThanOrEqual(30);
    expect(Number(c.areas)).toBeGreaterThanOrEqual(45);
    expect(Number(c.empty_wineries)).toBe(0);
    const kinds = await query<{ code: string }>(db, sql`select code from wine_kinds order by sort_order`);
    expect(kinds.map((k) => k.code)).toEqual(['RED', 'WHITE', 'SPARKLING', 'ROSE', 'DESSERT', 'FORTIFIED']);
  });

  it('gives every wine a picture, at least one vintage, a blend adding up to 100 and sane facts', async () => {
    const bad = await query<{ id: number; why: string }>(
      db,
      sql`select p.id, 'image' as why from products p where jsonb_array_length(p.images) = 0 or p.images->>0 <> '/api/v1/media/wines/' || p.id || '.svg'
          union all select p.id, 'vintage' from products p where not exists (select 1 from product_vintages v where v.product_id = p.id)
          union all select p.id, 'blend' from products p where (select coalesce(sum(percent), 0) from product_grapes g where g.product_id = p.id) <> 100
          union all select p.id, 'volume' from products p where p.volume_ml not in (375, 750, 1500)
          union all select p.id, 'texts' from products p where p.texts->'description'->>'ko-KR' is null or p.texts->'tastingNote'->>'en-US' is null
            or p.texts->'pairing'->>'ko-KR' is null or p.texts->'winemaking'->>'en-US' is null
          union all select p.id, 'level' from products p where p.level_id is null
          union all select v.product_id, 'price' from product_vintages v
            where v.retail_price < 15000 or v.retail_price > 1500000 or v.retail_price % 1000 <> 0
               or v.trade_price < v.retail_price * 0.55 or v.trade_price > v.retail_price * 0.8`,
    );
    expect(bad).toEqual([]);
    const w = await one<{ n: string | number }>(
      db,
      sql`select count(*) as n from wineries w where jsonb_array_length(w.images) = 0 or w.description->>'ko-KR' is null or w.description->>'en-US' is null`,
    );
    expect(Number(w.n)).toBe(0);
  });

  it('writes every description, tasting note, pairing, winemaking and winery story in all five languages', async () => {
    const hangul = /[\uac00-\ud7a3]/;
    const kana = /[\u3040-\u30ff]/;
    const rows = [
      ...(await query<{ id: number; texts: Record<string, Record<string, string>> }>(db, sql`select id, texts from products`)).flatMap(
        (r) => Object.entries(r.texts).map(([field, text]) => ({ where: `wine ${r.id} ${field}`, text })),
      ),
      ...(await query<{ id: number; description: Record<string, string> }>(db, sql`select id, description from wineries`)).map((r) => ({
        where: `winery ${r.id}`,
        text: r.description,
      })),
    ];
    expect(rows.length).toBeGreaterThan(1000);
    const bad: string[] = [];
    for (const { where, text } of rows) {
      if (!text['ko-KR'] || !hangul.test(text['ko-KR'])) bad.push(`${where} ko-KR`);
      for (const lang of ['en-US', 'zh-CN', 'zh-TW', 'ja-JP']) {
        const s = text[lang];
        if (!s || hangul.test(s) || s.includes('undefined')) bad.push(`${where} ${lang}: ${s}`);
      }
      if (!kana.test(text['ja-JP'] ?? '')) bad.push(`${where} ja-JP without kana: ${text['ja-JP']}`);
      if (kana.test(text['zh-CN'] ?? '') || kana.test(text['zh-TW'] ?? '')) bad.push(`${where} Chinese with kana`);
      // Traditional Chinese is its own text, not the simplified one.
      if (text['zh-TW'] === text['zh-CN']) bad.push(`${where} zh-TW = zh-CN`);
    }
    expect(bad.slice(0, 10)).toEqual([]);
    const margaux = await one<{ texts: Record<string, Record<string, string>> }>(
      db,
      sql`select texts from products where name_original = 'Château Margaux'`,
    );
    expect(margaux.texts.tastingNote!['ja-JP']).toContain('ブラックカラント');
    expect(margaux.texts.tastingNote!['zh-CN']).toContain('黑醋栗');
    expect(margaux.texts.description!['zh-TW']).toContain('紅葡萄酒');
  });

  it('matches sugar levels and serving temperatures to the kind, and mostly sells 750 ml bottles', async () => {
    const byKind = await query<{ code: string; sugar_min: number; sugar_max: number; temp_max: number; n: string | number }>(
      db,
      sql`select k.code, min(p.sugar_level) as sugar_min, max(p.sugar_level) as sugar_max, max(p.serving_temp_max) as temp_max, count(*) as n
          from products p join wine_kinds k on k.id = p.kind_id group by k.code`,
    );
    const kind = (code: string) => byKind.find((k) => k.code === code)!;
    expect(kind('DESSERT').sugar_min).toBeGreaterThanOrEqual(4);
    expect(kind('RED').sugar_max).toBeLessThanOrEqual(2);
    expect(kind('SPARKLING').temp_max).toBeLessThanOrEqual(8);
    expect(kind('RED').temp_max).toBe(18);
    const vol = await query<{ volume_ml: number; n: string | number }>(
      db,
      sql`select volume_ml, count(*) as n from products group by volume_ml`,
    );
    const count = (v: number) => Number(vol.find((x) => x.volume_ml === v)?.n ?? 0);
    expect(count(750)).toBeGreaterThan(count(375) + count(1500));
    expect(count(375)).toBeGreaterThan(0);
    expect(count(1500)).toBeGreaterThan(0);
    // Most sparkling and fortified wines are non-vintage.
    const nv = await one<{ nv: string | number; n: string | number }>(
      db,
      sql`select count(*) filter (where v.year is null) as nv, count(*) as n from product_vintages v
          join products p on p.id = v.product_id join wine_kinds k on k.id = p.kind_id where k.code in ('SPARKLING', 'FORTIFIED')`,
    );
    expect(Number(nv.nv) / Number(nv.n)).toBeGreaterThan(0.5);
  });

  it('has data behind every filter: VIP, featured, levels, scores, awards, event / magazine / store links', async () => {
    const c = await one<Record<string, string | number>>(
      db,
      sql`select
        (select count(*) from products where is_vip) as vip,
        (select count(distinct featured_id) from product_featured) as featured,
        (select count(distinct level_id) from products) as levels,
        (select count(*) from products where score_max > 0) as scored,
        (select count(*) from product_awards) as awards,
        (select count(*) from product_links where kind = 'EVENT' and target_id = 1) as event,
        (select count(*) from product_links where kind = 'MAGAZINE' and target_id = 1) as magazine,
        (select count(*) from product_links where kind = 'STORE' and target_id = 1) as store`,
    );
    for (const [key, min] of Object.entries({
      vip: 5,
      featured: 5,
      levels: 4,
      scored: 150,
      awards: 10,
      event: 3,
      magazine: 3,
      store: 10,
    })) {
      expect(Number(c[key]), key).toBeGreaterThanOrEqual(min);
    }
    const names = await one<{ langs: string[] }>(db, sql`select array(select jsonb_object_keys(name)) as langs from grape_types limit 1`);
    expect([...names.langs].sort()).toEqual(['en-US', 'ja-JP', 'ko-KR', 'zh-CN', 'zh-TW']);
  });

  it('finds 1-, 2- and 3-syllable Korean words in the names', async () => {
    for (const q of ['샤', '피노', '샤또', '도멘', '까베르네', '샤르도네', '몬테스', '리제르바']) {
      const r = await one<{ n: string | number }>(
        db,
        sql`select count(*) as n from products where search_text like ${'%' + normalizeSearch(q) + '%'}`,
      );
      expect(Number(r.n), q).toBeGreaterThanOrEqual(5);
    }
  });

  it('keeps the derived columns equal to a recomputation from the tables', async () => {
    const independent = await query<{ id: number }>(
      db,
      sql`select p.id from products p join production_areas a on a.id = p.production_area_id
          where p.country_code <> a.country_code
             or p.price_min <> coalesce((select min(retail_price) from product_vintages v where v.product_id = p.id and v.is_on_sale), 0)
             or p.score_max <> coalesce((select max(score) from product_scores s where s.product_id = p.id), 0)`,
    );
    expect(independent).toEqual([]);

    const before = await derivedOf(db);
    const wineriesBefore = await wineryDerivedOf(db);
    // Break a few rows, refresh only those, then refresh everything: nothing may change from the seed.
    const broken = before.slice(0, 5).map((p) => p.id);
    await db.execute(
      sql`update products set price_min = 1, score_max = 1, country_code = 'KR', search_text = '', search_grams = '{}' where id = any(${sql.param(broken)}::int[])`,
    );
    await db.execute(
      sql`update wineries set search_text = '' where id in (select winery_id from products where id = any(${sql.param(broken)}::int[]))`,
    );
    expect(await refreshCatalogDerived(db, broken)).toMatchObject({ products: 5 });
    expect(await derivedOf(db)).toEqual(before);
    expect(await wineryDerivedOf(db)).toEqual(wineriesBefore);
    await refreshCatalogDerived(db);
    expect(await derivedOf(db)).toEqual(before);
    expect(await wineryDerivedOf(db)).toEqual(wineriesBefore);
  });

  it('migration 0006 gives rows stored before it the trigrams the code stores', async () => {
    const before = await derivedOf(db);
    const wineriesBefore = await wineryDerivedOf(db);
    // Grams as written before trigrams existed: unigrams and bigrams (codes below 2^52) only.
    for (const table of ['products', 'wineries']) {
      await db.execute(
        sql.raw(`update ${table} set search_grams = array(select g from unnest(search_grams) g where g < 4503599627370496 order by g)`),
      );
    }
    expect(await derivedOf(db)).not.toEqual(before);
    const migration = readFileSync(new URL('../../migrations/0006_search-trigrams.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    expect(await derivedOf(db)).toEqual(before);
    expect(await wineryDerivedOf(db)).toEqual(wineriesBefore);
  });

  it('indexes a wine under its Korean and original names, winery, grapes, area, country and kind', async () => {
    const p = await one<{ search_text: string }>(db, sql`select search_text from products where name_original = 'Château Margaux'`);
    for (const part of [
      '샤또 마고',
      'Chateau Margaux',
      '까베르네 소비뇽',
      'Cabernet Sauvignon',
      '赤霞珠',
      '마고',
      '프랑스',
      'France',
      '레드',
    ]) {
      expect(p.search_text, part).toContain(normalizeSearch(part));
    }
    const w = await one<{ search_text: string }>(db, sql`select search_text from wineries where name_original = 'Montes'`);
    for (const part of ['몬테스', 'Montes', '콜차구아 밸리', 'Colchagua', '칠레', 'Chile'])
      expect(w.search_text, part).toContain(normalizeSearch(part));
  });

  it('loads only once, also when two loads race', async () => {
    const count = async (d: Database) => Number((await one<{ n: string | number }>(d, sql`select count(*) as n from products`)).n);
    const n = await count(db);
    expect(await seedCatalog(db)).toEqual({ products: 0, wineries: 0 });
    expect(await count(db)).toBe(n);

    const fresh = await createTestApp({}, { seed: false });
    try {
      const t0 = performance.now();
      const results = await Promise.all([seedCatalog(fresh.db.db), seedCatalog(fresh.db.db)]);
      const ms = performance.now() - t0;
      expect(results.map((r) => r.products).sort((a, b) => a - b)).toEqual([0, n]);
      expect(await count(fresh.db.db)).toBe(n);
      // Well under 2 s on an idle machine; the bound leaves room for a busy test run.
      expect(ms).toBeLessThan(usingPostgres() ? 10_000 : 8_000);
    } finally {
      await fresh.close();
    }
  });
});

describe('synthetic catalogue', () => {
  it('grows the demo catalogue to the requested size with the same lookups, and a small one shrinks it', async () => {
    const big = await createTestApp({}, { seed: false });
    try {
      expect(await seedCatalog(big.db.db, { wines: 900, seed: 7 })).toMatchObject({ products: 900 });
      const c = await one<Record<string, string | number>>(
        big.db.db,
        sql`select (select count(*) from products) as wines,
          (select count(*) from products p where (select sum(percent) from product_grapes g where g.product_id = p.id) <> 100) as bad_blends,
          (select count(*) from products p where not exists (select 1 from product_vintages v where v.product_id = p.id)) as no_vintage,
          (select count(*) from grape_types) as grapes, (select count(distinct name_original) from wineries) as winery_names,
          (select count(*) from wineries) as wineries`,
      );
      expect(Number(c.wines)).toBe(900);
      expect(Number(c.bad_blends)).toBe(0);
      expect(Number(c.no_vintage)).toBe(0);
      expect(Number(c.winery_names)).toBe(Number(c.wineries));
      const before = await derivedOf(big.db.db);
      await refreshCatalogDerived(big.db.db);
      expect(await derivedOf(big.db.db)).toEqual(before);
    } finally {
      await big.close();
    }
    const small = await createTestApp({}, { seed: false });
    try {
      expect(await seedCatalog(small.db.db, { wines: 40 })).toMatchObject({ products: 40 });
      const orphans = await one<{ n: string | number }>(
        small.db.db,
        sql`select count(*) as n from wineries w where not exists (select 1 from products p where p.winery_id = w.id)`,
      );
      expect(Number(orphans.n)).toBe(0);
    } finally {
      await small.close();
    }
  }, 90_000); // a few thousand wines into WebAssembly PostgreSQL: slow on a busy CI host
});

describe('GET /api/v1/media', () => {
  it('draws a wine bottle as cacheable SVG, and answers 304 to its ETag', async () => {
    const { id } = await one<{ id: number }>(db, sql`select id from products where name_original = 'Château Margaux'`);
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/media/wines/${id}.svg` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
    expect(r.headers.etag).toMatch(/^".+"$/);
    expect(r.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(r.body).toContain('Château Margaux');
    expect(r.body.length).toBeLessThan(4096);
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/media/wines/${id}.svg` });
    expect(again.body).toBe(r.body);
    const cached = await t.app.inject({
      method: 'GET',
      url: `/api/v1/media/wines/${id}.svg`,
      headers: { 'if-none-match': r.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('escapes names in the picture', async () => {
    const { id } = await one<{ id: number }>(
      db,
      sql`select id from products where name_original like 'Moët & Chandon%' order by id limit 1`,
    );
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/media/wines/${id}.svg` });
    expect(r.body).toContain('MOËT &amp; CHANDON');
    expect(r.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
  });

  it('draws a winery card', async () => {
    const { id } = await one<{ id: number }>(db, sql`select id from wineries where name_original = 'Montes'`);
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/media/wineries/${id}.svg` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(r.body).toContain('Montes');
    expect(r.body).toContain('EST. 1988');
    expect(r.body.length).toBeLessThan(4096);
  });

  it('answers the localized 404 for unknown ids and malformed names', async () => {
    for (const url of [
      '/api/v1/media/wines/999999.svg',
      '/api/v1/media/wineries/999999.svg',
      '/api/v1/media/wines/abc.svg',
      '/api/v1/media/wines/1.gif',
      '/api/v1/media/wines/99999999999.svg',
    ]) {
      const r = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } });
      expect(r.statusCode, url).toBe(404);
      expect(r.json(), url).toEqual({ code: 'NOT_FOUND', message: 'The requested information could not be found.' });
    }
  });
});
