import { z } from 'zod';
import { zId, zPage, zPageOf, zSize } from './catalog';

/**
 * "Where to buy" (spec §7 "Stores") and the Kakao Local map proxy (spec §7 "Map proxy"). Store lists answer the
 * same HAL-style pages as the other lists. Names and hours fall back to Korean; `nameLang` says so.
 */

/** Services a store offers; labels in api `stores.options.<code>`. */
export const STORE_OPTIONS = ['PARKING', 'TASTING', 'DELIVERY', 'CELLAR', 'SOMMELIER'] as const;
export type StoreOption = (typeof STORE_OPTIONS)[number];
export const STORE_SORTS = ['RECOMMEND', 'NAME', 'NEWEST', 'WINES_DESC'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];
export const STORE_PAGE_SIZE = 12;

/** The 17 시/도 by their full official names (as the road-name address API writes them), in the usual order. */
export const SI_NMS = [
  '서울특별시',
  '부산광역시',
  '대구광역시',
  '인천광역시',
  '광주광역시',
  '대전광역시',
  '울산광역시',
  '세종특별자치시',
  '경기도',
  '강원특별자치도',
  '충청북도',
  '충청남도',
  '전북특별자치도',
  '전라남도',
  '경상북도',
  '경상남도',
  '제주특별자치도',
] as const;

/** `a,b` or a repeated parameter, as trimmed parts; a value that cannot be one is reported on the field itself. */
const zWordList = (max: number, pattern: RegExp) =>
  z.preprocess(
    (v: unknown) => {
      if (v === undefined || v === '') return undefined;
      return (Array.isArray(v) ? v : [v])
        .flatMap((x) => String(x).split(','))
        .map((p) => p.trim())
        .filter(Boolean);
    },
    z
      .array(z.string())
      .max(max)
      .refine((a) => a.every((p) => pattern.test(p)), { message: 'oneOf' })
      .transform((a) => [...new Set(a)])
      .optional(),
  );
const zIds = z.preprocess(
  (v: unknown) => {
    if (v === undefined || v === '') return undefined;
    return (Array.isArray(v) ? v : [v])
      .flatMap((x) => String(x).split(','))
      .map((p) => p.trim())
      .filter(Boolean);
  },
  z
    .array(z.string())
    .max(50)
    .refine((a) => a.every((p) => /^\d{1,10}$/.test(p) && Number(p) > 0 && Number(p) <= 2_147_483_647), { message: 'idList' })
    .transform((a) => [...new Set(a.map(Number))])
    .optional(),
);

export const ZStoreListQuery = z.object({
  page: zPage,
  size: zSize(STORE_PAGE_SIZE),
  sort: z.enum(STORE_SORTS, { message: 'oneOf' }).default('RECOMMEND'),
  /** Text in the store's name (any language), its company's name or its address. */
  query: z.string().trim().max(50).optional(),
  /** Every one of these options (PARKING,TASTING: stores with both). Unknown codes: UNKNOWN_FILTER_VALUE. */
  options: zWordList(STORE_OPTIONS.length, /^[A-Za-z_]{1,30}$/),
  /** Full 시/도 names (서울특별시); unknown names: UNKNOWN_FILTER_VALUE. */
  siNms: zWordList(SI_NMS.length, /^[가-힣]{2,10}$/),
  idCompanies: zIds,
});
export type TStoreListQuery = z.output<typeof ZStoreListQuery>;

export const ZStoreParams = z.object({ id: zId });

const ZLang = z.enum(['ko-KR', 'en-US', 'zh-CN', 'zh-TW', 'ja-JP']);
export const ZStoreOption = z.object({ code: z.enum(STORE_OPTIONS), name: z.string() });
export const ZStoreCompany = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const ZStoreCard = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The language the name is shown in (Korean when it has no translation to the request language). */
  nameLang: ZLang,
  company: ZStoreCompany,
  siNm: z.string(),
  sggNm: z.string(),
  /** Road-name address, in Korean. */
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  hoursLang: ZLang,
  options: z.array(ZStoreOption),
  latitude: z.number(),
  longitude: z.number(),
  /** Published wines sold in this store (GET /brand/wines/products?idStore=). */
  wineCount: z.number().int(),
});
export type TStoreCard = z.infer<typeof ZStoreCard>;
export const ZStorePage = zPageOf(ZStoreCard);
export type TStorePage = z.infer<typeof ZStorePage>;
export const ZStore = ZStoreCard.extend({ createdAt: z.string(), updatedAt: z.string() });
export type TStore = z.infer<typeof ZStore>;
export const ZStoreResult = z.object({ data: ZStore });
export const ZStoreOptionList = z.object({ _embedded: z.object({ items: z.array(ZStoreOption) }) });
export const ZStoreSiNmList = z.object({ _embedded: z.object({ items: z.array(z.object({ siNm: z.string(), qty: z.number().int() })) }) });
export const ZStoreCompanyList = z.object({ _embedded: z.object({ items: z.array(ZStoreCompany.extend({ qty: z.number().int() })) }) });
export type TStoreCompanyCount = z.infer<typeof ZStoreCompanyList>['_embedded']['items'][number];

