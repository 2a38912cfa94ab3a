import { sql } from 'drizzle-orm';
import type { Database, LocalizedText } from '@podo/db';
import { LANGUAGES, type Language } from '@podo/i18n';
import { normalizeSearch } from '@podo/contracts';
import { cacheHub, type Cache, type CacheOptions } from '@podo/cache';

/**
 * Lookup tables of the catalogue (kinds, grapes, areas, levels, featured flags, published winery ids, country
 * codes) and the unfiltered counts, held in the database's cache hub (@podo/cache, tag `catalog`). They change only
 * when the catalogue is edited, so every list joins them in JS instead of in SQL. Entries expire after a minute; a
 * lookup that misses an id reloads at once (at most once a second), and catalogue writers invalidate `catalog`.
 */

export interface KindRow {
  id: number;
  code: string;
  name: LocalizedText;
  color: string;
  sortOrder: number;
}
export interface GrapeRow {
  id: number;
  name: LocalizedText;
  originalName: string;
  sortOrder: number;
}
export interface AreaRow {
  id: number;
  countryCode: string;
  name: LocalizedText;
  originalName: string;
  sortOrder: number;
}
export interface CodedRow {
  id: number;
  code: string;
  name: LocalizedText;
  sortOrder: number;
}

export interface Lookups {
  kinds: Map<number, KindRow>;
  grapes: Map<number, GrapeRow>;
  areas: Map<number, AreaRow>;
  levels: Map<number, CodedRow>;
  featured: Map<number, CodedRow>;
  /** Published wineries. */
  wineryIds: Set<number>;
  /** Every ISO country code of the reference table. */
  countryCodes: Set<string>;
}

/** Wines per facet value (kinds, areas, grapes...) and the total, under some filter. */
export interface FacetCounts {
  kinds: Map<number, number>;
  areas: Map<number, number>;
  grapes: Map<number, number>;
  levels: Map<number, number>;
  featured: Map<number, number>;
  sugar: Map<number, number>;
  volumes: Map<number, number>;
  total: number;
}

/** Counts over the whole published catalogue (no filters): lookup menus, the unfiltered left filter. */
export interface CatalogCounts extends FacetCounts {
  bounds: { priceMin: number; priceMax: number; alcoholMin: number; alcoholMax: number; scoreMin: number; scoreMax: number };
  /** Published wineries per country. */
  wineryCountries: Map<string, number>;
}

/** Lookups and unfiltered counts: reloaded after a minute at most, and at once when the catalogue changes. */
const TABLES: CacheOptions = { ttlMs: 60_000, max: 1, tags: ['catalog'] };
const MISS_RELOAD_MS = 1_000;

const lookupsOf = (db: Database): Cache<Lookups> => cacheHub(db).cache<Lookups>('catalog:lookups', TABLES);
const countsOf = (db: Database): Cache<CatalogCounts> => cacheHub(db).cache<CatalogCounts>('catalog:counts', TABLES);

/**
 * Forgets the catalogue's cached lookups, counts and answers, in this process and the others on the database (a
 * catalogue writer that has no transaction of its own to announce it in; see writeInvalidating).
 */
export function invalidateCatalogCache(db: Database): void {
  cacheHub(db).invalidate(['catalog']);
}

