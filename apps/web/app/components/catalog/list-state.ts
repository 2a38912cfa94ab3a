import { PRODUCT_FILTER_KEYS, PRODUCT_LIST_FILTERS, PRODUCT_RANGE_FILTERS, PRODUCT_SINGLE_FILTERS } from '@podo/contracts/list-keys';

/**
 * The product list's state in the URL (spec §2 /product: idKinds, idProductionAreas, idTypes, countryName, title,
 * and the API's own names for the other filters). Shared by the loader (API query, canonical URL) and the page
 * (sidebar, chips, sort, pagination), so server and browser read the URL alike.
 */

/** Multi-valued filters: `idKinds=1,2` (a repeated parameter from a plain form post is joined). */
export const LIST_KEYS = PRODUCT_LIST_FILTERS;
export type ListKey = (typeof LIST_KEYS)[number];

/** Ranges; the price inputs show thousands separators, which are dropped here. */
export const RANGE_KEYS = PRODUCT_RANGE_FILTERS;
export type RangeKey = (typeof RANGE_KEYS)[number];

export const SINGLE_KEYS = PRODUCT_SINGLE_FILTERS;

/** Every parameter that narrows the list (title, sort, page and after do not). */
export const FILTER_KEYS: readonly string[] = PRODUCT_FILTER_KEYS;

/** Parameters the canonical URL keeps: the ones that make a distinct, indexable list. */
export const CANONICAL_KEYS = ['idKinds', 'countryCodes', 'countryName', 'idProductionAreas', 'idTypes', 'idWineries', 'page'];

/** Digits and one decimal point only: '38,000원' → '38000'. */
export const cleanNumber = (s: string) => s.replace(/[^\d.]/g, '');

/**
 * One clean form of the list URL: repeated list parameters joined with commas (duplicates dropped), numbers
 * without separators, empty values and page=1 left out. Idempotent, so a loader can redirect to it once.
 */
export function normalizeListParams(sp: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const seen = new Set<string>();
  for (const [key] of sp) {
    if (seen.has(key)) continue;
    seen.add(key);
    const values = sp.getAll(key);
    if ((LIST_KEYS as readonly string[]).includes(key)) {
      const parts = [
        ...new Set(
          values
            .flatMap((v) => v.split(','))
            .map((v) => v.trim())
            .filter(Boolean),
        ),
      ];
      if (parts.length) out.set(key, parts.join(','));
    } else if ((RANGE_KEYS as readonly string[]).includes(key)) {
      const v = cleanNumber(values[values.length - 1] ?? '');
      if (v) out.set(key, v);
    } else {
      const v = (values[values.length - 1] ?? '').trim();
      if (!v || (key === 'page' && v === '1')) continue;
      out.set(key, v);
    }
  }
  return out;
}

/** The values of a list parameter. */
export const listOf = (sp: URLSearchParams, key: string): string[] =>
  (sp.get(key) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Whether any filter is active. */
export const hasFilters = (sp: URLSearchParams) => FILTER_KEYS.some((k) => sp.has(k));

/** A copy with `fn` applied; a filter change starts again at page 1 and drops the menu's heading (`title`). */
export function changeFilters(sp: URLSearchParams, fn: (next: URLSearchParams) => void): URLSearchParams {
  const next = new URLSearchParams(sp);
  fn(next);
  next.delete('page');
  next.delete('after');
  next.delete('title');
  return next;
}

/** Adds or removes one value of a list parameter. */
export function toggleValue(sp: URLSearchParams, key: string, value: string, on: boolean): URLSearchParams {
  return changeFilters(sp, (next) => {
    const values = listOf(next, key).filter((v) => v !== value);
    if (on) values.push(value);
    if (values.length) next.set(key, values.join(','));
    else next.delete(key);
  });
}

/** Without every filter (sort stays). */
export const clearFilters = (sp: URLSearchParams) =>
  changeFilters(sp, (next) => {
    for (const k of FILTER_KEYS) next.delete(k);
  });

/** `?a=1&ids=1,2` or '' (commas stay readable). */
export const qs = (sp: URLSearchParams) => {
  const s = sp.toString().replace(/%2C/gi, ',');
  return s ? `?${s}` : '';
};

/** The page number in the URL (1 when missing or bad). */
export function pageOf(sp: URLSearchParams): number {
  const n = Number(sp.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The API query of the list: every filter as written in the URL, plus sort, page and size. */
export function apiQueryOf(sp: URLSearchParams, size: number): Record<string, string | number> {
  const q: Record<string, string | number> = { page: pageOf(sp), size };
  for (const k of FILTER_KEYS) {
    const v = sp.get(k);
    if (v) q[k] = v;
  }
  const sort = sp.get('sort');
  if (sort) q.sort = sort;
  // Keyset paging from the next-page link (a wine id); a bad value is dropped rather than refused.
  const after = Number(sp.get('after'));
  if (Number.isInteger(after) && after >= 1 && after <= 2_147_483_647) q.after = after;
  return q;
}

/** A link into the list filtered by one value and headed like the menu's links (`title`). */
export const listLink = (key: string, value: string | number, title: string) =>
  `/product?${new URLSearchParams({ [key]: String(value), title }).toString()}`;
