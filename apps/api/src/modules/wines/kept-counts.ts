import { sql, type SQL } from 'drizzle-orm';
import { normalizeSearch, SUGAR_LEVELS, VOLUMES_ML, type TProductListQuery } from '@podo/contracts';
import type { FacetCounts } from './catalog-cache';
import type { ProductFilterSet } from './product-sql';

/**
 * List totals and left-filter counts read from `product_counts`, which triggers keep equal to the published wines
 * per filter key (see productCounts in @podo/db and migration 0025): a few index lookups whatever the catalogue's
 * size, where counting reads every matching wine. Only shapes whose every number is a kept key (or a sum of kept
 * keys that counts each wine once) are answered here; anything else returns undefined and is counted as before.
 */

/** Dimensions of a key, in the order a key names them: kind, country, area, winery, level, sugar, volume, grape, featured. */
type Dim = 'k' | 'c' | 'a' | 'w' | 'l' | 's' | 'v' | 'g' | 'f';
const ORDER: readonly Dim[] = ['k', 'c', 'a', 'w', 'l', 's', 'v', 'g', 'f'];
const rank = (element: string) => ORDER.indexOf(element[0] as Dim);

/** A wine has many grapes and featured flags: the counts of two such values may hold the same wine twice. */
const MANY: ReadonlySet<Dim> = new Set(['g', 'f']);

/**
 * The dimension sets product_count_keys keeps, written in key order: the whole catalogue, every single dimension,
 * every pair but country with area and those with a winery, and kind × country × a level, sugar level, volume,
 * grape or featured flag (the left filter of the menus' kind and country lists narrowed once more).
 */
const KEPT: ReadonlySet<string> = (() => {
  const kept = new Set<string>(['', ...ORDER]);
  const paired = ORDER.filter((d) => d !== 'w');
  for (const [i, x] of paired.entries()) for (const y of paired.slice(i + 1)) if (x + y !== 'ca') kept.add(x + y);
  for (const z of ['l', 's', 'v', 'g', 'f']) kept.add(`kc${z}`);
  return kept;
})();

/** Beyond this many keys a lookup is no longer small (many values in two filters): it is counted instead. */
const MAX_KEYS = 2_000;

type Values = Map<Dim, string[]>;

/**
 * The filters as key elements per dimension ('k3', 'cFR'...), or undefined when a filter applies that no key holds
 * (ranges, text, links, vip) or the filters match nothing.
 */
function keptValues(q: ProductFilterSet & Partial<Pick<TProductListQuery, 'page' | 'size' | 'sort'>>): Values | undefined {
  const {
    idKinds,
    countryCodes,
    idProductionAreas,
    idWineries,
    idLevels,
    sugarLevels,
    volumes,
    idTypes,
    idFeatured,
    query,
    matchesNothing,
    countryName: _country,
    page: _page,
    size: _size,
    sort: _sort,
    ...others
  } = q;
  // Whatever is left is a filter no key holds (a new filter falls back to counting until it is kept).
  if (matchesNothing || (query && normalizeSearch(query))) return undefined;
  if (Object.values(others).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0))) return undefined;
  const values: Values = new Map();
  const lists: [Dim, readonly (number | string)[] | undefined][] = [
    ['k', idKinds],
    ['c', countryCodes],
    ['a', idProductionAreas],
    ['w', idWineries],
    ['l', idLevels],
    ['s', sugarLevels],
    ['v', volumes],
    ['g', idTypes],
    ['f', idFeatured],
  ];
  for (const [dim, list] of lists) if (list?.length) values.set(dim, [...new Set(list.map((x) => `${dim}${x}`))]);
  return values;
}

/**
 * The keys whose counts add up to the wines matching every dimension of `values` (values OR-ed within one), and
 * `extra` when given; undefined when that dimension set is not kept or a sum would count a wine twice (several
 * values of a grape or featured filter).
 */
function keysFor(values: Values, extra?: string): string[] | undefined {
  const dims = [...values.keys(), ...(extra ? [extra[0] as Dim] : [])].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  if (!KEPT.has(dims.join(''))) return undefined;
  let combos: string[][] = [extra ? [extra] : []];
  for (const [dim, list] of values) {
    if (MANY.has(dim) && list.length > 1) return undefined;
    combos = combos.flatMap((c) => list.map((x) => [...c, x]));
  }
  return combos.map((c) => c.sort((x, y) => rank(x) - rank(y)).join('|'));
}