type Json = unknown;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function loadLookups(db: Database): Promise<Lookups> {
  const [r] = rowsOf<Record<string, Json>>(
    await db.execute(sql`select
      (select coalesce(json_agg(json_build_array(id, code, name, color, sort_order)), '[]'::json) from wine_kinds) as kinds,
      (select coalesce(json_agg(json_build_array(id, name, original_name, sort_order)), '[]'::json) from grape_types) as grapes,
      (select coalesce(json_agg(json_build_array(id, country_code, name, original_name, sort_order)), '[]'::json) from production_areas) as areas,
      (select coalesce(json_agg(json_build_array(id, code, name, sort_order)), '[]'::json) from wine_levels) as levels,
      (select coalesce(json_agg(json_build_array(id, code, name, sort_order)), '[]'::json) from wine_featured) as featured,
      (select coalesce(json_agg(id), '[]'::json) from wineries where is_published) as wineries,
      (select coalesce(json_agg(code), '[]'::json) from countries) as countries`),
  );
  const kinds = new Map<number, KindRow>();
  for (const [id, code, name, color, sortOrder] of r!.kinds as [number, string, LocalizedText, string, number][]) {
    kinds.set(id, { id, code, name, color, sortOrder });
  }
  const grapes = new Map<number, GrapeRow>();
  for (const [id, name, originalName, sortOrder] of r!.grapes as [number, LocalizedText, string, number][]) {
    grapes.set(id, { id, name, originalName, sortOrder });
  }
  const areas = new Map<number, AreaRow>();
  for (const [id, countryCode, name, originalName, sortOrder] of r!.areas as [number, string, LocalizedText, string, number][]) {
    areas.set(id, { id, countryCode, name, originalName, sortOrder });
  }
  const coded = (list: [number, string, LocalizedText, number][]) =>
    new Map(list.map(([id, code, name, sortOrder]) => [id, { id, code, name, sortOrder }]));
  return {
    kinds: sortedMap(kinds),
    grapes: sortedMap(grapes),
    areas: sortedMap(areas),
    levels: sortedMap(coded(r!.levels as [number, string, LocalizedText, number][])),
    featured: sortedMap(coded(r!.featured as [number, string, LocalizedText, number][])),
    wineryIds: new Set(r!.wineries as number[]),
    countryCodes: new Set((r!.countries as string[]).map((c) => c.trim())),
  };
}

/** Map in display order: sort order, then id. */
function sortedMap<T extends { id: number; sortOrder: number }>(m: Map<number, T>): Map<number, T> {
  return new Map([...m.entries()].sort(([, a], [, b]) => a.sortOrder - b.sortOrder || a.id - b.id));
}

/** The lookup tables; `force` reloads them unless they were loaded within the last second (an id was missing). */
export function getLookups(db: Database, force = false): Promise<Lookups> {
  return Promise.resolve(lookupsOf(db).fetch('', () => loadLookups(db), force ? { maxAgeMs: MISS_RELOAD_MS } : undefined));
}

/** Turns `[[key, count], ...]` json into a Map. */
export function countMap<K extends number | string>(json: unknown): Map<K, number> {
  return new Map((json as [K, number][] | null) ?? []);
}

async function loadCounts(db: Database): Promise<CatalogCounts> {
  const pairs = (from: ReturnType<typeof sql>) => sql`(select coalesce(json_agg(json_build_array(s.k, s.n)), '[]'::json) from (${from}) s)`;
  const [r] = rowsOf<Record<string, Json>>(
    await db.execute(sql`select
      ${pairs(sql`select kind_id k, count(*)::int n from products where is_published group by 1`)} as kinds,
      ${pairs(sql`select g.grape_type_id k, count(*)::int n from product_grapes g join products p on p.id = g.product_id where p.is_published group by 1`)} as grapes,
      ${pairs(sql`select production_area_id k, count(*)::int n from products where is_published group by 1`)} as areas,
      ${pairs(sql`select level_id k, count(*)::int n from products where is_published and level_id is not null group by 1`)} as levels,
      ${pairs(sql`select f.featured_id k, count(*)::int n from product_featured f join products p on p.id = f.product_id where p.is_published group by 1`)} as featured,
      ${pairs(sql`select sugar_level::int k, count(*)::int n from products where is_published group by 1`)} as sugar,
      ${pairs(sql`select volume_ml::int k, count(*)::int n from products where is_published group by 1`)} as volumes,
      ${pairs(sql`select country_code k, count(*)::int n from wineries where is_published group by 1`)} as winery_countries,
      (select json_build_array(count(*), coalesce(min(price_min), 0), coalesce(max(price_min), 0), coalesce(min(alcohol), 0),
        coalesce(max(alcohol), 0), coalesce(min(score_max), 0), coalesce(max(score_max), 0)) from products where is_published) as totals`),
  );
  const t = (r!.totals as (number | string)[]).map(Number);
  return {
    kinds: countMap(r!.kinds),
    grapes: countMap(r!.grapes),
    areas: countMap(r!.areas),
    levels: countMap(r!.levels),
    featured: countMap(r!.featured),
    sugar: countMap(r!.sugar),
    volumes: countMap(r!.volumes),
    wineryCountries: new Map(((r!.winery_countries as [string, number][]) ?? []).map(([c, n]) => [c.trim(), n])),
    total: t[0]!,
    bounds: { priceMin: t[1]!, priceMax: t[2]!, alcoholMin: t[3]!, alcoholMax: t[4]!, scoreMin: t[5]!, scoreMax: t[6]! },
  };
}

