import { sql } from 'drizzle-orm';
import { buildSearchGrams, buildSearchText } from '@podo/contracts/search';
import type { Database } from './client';
import type { LocalizedText } from './schema/catalog';
import { COUNTRIES } from './catalog-seed/lookups';

/**
 * Columns the catalogue keeps on its rows so lists need no joins: products.country_code, price_min,
 * score_max, search_text and search_grams, and wineries.search_text / search_grams. The seed computes them
 * while loading; `refreshCatalogDerived` recomputes them from the tables (after an admin edit, say).
 */

const LANGS = ['ko-KR', 'en-US', 'zh-CN', 'zh-TW', 'ja-JP'] as const;

/** Values of a localized text in a fixed language order (jsonb does not keep key order). */
function allNames(t: LocalizedText | null | undefined): string[] {
  if (!t) return [];
  return LANGS.map((l) => t[l]).filter((x): x is string => !!x);
}

/** Korean and English names of a country, with the other names Korean buyers type ('호주', 'USA'). */
export function countrySearchNames(code: string): string[] {
  const c = COUNTRIES[code];
  if (c) return [c.ko, c.en, ...(c.aliases ?? [])];
  const names = (lang: string) => new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' }).of(code) ?? code;
  return [names('ko'), names('en')];
}

export interface ProductSearchInput {
  nameKo: string;
  nameOriginal: string;
  wineryKo: string;
  wineryOriginal: string;
  /** Any order: sorted here by share (largest first), then grape id. */
  grapes: { id: number; percent: number | null; name: LocalizedText; originalName: string }[];
  area: { name: LocalizedText; originalName: string };
  countryCode: string;
  kind: { name: LocalizedText };
}

/** The product's search text and grams: its names, winery, grapes, area, country and kind in every language. */
export function productSearch(p: ProductSearchInput): { searchText: string; searchGrams: number[] } {
  const grapes = [...p.grapes].sort((a, b) => (b.percent ?? -1) - (a.percent ?? -1) || a.id - b.id);
  const searchText = buildSearchText([
    p.nameKo,
    p.nameOriginal,
    p.wineryKo,
    p.wineryOriginal,
    ...grapes.flatMap((g) => [...allNames(g.name), g.originalName]),
    ...allNames(p.area.name),
    p.area.originalName,
    ...countrySearchNames(p.countryCode),
    ...allNames(p.kind.name),
  ]);
  return { searchText, searchGrams: buildSearchGrams(searchText) };
}

export interface WinerySearchInput {
  nameKo: string;
  nameOriginal: string;
  area: { name: LocalizedText; originalName: string } | null;
  countryCode: string;
}

/** The winery's search text and grams: its names, area and country. */
export function winerySearch(w: WinerySearchInput): { searchText: string; searchGrams: number[] } {
  const searchText = buildSearchText([
    w.nameKo,
    w.nameOriginal,
    ...(w.area ? [...allNames(w.area.name), w.area.originalName] : []),
    ...countrySearchNames(w.countryCode),
  ]);
  return { searchText, searchGrams: buildSearchGrams(searchText) };
}

/** PostgreSQL array literal of numbers (search_grams travel as text and are cast to bigint[]). */
export function pgNumberArray(nums: number[]): string {
  return `{${nums.join(',')}}`;
}

type Rows<T> = { rows: T[] };
/** The rows of a `db.execute` answer (the same shape on PGlite and node-postgres). */
export const rowsOf = <T>(r: unknown): T[] => (r as Rows<T>).rows;

/**
 * Recomputes the derived columns of the given products (all when omitted) and of their wineries.
 * Returns how many products and wineries were refreshed.
 */
