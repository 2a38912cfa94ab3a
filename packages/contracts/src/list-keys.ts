/**
 * The product list's parameters and page size, for the browser as well as the API: plain constants, no zod (the
 * schemas in catalog.ts are built from them), so a page that reads its list state from the URL does not download
 * the schema library.
 */

export const PRODUCT_PAGE_SIZE = 24;

/** Multi-valued filters of the product list: `idKinds=1,2` or a repeated parameter. */
export const PRODUCT_LIST_FILTERS = [
  'idKinds',
  'countryCodes',
  'idProductionAreas',
  'idTypes',
  'idLevels',
  'idFeatured',
  'sugarLevels',
  'volumes',
  'idWineries',
] as const;
/** Range filters of the product list. */
export const PRODUCT_RANGE_FILTERS = ['priceMin', 'priceMax', 'alcoholMin', 'alcoholMax', 'scoreMin', 'scoreMax'] as const;
/** Single-valued filters of the product list. */
export const PRODUCT_SINGLE_FILTERS = ['query', 'countryName', 'vip', 'idEvent', 'idMagazine', 'idStore'] as const;
/** Every parameter that narrows the product list (sort and page do not): the keys of ZProductFilters. */
export const PRODUCT_FILTER_KEYS = [...PRODUCT_LIST_FILTERS, ...PRODUCT_RANGE_FILTERS, ...PRODUCT_SINGLE_FILTERS] as const;
export type ProductFilterKey = (typeof PRODUCT_FILTER_KEYS)[number];
