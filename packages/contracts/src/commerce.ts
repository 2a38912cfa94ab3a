import { z } from 'zod';
import { zId } from './catalog';
import { zMobile } from './accounts';
import {
  CART_LINES_MAX,
  CART_QTY_MAX,
  CASH_STATUSES,
  CASH_TYPES,
  COUPON_KINDS,
  COUPON_SCOPES,
  ORDER_ACTORS,
  ORDER_BUSINESS_TYPES,
  ORDER_STATUSES,
  CARRIER_CODES,
  ORDER_TYPES,
  PAYMENT_METHODS,
} from './rules';

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
export const ZNextMonthLevel = z.object({
  /** The level now (null for members not approved as buyers). */
  current: z.string().nullable(),
  /** Paid this month so far (orders paid, not cancelled), KRW incl. VAT. */
  paidThisMonth: z.number().int(),
  /** The level these payments earn from the first of next month. */
  nextMonth: ZBuyerLevel.nullable(),
  /** The next level up and how much more this month reaches it. */
  nextLevel: z.object({ level: ZBuyerLevel, remaining: z.number().int() }).nullable(),
  /** When the levels are set next (the first of next month, Korea time). */
  evaluatedAt: z.string(),
});
export type TNextMonthLevel = z.infer<typeof ZNextMonthLevel>;

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
    .min(1, { message: 'itemsRequired' })
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
  idProducts: z.array(zBodyId).min(1, { message: 'itemsRequired' }).max(CART_LINES_MAX),
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
  /** The wine kind (product coupons may be for a kind). */
  idKind: z.number().int(),
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

// ---- checkout and orders (spec §7 "Commerce") -----------------------------------------------------------------
const zWonInput = z.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'nonNegative' }).max(1_000_000_000);
export const ZOrderProduct = z.object({
  idProduct: zBodyId.meta({ example: 201 }),
  idVintage: zBodyId.optional(),
  qty: zQty,
});
export const ZOrderPricingBody = z.object({
  type: z.enum(ORDER_TYPES, { message: 'oneOf' }).default('DELIVERY'),
  /** The wines to order (usually the cart's lines). */
  products: z.array(ZOrderProduct).min(1, { message: 'itemsRequired' }).max(CART_LINES_MAX),
  /** Cash balance (예치금) to use, KRW. */
  useCash: zWonInput.default(0),
  /** The member's order coupon (member coupon id); one applies. */
  orderCoupons: z.array(zBodyId).max(5).default([]),
  /** Product coupons, each for one wine of the order. */
  productCoupons: z
    .array(z.object({ idProduct: zBodyId, idCoupon: zBodyId }))
    .max(CART_LINES_MAX)
    .default([]),
});
export type TOrderPricingBody = z.output<typeof ZOrderPricingBody>;

/** YYYY-MM-DD. */
const zDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date' });
export const ZOrderBody = ZOrderPricingBody.extend({
  gift: z.boolean().default(false),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: 'oneOf' }),
  /** The saved shipping address (DELIVERY orders). */
  idShip: zBodyId.optional(),
  /** Bank transfer: the name the deposit will come from (the company name, usually). */
  depositorName: z.string().trim().max(50).optional(),
  /** A weekday from the next working day on (Korean public holidays excluded). */
  requestedDate: zDate.optional(),
  memo: z.string().trim().max(500).default(''),
});
export type TOrderBody = z.output<typeof ZOrderBody>;

