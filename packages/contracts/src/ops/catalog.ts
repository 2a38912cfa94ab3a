import { z } from 'zod';
import {
  PRODUCT_SORTS,
  zId,
  ZCodedList,
  ZGrapeTypeList,
  ZKindList,
  ZLeftFilter,
  ZLikedWineryListQuery,
  ZLikedWineryPage,
  ZLikeToggle,
  ZProductDetailResult,
  ZProductFilters,
  ZProductionAreaList,
  ZProductListQuery,
  ZProductPage,
  ZServiceTypeQuery,
  ZSortTypeList,
  ZVintageList,
  ZVolumeList,
  ZWineryCountryList,
  ZWineryDetailResult,
  ZWineryListQuery,
  ZWineryPage,
  ZWineryWinesQuery,
  ZWishListQuery,
  ZWishPage,
  ZWishToggle,
} from '../catalog';
import { defineOperation } from '../operation';

const wines = ['wines'] as const;
const wineries = ['wineries'] as const;
export const ZIdParams = z.object({ id: zId });

// ---- wines (spec §7 "Wines") ------------------------------------------------------------------------------
export const products = defineOperation({
  method: 'GET',
  path: '/brand/wines/products',
  tags: wines,
  summary: 'Wines of the portfolio: filters, text search, sort and paging (trade prices for approved buyers)',
  auth: 'optional',
  query: ZProductListQuery,
  response: ZProductPage,
  errors: ['UNKNOWN_FILTER_VALUE'],
});

export const product = defineOperation({
  method: 'GET',
  path: '/wines/brand-products/:id',
  tags: wines,
  summary: 'A wine with vintages, scores, awards, texts in the request language, winery card and related wines',
  auth: 'optional',
  params: ZIdParams,
  response: ZProductDetailResult,
  errors: ['PRODUCT_NOT_FOUND'],
});

export const productSortTypes = defineOperation({
  method: 'GET',
  path: '/wines/products/sort-types',
  tags: wines,
  summary: 'Sorts of the wine list',
  auth: 'public',
  response: ZSortTypeList,
  errors: [],
});

export const leftFilter = defineOperation({
  method: 'GET',
  path: '/wines/left-filter',
  tags: wines,
  summary: 'Facet counts of the filter sidebar: each facet applies every active filter except its own',
  auth: 'public',
  query: z.intersection(ZProductFilters, ZServiceTypeQuery),
  response: ZLeftFilter,
  errors: ['UNKNOWN_FILTER_VALUE'],
});

export const vintages = defineOperation({
  method: 'GET',
  path: '/wines/products/:id/vintages',
  tags: wines,
  summary: 'Vintages on sale of a wine (trade price and stock for approved buyers)',
  auth: 'optional',
  params: ZIdParams,
  response: ZVintageList,
  errors: ['PRODUCT_NOT_FOUND'],
});

export const kinds = defineOperation({
  method: 'GET',
  path: '/wines/kinds',
  tags: wines,
  summary: 'Wine kinds with counts',
  auth: 'public',
  query: ZServiceTypeQuery,
  response: ZKindList,
  errors: [],
});

export const grapeTypes = defineOperation({
  method: 'GET',
  path: '/wines/types',
  tags: wines,
  summary: 'Grape types with counts',
  auth: 'public',
  query: ZServiceTypeQuery,
  response: ZGrapeTypeList,
  errors: [],
});

export const productionAreas = defineOperation({
  method: 'GET',
  path: '/wines/production-areas',
  tags: wines,
  summary: 'Countries with their production areas and counts (areas with qty 0 included)',
  auth: 'public',
  query: ZServiceTypeQuery,
  response: ZProductionAreaList,
  errors: [],
});

export const featured = defineOperation({
  method: 'GET',
  path: '/wines/featured',
  tags: wines,
  summary: 'Featured flags with counts',
  auth: 'public',
  response: ZCodedList,
  errors: [],
});

