import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TProductCard } from '@podo/contracts';
import { LANGUAGES, type Language } from '@podo/i18n';
import { rowsOf, syncCountryNames, type Database } from '@podo/db';
import { createTestApp, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';
import { ANONYMOUS } from '../session';
import { invalidateCatalogCache } from './catalog-cache';
import { cardSelect, tradePriceSql } from './product-sql';
import { cardsOf, type CardRow } from './service';

/**
 * The cards the database keeps (product_cards, migration 0023) against the cards computed from the tables as the
 * detail page computes them (cardSelect + cardsOf): equal for every wine and language, and still equal after each
 * kind of change, inside the changing transaction already.
 */

let t: TestApp;
/** Wines of the demo catalogue with grapes, featured flags, a level and vintages on sale, and what they show. */
let wines: { id: number; kind_id: number; winery_id: number; production_area_id: number; country_code: string }[];

beforeAll(async () => {
  t = await createTestApp({}, { catalog: true });
  wines = rowsOf(
    await t.db.db.execute(sql`select p.id, p.kind_id, p.winery_id, p.production_area_id, p.country_code::text as country_code
      from products p where p.level_id is not null and p.is_published
        and exists (select 1 from product_featured f where f.product_id = p.id)
        and exists (select 1 from product_grapes g where g.product_id = p.id)
        and (select count(*) from product_vintages v where v.product_id = p.id and v.is_on_sale and v.stock > 0) >= 2
      order by p.id limit 4`),
  );
});
afterAll(() => t.close());

type Exec = Pick<Database, 'execute'>;

async function storedCards(db: Exec, lang: Language, ids?: number[]): Promise<Map<number, TProductCard>> {
  const rows = rowsOf<{ product_id: number; card: string }>(
    await db.execute(
      ids
        ? sql`select product_id, card from product_cards where lang = ${lang} and product_id = any(${sql.param(ids)}::int[])`
        : sql`select product_id, card from product_cards where lang = ${lang}`,
    ),
  );
  return new Map(rows.map((r) => [r.product_id, JSON.parse(r.card) as TProductCard]));
}

/** Cards computed from the committed tables (the lookups reloaded: a test may have renamed one). */
async function computedCards(db: Exec, lang: Language, ids?: number[]): Promise<Map<number, TProductCard>> {
  const where = ids ? sql`where p.id = any(${sql.param(ids)}::int[])` : sql``;
  const rows = rowsOf<CardRow>(
    await db.execute(sql`select ${cardSelect(ANONYMOUS)} from products p join wineries w on w.id = p.winery_id ${where}`),
  );
  invalidateCatalogCache(t.db.db);
  return new Map((await cardsOf(t.db.db, rows, lang)).map((c) => [c.id, c]));
}

/** Stored and computed cards of the given wines (all when omitted) in every language. */
async function expectCardsCurrent(db: Exec = t.db.db, ids?: number[]) {
  for (const lang of LANGUAGES) {
    const stored = await storedCards(db, lang, ids);
    const computed = await computedCards(db, lang, ids);
    expect(stored.size, lang).toBe(computed.size);
    expect(Object.fromEntries(stored), lang).toEqual(Object.fromEntries(computed));
  }
}

const cardOf = async (db: Exec, id: number, lang: Language = 'ko-KR') => (await storedCards(db, lang, [id])).get(id)!;

describe('stored wine cards (product_cards)', () => {
  it('hold every wine in every language, as the cards computed from the tables', async () => {
    const [row] = rowsOf<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from products`));
    expect(row!.n).toBeGreaterThan(300);
    await expectCardsCurrent();
  });

  it('follow every change of what a card shows, inside the changing transaction', async () => {
    const w = wines[0]!;
    const id = w.id;
    const changes: [string, (tx: Exec) => Promise<unknown>, (card: TProductCard, before: TProductCard) => void][] = [
      [
        'wine name',
        (tx) => tx.execute(sql`update products set name_ko = '새 이름' where id = ${id}`),
        (c) => expect(c.name).toBe('새 이름'),
      ],
      [
        'kind name',
        (tx) => tx.execute(sql`update wine_kinds set name = name || '{"ko-KR":"붉은"}'::jsonb where id = ${w.kind_id}`),
        (c) => expect(c.kind.name).toBe('붉은'),
      ],
      [
        'grape name',
        (tx) =>
          tx.execute(
            sql`update grape_types set name = name || '{"ko-KR":"까쇼"}'::jsonb where id = (select grape_type_id from product_grapes where product_id = ${id} order by percent desc nulls last limit 1)`,
          ),
        (c) => expect(c.grapes[0]!.name).toBe('까쇼'),
      ],
      [
        'winery name',
        (tx) => tx.execute(sql`update wineries set name_ko = '마고 와이너리' where id = ${w.winery_id}`),
        (c) => expect(c.winery.name).toBe('마고 와이너리'),
      ],
      [
        'area name',
        (tx) =>
          tx.execute(sql`update production_areas set name = name || '{"ko-KR":"보르도 지방"}'::jsonb where id = ${w.production_area_id}`),
        (c) => expect(c.productionArea.name).toBe('보르도 지방'),
      ],
      [
        'stock sold out',
        (tx) => tx.execute(sql`update product_vintages set stock = 0 where product_id = ${id}`),
        (c) => expect(c.inStock).toBe(false),
      ],
      [
        'vintage off sale',
        (tx) =>
          tx.execute(
            sql`update product_vintages set is_on_sale = false where id = (select min(id) from product_vintages where product_id = ${id} and is_on_sale)`,
          ),
        (c) => expect(c.inStock).toBe(false),
      ],
      [
        'featured removed',
        (tx) => tx.execute(sql`delete from product_featured where product_id = ${id}`),
        (c) => expect(c.featured).toEqual([]),
      ],
      [
        'wish count',
        (tx) => tx.execute(sql`update products set wish_count = wish_count + 7 where id = ${id}`),
        (c) => expect(c.wishCount).toBeGreaterThanOrEqual(7),
      ],
      [
        'price and score',
        (tx) => tx.execute(sql`update products set price_min = 123456, score_max = 91 where id = ${id}`),
        (c) => expect([c.retailPrice, c.scoreMax]).toEqual([123456, 91]),
      ],
    ];
    for (const [, change, check] of changes) {
      const before = await cardOf(t.db.db, id);
      await t.db.db.transaction(async (tx) => {
        await change(tx);
        // Already rebuilt inside the transaction that changed it.
        check(await cardOf(tx, id), before);
      });
      await expectCardsCurrent(t.db.db, [id]);
    }
    await expectCardsCurrent();
  });

  it('hold the trade price of every buyer level by the rule of tradePriceSql, following prices and discounts', async () => {
    const levels = rowsOf<{ code: string }>(await t.db.db.execute(sql`select code from buyer_levels order by rank`)).map((r) => r.code);
    expect(levels.length).toBeGreaterThan(1);
    const expectTradeCurrent = async () => {
      for (const level of [null, ...levels, 'NO_SUCH_LEVEL']) {
        const viewer = { userId: null, isBuyer: true, buyerLevel: level };
        const rows = rowsOf<{ id: number; expected: number | null; stored: string | null }>(
          await t.db.db.execute(sql`select p.id,
              (select min(${tradePriceSql(viewer)}) from product_vintages v where v.product_id = p.id and v.is_on_sale)::int as expected,
              coalesce(c.trade->>${level ?? ''}, c.trade->>'') as stored
            from products p join product_cards c on c.product_id = p.id and c.lang = 'ko-KR'`),
        );
        const wrong = rows.filter((r) => (r.stored === null ? null : Number(r.stored)) !== r.expected);
        expect(wrong.slice(0, 3), `level ${level}`).toEqual([]);
      }
    };
    await expectTradeCurrent();
    const w = wines[3]!;
    const [vintage] = rowsOf<{ id: number; trade_price: number }>(
      await t.db.db.execute(
        sql`select id, trade_price from product_vintages where product_id = ${w.id} and is_on_sale order by trade_price limit 1`,
      ),
    );
    // A level's own price, a discount, a base price: each shows inside its transaction and matches the rule after.
    await t.db.db.transaction(async (tx) => {
      await tx.execute(sql`insert into vintage_level_prices (vintage_id, buyer_level, price) values (${vintage!.id}, ${levels[1]!}, 1234)
        on conflict (vintage_id, buyer_level) do update set price = 1234`);
      const [c] = rowsOf<{ p: string }>(
        await tx.execute(sql`select trade->>${levels[1]!} as p from product_cards where product_id = ${w.id} limit 1`),
      );
      expect(c!.p).toBe('1234');
    });
    await t.db.db.execute(sql`update buyer_levels set discount_bp = discount_bp + 100 where code = ${levels.at(-1)!}`);
    await t.db.db.execute(sql`update product_vintages set trade_price = trade_price - 1000 where id = ${vintage!.id}`);
    await expectTradeCurrent();
  });

  it('show the country names the server writes from Intl, and follow a change of them', async () => {
    const w = wines[2]!;
    await t.db.db.execute(sql`update countries set names = names || '{"ko-KR":"어느 나라"}'::jsonb where code = ${w.country_code}`);
    expect((await cardOf(t.db.db, w.id)).country.name).toBe('어느 나라');
    // Run with the migrations at every start: it writes back what Intl says.
    await syncCountryNames((q) => t.db.db.execute(q));
    await expectCardsCurrent(t.db.db, [w.id]);
  });

  it('leave no trace of a transaction that rolls back', async () => {
    const id = wines[1]!.id;
    const before = await cardOf(t.db.db, id);
    await expect(
      t.db.db.transaction(async (tx) => {
        await tx.execute(sql`update products set name_ko = '없던 일' where id = ${id}`);
        expect((await cardOf(tx, id)).name).toBe('없던 일');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await cardOf(t.db.db, id)).toEqual(before);
  });

  it('come and go with their wines', async () => {
    const [row] = rowsOf<{ id: number }>(
      await t.db.db
        .execute(sql`insert into products (winery_id, kind_id, production_area_id, country_code, name_ko, name_original, sugar_level, alcohol)
        values (${wines[1]!.winery_id}, ${wines[1]!.kind_id}, ${wines[1]!.production_area_id}, ${wines[1]!.country_code}, '새 와인', 'New Wine', 1, 13)
        returning id`),
    );
    const id = row!.id;
    await expectCardsCurrent(t.db.db, [id]);
    await t.db.db.execute(
      sql`insert into product_vintages (product_id, year, stock, retail_price, trade_price) values (${id}, 2020, 5, 50000, 40000)`,
    );
    expect((await cardOf(t.db.db, id)).orderVintage?.year).toBe(2020);
    await expectCardsCurrent(t.db.db, [id]);
    await t.db.db.execute(sql`delete from products where id = ${id}`);
    expect((await storedCards(t.db.db, 'ko-KR', [id])).size).toBe(0);
  });

  it.runIf(usingPostgres())('stay exact while orders and edits touch the same wines at once (PostgreSQL)', async () => {
    const ids = wines.map((w) => w.id);
    const work = Array.from({ length: 20 }, () =>
      t.db.db.transaction(async (tx) => {
        // Twenty writers queue on the same rows: on a loaded machine the last waits past the request path's lock
        // limit, which this test is not about (a deadlock would still fail it).
        await tx.execute(sql`set local lock_timeout = '60s'`);
        await tx.execute(
          sql`update product_vintages set stock = case when stock > 0 then 0 else 3 end where product_id = any(${sql.param(ids)}::int[])`,
        );
        await tx.execute(sql`update products set wish_count = wish_count + 1 where id = any(${sql.param(ids)}::int[])`);
      }),
    );
    const results = await Promise.allSettled(work);
    const failed = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as Error);
    expect(failed.map((e) => `${e.message.split('\n')[0]}: ${String((e.cause as Error | undefined)?.message ?? '')}`)).toEqual([]);
    await expectCardsCurrent(t.db.db, ids);
  });
});