export const ZPricingRefusal = z.object({
  code: z.string().meta({ example: 'COUPON_EXPIRED' }),
  message: z.string(),
  idCoupon: z.number().int().nullable(),
  idProduct: z.number().int().nullable(),
});
export const ZPricedLine = z.object({
  idProduct: z.number().int(),
  idVintage: z.number().int(),
  name: z.string(),
  nameOriginal: z.string(),
  year: z.number().int().nullable(),
  qty: z.number().int(),
  basePrice: z.number().int(),
  unitPrice: z.number().int(),
  subtotal: z.number().int(),
  levelDiscount: z.number().int(),
  volumeRate: z.number(),
  volumeDiscount: z.number().int(),
  idCoupon: z.number().int().nullable(),
  couponDiscount: z.number().int(),
  amount: z.number().int(),
});
export const ZCalculation = z.object({
  data: z.object({
    lines: z.array(ZPricedLine),
    amounts: ZAmounts.extend({
      productCouponDiscount: z.number().int(),
      orderCouponDiscount: z.number().int(),
      cashUsed: z.number().int(),
      /** Left to pay by the payment method. */
      payAmount: z.number().int(),
    }),
    idOrderCoupon: z.number().int().nullable(),
    cashAvailable: z.number().int(),
    /** Credit terms: the limit and what is left of it (null when the buyer has none). */
    credit: z.object({ limit: z.number().int(), available: z.number().int() }).nullable(),
    /** Everything asked for that does not apply, each with its reason. An order is refused while any remain. */
    refusals: z.array(ZPricingRefusal),
    /** Dates a delivery may be asked for: working days from the next one on (YYYY-MM-DD, Korea). */
    deliveryDates: z.array(z.string()),
  }),
});
export type TCalculation = z.infer<typeof ZCalculation>['data'];

export const ZOrderStatusItem = z.object({ code: z.enum(ORDER_STATUSES), name: z.string() });
export const ZOrderTypeItem = z.object({ code: z.enum(ORDER_TYPES), name: z.string() });
export const ZOrder = z.object({
  oid: z.string().meta({ example: '20261124-000123' }),
  type: z.enum(ORDER_TYPES),
  typeName: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusName: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentMethodName: z.string(),
  gift: z.boolean(),
  lines: z.array(ZPricedLine.omit({ subtotal: true, levelDiscount: true, volumeRate: true, idCoupon: true })),
  amounts: ZCalculation.shape.data.shape.amounts.omit({ productCouponDiscount: true, orderCouponDiscount: true, goodsAmount: true }),
  buyer: z.object({
    fullName: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    companyName: z.string().nullable(),
    businessNumber: z.string().nullable(),
  }),
  ship: z
    .object({
      fullName: z.string(),
      mobile: z.string(),
      postalCode: z.string(),
      address1: z.string(),
      address2: z.string(),
      message: z.string(),
    })
    .nullable(),
  requestedDate: z.string().nullable(),
  memo: z.string(),
  /** Bank transfer: where to pay, how much and by when (null for other payments). */
  deposit: z
    .object({
      bankName: z.string(),
      accountNumber: z.string(),
      accountHolder: z.string(),
      depositorName: z.string(),
      amount: z.number().int(),
      deadline: z.string(),
    })
    .nullable(),
  /** A shipped delivery: the carrier, its tracking number and the carrier's tracking page. */
  shipment: z
    .object({
      carrier: z.enum(CARRIER_CODES),
      carrierName: z.string(),
      trackingNumber: z.string(),
      trackingUrl: z.string(),
      shippedAt: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The buyer may still cancel it (before preparation starts). */
  cancellable: z.boolean(),
  events: z.array(
    z.object({ status: z.enum(ORDER_STATUSES), statusName: z.string(), actor: z.enum(ORDER_ACTORS), note: z.string(), at: z.string() }),
  ),
});
export type TOrder = z.infer<typeof ZOrder>;
export const ZOrderResult = z.object({ data: ZOrder });
export const ZOrderMessage = z.object({ message: z.string(), data: ZOrder });
export const ZOrderParams = z.object({ oid: z.string().regex(/^\d{8}-\d{6,10}$/, { message: 'oneOf' }) });
export const ZOrderTotalQuery = ZOrderParams;
export const ZOrderTotal = z.object({
  data: z.object({
    oid: z.string(),
    status: z.enum(ORDER_STATUSES),
    total: z.number().int(),
    cashUsed: z.number().int(),
    payAmount: z.number().int(),
  }),
});
export const ZOrderListQuery = z.object({
  type: z.enum(ORDER_TYPES, { message: 'oneOf' }).optional(),
  status: z.enum(ORDER_STATUSES, { message: 'oneOf' }).optional(),
  startDate: zDate.optional(),
  endDate: zDate.optional(),
  page: z.coerce.number({ message: 'pageNumber' }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ message: 'pageSize' }).int().min(1).max(100).default(10),
});
export const ZOrderSummary = ZOrder.pick({
  oid: true,
  type: true,
  typeName: true,
  status: true,
  statusName: true,
  paymentMethod: true,
  paymentMethodName: true,
  gift: true,
  createdAt: true,
  cancellable: true,
}).extend({
  total: z.number().int(),
  payAmount: z.number().int(),
  /** The first wine's name and how many lines there are ("샤또 마고 외 2건"). */
  firstName: z.string(),
  lineCount: z.number().int(),
  bottles: z.number().int(),
});
export const ZOrderList = z.object({
  data: z.object({
    items: z.array(ZOrderSummary),
    page: z.object({ number: z.number().int(), size: z.number().int(), totalElements: z.number().int(), totalPages: z.number().int() }),
  }),
});
export const ZOrderCancelBody = z.object({ reason: z.string().trim().max(200).default('') });
export const ZAdminOrderStatusBody = z.object({
  status: z.enum(ORDER_STATUSES, { message: 'oneOf' }),
  note: z.string().trim().max(500).default(''),
});
/** A staff action's note for the order's timeline (optional). */
export const ZOrderActionBody = z.object({ note: z.string().trim().max(500).default('') });
/** Shipping: the carrier and its tracking number (letters, digits and dashes as the carrier prints them). */
export const ZOrderShipBody = ZOrderActionBody.extend({
  carrier: z.enum(CARRIER_CODES, { message: 'oneOf' }),
  trackingNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{6,30}$/, { message: 'trackingNumber' }),
});
/** Staff cancelling: the reason the buyer is told. */
export const ZAdminOrderCancelBody = z.object({ reason: z.string().trim().min(1).max(500) });