export const levels = defineOperation({
  method: 'GET',
  path: '/wines/levels',
  tags: wines,
  summary: 'Portfolio levels with counts',
  auth: 'public',
  response: ZCodedList,
  errors: [],
});

export const volumes = defineOperation({
  method: 'GET',
  path: '/wines/volumes',
  tags: wines,
  summary: 'Bottle sizes with counts',
  auth: 'public',
  response: ZVolumeList,
  errors: [],
});

export const toggleWish = defineOperation({
  method: 'POST',
  path: '/wines/products/:id/wish',
  tags: wines,
  summary: "Adds the wine to the member's wish list, or removes it when already there",
  auth: 'user',
  params: ZIdParams,
  response: ZWishToggle,
  errors: ['PRODUCT_NOT_FOUND'],
});

export const wishes = defineOperation({
  method: 'GET',
  path: '/wishes',
  tags: wines,
  summary: "The member's wish list; startDate and endDate are Korea-time days, inclusive",
  auth: 'user',
  query: ZWishListQuery,
  response: ZWishPage,
  errors: [],
});

// ---- wineries (spec §7 "Wineries") -------------------------------------------------------------------------
export const wineryList = defineOperation({
  method: 'GET',
  path: '/wineries',
  tags: wineries,
  summary: 'Wineries by text and country, sorted and paged',
  auth: 'optional',
  query: ZWineryListQuery,
  response: ZWineryPage,
  errors: ['UNKNOWN_FILTER_VALUE'],
});

export const winerySortTypes = defineOperation({
  method: 'GET',
  path: '/wineries/sort-types',
  tags: wineries,
  summary: 'Sorts of the winery list',
  auth: 'public',
  response: ZSortTypeList,
  errors: [],
});

export const wineryCountries = defineOperation({
  method: 'GET',
  path: '/wineries/countries',
  tags: wineries,
  summary: 'Countries with their number of wineries',
  auth: 'public',
  response: ZWineryCountryList,
  errors: [],
});

export const wineryWineCategories = defineOperation({
  method: 'GET',
  path: '/wineries/production-wines/category',
  tags: wineries,
  summary: "Wine kinds with counts of one winery's wines (of all wines without idWinery): the winery page tabs",
  auth: 'public',
  query: z.object({ idWinery: zId.optional() }),
  response: ZKindList,
  errors: ['WINERY_NOT_FOUND'],
});

export const likedWineries = defineOperation({
  method: 'GET',
  path: '/wineries/like',
  tags: wineries,
  summary: "The member's liked wineries, most recently liked first",
  auth: 'user',
  query: ZLikedWineryListQuery,
  response: ZLikedWineryPage,
  errors: [],
});

export const winery = defineOperation({
  method: 'GET',
  path: '/wineries/:id',
  tags: wineries,
  summary: 'A winery with its description, pictures and kinds of wine',
  auth: 'optional',
  params: ZIdParams,
  response: ZWineryDetailResult,
  errors: ['WINERY_NOT_FOUND'],
});

export const toggleWineryLike = defineOperation({
  method: 'POST',
  path: '/wineries/:id/like',
  tags: wineries,
  summary: 'Likes the winery, or removes the like when already there',
  auth: 'user',
  params: ZIdParams,
  response: ZLikeToggle,
  errors: ['WINERY_NOT_FOUND'],
});

export const wineryWines = defineOperation({
  method: 'GET',
  path: '/wineries/:idWinery/production-wines',
  tags: wineries,
  summary: "The winery's wines (filter by kinds), as the product list",
  auth: 'optional',
  params: z.object({ idWinery: zId }),
  query: ZWineryWinesQuery,
  response: ZProductPage,
  errors: ['WINERY_NOT_FOUND'],
});

// ---- generated pictures ----------------------------------------------------------------------------------
const ZPictureParams = z.object({
  file: z
    .string()
    .max(40)
    .meta({ description: "`{id}.svg`, `{id}.png` for the share card, or `{id}.webp` for a wine's list thumbnail", example: '17.svg' }),
});
export const winePicture = defineOperation({
  method: 'GET',
  path: '/media/wines/:file',
  tags: ['media'],
  summary: 'Bottle picture (SVG), list thumbnail (WebP) or share card (PNG) of a wine',
  auth: 'public',
  params: ZPictureParams,
  response: { file: 'image/svg+xml, image/webp or image/png' },
  errors: ['NOT_FOUND'],
});

