import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  likeEscape,
  normalizeSearch,
  queryGrams,
  queryGramsExact,
  type ProductSort,
  type TProductFilters,
  type TProductListQuery,
} from '@podo/contracts';
import type { Language } from '@podo/i18n';
import type { Viewer } from '../session';

/**
 * SQL of the wine lists, built with drizzle `sql` templates: every value (arrays included) is a bound parameter.
 * Filters read columns kept on `products` (country, lowest price, best score), so a page needs no joins but the
 * grapes/featured EXISTS tests; per-card details (grapes, vintages, wish flag) are read for the page rows only.
 */

/** Product filters after resolveProductQuery: `countryName` folded into `countryCodes`. */
export type ProductFilterSet = Omit<TProductFilters, 'countryName'> & {
  countryName?: undefined;
  /** The filters cannot match anything (e.g. countryCodes and countryName name different countries). */
  matchesNothing?: boolean;
};
export type ProductListSqlQuery = ProductFilterSet & Pick<TProductListQuery, 'page' | 'size' | 'sort' | 'after'>;

/** Filter groups whose own condition a facet leaves out (left filter). */
export type Facet = 'kinds' | 'areas' | 'types' | 'levels' | 'featured' | 'sugar' | 'volumes';

const intArr = (a: readonly number[]) => sql`${sql.param(a)}::int[]`;

/** The grams a page query looks up in the GIN index (see searchCondition). */
export function indexGrams(normalized: string): number[] {
  const grams = queryGrams(normalized);
  if (grams.length <= 2) return grams;
  // Longer queries: the first and the last trigram narrow the rows well, and LIKE checks the exact text anyway.
  // Fewer grams keep the GIN scan short and give the planner a realistic row estimate (it multiplies the grams'
  // frequencies as if they were independent).
  return [...new Set([grams[0]!, grams[grams.length - 1]!])];
}

/**
 * Search text condition on alias `p` (products) or `w` (wineries): the GIN grams find the candidates, LIKE on the
 * normalized text checks the exact substring.
 * - Page queries put LIKE first: when the planner walks an index in sort order (or scans a small table) it then
 *   tests the cheap inline text, and the compressed gram array of a row only when the text matched.
 * - Counts (`forCount`) hide the grams from the planner (an InitPlan value), so they always take the GIN bitmap,
 *   and look up all grams (fewest candidates), one `&&` each: GIN answers `&&` exactly, while `@>` made every
 *   candidate row's array be read and checked again (measured). A query of one to three characters needs no
 *   LIKE there: its single gram is stored exactly when the text contains it (see queryGramsExact), so the count
 *   reads no text at all.
 */
export function searchCondition(query: string | undefined, alias: 'p' | 'w', forCount = false): SQL | undefined {
  const q = query ? normalizeSearch(query) : '';
  if (!q) return undefined;
  const t = sql.raw(alias);
  const like = sql`${t}.search_text like ${`%${likeEscape(q)}%`} escape '\\'`;
  if (forCount) {
    const grams = and(queryGrams(q).map((g) => sql`${t}.search_grams && (select ${sql.param([g])}::bigint[])`));
    return queryGramsExact(q) ? grams : sql`${grams} and ${like}`;
  }
  return sql`${like} and ${t}.search_grams @> ${sql.param(indexGrams(q))}::bigint[]`;
}

/**
 * Conditions of the filters (alias `p` = products): `base` always applies, each facet group may be left out.
 * Grapes, featured flags and links are `p.id in (subquery)`: a semi-join in WHERE, and a hashed subplan (one
 * hash of the ids, not one index probe per row) where facetSql evaluates them as flags.
 */
