import { z } from 'zod';
import { PRODUCT_PAGE_SIZE, type ProductFilterKey } from './list-keys';

/**
 * The wine portfolio calls (spec §7 "Wines" and "Wineries"). Lists answer HAL-style pages:
 * `{ _embedded: { items: [...] }, page: { size, number, totalElements, totalPages } }` with `number` 1-based.
 * Lookup shapes follow the spec exactly: kinds in `_embedded.items`, grape types in `types.content`,
 * production areas in `_embedded.countries`.
 *
 * Names: `nameKo` and `nameOriginal` are both always sent; `name` is the one to show in the request language
 * (Korean for ko-KR, the original-language name otherwise). Translated texts fall back to Korean; then the
 * text's `…Lang` field says so (e.g. `descriptionLang: 'ko-KR'` in a ja-JP answer), so pages can mark it.
 */

export const SERVICE_TYPES = ['BRAND'] as const;
export const PAGE_SIZE_MAX = 100;
export const VOLUMES_ML = [375, 750, 1500] as const;
export const WINE_KIND_CODES = ['RED', 'WHITE', 'SPARKLING', 'ROSE', 'DESSERT', 'FORTIFIED'] as const;
/** 1 dry .. 5 sweet; labels in web and api `catalog.sugar.<n>`. */
export const SUGAR_LEVELS = [1, 2, 3, 4, 5] as const;
export const PRODUCT_SORTS = ['RECOMMEND', 'NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'SCORE_DESC', 'NAME_ASC', 'POPULAR'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const WINERY_SORTS = ['NAME_ASC', 'NEWEST', 'POPULAR', 'WINES_DESC'] as const;
export type WinerySort = (typeof WINERY_SORTS)[number];
/** Product link kinds behind the event, magazine and store filters. */
export const PRODUCT_LINK_KINDS = ['EVENT', 'MAGAZINE', 'STORE'] as const;
export const ALCOHOL_MAX = 25;

/**
 * Language of a translated text, sent only when it is not the request language (a text missing in that
 * language is shown in Korean). Absent means the text is in the request language.
 */
const ZTextLang = z.enum(['ko-KR', 'en-US', 'zh-CN', 'zh-TW', 'ja-JP']).optional();
export const PRICE_MAX = 100_000_000;

// ---- query helpers ---------------------------------------------------------------------------------------
// Validation messages are keys of api.validation.* (see messages.ts).

/** Splits `1,2,3` or a repeated parameter into trimmed parts; undefined when absent or empty. */
const splitList = (v: unknown) => {
  if (v === undefined || v === '') return undefined;
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
  return parts.map((p) => p.trim()).filter(Boolean);
};
/**
 * A list of positive ids: `1,2,3` or a repeated parameter. Checked as a whole so a bad item is reported on the
 * field itself (`idKinds: ...`), not on `idKinds.0`.
 */
const zIdList = z.preprocess(
  splitList,
  z
    .array(z.string())
    .max(50)
    .refine((a) => a.every((p) => /^\d{1,10}$/.test(p) && Number(p) > 0 && Number(p) <= 2_147_483_647), { message: 'idList' })
    .transform((a) => a.map(Number))
    .optional(),
);
const zIntList = (allowed: readonly number[]) =>
  z.preprocess(
    splitList,
    z
      .array(z.string())
      .max(allowed.length)
      .refine((a) => a.every((p) => allowed.includes(Number(p))), { message: 'oneOf' })
      .transform((a) => [...new Set(a.map(Number))])
      .optional(),
  );
const zBool = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean().optional());
const zNonNeg = (max: number) => z.coerce.number({ message: 'number' }).min(0, { message: 'nonNegative' }).max(max).optional();
const zText = z.string().trim().max(100).optional();
const zCountryCodes = z.preprocess(
  splitList,
  z
    .array(z.string())
    .max(50)
    .refine((a) => a.every((s) => /^[A-Za-z]{2}$/.test(s)), { message: 'countryCode' })
    .transform((a) => a.map((s) => s.toUpperCase()))
    .optional(),
);