// ---- cash and coupons ---------------------------------------------------------------------------------------------
export const ZCashQuery = z.object({
  status: z.enum(CASH_STATUSES, { message: 'oneOf' }).optional(),
  page: z.coerce.number({ message: 'pageNumber' }).int().min(1).max(10_000).default(1),
  size: z.coerce.number({ message: 'pageSize' }).int().min(1).max(100).default(20),
});
export const ZCashEntry = z.object({
  id: z.number().int(),
  type: z.enum(CASH_TYPES),
  typeName: z.string(),
  status: z.enum(CASH_STATUSES),
  amount: z.number().int(),
  oid: z.string().nullable(),
  memo: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export const ZCashList = z.object({
  data: z.object({
    balance: z.number().int(),
    items: z.array(ZCashEntry),
    page: z.object({ number: z.number().int(), size: z.number().int(), totalElements: z.number().int(), totalPages: z.number().int() }),
  }),
});
export const ZCashAvailable = z.object({ data: z.object({ available: z.number().int() }) });
export const COUPON_FILTERS = ['USABLE', 'USED', 'EXPIRED'] as const;
export const ZCouponQuery = z.object({ state: z.enum(COUPON_FILTERS, { message: 'oneOf' }).optional() });
export const ZMemberCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(COUPON_SCOPES),
  kind: z.enum(COUPON_KINDS),
  amount: z.number().int(),
  /** Percent off for RATE coupons. */
  rate: z.number(),
  minAmount: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  idProduct: z.number().int().nullable(),
  idKind: z.number().int().nullable(),
  /** What the coupon is for, in words ("레드 와인", a wine's name, "주문 전체"). */
  target: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(COUPON_FILTERS),
  usedAt: z.string().nullable(),
  oid: z.string().nullable(),
});
export type TMemberCoupon = z.infer<typeof ZMemberCoupon>;
export const ZCouponList = z.object({ data: z.array(ZMemberCoupon) });

