import { sql, type SQL } from 'drizzle-orm';
import { rawQuery, type Database, type LocalizedText, type ProductTexts, type TastingProfile } from '@podo/db';
import type { Language } from '@podo/i18n';
import { apiMessages } from '@podo/i18n/resources';
import {
  PRODUCT_FILTER_KEYS,
  type ProductFilterKey,
  normalizeSearch,
  PRODUCT_SORTS,
  SUGAR_LEVELS,
  VOLUMES_ML,
  type TAreaCountry,
  type TKind,
  type TLeftFilter,
  type TPageInfo,
  type TProductCard,
  type TProductDetail,
  type TProductFilters,
  type TProductListQuery,
  type TProductPage,
  type TVintage,
  type TWishListQuery,
  type TWishPage,
} from '@podo/contracts';
import { tagged } from '@podo/cache';
import { AppError } from '../../lib/errors';
import { writeInvalidating } from '../../lib/cache';
import {
  cachedResult,
  countMap,
  countryName,
  fallbackLang,
  getCounts,
  getLookups,
  loc,
  locOrNull,
  resolveCountry,
  resultEpoch,
  storeResult,
  type Lookups,
  type FacetCounts,
} from './catalog-cache';
import {
  and,
  facetSql,
  pagedCards,
  productOrder,
  searchCondition,
  tradePriceSql,
  cardSelect,
  toPgQuery,
  type ProductFilterSet,
} from './product-sql';
import { catalogCachingEnabled } from './response-cache';
import { listStatement, patchCards } from './list-statement';
import { keptFacets, keptTotal } from './kept-counts';
import { JsonAnswer } from '../../lib/json-answer';
import type { Viewer } from '../session';

export type { Viewer } from '../session';
export { ANONYMOUS } from '../session';
export { productListSql, toPgQuery, tradePriceSql } from './product-sql';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Page info of a list (`number` 1-based). */
export function pageInfo(page: number, size: number, total: number): TPageInfo {
  return { size, number: page, totalElements: total, totalPages: Math.ceil(total / size) };
}

/** The localized label of a request field (api `fields.*`), for messages that name it. */
function fieldLabel(lang: Language, field: string): string {
  return (apiMessages[lang].fields as Record<string, string>)[field] ?? field;
}

// ---- filters -------------------------------------------------------------------------------------------------

const ID_FILTERS = [
  ['idKinds', (lk: Lookups) => lk.kinds],
  ['idProductionAreas', (lk: Lookups) => lk.areas],
  ['idWineries', (lk: Lookups) => lk.wineryIds],
  ['idLevels', (lk: Lookups) => lk.levels],
  ['idTypes', (lk: Lookups) => lk.grapes],
  ['idFeatured', (lk: Lookups) => lk.featured],
] as const;

function unknownValues(f: TProductFilters, lk: Lookups): { field: string; values: (string | number)[] } | undefined {
  for (const [field, set] of ID_FILTERS) {
    const ids = f[field];
    const known = set(lk);
    const missing = ids?.filter((id) => !known.has(id));
    if (missing?.length) return { field, values: missing };
  }
  const badCodes = f.countryCodes?.filter((c) => !lk.countryCodes.has(c));
  if (badCodes?.length) return { field: 'countryCodes', values: badCodes };
  if (f.countryName && !resolveCountry(f.countryName, lk.countryCodes)) return { field: 'countryName', values: [f.countryName] };
  return undefined;
}

/**
 * Checks the ids of the filters against the catalogue (UNKNOWN_FILTER_VALUE naming the field otherwise) and folds
 * `countryName` (an ISO code or a country name in any interface language) into `countryCodes`.
 */