/** A positive database id (path parameters, single-id filters). */
export const zId = z.coerce.number({ message: 'number' }).int({ message: 'number' }).positive({ message: 'number' }).max(2_147_483_647);
export const zPage = z.coerce.number({ message: 'pageNumber' }).int().min(1).max(10_000).default(1);
export const zSize = (dflt: number) => z.coerce.number({ message: 'pageSize' }).int().min(1).max(PAGE_SIZE_MAX).default(dflt);
/** Period filter (spec: today, 15 days, 1, 3, 6 months): YYYY-MM-DD, inclusive, in Korea time. */
export const zDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date' })
  .refine(
    (s) => {
      // A real calendar day (Date.parse alone accepts 2024-02-31).
      const [y, m, d] = s.split('-').map(Number) as [number, number, number];
      const t = new Date(Date.UTC(y, m - 1, d));
      return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
    },
    { message: 'date' },
  )
  .optional();

/** The list's parameters are declared without zod in list-keys.ts (the browser reads them too). */
export {
  PRODUCT_FILTER_KEYS,
  PRODUCT_LIST_FILTERS,
  PRODUCT_PAGE_SIZE,
  PRODUCT_RANGE_FILTERS,
  PRODUCT_SINGLE_FILTERS,
  type ProductFilterKey,
} from './list-keys';

/** Filters of the product list, the left filter (facets) and the portfolio PDF. */
export const ZProductFilters = z
  .object({
    query: zText,
    idKinds: zIdList,
    idProductionAreas: zIdList,
    idWineries: zIdList,
    idLevels: zIdList,
    idTypes: zIdList,
    idFeatured: zIdList,
    sugarLevels: zIntList(SUGAR_LEVELS),
    volumes: zIntList(VOLUMES_ML),
    /** ISO codes, or country names in any interface language (the web URL carries countryName). */
    countryCodes: zCountryCodes,
    countryName: z.string().trim().max(60).optional(),
    alcoholMin: zNonNeg(ALCOHOL_MAX),
    alcoholMax: zNonNeg(ALCOHOL_MAX),
    priceMin: zNonNeg(PRICE_MAX),
    priceMax: zNonNeg(PRICE_MAX),
    scoreMin: zNonNeg(100),
    scoreMax: zNonNeg(100),
    idEvent: zId.optional(),
    idMagazine: zId.optional(),
    idStore: zId.optional(),
    vip: zBool,
  })
  .refine((f) => f.alcoholMin === undefined || f.alcoholMax === undefined || f.alcoholMin <= f.alcoholMax, {
    message: 'rangeOrder',
    path: ['alcoholMax'],
  })
  .refine((f) => f.priceMin === undefined || f.priceMax === undefined || f.priceMin <= f.priceMax, {
    message: 'rangeOrder',
    path: ['priceMax'],
  })
  .refine((f) => f.scoreMin === undefined || f.scoreMax === undefined || f.scoreMin <= f.scoreMax, {
    message: 'rangeOrder',
    path: ['scoreMax'],
  });
export type TProductFilters = z.infer<typeof ZProductFilters>;
// The schema's keys are exactly PRODUCT_FILTER_KEYS: a filter added to one and not the other fails typecheck.
const _sameKeys: [keyof TProductFilters, ProductFilterKey] extends [ProductFilterKey, keyof TProductFilters] ? true : never = true;
void _sameKeys;

export const ZProductListQuery = z.intersection(
  ZProductFilters,
  z.object({
    page: zPage,
    size: zSize(PRODUCT_PAGE_SIZE),
    sort: z.enum(PRODUCT_SORTS, { message: 'oneOf' }).default('RECOMMEND'),
    /**
     * The last wine of the previous page: the page continues after it in the sort order (keyset paging, as quick
     * for page 100 as for page 1) and `page` only numbers it. Without it, `page` counts from the start.
     */
    after: zId
      .optional()
      .meta({ description: 'Id of the last wine of the previous page (keyset paging); `page` then only numbers the page.' }),
  }),
);
export type TProductListQuery = z.infer<typeof ZProductListQuery>;

