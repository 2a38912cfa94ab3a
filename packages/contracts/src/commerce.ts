import { z } from 'zod';
import { zId } from './catalog';
import { zMobile } from './accounts';
import { CART_LINES_MAX, CART_QTY_MAX, ORDER_BUSINESS_TYPES } from './rules';

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

// ---- cart (spec §7 "Cart") -------------------------------------------------------------------------------------
/** A member id in a JSON body (a number, not a text). */
const zBodyId = z.number({ message: 'number' }).int({ message: 'number' }).positive({ message: 'number' }).max(2_147_483_647);
const zQty = z
  .number({ message: 'qty' })
  .int({ message: 'qty' })
  .min(1, { message: 'qty' })
  .max(CART_QTY_MAX, { message: 'qty' })
  .meta({ example: 6 });
/** Cart and orders are B2B (spec §9); the parameter is accepted for the spec's calls and checked. */
const zBusinessType = z.enum(ORDER_BUSINESS_TYPES, { message: 'oneOf' }).default('B2B');

export const ZCartQuery = z.object({ businessType: zBusinessType });
export const ZCartAddBody = z.object({
  items: z
    .array(
      z.object({
        idProduct: zBodyId.meta({ example: 201 }),
        /** A vintage of the wine; without it, the wine's current vintage (the newest on sale). */
        idVintage: zBodyId.optional(),
        qty: zQty,
      }),
    )
    .min(1)
    .max(50),
  businessType: zBusinessType,
});
export type TCartAddBody = z.output<typeof ZCartAddBody>;
export const ZCartModifyBody = z.object({
  idProduct: zBodyId.meta({ example: 201 }),
  idVintage: zBodyId.optional(),
  qty: zQty,
  businessType: zBusinessType,
});
export type TCartModifyBody = z.output<typeof ZCartModifyBody>;
export const ZCartDeleteBody = z.object({
  idProducts: z.array(zBodyId).min(1).max(CART_LINES_MAX),
  businessType: zBusinessType,
});

export const STOCK_STATES = ['IN_STOCK', 'LOW', 'SOLD_OUT'] as const;
/** What stands in the way of ordering a line as it is, if anything. */
export const CART_LINE_PROBLEMS = ['CART_OUT_OF_STOCK', 'CART_QTY_MIN', 'CART_QTY_STEP', 'NOT_ON_SALE'] as const;

export const ZCartLine = z.object({
  idProduct: z.number().int(),
  idVintage: z.number().int(),
  /** The line follows the wine's current vintage (none was chosen). */
  currentVintage: z.boolean(),
  year: z.number().int().nullable(),
  qty: z.number().int(),
  name: z.string().meta({ example: '샤또 마고' }),
  nameOriginal: z.string().meta({ example: 'Château Margaux' }),
  wineryName: z.string(),
  image: z.string().nullable(),
  volumeMl: z.number().int().nullable(),
  stock: z.number().int(),
  stockState: z.enum(STOCK_STATES),
  /** The case pack: bottles per case, the ordering step (1 = by the bottle) and the minimum. */
  caseSize: z.number().int(),
  orderStep: z.number().int(),
  minQty: z.number().int(),
  /** Volume tiers: from minQty bottles, discountRate percent off. */
  tiers: z.array(z.object({ minQty: z.number().int(), discountRate: z.number() })),
  retailPrice: z.number().int(),
  /** Base trade price and the buyer's level price per bottle, KRW excl. VAT. */
  basePrice: z.number().int(),
  unitPrice: z.number().int(),
  subtotal: z.number().int(),
  volumeDiscount: z.number().int(),
  amount: z.number().int(),
  /** Why the line cannot be ordered as it is (null when it can), with the localized sentence. */
  problem: z.enum(CART_LINE_PROBLEMS).nullable(),
  problemMessage: z.string().nullable(),
  /** The member asked to be told when this wine is back in stock. */
  restockSubscribed: z.boolean(),
});
export type TCartLine = z.infer<typeof ZCartLine>;

export const ZAmounts = z.object({
  subtotal: z.number().int(),
  levelDiscount: z.number().int(),
  volumeDiscount: z.number().int(),
  couponDiscount: z.number().int(),
  goodsAmount: z.number().int(),
  deliveryFee: z.number().int(),
  /** 공급가액 (excl. VAT). */
  supplyAmount: z.number().int(),
  /** 부가세 (10 %, rounded down). */
  vat: z.number().int(),
  /** 합계. */
  total: z.number().int(),
});
export const ZCart = z.object({
  data: z.object({
    businessType: z.enum(ORDER_BUSINESS_TYPES),
    lines: z.array(ZCartLine),
    /** Lines and bottles in the cart (the header badge shows lines). */
    count: z.number().int(),
    bottles: z.number().int(),
    /** The amounts of the lines that can be ordered, delivered to an address, before coupons and cash. */
    amounts: ZAmounts,
    delivery: z.object({ fee: z.number().int(), freeFrom: z.number().int() }),
    level: z.object({ code: z.string(), name: z.string(), discountRate: z.number() }).nullable(),
  }),
});
export type TCart = z.infer<typeof ZCart>['data'];
export const ZCartMessage = z.object({ message: z.string(), data: ZCart.shape.data });

export const ZRestockParams = z.object({ id: zId });
export const ZRestockResult = z.object({ message: z.string(), data: z.object({ idProduct: z.number().int(), subscribed: z.boolean() }) });
