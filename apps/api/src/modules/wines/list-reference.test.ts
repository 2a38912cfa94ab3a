import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { normalizeSearch, type TLeftFilter, type TProductListQuery, type TProductPage } from '@podo/contracts';
import pg from 'pg';
import { rowsOf, seedCatalog } from '@podo/db';
import { ANONYMOUS, type Viewer } from '../session';
import { keptTotal } from './kept-counts';
import { listStatement } from './list-statement';
import { resolveProductQuery } from './service';
import { postgresOnly } from '../../../../../tests/helpers/postgres-only';
import { present } from '../../../../../tests/helpers/items';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

/**
 * The product list against a plain reference query on a 30,000-wine catalogue: for a few hundred random filter
 * combinations, the same wines in the same order and the same total. The reference says what each filter means in
 * the simplest SQL (no counts kept aside, no search grams, no caches), so it stays the yardstick while the list's
 * own SQL is made faster (issue 22).
 */

let t: TestApp;

interface Lookups {
  kinds: number[];
  areas: number[];
  countries: string[];
  levels: number[];
  types: number[];
  featured: number[];
  texts: string[];
}
let lookups: Lookups;

const SORTS = ['RECOMMEND', 'NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'SCORE_DESC', 'NAME_ASC', 'POPULAR'] as const;
const SUGAR = [1, 2, 3, 4, 5];
const VOLUMES = [375, 750, 1500];

/** A small seeded random source, so a failing combination can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const some = <T>(xs: readonly T[], max: number): T[] => {
    const n = Math.floor(next() * (max + 1));
    return [...new Set(Array.from({ length: n }, () => pick(xs)))];
  };
  return { next, pick, some };
}

type Combo = Record<string, string | number | number[] | string[]>;

function combination(r: ReturnType<typeof random>): Combo {
  const c: Combo = {};
  const maybe = (p: number) => r.next() < p;
  if (maybe(0.5)) c.idKinds = r.some(lookups.kinds, 2);
  if (maybe(0.4)) c.countryCodes = r.some(lookups.countries, 2);
  if (maybe(0.15)) c.idProductionAreas = r.some(lookups.areas, 2);
  if (maybe(0.2)) c.idLevels = r.some(lookups.levels, 2);
  if (maybe(0.25)) c.idTypes = r.some(lookups.types, 2);
  if (maybe(0.15)) c.idFeatured = r.some(lookups.featured, 1);
  if (maybe(0.15)) c.sugarLevels = r.some(SUGAR, 2);
  if (maybe(0.15)) c.volumes = r.some(VOLUMES, 1);
  if (maybe(0.2)) c.priceMin = Math.floor(r.next() * 100) * 1000;
  if (maybe(0.2)) c.priceMax = 100_000 + Math.floor(r.next() * 400) * 1000;
  if (maybe(0.15)) c.scoreMin = 80 + Math.floor(r.next() * 15);
  if (maybe(0.25)) {
    const text = r.pick(lookups.texts);
    const start = Math.floor(r.next() * Math.max(1, text.length - 1));
    c.query = text.slice(start, start + 1 + Math.floor(r.next() * 4)).trim() || text.slice(0, 2);
  }
  c.sort = r.pick(SORTS);
  c.page = maybe(0.7) ? 1 : 1 + Math.floor(r.next() * 8);
  c.size = r.pick([12, 24, 48]);
  return c;
}

const arr = (xs: unknown) => (Array.isArray(xs) && xs.length ? xs : null);

type FacetName = 'kinds' | 'levels' | 'types' | 'sugar';

/** What the filters mean, in plain SQL, over `products p`; a facet's count leaves its own filter out. */
function referenceConditions(c: Combo, skip?: FacetName): SQL {
  const conds: SQL[] = [sql`p.is_published`];
  const ints = (xs: unknown) => sql`${sql.param(xs)}::int[]`;
  if (arr(c.idKinds) && skip !== 'kinds') conds.push(sql`p.kind_id = any(${ints(c.idKinds)})`);
  if (arr(c.countryCodes)) conds.push(sql`p.country_code = any(${sql.param(c.countryCodes)}::bpchar[])`);
  if (arr(c.idProductionAreas)) conds.push(sql`p.production_area_id = any(${ints(c.idProductionAreas)})`);
  if (arr(c.idWineries)) conds.push(sql`p.winery_id = any(${ints(c.idWineries)})`);
  if (arr(c.idLevels) && skip !== 'levels') conds.push(sql`p.level_id = any(${ints(c.idLevels)})`);
  if (arr(c.idTypes) && skip !== 'types') {
    conds.push(sql`exists (select 1 from product_grapes g where g.product_id = p.id and g.grape_type_id = any(${ints(c.idTypes)}))`);
  }
  if (arr(c.idFeatured)) {
    conds.push(sql`exists (select 1 from product_featured f where f.product_id = p.id and f.featured_id = any(${ints(c.idFeatured)}))`);
  }
  if (arr(c.sugarLevels) && skip !== 'sugar') conds.push(sql`p.sugar_level = any(${ints(c.sugarLevels)})`);
  if (arr(c.volumes)) conds.push(sql`p.volume_ml = any(${ints(c.volumes)})`);
  if (c.priceMin !== undefined) conds.push(sql`p.price_min >= ${c.priceMin}`);
  if (c.priceMax !== undefined) conds.push(sql`p.price_min <= ${c.priceMax}`);
  if (c.scoreMin !== undefined) conds.push(sql`p.score_max >= ${c.scoreMin}`);
  if (typeof c.query === 'string' && normalizeSearch(c.query)) {
    conds.push(sql`strpos(p.search_text, ${normalizeSearch(c.query)}) > 0`);
  }
  return sql.join(conds, sql` and `);
}

/** The page's ids in order, and the total. */
function referenceSql(c: Combo): SQL {
  const order = {
    RECOMMEND: sql`p.recommend_rank desc, p.id desc`,
    NEWEST: sql`p.created_at desc, p.id desc`,
    PRICE_ASC: sql`p.price_min asc, p.id asc`,
    PRICE_DESC: sql`p.price_min desc, p.id desc`,
    SCORE_DESC: sql`p.score_max desc, p.id desc`,
    NAME_ASC: sql`p.name_ko asc, p.id asc`,
    POPULAR: sql`p.wish_count desc, p.id desc`,
  }[c.sort as (typeof SORTS)[number]];
  const size = Number(c.size);
  return sql`select p.id, count(*) over ()::int as total from products p where ${referenceConditions(c)}
    order by ${order} limit ${size} offset ${(Number(c.page) - 1) * size}`;
}

function queryString(c: Combo): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(c)) {
    if (Array.isArray(v)) {
      if (v.length) q.set(k, v.join(','));
    } else q.set(k, String(v));
  }
  return q.toString();
}

