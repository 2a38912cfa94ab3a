import { createHash } from 'node:crypto';
import type { TProductCard, TProductFilters, TWineryCard, ProductSort } from '@podo/contracts';
import type { TSiteConfig } from '@podo/config';
import type { Database } from '@podo/db';
import type { Language } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import { AppError } from '../../lib/errors';
import { getLookups, loc, countryName } from '../wines';
import { getProductDetail, listProducts, resolveProductQuery } from '../wines';
import { getWineryDetail, listWineries } from '../wineries';
import type { Viewer } from '../session';
import { formatKrw, koreaDate, localized } from './canvas';
import { renderProductPortfolio, renderWineryPortfolio } from './portfolio';
import { renderTechSheet, sugarName } from './tech-sheet';
import { renderWinerySheet } from './winery-sheet';

/** Most wines (or wineries) one portfolio PDF lists; more answer PDF_TOO_MANY asking to narrow the filters. */
export const PDF_MAX_ITEMS = 1000;
/** Wines fetched for a winery sheet (as many as fit are listed, then 'N more'). */
const WINERY_SHEET_WINES = 24;
/** Bumped when the layout changes, so browsers do not keep an old drawing under the same ETag. */
const LAYOUT_VERSION = '1';

/**
 * A PDF ready to be drawn: the ETag and file name come from the data alone, so a browser revalidating with
 * If-None-Match gets a 304 without the document being drawn again.
 */
export interface PdfJob {
  etag: string;
  /** File name in the request language (Korean for ko-KR). */
  filename: string;
  /** ASCII file name for clients without RFC 5987 support. */
  asciiFilename: string;
  render(): Promise<Buffer>;
}

function etagOf(parts: unknown[]): string {
  return `"${createHash('sha1')
    .update(JSON.stringify([LAYOUT_VERSION, ...parts]))
    .digest('base64url')
    .slice(0, 27)}"`;
}

/** Lower-case ASCII words of a name ('Château Léoville Barton' → 'chateau-leoville-barton'). */
export function asciiSlug(s: string, fallback: string): string {
  const slug = s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || fallback;
}

/** A file name: characters that file systems refuse (and control characters) become spaces. */
const pdfName = (s: string) =>
  `${[...s]
    .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)}.pdf`;

/** GET /wines/products/:id/pdf: the one-page tech sheet of a published wine. */
export async function productSheetJob(db: Database, site: TSiteConfig, id: number, viewer: Viewer, lang: Language): Promise<PdfJob> {
  const p = await getProductDetail(db, id, viewer, lang);
  const date = koreaDate();
  const L = apiMessages[lang].pdf;
  return {
    etag: etagOf([lang, date, p]),
    filename: pdfName(`${p.name} - ${L.techSheet}`),
    asciiFilename: `${asciiSlug(p.nameOriginal, `wine-${p.id}`)}-tech-sheet.pdf`,
    render: () => renderTechSheet(p, { lang, site, date }),
  };
}

/** GET /wineries/:id/pdf: the one-page sheet of a published winery with its wines. */
export async function winerySheetJob(db: Database, site: TSiteConfig, id: number, viewer: Viewer, lang: Language): Promise<PdfJob> {
  const w = await getWineryDetail(db, id, viewer, lang);
  const wines = await listProducts(db, { page: 1, size: WINERY_SHEET_WINES, sort: 'RECOMMEND', idWineries: [id] }, viewer, lang);
  const date = koreaDate();
  const L = apiMessages[lang].pdf;
  const list = { items: wines._embedded.items, total: wines.page.totalElements };
  return {
    etag: etagOf([lang, date, w, list]),
    filename: pdfName(`${w.name} - ${L.winerySheet}`),
    asciiFilename: `${asciiSlug(w.nameOriginal, `winery-${w.id}`)}-winery.pdf`,
    render: () => renderWinerySheet(w, list, { lang, site, date }),
  };
}

export type TProductPdfQuery = TProductFilters & { sort: ProductSort; groupBy: 'country' | 'kind' };

/** GET /wines/products/pdf: every wine matching the list filters (at most PDF_MAX_ITEMS), grouped by country or kind. */
export async function productPortfolioJob(
  db: Database,
  site: TSiteConfig,
  q: TProductPdfQuery,
  viewer: Viewer,
  lang: Language,
): Promise<PdfJob> {
  const { groupBy, sort, ...filters } = q;
  const page = await listProducts(db, { ...filters, page: 1, size: PDF_MAX_ITEMS, sort }, viewer, lang);
  const total = page.page.totalElements;
  if (total > PDF_MAX_ITEMS) throw new AppError('PDF_TOO_MANY', { max: PDF_MAX_ITEMS, count: total });
  const items = sortGroups(page._embedded.items, groupBy, lang);
  const described = await describeProductFilters(db, filters, page._embedded.items, lang);
  const date = koreaDate();
  const L = apiMessages[lang].pdf;
  const brand = localized(site.brandName, lang);
  return {
    etag: etagOf([lang, date, groupBy, described, items]),
    filename: pdfName(`${brand} ${L.portfolio} ${date}`),
    asciiFilename: `${asciiSlug(site.slug, 'wine')}-portfolio-${date}.pdf`,
    render: () => renderProductPortfolio({ items, groupBy, filters: described }, { lang, site, date }),
  };
}