export const wineryPicture = defineOperation({
  method: 'GET',
  path: '/media/wineries/:file',
  tags: ['media'],
  summary: 'Landscape picture (SVG) or share card (PNG) of a winery',
  auth: 'public',
  params: ZPictureParams,
  response: { file: 'image/svg+xml or image/png' },
  errors: ['NOT_FOUND'],
});

export const magazinePicture = defineOperation({
  method: 'GET',
  path: '/media/magazines/:file',
  tags: ['media'],
  summary: 'Cover picture (SVG) or share card (PNG) of a magazine article',
  auth: 'public',
  params: ZPictureParams,
  response: { file: 'image/svg+xml or image/png' },
  errors: ['NOT_FOUND'],
});

export const eventPicture = defineOperation({
  method: 'GET',
  path: '/media/events/:file',
  tags: ['media'],
  summary: 'Cover picture (SVG) or share card (PNG) of an event',
  auth: 'public',
  params: ZPictureParams,
  response: { file: 'image/svg+xml or image/png' },
  errors: ['NOT_FOUND'],
});

// ---- PDF tech sheets and portfolios ----------------------------------------------------------------------
/** `?download=1` (or true) asks for an attachment instead of showing the PDF in the browser. */
const zDownload = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' || v === '' ? false : v),
  z.boolean({ message: 'oneOf' }).default(false),
);
const ZPdfOptions = z.object({ download: zDownload });
/** The product list's filters (same validation and messages) plus the portfolio's own options. */
export const ZProductPdfQuery = z.intersection(
  ZProductFilters,
  z.object({
    sort: z.enum(PRODUCT_SORTS, { message: 'oneOf' }).default('NAME_ASC'),
    groupBy: z.enum(['country', 'kind'], { message: 'oneOf' }).default('country'),
    download: zDownload,
  }),
);
export const ZWineryPdfQuery = ZWineryListQuery.pick({ query: true, countryCodes: true }).extend({ download: zDownload });
const pdf = { file: 'application/pdf' };
const pdfTags = ['pdf'] as const;

export const productsPdf = defineOperation({
  method: 'GET',
  path: '/wines/products/pdf',
  tags: pdfTags,
  summary: 'Portfolio PDF: every wine matching the product list filters, grouped by country or kind, with a cover',
  auth: 'optional',
  query: ZProductPdfQuery,
  response: pdf,
  errors: ['PDF_TOO_MANY', 'UNKNOWN_FILTER_VALUE'],
});

export const productPdf = defineOperation({
  method: 'GET',
  path: '/wines/products/:id/pdf',
  tags: pdfTags,
  summary: 'Tech sheet PDF of a wine (one A4 page; trade prices for approved buyers)',
  auth: 'optional',
  params: ZIdParams,
  query: ZPdfOptions,
  response: pdf,
  errors: ['PRODUCT_NOT_FOUND'],
});

export const wineriesPdf = defineOperation({
  method: 'GET',
  path: '/wineries/pdf',
  tags: pdfTags,
  summary: 'Winery portfolio PDF: every winery matching the text and countries, by country',
  auth: 'optional',
  query: ZWineryPdfQuery,
  response: pdf,
  errors: ['PDF_TOO_MANY', 'UNKNOWN_FILTER_VALUE'],
});

export const wineryPdf = defineOperation({
  method: 'GET',
  path: '/wineries/:id/pdf',
  tags: pdfTags,
  summary: 'Winery sheet PDF: the winery and its wines (one A4 page)',
  auth: 'optional',
  params: ZIdParams,
  query: ZPdfOptions,
  response: pdf,
  errors: ['WINERY_NOT_FOUND'],
});