export const ZServiceTypeQuery = z.object({ serviceType: z.enum(SERVICE_TYPES, { message: 'oneOf' }).default('BRAND') });

export const ZWishListQuery = z
  .object({
    page: zPage,
    size: zSize(20),
    sort: z.enum(['NEWEST', 'OLDEST', 'NAME_ASC', 'PRICE_ASC', 'PRICE_DESC'], { message: 'oneOf' }).default('NEWEST'),
    query: zText,
    startDate: zDate,
    endDate: zDate,
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { message: 'rangeOrder', path: ['endDate'] });
export type TWishListQuery = z.infer<typeof ZWishListQuery>;

export const ZWineryListQuery = z.object({
  page: zPage,
  size: zSize(24),
  sort: z.enum(WINERY_SORTS, { message: 'oneOf' }).default('NAME_ASC'),
  query: zText,
  countryCodes: zCountryCodes,
});
export type TWineryListQuery = z.infer<typeof ZWineryListQuery>;

/** GET /wineries/like: the member's liked wineries, most recent first. */
export const ZLikedWineryListQuery = z.object({ page: zPage, size: zSize(24) });
export type TLikedWineryListQuery = z.infer<typeof ZLikedWineryListQuery>;

export const ZWineryWinesQuery = z.object({
  page: zPage,
  size: zSize(24),
  sort: z.enum(PRODUCT_SORTS, { message: 'oneOf' }).default('RECOMMEND'),
  idKinds: zIdList,
});
export type TWineryWinesQuery = z.infer<typeof ZWineryWinesQuery>;

// ---- answers ---------------------------------------------------------------------------------------------

export const ZPageInfo = z.object({
  size: z.number().int(),
  number: z.number().int().meta({ description: '1-based' }),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type TPageInfo = z.infer<typeof ZPageInfo>;
export const zPageOf = <T extends z.ZodType>(item: T) => z.object({ _embedded: z.object({ items: z.array(item) }), page: ZPageInfo });

export const ZNamed = z.object({ id: z.number().int(), name: z.string() });
export const ZCoded = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const ZCountryRef = z.object({ code: z.string(), name: z.string() });

export const ZKind = z.object({ id: z.number().int(), code: z.string(), name: z.string(), color: z.string(), qty: z.number().int() });
export const ZKindList = z.object({ _embedded: z.object({ items: z.array(ZKind) }) });
export type TKind = z.infer<typeof ZKind>;

export const ZGrapeType = z.object({ id: z.number().int(), name: z.string(), originalName: z.string(), qty: z.number().int() });
export const ZGrapeTypeList = z.object({ types: z.object({ content: z.array(ZGrapeType) }) });
export type TGrapeType = z.infer<typeof ZGrapeType>;

export const ZProductionArea = z.object({
  id: z.number().int(),
  name: z.string(),
  originalName: z.string(),
  qty: z.number().int(),
  countryName: z.string(),
});
export const ZAreaCountry = z.object({
  countryCode: z.string(),
  name: z.string(),
  qty: z.number().int(),
  productionAreas: z.array(ZProductionArea),
});
export const ZProductionAreaList = z.object({ _embedded: z.object({ countries: z.array(ZAreaCountry) }) });
export type TProductionArea = z.infer<typeof ZProductionArea>;
export type TAreaCountry = z.infer<typeof ZAreaCountry>;

export const ZCodedWithQty = ZCoded.extend({ qty: z.number().int() });
export const ZCodedList = z.object({ _embedded: z.object({ items: z.array(ZCodedWithQty) }) });
export const ZVolumeList = z.object({
  _embedded: z.object({ items: z.array(z.object({ value: z.number().int(), name: z.string(), qty: z.number().int() })) }),
});
export const ZSortTypeList = z.object({ _embedded: z.object({ items: z.array(z.object({ code: z.string(), name: z.string() })) }) });

/** Facet counts: each count applies every active filter except the facet's own (so choices stay visible). */
export const ZLeftFilter = z.object({
  data: z.object({
    kinds: z.array(ZKind),
    countries: z.array(ZAreaCountry),
    types: z.array(ZGrapeType),
    levels: z.array(ZCodedWithQty),
    featured: z.array(ZCodedWithQty),
    sugarLevels: z.array(z.object({ value: z.number().int(), name: z.string(), qty: z.number().int() })),
    volumes: z.array(z.object({ value: z.number().int(), name: z.string(), qty: z.number().int() })),
    /** Bounds over the catalogue (not the filtered set), for the range sliders. */
    priceRange: z.object({ min: z.number().int(), max: z.number().int() }),
    alcoholRange: z.object({ min: z.number(), max: z.number() }),
    scoreRange: z.object({ min: z.number().int(), max: z.number().int() }),
    total: z.number().int(),
  }),
});
export type TLeftFilter = z.infer<typeof ZLeftFilter>['data'];

export const ZGrapeShare = z.object({
  id: z.number().int(),
  name: z.string(),
  originalName: z.string(),
  percent: z.number().int().nullable(),
});

/** A wine in lists. `tradePrice` is null unless the caller is an approved buyer. */
export const ZProductCard = z.object({
  id: z.number().int(),
  name: z.string(),
  nameKo: z.string(),
  nameOriginal: z.string(),
  image: z.string().meta({ description: 'URL of the bottle picture' }),
  kind: z.object({ id: z.number().int(), code: z.string(), name: z.string(), color: z.string() }),
  country: ZCountryRef,
  productionArea: ZNamed,
  winery: z.object({ id: z.number().int(), name: z.string(), nameKo: z.string(), nameOriginal: z.string() }),
  grapes: z.array(ZGrapeShare),
  level: ZCoded.nullable(),
  featured: z.array(ZCoded),
  sugarLevel: z.number().int(),
  alcohol: z.number(),
  volumeMl: z.number().int(),
  scoreMax: z.number().int(),
  isVip: z.boolean(),
  /** Lowest public price over vintages on sale, KRW. */
  retailPrice: z.number().int(),
  /** Lowest trade price for this buyer, KRW; null for visitors who are not approved buyers. */
  tradePrice: z.number().int().nullable(),
  /** Vintage years on sale, newest first (null = NV). */
  vintages: z.array(z.number().int().nullable()),
  inStock: z.boolean(),
  /**
   * The vintage "add to cart" on a card takes (the newest on sale with stock, else the newest on sale) and its case
   * pack; null when no vintage is on sale.
   */
  orderVintage: z
    .object({
      id: z.number().int(),
      year: z.number().int().nullable(),
      caseSize: z.number().int(),
      orderStep: z.number().int(),
      minQty: z.number().int(),
    })
    .nullable(),
  wishCount: z.number().int(),
  /** Whether the caller has it in their wish list (false without a token). */
  isWished: z.boolean(),
  /** Last change of the wine (ISO), for sitemap lastmod. */
  updatedAt: z.string(),
});
export type TProductCard = z.infer<typeof ZProductCard>;
export const ZProductPage = zPageOf(ZProductCard);
export type TProductPage = z.infer<typeof ZProductPage>;

export const ZVintage = z.object({
  id: z.number().int(),
  year: z.number().int().nullable(),
  retailPrice: z.number().int(),
  tradePrice: z.number().int().nullable(),
  inStock: z.boolean(),
  /** Bottles in stock: approved buyers only, null otherwise. */
  stock: z.number().int().nullable(),
  /** The case pack: bottles per case, the ordering step (1 = by the bottle, else by the case) and the minimum. */
  caseSize: z.number().int(),
  orderStep: z.number().int(),
  minQty: z.number().int(),
});
export const ZVintageList = z.object({ _embedded: z.object({ items: z.array(ZVintage) }) });
export type TVintage = z.infer<typeof ZVintage>;

/** A price in whole Korean won, as the admin sets it. */
const zWon = z.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'nonNegative' }).max(PRICE_MAX);
/** PATCH /admin/wines/vintages/:id: the vintage's new retail and/or trade price (KRW). */
export const ZVintagePriceBody = z
  .object({ retailPrice: zWon.optional(), tradePrice: zWon.optional() })
  .refine((b) => b.retailPrice !== undefined || b.tradePrice !== undefined, { message: 'priceRequired' });
export type TVintagePriceBody = z.infer<typeof ZVintagePriceBody>;
/** PATCH /admin/wines/vintages/:id/stock: bottles in the warehouse. */
export const ZVintageStockBody = z.object({
  stock: z.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'nonNegative' }).max(1_000_000),
});
/** A vintage as the admin sees it. */
export const ZAdminVintage = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  year: z.number().int().nullable(),
  retailPrice: z.number().int(),
  tradePrice: z.number().int(),
  isOnSale: z.boolean(),
});
export type TAdminVintage = z.infer<typeof ZAdminVintage>;