/** Facet counts as value → wines, the values without wines left out. */
async function referenceFacets(c: Combo): Promise<Record<FacetName, Record<string, number>> & { total: number }> {
  const counts = async (facet: FacetName, q: SQL) => {
    const rows = rowsOf<{ k: number; n: number }>(await t.db.db.execute(q));
    return Object.fromEntries(rows.map((r) => [String(r.k), r.n]));
  };
  const where = (facet: FacetName) => referenceConditions(c, facet);
  const [total] = rowsOf<{ n: number }>(
    await t.db.db.execute(sql`select count(*)::int as n from products p where ${referenceConditions(c)}`),
  );
  return {
    kinds: await counts('kinds', sql`select p.kind_id as k, count(*)::int as n from products p where ${where('kinds')} group by 1`),
    levels: await counts(
      'levels',
      sql`select p.level_id as k, count(*)::int as n from products p where ${where('levels')} and p.level_id is not null group by 1`,
    ),
    types: await counts(
      'types',
      sql`select g.grape_type_id as k, count(distinct p.id)::int as n from products p join product_grapes g on g.product_id = p.id where ${where('types')} group by 1`,
    ),
    sugar: await counts(
      'sugar',
      sql`select p.sugar_level as k, count(*)::int as n from products p where ${where('sugar')} and p.sugar_level is not null group by 1`,
    ),
    total: total?.n ?? 0,
  };
}