export function productConditionGroups(f: ProductFilterSet, forCount = false): { base: SQL[]; groups: Partial<Record<Facet, SQL>> } {
  const base: SQL[] = [sql`p.is_published`];
  const groups: Partial<Record<Facet, SQL>> = {};
  if (f.matchesNothing) base.push(sql`false`);
  if (f.idKinds?.length) groups.kinds = sql`p.kind_id = any(${intArr(f.idKinds)})`;
  const area: SQL[] = [];
  if (f.idProductionAreas?.length) area.push(sql`p.production_area_id = any(${intArr(f.idProductionAreas)})`);
  if (f.countryCodes?.length) area.push(sql`p.country_code = any(${sql.param(f.countryCodes)}::bpchar[])`);
  if (area.length) groups.areas = and(area);
  if (f.idWineries?.length) base.push(sql`p.winery_id = any(${intArr(f.idWineries)})`);
  if (f.idLevels?.length) groups.levels = sql`p.level_id = any(${intArr(f.idLevels)})`;
  if (f.idTypes?.length) {
    groups.types = sql`p.id in (select xg.product_id from product_grapes xg where xg.grape_type_id = any(${intArr(f.idTypes)}))`;
  }
  if (f.idFeatured?.length) {
    groups.featured = sql`p.id in (select xf.product_id from product_featured xf where xf.featured_id = any(${intArr(f.idFeatured)}))`;
  }
  if (f.sugarLevels?.length) groups.sugar = sql`p.sugar_level = any(${intArr(f.sugarLevels)})`;
  if (f.volumes?.length) groups.volumes = sql`p.volume_ml = any(${intArr(f.volumes)})`;
  if (f.alcoholMin !== undefined) base.push(sql`p.alcohol >= ${f.alcoholMin}`);
  if (f.alcoholMax !== undefined) base.push(sql`p.alcohol <= ${f.alcoholMax}`);
  if (f.priceMin !== undefined) base.push(sql`p.price_min >= ${f.priceMin}`);
  if (f.priceMax !== undefined) base.push(sql`p.price_min <= ${f.priceMax}`);
  if (f.scoreMin !== undefined) base.push(sql`p.score_max >= ${f.scoreMin}`);
  if (f.scoreMax !== undefined) base.push(sql`p.score_max <= ${f.scoreMax}`);
  for (const [kind, id] of [
    ['EVENT', f.idEvent],
    ['MAGAZINE', f.idMagazine],
    ['STORE', f.idStore],
  ] as const) {
    if (id !== undefined) {
      base.push(sql`p.id in (select xl.product_id from product_links xl where xl.kind = ${kind} and xl.target_id = ${id})`);
    }
  }
  if (f.vip !== undefined) base.push(sql`p.is_vip = ${f.vip}`);
  const search = searchCondition(f.query, 'p', forCount);
  if (search) base.push(search);
  return { base, groups };
}

/** WHERE conditions (alias `p` = products) for the filters, leaving out the facet groups in `skip`. */
export function productConditions(f: ProductFilterSet, skip: readonly Facet[] = [], forCount = false): SQL[] {
  const { base, groups } = productConditionGroups(f, forCount);
  return [
    ...base,
    ...Object.entries(groups)
      .filter(([k]) => !skip.includes(k as Facet))
      .map(([, c]) => c),
  ];
}

export const and = (conds: SQL[]) => sql.join(conds, sql` and `);

/** ORDER BY of a product sort over alias `p` (ties broken by id, so pages never overlap). */
export function productOrder(sort: ProductSort, lang: Language = 'ko-KR'): SQL {
  switch (sort) {
    case 'NEWEST':
      return sql`p.created_at desc, p.id desc`;
    case 'PRICE_ASC':
      return sql`p.price_min asc, p.id asc`;
    case 'PRICE_DESC':
      return sql`p.price_min desc, p.id desc`;
    case 'SCORE_DESC':
      return sql`p.score_max desc, p.id desc`;
    case 'NAME_ASC':
      return lang === 'ko-KR' ? sql`p.name_ko asc, p.id asc` : sql`lower(p.name_original) asc, p.id asc`;
    case 'POPULAR':
      return sql`p.wish_count desc, p.id desc`;
    case 'RECOMMEND':
    default:
      return sql`p.recommend_rank desc, p.id desc`;
  }
}

/**
 * The trade price of vintage alias `v` for this viewer: null unless an approved buyer; for a buyer with a level the
 * level's own price (vintage_level_prices), else the base trade price less the level's discount.
 */