/** Counts over the whole published catalogue, cached for a minute. */
export function getCounts(db: Database): Promise<CatalogCounts> {
  return Promise.resolve(countsOf(db).fetch('', () => loadCounts(db)));
}

/** Filter-dependent results, off with CATALOG_CACHE=false. */
const RESULTS: CacheOptions = { ttlMs: 30_000, max: 2_000, tags: ['catalog'], optional: true };
const resultsOf = (db: Database): Cache<unknown> => cacheHub(db).cache<unknown>('catalog:results', RESULTS);

/**
 * A filter-dependent result (a list total, facet counts) cached for 30 s: the same filters give the same
 * counts whoever asks and whatever the page or sort, and they only change when the catalogue is edited.
 */
export function cachedResult<T>(db: Database, key: string): T | undefined {
  return resultsOf(db).get(key) as T | undefined;
}
/** Read before computing a result, and give it to storeResult: a result computed across a write is not kept. */
export const resultEpoch = (db: Database): number => cacheHub(db).epoch;
export function storeResult(db: Database, key: string, value: unknown, since: number): void {
  resultsOf(db).set(key, value, { since });
}

// ---- names ---------------------------------------------------------------------------------------------------

/** A translated text in the request language, falling back to Korean. */
export function loc(text: LocalizedText | null | undefined, lang: Language): string {
  if (!text) return '';
  return text[lang] ?? text['ko-KR'];
}
export function locOrNull(text: LocalizedText | null | undefined, lang: Language): string | null {
  if (!text) return null;
  return text[lang] ?? text['ko-KR'] ?? null;
}
/**
 * The language `loc` and `locOrNull` show a text in when it is not the request language (the Korean of a
 * missing translation), so pages can mark it with `lang`; undefined when it is in the request language.
 */
export function fallbackLang(text: LocalizedText | null | undefined, lang: Language): Language | undefined {
  if (!text || text[lang] !== undefined || text['ko-KR'] === undefined) return undefined;
  return 'ko-KR';
}

const countryNames = new Map<Language, { names: Intl.DisplayNames; byCode: Map<string, string> }>();
/** A country's name in the request language (Intl.DisplayNames, like GET /countries), memoized per code. */
export function countryName(code: string, lang: Language): string {
  let c = countryNames.get(lang);
  if (!c) {
    c = { names: new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' }), byCode: new Map() };
    countryNames.set(lang, c);
  }
  let name = c.byCode.get(code);
  if (name === undefined) {
    name = c.names.of(code) ?? code;
    c.byCode.set(code, name);
  }
  return name;
}

let countryIndex: { codes: Set<string>; byName: Map<string, string> } | undefined;
/**
 * The ISO code of a country given by code or by name in any interface language ('프랑스', 'France', 'フランス'),
 * compared after search normalization (case, accents, spaces). Undefined when nothing matches.
 */
export function resolveCountry(input: string, codes: Set<string>): string | undefined {
  const raw = input.trim();
  if (/^[A-Za-z]{2}$/.test(raw) && codes.has(raw.toUpperCase())) return raw.toUpperCase();
  if (!countryIndex || countryIndex.codes !== codes) {
    const byName = new Map<string, string>();
    for (const lang of LANGUAGES) for (const code of codes) byName.set(normalizeSearch(countryName(code, lang)), code);
    countryIndex = { codes, byName };
  }
  const n = normalizeSearch(raw);
  return n ? countryIndex.byName.get(n) : undefined;
}