/** GET /wineries/pdf: every winery matching the text and countries (at most PDF_MAX_ITEMS), by country. */
export async function wineryPortfolioJob(
  db: Database,
  site: TSiteConfig,
  q: { query?: string; countryCodes?: string[] },
  viewer: Viewer,
  lang: Language,
): Promise<PdfJob> {
  const page = await listWineries(db, { ...q, page: 1, size: PDF_MAX_ITEMS, sort: 'NAME_ASC' }, viewer, lang);
  const total = page.page.totalElements;
  if (total > PDF_MAX_ITEMS) throw new AppError('PDF_TOO_MANY', { max: PDF_MAX_ITEMS, count: total });
  const collator = new Intl.Collator(lang);
  // Countries by name; inside a country the list's name order stays.
  const items = [...page._embedded.items].sort((a, b) => collator.compare(a.country.name, b.country.name));
  const L = apiMessages[lang].pdf;
  const filters = [
    ...(q.query ? [interpolate(L.query, { query: q.query })] : []),
    ...(q.countryCodes ?? []).map((c) => countryName(c, lang)),
  ];
  const date = koreaDate();
  const brand = localized(site.brandName, lang);
  return {
    etag: etagOf([lang, date, filters, items satisfies TWineryCard[]]),
    filename: pdfName(`${brand} ${L.wineryPortfolio} ${date}`),
    asciiFilename: `${asciiSlug(site.slug, 'wine')}-wineries-${date}.pdf`,
    render: () => renderWineryPortfolio({ items, filters }, { lang, site, date }),
  };
}

/** Groups follow each other by country name (or kind order); inside a group the list's sort stays (stable sort). */
function sortGroups(items: TProductCard[], groupBy: 'country' | 'kind', lang: Language): TProductCard[] {
  if (groupBy === 'kind') return [...items].sort((a, b) => a.kind.id - b.kind.id);
  const collator = new Intl.Collator(lang);
  return [...items].sort((a, b) => collator.compare(a.country.name, b.country.name));
}

/** The active filters in words for the cover ('레드', '프랑스', '가격 50,000원 – 100,000원'...). */
async function describeProductFilters(db: Database, f: TProductFilters, items: TProductCard[], lang: Language): Promise<string[]> {
  const r = await resolveProductQuery(db, f, lang);
  const lk = await getLookups(db);
  const L = apiMessages[lang].pdf;
  const out: string[] = [];
  const names = <T>(ids: number[] | undefined, map: Map<number, T>, name: (t: T) => string) =>
    (ids ?? []).flatMap((id) => {
      const row = map.get(id);
      return row ? [name(row)] : [];
    });
  if (f.query) out.push(interpolate(L.query, { query: f.query }));
  out.push(...names(f.idKinds, lk.kinds, (k) => loc(k.name, lang)));
  out.push(...(r.countryCodes ?? []).map((c) => countryName(c, lang)));
  out.push(...names(f.idProductionAreas, lk.areas, (a) => loc(a.name, lang)));
  const wineries = new Map(items.map((p) => [p.winery.id, p.winery.name]));
  out.push(...(f.idWineries ?? []).flatMap((id) => (wineries.has(id) ? [wineries.get(id)!] : [])));
  out.push(...names(f.idTypes, lk.grapes, (g) => loc(g.name, lang)));
  out.push(...names(f.idLevels, lk.levels, (l) => loc(l.name, lang)));
  out.push(...names(f.idFeatured, lk.featured, (x) => loc(x.name, lang)));
  out.push(...(f.sugarLevels ?? []).map((s) => sugarName(lang, s)));
  out.push(...(f.volumes ?? []).map((v) => `${v}ml`));
  const range = (label: string, min: number | undefined, max: number | undefined, fmt: (n: number) => string) => {
    if (min === undefined && max === undefined) return;
    out.push(`${label} ${min !== undefined ? fmt(min) : ''} – ${max !== undefined ? fmt(max) : ''}`.replace(/\s+/g, ' ').trim());
  };
  range(L.price, f.priceMin, f.priceMax, (n) => formatKrw(n, lang));
  range(L.alcohol, f.alcoholMin, f.alcoholMax, (n) => `${n}%`);
  range(L.scores, f.scoreMin, f.scoreMax, String);
  if (f.vip) out.push('VIP');
  return out;
}