export async function resolveProductQuery<T extends TProductFilters>(
  db: Database,
  q: T,
  lang: Language,
): Promise<Omit<T, 'countryName'> & ProductFilterSet> {
  let lk = await getLookups(db);
  let bad = unknownValues(q, lk);
  if (bad) {
    lk = await getLookups(db, true);
    bad = unknownValues(q, lk);
  }
  if (bad) {
    throw new AppError('UNKNOWN_FILTER_VALUE', { field: fieldLabel(lang, bad.field), value: bad.values.join(', ').slice(0, 100) });
  }
  const { countryName: name, ...rest } = q;
  if (!name) return rest as Omit<T, 'countryName'> & ProductFilterSet;
  const code = resolveCountry(name, lk.countryCodes)!;
  const codes = q.countryCodes ? q.countryCodes.filter((c) => c === code) : [code];
  return { ...rest, countryCodes: codes, matchesNothing: codes.length === 0 } as Omit<T, 'countryName'> & ProductFilterSet;
}

/** Whether any filter narrows the catalogue (else the left filter reads the cached counts). */
function hasActiveFilters(f: ProductFilterSet): boolean {
  if (f.matchesNothing || (f.query && normalizeSearch(f.query))) return true;
  const lists = [
    f.idKinds,
    f.idProductionAreas,
    f.idWineries,
    f.idLevels,
    f.idTypes,
    f.idFeatured,
    f.sugarLevels,
    f.volumes,
    f.countryCodes,
  ];
  const values = [f.alcoholMin, f.alcoholMax, f.priceMin, f.priceMax, f.scoreMin, f.scoreMax, f.idEvent, f.idMagazine, f.idStore, f.vip];
  return lists.some((l) => l !== undefined && l.length > 0) || values.some((v) => v !== undefined);
}

/** The resolved filters: the text and the country name are resolved into the search and countryCodes. */
const FILTER_KEYS = [
  ...PRODUCT_FILTER_KEYS.filter((k): k is Exclude<ProductFilterKey, 'query' | 'countryName'> => k !== 'query' && k !== 'countryName'),
  'matchesNothing',
] as const;

/** A canonical key of the filters (lists sorted, text normalized): equal keys select the same wines. */
export function filterKey(f: ProductFilterSet): string {
  const parts: unknown[] = [f.query ? normalizeSearch(f.query) : ''];
  for (const k of FILTER_KEYS) {
    const v = f[k];
    parts.push(Array.isArray(v) ? (v.length ? [...v].sort() : null) : (v ?? null));
  }
  return JSON.stringify(parts);
}

// ---- cards ---------------------------------------------------------------------------------------------------

/** A row of cardSelect. */
export interface CardRow {
  id: number;
  name_ko: string;
  name_original: string;
  image: string | null;
  kind_id: number;
  country_code: string;
  production_area_id: number;
  winery_id: number;
  winery_name_ko: string;
  winery_name_original: string;
  level_id: number | null;
  sugar_level: number;
  alcohol: number;
  volume_ml: number;
  score_max: number;
  is_vip: boolean;
  price_min: number;
  wish_count: number;
  grapes: [number, number | null][] | null;
  featured: number[] | null;
  vin: [(number | null)[] | null, boolean | null, number | null, [number, number | null, number, number, number] | null];
  wished: boolean;
  updated_at: string | Date;
}

/** The name to show: Korean for ko-KR, the original-language name otherwise. */
export const displayName = (ko: string, original: string, lang: Language) => (lang === 'ko-KR' ? ko : original);