export const ZWineryCard = z.object({
  id: z.number().int(),
  name: z.string(),
  nameKo: z.string(),
  nameOriginal: z.string(),
  country: ZCountryRef,
  productionArea: ZNamed.nullable(),
  image: z.string(),
  productCount: z.number().int(),
  likeCount: z.number().int(),
  isLiked: z.boolean(),
  /** Last change of the winery (ISO), for sitemap lastmod. */
  updatedAt: z.string(),
});
export type TWineryCard = z.infer<typeof ZWineryCard>;
export const ZWineryPage = zPageOf(ZWineryCard);
export type TWineryPage = z.infer<typeof ZWineryPage>;

export const ZProductDetail = ZProductCard.extend({
  images: z.array(z.string()),
  description: z.string().nullable(),
  tastingNote: z.string().nullable(),
  pairing: z.string().nullable(),
  winemaking: z.string().nullable(),
  descriptionLang: ZTextLang,
  tastingNoteLang: ZTextLang,
  pairingLang: ZTextLang,
  winemakingLang: ZTextLang,
  profile: z.object({ body: z.number(), acidity: z.number(), tannin: z.number(), sweetness: z.number() }).nullable(),
  servingTemp: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  vintageList: z.array(ZVintage),
  scores: z.array(z.object({ critic: z.string(), score: z.number().int(), vintageYear: z.number().int().nullable() })),
  awards: z.array(z.object({ year: z.number().int(), name: z.string(), medal: z.string() })),
  wineryCard: ZWineryCard.extend({ description: z.string().nullable(), descriptionLang: ZTextLang }),
  related: z.array(ZProductCard),
});
export const ZProductDetailResult = z.object({ data: ZProductDetail });
export type TProductDetail = z.infer<typeof ZProductDetail>;

export const ZWineryDetail = ZWineryCard.extend({
  description: z.string().nullable(),
  descriptionLang: ZTextLang,
  images: z.array(z.string()),
  foundedYear: z.number().int().nullable(),
  website: z.string().nullable(),
  kinds: z.array(ZKind),
});
export const ZWineryDetailResult = z.object({ data: ZWineryDetail });
export type TWineryDetail = z.infer<typeof ZWineryDetail>;

export const ZWineryCountryList = z.object({
  _embedded: z.object({ countries: z.array(z.object({ countryCode: z.string(), name: z.string(), qty: z.number().int() })) }),
});

export const ZWishToggle = z.object({ data: z.object({ wished: z.boolean(), wishCount: z.number().int() }) });
export const ZLikeToggle = z.object({ data: z.object({ liked: z.boolean(), likeCount: z.number().int() }) });
export const ZWishEntry = z.object({ createdAt: z.string(), product: ZProductCard });
export const ZWishPage = zPageOf(ZWishEntry);
export type TWishPage = z.infer<typeof ZWishPage>;
export const ZLikedWineryPage = zPageOf(ZWineryCard.extend({ likedAt: z.string() }));