/** POST /admin/members/:id/cash: a charge (money received) or an adjustment (either sign) of a buyer's cash. */
export const ZAdminCashBody = z
  .object({
    type: z.enum(['CHARGE', 'ADJUST'], { message: 'oneOf' }),
    amount: z.number({ message: 'number' }).int({ message: 'number' }).min(-100_000_000).max(100_000_000),
    memo: z.string().trim().max(200).default(''),
    /** A charge may lapse: what is left of it at the end of this day (Korea time) is taken by an EXPIRE entry. */
    expiresOn: zDate.optional(),
  })
  .refine((b) => (b.type === 'CHARGE' ? b.amount > 0 : b.amount !== 0), { message: 'number', path: ['amount'] })
  .refine((b) => b.expiresOn === undefined || b.type === 'CHARGE', { message: 'oneOf', path: ['expiresOn'] });
export const ZAdminCashResult = z.object({ message: z.string(), data: z.object({ balance: z.number().int() }) });

// ---- back office: coupons ------------------------------------------------------------------------------------------

const zCouponName = z.string().trim().min(1, { message: 'required' }).max(100);
const zWholeWon = z.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'nonNegative' }).max(100_000_000);

/**
 * POST /admin/coupons: a coupon definition. An ORDER coupon is for the whole order, a PRODUCT coupon for one wine
 * or one kind of wine; AMOUNT takes won off, RATE a percent (up to two decimals) capped by `maxDiscount`. It is
 * valid from the start of `startsOn` to the end of `endsOn` (Korea time).
 */
export const ZAdminCouponBody = z
  .object({
    name: z.object({
      'ko-KR': zCouponName,
      'en-US': zCouponName.optional(),
      'zh-CN': zCouponName.optional(),
      'zh-TW': zCouponName.optional(),
      'ja-JP': zCouponName.optional(),
    }),
    scope: z.enum(COUPON_SCOPES, { message: 'oneOf' }),
    kind: z.enum(COUPON_KINDS, { message: 'oneOf' }),
    amount: zWholeWon.default(0),
    rate: z.number({ message: 'number' }).min(0, { message: 'nonNegative' }).max(100).multipleOf(0.01, { message: 'number' }).default(0),
    minAmount: zWholeWon.default(0),
    maxDiscount: zWholeWon.nullable().default(null),
    idProduct: zId.optional(),
    idKind: zId.optional(),
    startsOn: zDate,
    endsOn: zDate,
  })
  .refine((b) => (b.kind === 'AMOUNT' ? b.amount > 0 : b.rate > 0), { message: 'number', path: ['amount'] })
  .refine(
    (b) =>
      b.scope === 'ORDER' ? b.idProduct === undefined && b.idKind === undefined : (b.idProduct === undefined) !== (b.idKind === undefined),
    {
      message: 'oneOf',
      path: ['scope'],
    },
  )
  .refine((b) => b.endsOn >= b.startsOn, { message: 'rangeOrder', path: ['endsOn'] });
export type TAdminCouponBody = z.output<typeof ZAdminCouponBody>;

export const ZAdminCoupon = ZMemberCoupon.omit({ state: true, usedAt: true, oid: true }).extend({
  /** Members who hold it, and how many of them used it. */
  issued: z.number().int(),
  used: z.number().int(),
});
export type TAdminCoupon = z.infer<typeof ZAdminCoupon>;
export const ZAdminCouponList = z.object({ data: z.array(ZAdminCoupon) });
export const ZAdminCouponResult = z.object({ message: z.string(), data: ZAdminCoupon });

/** POST /admin/coupons/:id/issue: to these members, to the buyers of a level, or to every approved buyer. */
export const ZAdminCouponIssueBody = z
  .object({
    userIds: z.array(zId).min(1).max(1000).optional(),
    level: z.string().trim().min(1).max(20).optional(),
    allBuyers: z.literal(true).optional(),
  })
  .refine((b) => [b.userIds, b.level, b.allBuyers].filter((x) => x !== undefined).length === 1, {
    message: 'oneOf',
    path: ['userIds'],
  });
export const ZAdminCouponIssueResult = z.object({
  message: z.string(),
  /** Coupons given now, and approved buyers among the recipients who already held it. */
  data: z.object({ issued: z.number().int(), already: z.number().int() }),
});
