import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TLeftFilter, TProductPage } from '@podo/contracts';
import { rowsOf } from '@podo/db';
import { createTestApp, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';
import { setCatalogCaching } from './response-cache';

/**
 * The counts the database keeps per filter key (product_counts, migration 0025) against a recount from the tables
 * after every kind of change, and the list totals and facets that read them.
 */

let t: TestApp;
let wines: { id: number; kind_id: number }[];
let kinds: number[];

beforeAll(async () => {
  t = await createTestApp({}, { catalog: true });
  setCatalogCaching(t.db.db, false);
  wines = rowsOf(await t.db.db.execute(sql`select id, kind_id from products where is_published order by id limit 6`));
  kinds = rowsOf<{ id: number }>(await t.db.db.execute(sql`select id from wine_kinds order by id`)).map((r) => r.id);
});
afterAll(() => t.close());

/** Keys whose kept count differs from a count of the tables as they are now. */
async function drift(): Promise<unknown[]> {
  return rowsOf(
    await t.db.db.execute(sql`with now as (
        select k as key, count(*)::int as n from products p,
          unnest(product_count_keys(row(p.id, p.is_published, p.kind_id, p.country_code, p.production_area_id, p.winery_id,
            p.level_id, p.sugar_level, p.volume_ml,
            array(select g.grape_type_id from product_grapes g where g.product_id = p.id order by 1),
            array(select f.featured_id from product_featured f where f.product_id = p.id order by 1))::product_count_state)) as k
        group by k)
      select coalesce(now.key, c.key) as key, now.n, c.products from now full join product_counts c on c.key = now.key
      where coalesce(now.n, 0) <> coalesce(c.products, 0) limit 5`),
  );
}

const get = async <T>(url: string): Promise<T> => {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1${url}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
};
const countOf = async (where: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from products p where p.is_published and ${where}`))[0]!.n;

describe('kept catalogue counts (product_counts)', () => {
  it('start equal to a count of the tables, and answer list totals and facets', async () => {
    expect(await drift()).toEqual([]);
    const kind = wines[0]!.kind_id;
    // A deliberately wrong count shows which path answered, and is put right afterwards.
    await t.db.db.execute(sql`update product_counts set products = products + 100 where key = ${`k${kind}`}`);
    try {
      const page = await get<TProductPage>(`/brand/wines/products?idKinds=${kind}`);
      expect(page.page.totalElements).toBe((await countOf(sql`p.kind_id = ${kind}`)) + 100);
      const facets = (await get<{ data: TLeftFilter }>(`/wines/left-filter?serviceType=BRAND&volumes=750`)).data;
      expect(facets.kinds.find((k) => k.id === kind)!.qty).toBe((await countOf(sql`p.kind_id = ${kind} and p.volume_ml = 750`)) + 0);
      // A range is not kept: counted over the wines.
      const ranged = await get<TProductPage>(`/brand/wines/products?idKinds=${kind}&priceMin=1`);
      expect(ranged.page.totalElements).toBe(await countOf(sql`p.kind_id = ${kind} and p.price_min >= 1`));
    } finally {
      await t.db.db.execute(sql`update product_counts set products = products - 100 where key = ${`k${kind}`}`);
    }
  });

  it('follow every change of a counted value, and nothing of a transaction that rolls back', async () => {
    const [a, b, c] = wines;
    const other = kinds.find((k) => k !== a!.kind_id)!;
    const changes = [
      sql`update products set kind_id = ${other} where id = ${a!.id}`,
      sql`update products set is_published = false where id = ${b!.id}`,
      sql`delete from product_grapes where product_id = ${c!.id}`,
      sql`insert into product_grapes (product_id, grape_type_id, percent) select ${c!.id}, id, null from grape_types order by id limit 2`,
      sql`delete from product_featured where product_id = ${a!.id}`,
      sql`insert into product_featured (product_id, featured_id) select ${b!.id}, id from wine_featured order by id limit 1 on conflict do nothing`,
      sql`update products set volume_ml = 1500, sugar_level = 5 where id = ${c!.id}`,
      sql`update products set wish_count = wish_count + 1, price_min = price_min + 1`,
    ];
    for (const change of changes) {
      await t.db.db.transaction(async (tx) => {
        await tx.execute(change);
      });
      expect(await drift()).toEqual([]);
    }
    await expect(
      t.db.db.transaction(async (tx) => {
        await tx.execute(sql`update products set kind_id = ${a!.kind_id} where id = ${a!.id}`);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await drift()).toEqual([]);
    const [row] = rowsOf<{ id: number }>(
      await t.db.db
        .execute(sql`insert into products (winery_id, kind_id, production_area_id, country_code, name_ko, name_original, sugar_level, alcohol)
        select winery_id, kind_id, production_area_id, country_code, '새 와인', 'New Wine', 2, 12 from products where id = ${a!.id} returning id`),
    );
    expect(await drift()).toEqual([]);
    await t.db.db.execute(sql`delete from products where id = ${row!.id}`);
    expect(await drift()).toEqual([]);
  });

  it.runIf(usingPostgres())(
    'stay exact when 20 transactions edit wines whose counts overlap, in opposite orders (PostgreSQL)',
    async () => {
      // Each transaction edits two wines of its own (no row is shared), so only the count rows can make them wait for
      // each other: a kind first and then a grape, or a grape first and then a kind. Applied statement by statement,
      // such counts deadlock; applied at commit in key order, they queue.
      const ids = rowsOf<{ id: number }>(
        await t.db.db.execute(sql`select id from products where is_published order by id desc limit 40`),
      ).map((r) => r.id);
      const [grape] = rowsOf<{ id: number }>(await t.db.db.execute(sql`select id from grape_types order by id desc limit 1`));
      const work = Array.from({ length: 20 }, (_, i) =>
        t.db.db.transaction(async (tx) => {
          const kind = sql`update products set kind_id = ${kinds[0]!} where id = ${ids[2 * i]!}`;
          const grapeOf = sql`insert into product_grapes (product_id, grape_type_id) values (${ids[2 * i + 1]!}, ${grape!.id}) on conflict do nothing`;
          for (const q of i % 2 ? [kind, grapeOf] : [grapeOf, kind]) {
            await tx.execute(q);
            await new Promise((r) => setTimeout(r, 5));
          }
        }),
      );
      const results = await Promise.allSettled(work);
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      expect(await drift()).toEqual([]);
    },
  );
});