const nonZero = (xs: { id?: number; value?: number; qty: number }[]) =>
  Object.fromEntries(xs.filter((x) => x.qty > 0).map((x) => [String(x.id ?? x.value), x.qty]));

describe('the product list against a plain reference query', postgresOnly('a 30,000-wine catalogue'), () => {
  beforeAll(async () => {
    t = await createTestApp({ CATALOG_CACHE: 'false' });
    await seedCatalog(t.db.db, { wines: 30_000, seed: 22 });
    // As autovacuum would have by then: index-only scans need the visibility map. On a connection of its own,
    // without the request path's statement time limit (a busy machine took longer than it).
    const maintenance = new pg.Client({ connectionString: t.config.databaseUrl });
    await maintenance.connect();
    await maintenance.query('vacuum analyze').finally(() => maintenance.end());
    const ids = async (q: SQL) => rowsOf<{ id: number }>(await t.db.db.execute(q)).map((r) => r.id);
    lookups = {
      kinds: await ids(sql`select id from wine_kinds`),
      areas: await ids(sql`select id from production_areas`),
      countries: rowsOf<{ code: string }>(await t.db.db.execute(sql`select distinct country_code as code from products`)).map(
        (r) => r.code,
      ),
      levels: await ids(sql`select id from wine_levels`),
      types: await ids(sql`select id from grape_types`),
      featured: await ids(sql`select id from wine_featured`),
      texts: rowsOf<{ name: string }>(await t.db.db.execute(sql`select name_ko as name from products order by random() limit 200`)).map(
        (r) => r.name,
      ),
    };
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives the same wines in the same order and the same total for 300 random filter combinations', async () => {
    const r = random(2026);
    let nonEmpty = 0;
    for (let i = 0; i < 300; i++) {
      const c = combination(r);
      let qs = queryString(c);
      // Half of the later pages come by keyset: after the last wine of the page before (as the reference orders it).
      if (Number(c.page) > 1 && r.next() < 0.5) {
        const before = rowsOf<{ id: number }>(await t.db.db.execute(referenceSql({ ...c, page: Number(c.page) - 1 })));
        if (before.length) qs += `&after=${before.at(-1)!.id}`;
      }
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/brand/wines/products?${qs}` });
      expect(res.statusCode, `${qs}: ${res.body}`).toBe(200);
      const page = res.json() as TProductPage;
      const ref = rowsOf<{ id: number; total: number }>(await t.db.db.execute(referenceSql(c)));
      const label = `combination ${i}: ${decodeURIComponent(qs)}`;
      expect(
        page._embedded.items.map((p) => p.id),
        label,
      ).toEqual(ref.map((x) => x.id));
      // A page past the end has no rows to carry the reference's total.
      if (ref.length) expect(page.page.totalElements, label).toBe(ref[0]!.total);
      if (ref.length) nonEmpty++;
    }
    // The combinations must find wines often enough to compare something.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('gives the same facet counts (each leaving its own filter out) for 100 random filter combinations', async () => {
    const r = random(2027);
    for (let i = 0; i < 100; i++) {
      const { sort: _s, page: _p, size: _z, ...c } = combination(r);
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/wines/left-filter?${queryString(c)}` });
      expect(res.statusCode, `${queryString(c)}: ${res.body}`).toBe(200);
      const f = (res.json() as { data: TLeftFilter }).data;
      const ref = await referenceFacets(c);
      const label = `combination ${i}: ${decodeURIComponent(queryString(c))}`;
      expect(
        { kinds: nonZero(f.kinds), levels: nonZero(f.levels), types: nonZero(f.types), sugar: nonZero(f.sugarLevels), total: f.total },
        label,
      ).toEqual(ref);
    }
  });

  it('answers the rarest and broadest filter shapes quickly under their generic plans', async () => {
    // The list prepares one statement per shape, and PostgreSQL may keep one generic plan for all its values: each
    // shape must be quick for the values that match almost nothing and for those that match almost everything.
    const one = async (q: SQL) => rowsOf<{ v: number | string }>(await t.db.db.execute(q)).map((r) => r.v);
    const rare = async (col: string) =>
      one(sql`select ${sql.raw(col)} as v from products where is_published group by 1 order by count(*) asc, 1 limit 1`);
    const broad = async (col: string) =>
      one(sql`select ${sql.raw(col)} as v from products where is_published group by 1 order by count(*) desc, 1 limit 1`);
    const [rareKind] = await rare('kind_id');
    const [rareCountry] = await rare('country_code');
    const [broadKind] = await broad('kind_id');
    const [broadCountry] = await broad('country_code');
    const [rareVolume] = await rare('volume_ml');
    const [broadVolume] = await broad('volume_ml');
    const [rareLevel] = await rare('level_id');
    const [rareSugar] = await rare('sugar_level');
    const [rareArea] = await rare('production_area_id');
    const [rareWinery] = await rare('winery_id');
    const [rareGrape] = await one(sql`select grape_type_id as v from product_grapes group by 1 order by count(*) asc, 1 limit 1`);
    const [rareFeatured] = await one(sql`select featured_id as v from product_featured group by 1 order by count(*) asc, 1 limit 1`);
    // A kind and a country with no wine together, if the catalogue has one.
    const [emptyPair] = rowsOf<{ k: number; c: string }>(
      await t.db.db
        .execute(sql`select k.id as k, c.code as c from wine_kinds k cross join (select distinct country_code as code from products) c
        where not exists (select 1 from products p where p.kind_id = k.id and p.country_code = c.code and p.is_published) limit 1`),
    );
    const shapes: Record<string, unknown>[] = [
      { idKinds: [rareKind], countryCodes: [rareCountry] },
      { idKinds: [broadKind], countryCodes: [broadCountry] },
      ...(emptyPair ? [{ idKinds: [emptyPair.k], countryCodes: [emptyPair.c] }] : []),
      { idKinds: [rareKind] },
      { countryCodes: [rareCountry] },
      { volumes: [rareVolume] },
      { volumes: [broadVolume] },
      { idLevels: [rareLevel] },
      { sugarLevels: [rareSugar] },
      { idProductionAreas: [rareArea] },
      { idWineries: [rareWinery] },
      { idTypes: [rareGrape] },
      { idFeatured: [rareFeatured] },
      { idKinds: [rareKind], volumes: [rareVolume] },
      { idKinds: [rareKind, broadKind], countryCodes: [rareCountry] },
      { priceMin: 1_000_000 },
      { scoreMin: 99 },
    ];
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    // Indexes in the order of a sort: walking one past the wines that do not match reads the whole catalogue when few
    // match (a generic plan cannot know how many will).
    const sortIndexes = new Set(['products_recommend_idx', 'products_created_idx', 'products_price_idx', 'products_score_idx']);
    for (const i of ['products_popular_idx', 'products_name_ko_idx', 'products_name_original_idx']) sortIndexes.add(i);
    const literal = (v: unknown) => (Array.isArray(v) ? client.escapeLiteral(`{${v.join(',')}}`) : client.escapeLiteral(String(v)));
    const walked = (node: Record<string, unknown>): string[] => [
      ...(typeof node['Index Name'] === 'string' && sortIndexes.has(node['Index Name']) ? [node['Index Name']] : []),
      ...((node.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(walked),
    ];
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      const slowest: { ms: number; label: string }[] = [];
      for (const shape of shapes) {
        for (const sort of SORTS) {
          for (const page of [1, 40]) {
            const q = await resolveProductQuery(t.db.db, { ...shape, sort, page, size: 24 } as TProductListQuery, 'ko-KR');
            const stmt = listStatement(q, ANONYMOUS, 'ko-KR', { count: true });
            expect(stmt.name, 'every shape without a text search is prepared').toBeDefined();
            const label = `${JSON.stringify(shape)} ${sort} page ${page}`;
            const res = await client.query({ name: stmt.name, text: stmt.text, values: stmt.values });
            const ref = rowsOf<{ id: number }>(await t.db.db.execute(referenceSql({ ...shape, sort, page, size: 24 } as Combo)));
            expect((res.rows[0] as { ids: number[] }).ids, label).toEqual(ref.map((r) => r.id));
            const explained = await client.query(
              `explain (analyze, format json) execute ${stmt.name}(${stmt.values.map(literal).join(', ')})`,
            );
            const [plan] = explained.rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown>; 'Execution Time': number }[];
            expect(walked(plan!.Plan), `${label}: the generic plan walks a sort index`).toEqual([]);
            // A loaded machine stalls single executions: the best of three is the plan's own cost.
            let ms = plan!['Execution Time'];
            for (let i = 0; i < 2 && ms >= 60; i++) {
              const again = await client.query(
                `explain (analyze, format json) execute ${stmt.name}(${stmt.values.map(literal).join(', ')})`,
              );
              ms = Math.min(ms, (again.rows[0]['QUERY PLAN'] as { 'Execution Time': number }[])[0]!['Execution Time']);
            }
            slowest.push({ ms, label });
          }
        }
      }
      slowest.sort((a, b) => b.ms - a.ms);
      // A plan that walks a sort index past the wines that do not match reads the whole catalogue: 70-400 ms here.
      expect(slowest[0]!.ms, `slowest: ${slowest[0]!.label}`).toBeLessThan(60);
    } finally {
      await client.end();
    }
  });

  it('runs the common shapes under one generic plan per connection, not planned again per request', async () => {
    // PostgreSQL plans a prepared statement's first five runs for their values, then keeps its generic plan only if
    // that costs no more than they did: a parameter it cannot estimate (an offset, an array of keys) makes it plan
    // every run again, which cost more than running the page.
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    const viewers = {
      visitor: ANONYMOUS,
      buyer: { userId: 1, isBuyer: true, buyerLevel: 'GENERAL' },
      member: { userId: 2, isBuyer: false, buyerLevel: null },
    } as const;
    const { kinds, countries } = lookups;
    const shapes: [string, (i: number) => Record<string, unknown>, readonly string[]][] = [
      ['the whole catalogue', () => ({}), SORTS],
      ['one kind', (i) => ({ idKinds: [kinds[i % kinds.length]] }), SORTS],
      ['one kind and one country', (i) => ({ idKinds: [kinds[i % kinds.length]], countryCodes: [countries[i % 4]] }), ['RECOMMEND']],
      ['one country', (i) => ({ countryCodes: [countries[i % countries.length]] }), ['RECOMMEND']],
      // A search alone is prepared per word (its words are in the text): the same word is not planned again.
      ['a search', () => ({ query: lookups.texts[0]!.slice(0, 3) }), ['RECOMMEND', 'PRICE_ASC']],
    ];
    // With a filter, a search's generic plan would not know the filter's values: it is planned per request.
    const filtered = await resolveProductQuery(
      t.db.db,
      { query: lookups.texts[0]!.slice(0, 3), idKinds: [kinds[0]], sort: 'RECOMMEND', page: 1, size: 24 } as TProductListQuery,
      'ko-KR',
    );
    expect(listStatement(filtered, ANONYMOUS, 'ko-KR', { count: true }).name).toBeUndefined();
    try {
      for (const [who, viewer] of Object.entries(viewers)) {
        for (const [label, shape, sorts] of shapes) {
          for (const sort of sorts) {
            for (const page of [1, 5]) {
              let name = '';
              for (let i = 0; i < 8; i++) {
                const q = await resolveProductQuery(t.db.db, { ...shape(i), sort, page, size: 24 } as TProductListQuery, 'ko-KR');
                const stmt = listStatement(q, viewer as Viewer, 'ko-KR', {
                  count: true,
                  keptTotal: (b) => {
                    const kept = keptTotal(q);
                    return kept && `(${b.fragment(kept.select)})`;
                  },
                });
                name = present(stmt.name, 'a prepared shape');
                await client.query({ name, text: stmt.text, values: stmt.values });
              }
              const [plans] = (await client.query('select generic_plans from pg_prepared_statements where name = $1', [name])).rows;
              expect(Number(plans?.generic_plans), `${who}, ${label}, ${sort}, page ${page}`).toBe(3);
            }
          }
        }
      }
    } finally {
      await client.end();
    }
  });
});