function toCard(r: CardRow, lk: Lookups, lang: Language): TProductCard | undefined {
  const kind = lk.kinds.get(r.kind_id);
  const area = lk.areas.get(r.production_area_id);
  if (!kind || !area) return undefined;
  const grapes: TProductCard['grapes'] = [];
  for (const [id, percent] of r.grapes ?? []) {
    const g = lk.grapes.get(id);
    if (!g) return undefined;
    grapes.push({ id, name: loc(g.name, lang), originalName: g.originalName, percent });
  }
  const featured: TProductCard['featured'] = [];
  for (const id of r.featured ?? []) {
    const f = lk.featured.get(id);
    if (!f) return undefined;
    featured.push({ id, code: f.code, name: loc(f.name, lang) });
  }
  let level: TProductCard['level'] = null;
  if (r.level_id !== null) {
    const l = lk.levels.get(r.level_id);
    if (!l) return undefined;
    level = { id: l.id, code: l.code, name: loc(l.name, lang) };
  }
  const [years, inStock, trade, order] = r.vin ?? [null, null, null, null];
  return {
    id: r.id,
    name: displayName(r.name_ko, r.name_original, lang),
    nameKo: r.name_ko,
    nameOriginal: r.name_original,
    image: r.image ?? '',
    kind: { id: kind.id, code: kind.code, name: loc(kind.name, lang), color: kind.color },
    country: { code: r.country_code, name: countryName(r.country_code, lang) },
    productionArea: { id: area.id, name: loc(area.name, lang) },
    winery: {
      id: r.winery_id,
      name: displayName(r.winery_name_ko, r.winery_name_original, lang),
      nameKo: r.winery_name_ko,
      nameOriginal: r.winery_name_original,
    },
    grapes,
    level,
    featured,
    sugarLevel: r.sugar_level,
    alcohol: r.alcohol,
    volumeMl: r.volume_ml,
    scoreMax: r.score_max,
    isVip: r.is_vip,
    retailPrice: r.price_min,
    tradePrice: trade === null ? null : Number(trade),
    vintages: years ?? [],
    inStock: inStock === true,
    orderVintage: order ? { id: order[0], year: order[1], caseSize: order[2], orderStep: order[3], minQty: order[4] } : null,
    wishCount: r.wish_count,
    isWished: r.wished,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** Cards of rows, joined with the cached lookups (reloaded once if a row names an id they do not hold yet). */
export async function cardsOf(db: Database, rows: CardRow[], lang: Language): Promise<TProductCard[]> {
  let lk = await getLookups(db);
  const out: TProductCard[] = [];
  for (const r of rows) {
    let card = toCard(r, lk, lang);
    if (!card) {
      lk = await getLookups(db, true);
      card = toCard(r, lk, lang);
    }
    if (card) out.push(card);
  }
  return out;
}

/**
 * Runs a card page statement ({ text, values } from toPgQuery, so the SQL object is garbage before the wait for a
 * connection) and turns its rows into cards; `knownTotal` when the statement left the count out.
 */
async function cardPage<R extends CardRow>(
  db: Database,
  q: { text: string; values: unknown[] },
  page: number,
  size: number,
  lang: Language,
  knownTotal?: number,
  gone?: () => boolean,
): Promise<{ rows: R[]; items: TProductCard[]; info: TPageInfo; total: number }> {
  const all = (await rawQuery<R & { total: number | null }>(db, q.text, q.values, gone)).rows;
  const total = knownTotal ?? all[0]?.total ?? 0;
  const rows = all.filter((r) => r.id !== null);
  return { rows, items: await cardsOf(db, rows, lang), info: pageInfo(page, size, total), total };
}

/** A page of the product list: its cards as JSON texts joined with commas (in order), their ids and the page info. */
interface CardTexts {
  cards: string;
  ids: number[];
  info: TPageInfo;
  byWishes: boolean;
}

/**
 * One page of published wines matching the filters, in one prepared statement (list-statement.ts): the page's ids,
 * then their cards as the database keeps them (product_cards), with this viewer's wish flags and trade prices. The
 * total of the same filters is kept for 30 s (see cachedResult), so paging, sorting and repeat visits skip the count.
 * `gone`: whether the request's client has left, when the answer is nobody else's (it then runs no statement).
 */
async function productCardTexts(
  db: Database,
  query: TProductListQuery,
  viewer: Viewer,
  lang: Language,
  gone?: () => boolean,
): Promise<CardTexts> {
  const q = await resolveProductQuery(db, query, lang);
  const key = catalogCachingEnabled(db) ? `total:${filterKey(q)}` : undefined;
  const known = key === undefined ? undefined : cachedResult<number>(db, key);
  const since = resultEpoch(db);
  const run = async (query: typeof q) => {
    const stmt = listStatement(query, viewer, lang, {
      count: known === undefined,
      keptTotal: (b) => {
        const { after: _after, ...filters } = query;
        const kept = keptTotal(filters);
        return kept && `(${b.fragment(kept.select)})`;
      },
    });
    type Row = {
      total: number | null;
      cursor_ok: boolean | null;
      ids: number[];
      cards: string | null;
      trades?: string | null;
      card_ids?: number[] | null;
      wished?: number[] | null;
    };
    return (await rawQuery<Row>(db, stmt.text, stmt.values, gone, stmt.name)).rows[0];
  };
  let row = await run(q);
  // The wine a keyset page continues after has left the list since: the page is counted from the start instead.
  if (row?.cursor_ok === false) row = await run({ ...q, after: undefined });
  const total = known ?? row?.total ?? 0;
  if (key !== undefined && known === undefined) storeResult(db, key, total, since);
  const cards = row?.cards ? patchCards(row.cards, row) : '';
  return { cards, ids: row?.ids ?? [], info: pageInfo(q.page, q.size, total), byWishes: q.sort === 'POPULAR' };
}

/** GET /brand/wines/products as data (the winery, magazine, event and PDF pages list wines with it). */
export async function listProducts(
  db: Database,
  query: TProductListQuery,
  viewer: Viewer,
  lang: Language,
  gone?: () => boolean,
): Promise<TProductPage> {
  const p = await productCardTexts(db, query, viewer, lang, gone);
  const items = JSON.parse(`[${p.cards}]`) as TProductCard[];
  return tagged({ _embedded: { items }, page: p.info }, () => productTags(p.ids, p.byWishes));
}

/** GET /brand/wines/products as its JSON text: the stored cards joined, never parsed here. */
export async function listProductsJson(
  db: Database,
  query: TProductListQuery,
  viewer: Viewer,
  lang: Language,
  gone?: () => boolean,
): Promise<JsonAnswer> {
  const p = await productCardTexts(db, query, viewer, lang, gone);
  return new JsonAnswer(`{"_embedded":{"items":[${p.cards}]},"page":${JSON.stringify(p.info)}}`, p.ids, () =>
    productTags(p.ids, p.byWishes),
  );
}

/** Cache tags of an answer showing these wines: each wine, and `wishes` when wish counts order it. */
function productTags(ids: readonly number[], byWishes: boolean): string[] {
  const tags = ids.map((id) => `product:${id}`);
  if (byWishes) tags.push(WISHES_TAG);
  return tags;
}
/** Answers ordered by wish counts, which any wish toggle may change. */
const WISHES_TAG = 'wishes';

// ---- detail --------------------------------------------------------------------------------------------------

interface DetailRow extends CardRow {
  texts: ProductTexts;
  images: string[];
  profile: TastingProfile | null;
  serving_temp_min: number | null;
  serving_temp_max: number | null;
  vintage_list: VintageTuple[] | null;
  scores: [string, number, number | null][] | null;
  awards: [number, string, string][] | null;
  w_country: string;
  w_area: number | null;
  w_images: string[];
  w_like_count: number;
  w_description: LocalizedText | null;
  w_product_count: number;
  w_liked: boolean;
  w_updated_at: string | Date;
}

type VintageTuple = [number, number | null, number, number | null, number, number, number, number];
function vintageSelect(viewer: Viewer): SQL {
  return sql`json_build_array(v.id, v.year, v.retail_price, ${tradePriceSql(viewer)}, v.stock, v.case_size, v.order_step, v.min_qty)`;
}
function toVintage(v: VintageTuple, viewer: Viewer): TVintage {
  const [id, year, retail, trade, stock, caseSize, orderStep, minQty] = v;
  return {
    caseSize,
    orderStep,
    minQty,
    id,
    year,
    retailPrice: retail,
    tradePrice: viewer.isBuyer && trade !== null ? Number(trade) : null,
    inStock: stock > 0,
    stock: viewer.isBuyer ? stock : null,
  };
}

const likedSql = (viewer: Viewer, wineryId: SQL) =>
  viewer.userId === null
    ? sql`false`
    : sql`exists (select 1 from winery_likes wl where wl.user_id = ${viewer.userId} and wl.winery_id = ${wineryId})`;

/** Up to 8 other wines: same winery first, then same production area, then same kind (each by recommendation). */
function relatedSql(id: number, viewer: Viewer): SQL {
  const pick = (col: string, pri: number) =>
    sql`(select p.id, ${pri}::int as pri, p.recommend_rank as rr from products p join me on p.${sql.raw(col)} = me.${sql.raw(col)}
      where p.id <> me.id and p.is_published order by p.recommend_rank desc, p.id desc limit 8)`;
  return sql`with me as (select id, winery_id, production_area_id, kind_id from products where id = ${id}),
    cand as (${pick('winery_id', 1)} union all ${pick('production_area_id', 2)} union all ${pick('kind_id', 3)}),
    top as (select id, min(pri) as pri, max(rr) as rr from cand group by id order by min(pri), max(rr) desc, id desc limit 8)
    select ${cardSelect(viewer)} from top join products p on p.id = top.id join wineries w on w.id = p.winery_id
    order by top.pri, top.rr desc, p.id desc`;
}

/** GET /wines/brand-products/:id: a published wine with vintages, scores, awards, winery card and related wines. */
export async function getProductDetail(db: Database, id: number, viewer: Viewer, lang: Language): Promise<TProductDetail> {
  const main = sql`select ${cardSelect(viewer)}, p.texts, p.images, p.profile, p.serving_temp_min, p.serving_temp_max,
      (select json_agg(${vintageSelect(viewer)} order by v.year desc nulls last) from product_vintages v
        where v.product_id = p.id and v.is_on_sale) as vintage_list,
      (select json_agg(json_build_array(s.critic, s.score, s.vintage_year) order by s.score desc, s.critic, s.id)
        from product_scores s where s.product_id = p.id) as scores,
      (select json_agg(json_build_array(a.year, a.name, a.medal) order by a.year desc, a.id)
        from product_awards a where a.product_id = p.id) as awards,
      w.country_code as w_country, w.production_area_id as w_area, w.images as w_images, w.like_count as w_like_count,
      w.description as w_description,
      (select count(*)::int from products p2 where p2.winery_id = w.id and p2.is_published) as w_product_count,
      ${likedSql(viewer, sql`w.id`)} as w_liked, w.updated_at as w_updated_at
    from products p join wineries w on w.id = p.winery_id where p.id = ${id} and p.is_published`;
  const [mainRes, relatedRes] = await Promise.all([db.execute(main), db.execute(relatedSql(id, viewer))]);
  const row = rowsOf<DetailRow>(mainRes)[0];
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  const [[card], related, lk] = await Promise.all([
    cardsOf(db, [row], lang),
    cardsOf(db, rowsOf<CardRow>(relatedRes), lang),
    getLookups(db),
  ]);
  if (!card) throw new AppError('PRODUCT_NOT_FOUND');
  const texts = row.texts ?? {};
  const wArea = row.w_area === null ? undefined : lk.areas.get(row.w_area);
  const detail: TProductDetail = {
    ...card,
    images: row.images ?? [],
    description: locOrNull(texts.description, lang),
    tastingNote: locOrNull(texts.tastingNote, lang),
    pairing: locOrNull(texts.pairing, lang),
    winemaking: locOrNull(texts.winemaking, lang),
    descriptionLang: fallbackLang(texts.description, lang),
    tastingNoteLang: fallbackLang(texts.tastingNote, lang),
    pairingLang: fallbackLang(texts.pairing, lang),
    winemakingLang: fallbackLang(texts.winemaking, lang),
    profile: row.profile ?? null,
    servingTemp:
      row.serving_temp_min !== null && row.serving_temp_max !== null ? { min: row.serving_temp_min, max: row.serving_temp_max } : null,
    vintageList: (row.vintage_list ?? []).map((v) => toVintage(v, viewer)),
    scores: (row.scores ?? []).map(([critic, score, vintageYear]) => ({ critic, score, vintageYear })),
    awards: (row.awards ?? []).map(([year, name, medal]) => ({ year, name, medal })),
    wineryCard: {
      id: row.winery_id,
      name: card.winery.name,
      nameKo: row.winery_name_ko,
      nameOriginal: row.winery_name_original,
      country: { code: row.w_country, name: countryName(row.w_country, lang) },
      productionArea: wArea ? { id: wArea.id, name: loc(wArea.name, lang) } : null,
      image: row.w_images?.[0] ?? '',
      productCount: row.w_product_count,
      likeCount: row.w_like_count,
      updatedAt: new Date(row.w_updated_at).toISOString(),
      isLiked: row.w_liked,
      description: locOrNull(row.w_description, lang),
      descriptionLang: fallbackLang(row.w_description, lang),
    },
    related,
  };
  // The wine, the related wines' cards, and the winery card's like count.
  return tagged(detail, () => [...productTags([id, ...related.map((r) => r.id)], false), `winery:${row.winery_id}`]);
}

/** GET /wines/products/:id/vintages: vintages on sale, newest first (trade price and stock for approved buyers). */
export async function listVintages(db: Database, id: number, viewer: Viewer): Promise<TVintage[]> {
  const [row] = rowsOf<{ list: VintageTuple[] | null }>(
    await db.execute(sql`select (select json_agg(${vintageSelect(viewer)} order by v.year desc nulls last)
        from product_vintages v where v.product_id = p.id and v.is_on_sale) as list
      from products p where p.id = ${id} and p.is_published`),
  );
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  return (row.list ?? []).map((v) => toVintage(v, viewer));
}

// ---- lookups and facets --------------------------------------------------------------------------------------

const qtyOf = (m: Map<number, number>, id: number) => m.get(id) ?? 0;

function kindsOf(lk: Lookups, counts: Map<number, number>, lang: Language): TKind[] {
  return [...lk.kinds.values()].map((k) => ({ id: k.id, code: k.code, name: loc(k.name, lang), color: k.color, qty: qtyOf(counts, k.id) }));
}
function grapesOf(lk: Lookups, counts: Map<number, number>, lang: Language) {
  return [...lk.grapes.values()].map((g) => ({
    id: g.id,
    name: loc(g.name, lang),
    originalName: g.originalName,
    qty: qtyOf(counts, g.id),
  }));
}
function codedOf(m: Lookups['levels'], counts: Map<number, number>, lang: Language) {
  return [...m.values()].map((x) => ({ id: x.id, code: x.code, name: loc(x.name, lang), qty: qtyOf(counts, x.id) }));
}
/** Countries with their production areas (areas with qty 0 included), in the areas' sort order. */
function countriesOf(lk: Lookups, counts: Map<number, number>, lang: Language): TAreaCountry[] {
  const byCountry = new Map<string, TAreaCountry & { order: number }>();
  for (const a of lk.areas.values()) {
    let c = byCountry.get(a.countryCode);
    if (!c) {
      c = { countryCode: a.countryCode, name: countryName(a.countryCode, lang), qty: 0, productionAreas: [], order: a.sortOrder };
      byCountry.set(a.countryCode, c);
    }
    const qty = qtyOf(counts, a.id);
    c.qty += qty;
    c.productionAreas.push({ id: a.id, name: loc(a.name, lang), originalName: a.originalName, qty, countryName: c.name });
  }
  const collator = new Intl.Collator(lang);
  return [...byCountry.values()].sort((a, b) => a.order - b.order || collator.compare(a.name, b.name)).map(({ order: _order, ...c }) => c);
}
function sugarOf(counts: Map<number, number>, lang: Language) {
  const names = apiMessages[lang].catalog.sugar as Record<string, string>;
  return SUGAR_LEVELS.map((value) => ({ value, name: names[String(value)] ?? String(value), qty: qtyOf(counts, value) }));
}
function volumesOf(counts: Map<number, number>, lang: Language) {
  return VOLUMES_ML.map((value) => ({
    value,
    name: apiMessages[lang].catalog.volume.replace('{{ml}}', value.toLocaleString(lang)),
    qty: qtyOf(counts, value),
  }));
}

/** GET /wines/kinds: every kind with its number of published wines. */
export async function listKinds(db: Database, lang: Language): Promise<TKind[]> {
  const [lk, c] = await Promise.all([getLookups(db), getCounts(db)]);
  return kindsOf(lk, c.kinds, lang);
}
/** GET /wines/types: grape types with their number of wines. */
export async function listGrapeTypes(db: Database, lang: Language) {
  const [lk, c] = await Promise.all([getLookups(db), getCounts(db)]);
  return grapesOf(lk, c.grapes, lang);
}
/** GET /wines/production-areas: countries and their areas with counts (qty 0 included). */
export async function listProductionAreas(db: Database, lang: Language): Promise<TAreaCountry[]> {
  const [lk, c] = await Promise.all([getLookups(db), getCounts(db)]);
  return countriesOf(lk, c.areas, lang);
}
export async function listFeatured(db: Database, lang: Language) {
  const [lk, c] = await Promise.all([getLookups(db), getCounts(db)]);
  return codedOf(lk.featured, c.featured, lang);
}
export async function listLevels(db: Database, lang: Language) {
  const [lk, c] = await Promise.all([getLookups(db), getCounts(db)]);
  return codedOf(lk.levels, c.levels, lang);
}
export async function listVolumes(db: Database, lang: Language) {
  return volumesOf((await getCounts(db)).volumes, lang);
}
/** GET /wines/products/sort-types. */
export function productSortTypes(lang: Language) {
  const names = apiMessages[lang].catalog.sorts as Record<string, string>;
  return PRODUCT_SORTS.map((code) => ({ code, name: names[code] ?? code }));
}

/** GET /wines/left-filter: facet counts where each facet applies every active filter but its own. */
export async function leftFilter(db: Database, filters: TProductFilters, lang: Language): Promise<TLeftFilter> {
  const f = await resolveProductQuery(db, filters, lang);
  const [lk, counts] = await Promise.all([getLookups(db), getCounts(db)]);
  let facets: FacetCounts | undefined;
  const key = `facets:${filterKey(f)}`;
  const since = resultEpoch(db);
  if (!hasActiveFilters(f)) facets = counts;
  else facets = cachedResult<FacetCounts>(db, key);
  const kept = facets ? undefined : keptFacets(f, lk);
  if (!facets && kept) {
    facets = kept.read(rowsOf<{ key: string; products: number }>(await db.execute(kept.select)));
    storeResult(db, key, facets, since);
  }
  if (!facets) {
    const [r] = rowsOf<Record<string, unknown>>(await db.execute(facetSql(f)));
    facets = {
      kinds: countMap(r!.kinds),
      areas: countMap(r!.areas),
      grapes: countMap(r!.grapes),
      levels: countMap(r!.levels),
      featured: countMap(r!.featured),
      sugar: countMap(r!.sugar),
      volumes: countMap(r!.volumes),
      total: Number(r!.total),
    };
    storeResult(db, key, facets, since);
  }
  const b = counts.bounds;
  return {
    kinds: kindsOf(lk, facets.kinds, lang),
    countries: countriesOf(lk, facets.areas, lang),
    types: grapesOf(lk, facets.grapes, lang),
    levels: codedOf(lk.levels, facets.levels, lang),
    featured: codedOf(lk.featured, facets.featured, lang),
    sugarLevels: sugarOf(facets.sugar, lang),
    volumes: volumesOf(facets.volumes, lang),
    priceRange: { min: Math.floor(b.priceMin), max: Math.ceil(b.priceMax) },
    alcoholRange: { min: b.alcoholMin, max: b.alcoholMax },
    scoreRange: { min: Math.floor(b.scoreMin), max: Math.ceil(b.scoreMax) },
    total: facets.total,
  };
}

// ---- wishes --------------------------------------------------------------------------------------------------

/**
 * POST /wines/products/:id/wish: adds or removes the wine from the member's wish list. The product row is locked
 * first, so parallel toggles run one after another and wish_count always equals the number of wishes. Visitors'
 * cached answers showing the wine, or ordered by wish counts, are dropped in every server process.
 */
export async function toggleWish(db: Database, userId: number, productId: number): Promise<{ wished: boolean; wishCount: number }> {
  return writeInvalidating(db, [`product:${productId}`, WISHES_TAG], async (tx) => {
    const locked = rowsOf(await tx.execute(sql`select id from products where id = ${productId} and is_published for update`));
    if (!locked.length) throw new AppError('PRODUCT_NOT_FOUND');
    const [r] = rowsOf<{ wished: boolean; wish_count: number }>(
      await tx.execute(sql`with del as (delete from wishes where user_id = ${userId} and product_id = ${productId} returning 1),
        ins as (insert into wishes (user_id, product_id) select ${userId}, ${productId} where not exists (select 1 from del) returning 1),
        upd as (update products set wish_count = wish_count + (select count(*) from ins)::int - (select count(*) from del)::int
          where id = ${productId} returning wish_count)
        select exists (select 1 from ins) as wished, (select wish_count from upd) as wish_count`),
    );
    return { wished: r!.wished, wishCount: r!.wish_count };
  });
}

/** Start of a Korea-time day (YYYY-MM-DD) as an instant. */
export const koreaDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** GET /wishes: the member's wish list, filtered by period (Korea time, inclusive) and text. */
export async function listWishes(db: Database, q: TWishListQuery, viewer: Viewer & { userId: number }, lang: Language): Promise<TWishPage> {
  const conds: SQL[] = [sql`ws.user_id = ${viewer.userId}`, sql`p.is_published`];
  const search = searchCondition(q.query, 'p');
  if (search) conds.push(search);
  if (q.startDate) conds.push(sql`ws.created_at >= ${koreaDayStart(q.startDate).toISOString()}::timestamptz`);
  if (q.endDate) conds.push(sql`ws.created_at < ${new Date(koreaDayStart(q.endDate).getTime() + 86_400_000).toISOString()}::timestamptz`);
  const orders: Record<TWishListQuery['sort'], [SQL, SQL]> = {
    NEWEST: [sql`ws.created_at desc, p.id desc`, sql`k.wished_at desc, p.id desc`],
    OLDEST: [sql`ws.created_at asc, p.id asc`, sql`k.wished_at asc, p.id asc`],
    NAME_ASC: [productOrder('NAME_ASC', lang), productOrder('NAME_ASC', lang)],
    PRICE_ASC: [productOrder('PRICE_ASC'), productOrder('PRICE_ASC')],
    PRICE_DESC: [productOrder('PRICE_DESC'), productOrder('PRICE_DESC')],
  };
  const [innerOrder, outerOrder] = orders[q.sort];
  const { rows, items, info } = await cardPage<CardRow & { wished_at: Date | string }>(
    db,
    toPgQuery(
      pagedCards({
        pageFrom: sql`wishes ws join products p on p.id = ws.product_id where ${and(conds)}`,
        countFrom: sql`wishes ws join products p on p.id = ws.product_id where ${and(conds)}`,
        innerOrder,
        outerOrder,
        size: q.size,
        page: q.page,
        viewer,
        innerExtra: sql`, ws.created_at as wished_at`,
        outerExtra: sql`, k.wished_at`,
      }),
    ),
    q.page,
    q.size,
    lang,
  );
  const at = new Map(rows.map((r) => [r.id, new Date(r.wished_at).toISOString()]));
  return { _embedded: { items: items.map((product) => ({ createdAt: at.get(product.id)!, product })) }, page: info };
}