export function tradePriceSql(viewer: Viewer, v: SQL = sql.raw('v')): SQL {
  if (!viewer.isBuyer) return sql`null::int`;
  if (viewer.buyerLevel) {
    // The level's own price, else the trade price less the level's discount (whole won, the discount rounded down).
    return sql`coalesce((select lp.price from vintage_level_prices lp where lp.vintage_id = ${v}.id and lp.buyer_level = ${viewer.buyerLevel}), ${v}.trade_price - ${v}.trade_price * coalesce((select bl.discount_bp from buyer_levels bl where bl.code = ${viewer.buyerLevel}), 0) / 10000)`;
  }
  return sql`${v}.trade_price`;
}

/** Select list of a product card over `p` (products) and `w` (its winery). */
export function cardSelect(viewer: Viewer): SQL {
  const wished =
    viewer.userId === null
      ? sql`false`
      : sql`exists (select 1 from wishes ws2 where ws2.user_id = ${viewer.userId} and ws2.product_id = p.id)`;
  return sql`p.id, p.name_ko, p.name_original, p.images->>0 as image, p.kind_id, p.country_code, p.production_area_id,
    p.winery_id, w.name_ko as winery_name_ko, w.name_original as winery_name_original, p.level_id, p.sugar_level::int as sugar_level,
    p.alcohol::float8 as alcohol, p.volume_ml::int as volume_ml, p.score_max::int as score_max, p.is_vip, p.price_min, p.wish_count, p.updated_at,
    (select json_agg(json_build_array(g.grape_type_id, g.percent) order by g.percent desc nulls last, g.grape_type_id)
       from product_grapes g where g.product_id = p.id) as grapes,
    (select json_agg(f.featured_id order by f.featured_id) from product_featured f where f.product_id = p.id) as featured,
    (select json_build_array(json_agg(v.year order by v.year desc nulls last), bool_or(v.stock > 0), min(${tradePriceSql(viewer)}),
         (array_agg(json_build_array(v.id, v.year, v.case_size, v.order_step, v.min_qty)
            order by v.stock > 0 desc, v.year desc nulls last, v.id desc))[1])
       from product_vintages v where v.product_id = p.id and v.is_on_sale) as vin,
    ${wished} as wished`;
}

/**
 * One round trip for a page of cards and the total: the count and the page run as two subqueries of one
 * statement (the page can stop early on an index in sort order; the count reads the narrow filter index).
 * The page's ids come first (alias `p` in `pageFrom` and `innerOrder`), then the cards by primary key (alias `p` in
 * `outerOrder`, the page row as `k`): a filtered page sorts narrow index entries, so page 100 no longer reads and
 * sorts every matching row. `pageFrom` is the FROM/WHERE body of the page rows, `countFrom` that of the count
 * (null: the caller knows the total, `total` comes back null); `innerExtra` adds columns to the page rows,
 * `outerExtra` to the cards.
 */
export function pagedCards(opts: {
  pageFrom: SQL;
  /** FROM/WHERE body counted for the total, or a whole `select … as total` statement (`{ select }`). */
  countFrom: SQL | { select: SQL } | null;
  innerOrder: SQL;
  outerOrder: SQL;
  size: number;
  page: number;
  viewer: Viewer;
  innerExtra?: SQL;
  outerExtra?: SQL;
}): SQL {
  const offset = (opts.page - 1) * opts.size;
  const c = opts.countFrom;
  const total = c === null ? sql`select null::int as total` : 'select' in c ? c.select : sql`select count(*)::int as total from ${c}`;
  return sql`select t.total, x.* from (${total}) t
    left join lateral (
      select ${cardSelect(opts.viewer)}${opts.outerExtra ?? sql``}
      from (select p.id as page_id${opts.innerExtra ?? sql``} from ${opts.pageFrom} order by ${opts.innerOrder} limit ${opts.size} offset ${offset}) k
      join products p on p.id = k.page_id
      join wineries w on w.id = p.winery_id
      order by ${opts.outerOrder}
    ) x on true`;
}

/**
 * The total of a search by text alone whose single gram proves the match (one to three characters), read from
 * product_search_gram_counts (kept by triggers, migration 0007): one row, where counting would visit every
 * matching wine (a broad word like '샤' matches a fifth of the catalogue). Undefined when any other filter applies.
 */
