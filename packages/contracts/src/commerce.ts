import { z } from 'zod';
import { zId } from './catalog';
import { zMobile } from './accounts';

/** How many shipping addresses a member may keep. */
export const SHIP_ADDRESSES_MAX = 20;

/** A shipping address as the member enters it (spec §7 Ships: fullName, mobile, postalCode, address1, address2, message). */
export const ZShipBody = z.object({
  fullName: z.string().trim().min(1).max(50).meta({ example: '김와인' }),
  mobile: zMobile,
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { message: 'postalCode' })
    .meta({ example: '06236' }),
  address1: z.string().trim().min(1).max(200).meta({ example: '서울특별시 강남구 테헤란로 123' }),
  address2: z.string().trim().max(200).default('').meta({ example: '4층 와인바' }),
  message: z.string().trim().max(200).default('').meta({ example: '영업 전 오전 중 배송 부탁드립니다.' }),
  /** Make this the default address (the first address always is). */
  defaultShip: z.boolean().optional(),
});
export type TShipBody = z.output<typeof ZShipBody>;

export const ZShip = z.object({
  id: z.number().int(),
  fullName: z.string(),
  mobile: z.string(),
  postalCode: z.string(),
  address1: z.string(),
  address2: z.string(),
  message: z.string(),
  defaultShip: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TShip = z.infer<typeof ZShip>;

export const ZShipListQuery = z.object({
  /** true: only the default address; false: only the others. */
  defaultShip: z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean().optional()),
});
export const ZShipParams = z.object({ id: zId });

// ---- address search (juso) and coordinates (Kakao Local) -----------------------------------------------------
export const ZJusoQuery = z.object({
  keyword: z.string().trim().min(2).max(80).meta({ example: '테헤란로 123' }),
  page: z.coerce.number({ message: 'pageNumber' }).int().min(1).max(100).default(1),
  size: z.coerce.number({ message: 'pageSize' }).int().min(1).max(50).default(10),
});
export const ZJusoAddress = z.object({
  roadAddress: z.string().meta({ example: '서울특별시 강남구 테헤란로 123 (역삼동)' }),
  jibunAddress: z.string(),
  englishAddress: z.string(),
  postalCode: z.string().meta({ example: '06236' }),
  buildingName: z.string(),
});
export const ZJusoResult = z.object({
  data: z.object({
    /** False when the server has no JUSO_API_KEY: the form asks for the address typed in. */
    available: z.boolean(),
    items: z.array(ZJusoAddress),
    page: z.object({ number: z.number().int(), size: z.number().int(), totalElements: z.number().int() }),
  }),
});
export type TJusoAddress = z.infer<typeof ZJusoAddress>;

export const ZLocationQuery = z.object({ address: z.string().trim().min(2).max(200) });
export const ZLocationResult = z.object({
  data: z.object({
    /** False when the server has no KAKAO_REST_KEY. */
    available: z.boolean(),
    found: z.boolean(),
    /** Longitude and latitude (WGS84), null when not found. */
    longitude: z.number().nullable(),
    latitude: z.number().nullable(),
    roadAddress: z.string().nullable(),
    postalCode: z.string().nullable(),
  }),
});
export type TLocation = z.infer<typeof ZLocationResult>['data'];

// ---- buyer levels ----------------------------------------------------------------------------------------------
export const ZBuyerLevel = z.object({
  code: z.string().meta({ example: 'SILVER' }),
  name: z.string().meta({ example: '실버' }),
  rank: z.number().int(),
  /** Discount off the trade price, in percent (3 = 3 %), unless a vintage has a price of its own for the level. */
  discountRate: z.number(),
  /** KRW paid in the previous month to reach the level. */
  minMonthlyPaid: z.number().int(),
});
export const ZBuyerLevels = z.object({
  data: z.object({
    /** The caller's level; null for members not approved as buyers. */
    current: z.string().nullable(),
    levels: z.array(ZBuyerLevel),
  }),
});
export type TBuyerLevel = z.infer<typeof ZBuyerLevel>;