export async function refreshCatalogDerived(db: Database, productIds?: number[]): Promise<{ products: number; wineries: number }> {
  if (productIds && productIds.length === 0) return { products: 0, wineries: 0 };
  const only = productIds ? sql`and p.id = any(${sql.param(productIds)}::int[])` : sql``;
  await db.execute(sql`
    update products p set
      country_code = a.country_code,
      price_min = coalesce((select min(v.retail_price) from product_vintages v where v.product_id = p.id and v.is_on_sale), 0),
      score_max = coalesce((select max(s.score) from product_scores s where s.product_id = p.id), 0)
    from production_areas a
    where a.id = p.production_area_id ${only}`);

  const products = rowsOf<{
    id: number;
    name_ko: string;
    name_original: string;
    winery_ko: string;
    winery_original: string;
    area_name: LocalizedText;
    area_original: string;
    country_code: string;
    kind_name: LocalizedText;
    grapes: { id: number; percent: number | null; name: LocalizedText; originalName: string }[] | null;
  }>(
    await db.execute(sql`
      select p.id, p.name_ko, p.name_original, w.name_ko as winery_ko, w.name_original as winery_original,
        a.name as area_name, a.original_name as area_original, p.country_code, k.name as kind_name,
        (select json_agg(json_build_object('id', g.id, 'percent', pg.percent, 'name', g.name, 'originalName', g.original_name))
           from product_grapes pg join grape_types g on g.id = pg.grape_type_id where pg.product_id = p.id) as grapes
      from products p
      join wineries w on w.id = p.winery_id
      join production_areas a on a.id = p.production_area_id
      join wine_kinds k on k.id = p.kind_id
      where true ${only}`),
  );
  const ids: number[] = [];
  const texts: string[] = [];
  const grams: string[] = [];
  for (const p of products) {
    const s = productSearch({
      nameKo: p.name_ko,
      nameOriginal: p.name_original,
      wineryKo: p.winery_ko,
      wineryOriginal: p.winery_original,
      grapes: p.grapes ?? [],
      area: { name: p.area_name, originalName: p.area_original },
      countryCode: p.country_code,
      kind: { name: p.kind_name },
    });
    ids.push(p.id);
    texts.push(s.searchText);
    grams.push(pgNumberArray(s.searchGrams));
  }
  for (let i = 0; i < ids.length; i += 5000) {
    await db.execute(sql`
      update products p set search_text = u.t, search_grams = u.g::bigint[]
      from unnest(${sql.param(ids.slice(i, i + 5000))}::int[], ${sql.param(texts.slice(i, i + 5000))}::text[],
                  ${sql.param(grams.slice(i, i + 5000))}::text[]) as u(id, t, g)
      where p.id = u.id`);
  }

  const wineryFilter = productIds
    ? sql`where w.id in (select winery_id from products where id = any(${sql.param(productIds)}::int[]))`
    : sql``;
  const wineries = rowsOf<{
    id: number;
    name_ko: string;
    name_original: string;
    country_code: string;
    area_name: LocalizedText | null;
    area_original: string | null;
  }>(
    await db.execute(sql`
      select w.id, w.name_ko, w.name_original, w.country_code, a.name as area_name, a.original_name as area_original
      from wineries w left join production_areas a on a.id = w.production_area_id ${wineryFilter}`),
  );
  const wIds: number[] = [];
  const wTexts: string[] = [];
  const wGrams: string[] = [];
  for (const w of wineries) {
    const s = winerySearch({
      nameKo: w.name_ko,
      nameOriginal: w.name_original,
      area: w.area_name && w.area_original !== null ? { name: w.area_name, originalName: w.area_original } : null,
      countryCode: w.country_code,
    });
    wIds.push(w.id);
    wTexts.push(s.searchText);
    wGrams.push(pgNumberArray(s.searchGrams));
  }
  for (let i = 0; i < wIds.length; i += 5000) {
    await db.execute(sql`
      update wineries w set search_text = u.t, search_grams = u.g::bigint[]
      from unnest(${sql.param(wIds.slice(i, i + 5000))}::int[], ${sql.param(wTexts.slice(i, i + 5000))}::text[],
                  ${sql.param(wGrams.slice(i, i + 5000))}::text[]) as u(id, t, g)
      where w.id = u.id`);
  }
  return { products: products.length, wineries: wineries.length };
}