export function searchOnlyTotal(query: ProductListSqlQuery): { select: SQL } | undefined {
  // Whatever is left after taking out the text and the paging is a filter (a new filter falls back to counting).
  const { query: text, page: _page, size: _size, sort: _sort, countryName: _country, matchesNothing, ...filters } = query;
  if (matchesNothing || Object.values(filters).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0))) return undefined;
  const q = text ? normalizeSearch(text) : '';
  const grams = q && queryGramsExact(q) ? queryGrams(q) : [];
  if (grams.length !== 1) return undefined;
  return {
    select: sql`select coalesce((select c.products from product_search_gram_counts c where c.gram = ${grams[0]}), 0)::int as total`,
  };
}

/**
 * The SQL of GET /brand/wines/products (items and total in one statement). `query` must come from
 * resolveProductQuery (countryName folded into countryCodes); the benchmark runs exactly this on a bare `pg` route.
 * `count: false` leaves the count out (the route does so when its count cache holds the total).
 */
export function productListSql(query: ProductListSqlQuery, viewer: Viewer, lang: Language = 'ko-KR', opts: { count?: boolean } = {}): SQL {
  const order = productOrder(query.sort, lang);
  return pagedCards({
    pageFrom: sql`products p where ${and(productConditions(query))}`,
    countFrom: opts.count === false ? null : (searchOnlyTotal(query) ?? sql`products p where ${and(productConditions(query, [], true))}`),
    innerOrder: order,
    outerOrder: order,
    size: query.size,
    page: query.page,
    viewer,
  });
}

const dialect = new PgDialect();
/** `{ text, values }` of a drizzle SQL for a bare `pg` client (benchmarks). */
export function toPgQuery(q: SQL): { text: string; values: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return { text, values: params };
}

const FACETS: Facet[] = ['kinds', 'areas', 'types', 'levels', 'featured', 'sugar', 'volumes'];

/**
 * Facet counts of the left filter in one statement and one pass: the wines passing the filters no facet leaves
 * out are read once (with a flag per facet group), then each facet counts the rows passing every other group.
 */
export function facetSql(f: ProductFilterSet): SQL {
  const { base, groups } = productConditionGroups(f, true);
  const flag = (g: Facet) => groups[g] ?? sql`true`;
  const others = (g: Facet) => {
    const active = FACETS.filter((x) => x !== g && groups[x]);
    return active.length
      ? sql.join(
          active.map((x) => sql.raw(`m.ok_${x}`)),
          sql` and `,
        )
      : sql`true`;
  };
  const pairs = (from: SQL) => sql`(select coalesce(json_agg(json_build_array(s.k, s.n)), '[]'::json) from (${from}) s)`;
  const all = FACETS.filter((x) => groups[x]).map((x) => sql.raw(`m.ok_${x}`));
  return sql`with m as materialized (
      select p.id, p.kind_id, p.production_area_id, p.level_id, p.sugar_level, p.volume_ml,
        ${sql.join(
          FACETS.map((g) => sql`${flag(g)} as ${sql.raw(`ok_${g}`)}`),
          sql`, `,
        )}
      from products p where ${and(base)}
    )
    select
    ${pairs(sql`select m.kind_id k, count(*)::int n from m where ${others('kinds')} group by 1`)} as kinds,
    ${pairs(sql`select m.production_area_id k, count(*)::int n from m where ${others('areas')} group by 1`)} as areas,
    ${pairs(sql`select g.grape_type_id k, count(*)::int n from m join product_grapes g on g.product_id = m.id where ${others('types')} group by 1`)} as grapes,
    ${pairs(sql`select m.level_id k, count(*)::int n from m where ${others('levels')} and m.level_id is not null group by 1`)} as levels,
    ${pairs(sql`select f.featured_id k, count(*)::int n from m join product_featured f on f.product_id = m.id where ${others('featured')} group by 1`)} as featured,
    ${pairs(sql`select m.sugar_level::int k, count(*)::int n from m where ${others('sugar')} group by 1`)} as sugar,
    ${pairs(sql`select m.volume_ml::int k, count(*)::int n from m where ${others('volumes')} group by 1`)} as volumes,
    (select count(*)::int from m where ${all.length ? sql.join(all, sql` and `) : sql`true`}) as total`;
}
