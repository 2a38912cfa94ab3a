import { sql } from 'drizzle-orm';
import type { Database, LocalizedText } from '@podo/db';
import { LANGUAGES, type Language } from '@podo/i18n';
import { normalizeSearch } from '@podo/contracts';
import { catalogCachingEnabled, invalidateResponseCache } from './response-cache';

/**
 * Lookup tables of the catalogue (kinds, grapes, areas, levels, featured flags, published winery ids, country
 * codes) and the unfiltered counts, held in memory per database handle. They change only when the catalogue is
 * edited, so every list joins them in JS instead of in SQL. Entries expire after a minute; a lookup that misses
 * an id reloads at once (at most once a second), and catalogue writers call invalidateCatalogCache.
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
  loadedAt: number;
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
  loadedAt: number;
}

const TTL_MS = 60_000;
const MISS_RELOAD_MS = 1_000;

interface Entry<T> {
  value?: T;
  pending?: Promise<T>;
}
interface DbCache {
  lookups: Entry<Lookups>;
  counts: Entry<CatalogCounts>;
  /** Results that depend on the filters only (list totals, facet counts), by filter key. */
  results: Map<string, { value: unknown; at: number }>;
}
const caches = new WeakMap<Database, DbCache>();

function cacheOf(db: Database): DbCache {
  let c = caches.get(db);
  if (!c) {
    c = { lookups: {}, counts: {}, results: new Map() };
    caches.set(db, c);
  }
  return c;
}

/** Forgets the cached lookups, counts and answers of this database (call after editing the catalogue). */
export function invalidateCatalogCache(db: Database): void {
  caches.delete(db);
  invalidateResponseCache(db);
}

async function cached<T extends { loadedAt: number }>(entry: Entry<T>, load: () => Promise<T>, force: boolean): Promise<T> {
  const v = entry.value;
  if (v && !force && Date.now() - v.loadedAt < TTL_MS) return v;
  if (v && force && Date.now() - v.loadedAt < MISS_RELOAD_MS) return v;
  if (!entry.pending) {
    entry.pending = load().then(
      (value) => {
        entry.value = value;
        entry.pending = undefined;
        return value;
      },
      (e: unknown) => {
        entry.pending = undefined;
        throw e;
      },
    );
  }
  return entry.pending;
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
    loadedAt: Date.now(),
  };
}

/** Map in display order: sort order, then id. */
function sortedMap<T extends { id: number; sortOrder: number }>(m: Map<number, T>): Map<number, T> {
  return new Map([...m.entries()].sort(([, a], [, b]) => a.sortOrder - b.sortOrder || a.id - b.id));
}

/** The lookup tables; `force` reloads them unless they were loaded within the last second (an id was missing). */
export function getLookups(db: Database, force = false): Promise<Lookups> {
  return cached(cacheOf(db).lookups, () => loadLookups(db), force);
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
    loadedAt: Date.now(),
  };
}

/** Counts over the whole published catalogue, cached for a minute. */
export function getCounts(db: Database): Promise<CatalogCounts> {
  return cached(cacheOf(db).counts, () => loadCounts(db), false);
}

const RESULT_TTL_MS = 30_000;
const RESULT_MAX = 2_000;

/**
 * A filter-dependent result (a list total, facet counts) cached for 30 s: the same filters give the same
 * counts whoever asks and whatever the page or sort, and they only change when the catalogue is edited.
 */
export function cachedResult<T>(db: Database, key: string): T | undefined {
  if (!catalogCachingEnabled(db)) return undefined;
  const results = cacheOf(db).results;
  const hit = results.get(key);
  if (!hit) return undefined;
  if (Date.now() - hit.at > RESULT_TTL_MS) {
    results.delete(key);
    return undefined;
  }
  return hit.value as T;
}
export function storeResult(db: Database, key: string, value: unknown): void {
  if (!catalogCachingEnabled(db)) return;
  const results = cacheOf(db).results;
  if (results.size >= RESULT_MAX) {
    // Oldest first (a Map keeps insertion order): drop a tenth at once.
    let n = RESULT_MAX / 10;
    for (const k of results.keys()) {
      results.delete(k);
      if (--n <= 0) break;
    }
  }
  results.set(key, { value, at: Date.now() });
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