// ---- Kakao Local proxy -----------------------------------------------------------------------------------

/** Kakao Local's category group codes (MT1 대형마트, CS2 편의점, FD6 음식점, CE7 카페 …). */
export const KAKAO_CATEGORY_GROUPS = [
  'MT1',
  'CS2',
  'PS3',
  'SC4',
  'AC5',
  'PK6',
  'OL7',
  'SW8',
  'BK9',
  'CT1',
  'AG2',
  'PO3',
  'AT4',
  'AD5',
  'FD6',
  'CE7',
  'HP8',
  'PM9',
] as const;
/** Coordinate systems Kakao converts between (WGS84 is longitude and latitude). */
export const KAKAO_COORDS = ['WGS84', 'WCONGNAMUL', 'CONGNAMUL', 'WTM', 'TM', 'KTM', 'UTM', 'BESSEL', 'WKTM', 'WUTM'] as const;

const num = (min: number, max: number) => z.coerce.number({ message: 'number' }).min(min).max(max);
/** x is the longitude and y the latitude in WGS84; other systems have metres, checked to a plain bound. */
const zX = num(-180, 180);
const zY = num(-90, 90);
const zMetres = num(-100_000_000, 100_000_000);
const zCoord = z.enum(KAKAO_COORDS, { message: 'oneOf' });
const zMapQuery = z.string().trim().min(1).max(100);
const zKakaoPage = z.coerce.number({ message: 'pageNumber' }).int().min(1).max(45).default(1);
const zKakaoSize = (max: number) => z.coerce.number({ message: 'pageSize' }).int().min(1).max(max).default(max);
const zKakaoSort = z.enum(['accuracy', 'distance'], { message: 'oneOf' }).optional();
const zRadius = z.coerce.number({ message: 'number' }).int().min(0).max(20_000).optional();

/** Checks x and y against the input system: degrees for WGS84 (the default), metres otherwise. */
const coordsIn = <T extends { x: number; y: number; input_coord?: string | undefined }>(v: T, ctx: z.RefinementCtx) => {
  if ((v.input_coord ?? 'WGS84') !== 'WGS84') return;
  if (v.x < -180 || v.x > 180) ctx.addIssue({ code: 'custom', path: ['x'], message: 'number' });
  if (v.y < -90 || v.y > 90) ctx.addIssue({ code: 'custom', path: ['y'], message: 'number' });
};

export const ZKakaoCategoryQuery = z.object({
  categoryGroupCode: z.enum(KAKAO_CATEGORY_GROUPS, { message: 'oneOf' }).default('MT1'),
  x: zX,
  y: zY,
  /** Metres around x,y (Kakao needs one for a category search). */
  radius: z.coerce.number({ message: 'number' }).int().min(0).max(20_000).default(2_000),
  page: zKakaoPage,
  size: zKakaoSize(15),
  sort: zKakaoSort,
});
export const ZKakaoAddressQuery = z.object({
  query: zMapQuery,
  analyze_type: z.enum(['similar', 'exact'], { message: 'oneOf' }).optional(),
  page: zKakaoPage,
  size: zKakaoSize(30),
});
export const ZKakaoKeywordQuery = z.object({
  query: zMapQuery,
  categoryGroupCode: z.enum(KAKAO_CATEGORY_GROUPS, { message: 'oneOf' }).optional(),
  x: zX.optional(),
  y: zY.optional(),
  radius: zRadius,
  page: zKakaoPage,
  size: zKakaoSize(15),
  sort: zKakaoSort,
});
export const ZKakaoCoord2RegionQuery = z
  .object({ x: zMetres, y: zMetres, input_coord: zCoord.optional(), output_coord: zCoord.optional() })
  .superRefine(coordsIn);
export const ZKakaoCoord2AddressQuery = z.object({ x: zMetres, y: zMetres, input_coord: zCoord.optional() }).superRefine(coordsIn);
export const ZKakaoTransCoordQuery = z
  .object({ x: zMetres, y: zMetres, input_coord: zCoord.optional(), output_coord: zCoord.default('WGS84') })
  .superRefine(coordsIn);

/** Kakao Local's answer as it came: `documents` and `meta` (shapes: developers.kakao.com, Local API). */
export const ZKakaoAnswer = z.object({
  documents: z.array(z.record(z.string(), z.unknown())),
  meta: z.record(z.string(), z.unknown()),
});
export type TKakaoAnswer = z.infer<typeof ZKakaoAnswer>;