const lookup = (keys: string[]) => sql`select c.key, c.products from product_counts c where c.key = any(${sql.param(keys)}::text[])`;

/**
 * The total of a list from the kept counts (`select … as total`, for listStatement), or undefined when its shape is
 * not kept: no filter, one filter, or two whose pair is kept; several values of a grape or featured filter, a
 * range, the text, a link or vip, and three filters are counted over the wines.
 */
export function keptTotal(
  query: ProductFilterSet & Partial<Pick<TProductListQuery, 'page' | 'size' | 'sort'>>,
): { select: SQL } | undefined {
  const values = keptValues(query);
  const keys = values && keysFor(values);
  if (!keys || keys.length > MAX_KEYS) return undefined;
  // One key (the usual case) as `=`: PostgreSQL then costs the statement's generic plan as low as a custom one and
  // keeps it (see list-statement.ts); `= any` of an unknown array is costed as ten rows.
  if (keys.length === 1) {
    return { select: sql`select coalesce((select c.products from product_counts c where c.key = ${keys[0]}::text), 0)::int as total` };
  }
  return { select: sql`select coalesce((select sum(c.products) from (${lookup(keys)}) c), 0)::int as total` };
}

/** The values each facet lists (from the lookups; sugar levels and volumes are fixed). */
export interface FacetValues {
  kinds: { keys(): Iterable<number> };
  areas: { keys(): Iterable<number> };
  grapes: { keys(): Iterable<number> };
  levels: { keys(): Iterable<number> };
  featured: { keys(): Iterable<number> };
}

type FacetName = Exclude<keyof FacetCounts, 'total'>;
/** Each facet: the dimension of its values, and the dimensions of its own filter group, which it leaves out. */
const FACETS: { facet: FacetName; dim: Dim; own: Dim[] }[] = [
  { facet: 'kinds', dim: 'k', own: ['k'] },
  { facet: 'areas', dim: 'a', own: ['a', 'c'] },
  { facet: 'grapes', dim: 'g', own: ['g'] },
  { facet: 'levels', dim: 'l', own: ['l'] },
  { facet: 'featured', dim: 'f', own: ['f'] },
  { facet: 'sugar', dim: 's', own: ['s'] },
  { facet: 'volumes', dim: 'v', own: ['v'] },
];

/**
 * The left filter's counts from the kept counts: one statement reading the keys of every facet value under every
 * other active filter, and `read` adding them up. Undefined when some number is not kept: in practice no filter,
 * one filter group, or a kind with a country; the rest is counted by facetSql.
 */
export function keptFacets(
  f: ProductFilterSet,
  facetValues: FacetValues,
): { select: SQL; read(rows: { key: string; products: number }[]): FacetCounts } | undefined {
  const values = keptValues(f);
  const totalKeys = values && keysFor(values);
  if (!values || !totalKeys) return undefined;
  const all: Record<FacetName, Iterable<number>> = {
    kinds: facetValues.kinds.keys(),
    areas: facetValues.areas.keys(),
    grapes: facetValues.grapes.keys(),
    levels: facetValues.levels.keys(),
    featured: facetValues.featured.keys(),
    sugar: SUGAR_LEVELS,
    volumes: VOLUMES_ML,
  };
  const plan: { facet: FacetName; value: number; keys: string[] }[] = [];
  let size = totalKeys.length;
  for (const { facet, dim, own } of FACETS) {
    const others: Values = new Map([...values].filter(([d]) => !own.includes(d)));
    for (const value of all[facet]) {
      const keys = keysFor(others, `${dim}${value}`);
      if (!keys) return undefined;
      plan.push({ facet, value, keys });
      size += keys.length;
    }
  }
  if (size > MAX_KEYS) return undefined;
  const keys = [...new Set([...totalKeys, ...plan.flatMap((p) => p.keys)])];
  return {
    select: lookup(keys),
    read(rows) {
      const n = new Map(rows.map((r) => [r.key, Number(r.products)]));
      const sum = (ks: string[]) => ks.reduce((s, k) => s + (n.get(k) ?? 0), 0);
      const counts: FacetCounts = {
        kinds: new Map(),
        areas: new Map(),
        grapes: new Map(),
        levels: new Map(),
        featured: new Map(),
        sugar: new Map(),
        volumes: new Map(),
        total: sum(totalKeys),
      };
      for (const p of plan) {
        const qty = sum(p.keys);
        if (qty > 0) counts[p.facet].set(p.value, qty);
      }
      return counts;
    },
  };
}
