import { z } from 'zod';
import { ZMessageResult } from '../accounts';
import {
  ZAdminCashBody,
  ZAdminCashResult,
  ZAdminOrderStatusBody,
  ZAdminOrderCancelBody,
  ZOrderActionBody,
  ZOrderShipBody,
  ZCalculation,
  ZCashAvailable,
  ZCashList,
  ZCashQuery,
  ZCouponList,
  ZCouponQuery,
  ZOrderBody,
  ZOrderCancelBody,
  ZOrderList,
  ZOrderListQuery,
  ZOrderMessage,
  ZOrderParams,
  ZOrderPricingBody,
  ZOrderResult,
  ZOrderStatusItem,
  ZOrderTotal,
  ZOrderTotalQuery,
  ZOrderTypeItem,
  ZBuyerLevels,
  ZNextMonthLevel,
  ZCart,
  ZCartAddBody,
  ZCartDeleteBody,
  ZCartMessage,
  ZCartModifyBody,
  ZCartQuery,
  ZRestockParams,
  ZRestockResult,
  ZJusoQuery,
  ZJusoResult,
  ZLocationQuery,
  ZLocationResult,
  ZShip,
  ZShipBody,
  ZShipListQuery,
  ZShipParams,
  ZAdminCouponBody,
  ZAdminCouponIssueBody,
  ZAdminCouponIssueResult,
  ZAdminCouponList,
  ZAdminCouponResult,
} from '../commerce';
import { defineOperation } from '../operation';
import { ORDER_ACTION_NAMES, ORDER_ACTIONS, ORDER_STATUSES, ORDER_TYPES, PAYMENT_METHODS, type OrderAction } from '../rules';
import { zDate, zId, zPage, zSize } from '../catalog';

const tags = ['commerce'] as const;
const ZShipResult = z.object({ data: ZShip });
const ZShipMessage = z.object({ message: z.string(), data: ZShip });

// ---- shipping addresses (spec §7 "Ships") ---------------------------------------------------------------------
export const ships = defineOperation({
  method: 'GET',
  path: '/commerce/ships',
  tags,
  summary: "The member's shipping addresses, the default first, then the newest",
  auth: 'user',
  query: ZShipListQuery,
  response: z.object({ data: z.array(ZShip) }),
  errors: [],
});

export const ship = defineOperation({
  method: 'GET',
  path: '/commerce/ships/:id',
  tags,
  summary: 'One shipping address of the member',
  auth: 'user',
  params: ZShipParams,
  response: ZShipResult,
  errors: ['SHIP_NOT_FOUND'],
});

export const createShip = defineOperation({
  method: 'POST',
  path: '/commerce/ships',
  tags,
  summary: 'Save a shipping address (the first one becomes the default)',
  description: 'A member keeps at most 20 addresses (SHIP_LIMIT). `defaultShip: true` makes the new address the default.',
  auth: 'user',
  status: 201,
  body: ZShipBody,
  response: ZShipMessage,
  errors: ['SHIP_LIMIT'],
});

export const updateShip = defineOperation({
  method: 'PUT',
  path: '/commerce/ships/:id',
  tags,
  summary: 'Change a shipping address',
  auth: 'user',
  params: ZShipParams,
  body: ZShipBody,
  response: ZShipMessage,
  errors: ['SHIP_NOT_FOUND'],
});

export const makeDefaultShip = defineOperation({
  method: 'PATCH',
  path: '/commerce/ships/:id',
  tags,
  summary: 'Make a shipping address the default (exactly one is, also under concurrent calls)',
  auth: 'user',
  params: ZShipParams,
  response: ZShipMessage,
  errors: ['SHIP_NOT_FOUND'],
});

export const deleteShip = defineOperation({
  method: 'DELETE',
  path: '/commerce/ships/:id',
  tags,
  summary: 'Delete a shipping address (when it was the default, the newest other one becomes the default)',
  auth: 'user',
  params: ZShipParams,
  response: ZMessageResult,
  errors: ['SHIP_NOT_FOUND'],
});

// ---- address lookups -----------------------------------------------------------------------------------------
export const juso = defineOperation({
  method: 'GET',
  path: '/juso',
  tags,
  summary: 'Road-name address search (a proxy to the Korean road-name address API)',
  description:
    'Needs JUSO_API_KEY on the server; without it `available` is false and no search is made (the address form ' +
    'takes the address typed in). A keyword the address API refuses answers ADDRESS_KEYWORD_INVALID; an address ' +
    'API that fails or is late (3 s) answers ADDRESS_SERVICE_UNAVAILABLE.',
  auth: 'user',
  query: ZJusoQuery,
  response: ZJusoResult,
  errors: ['ADDRESS_KEYWORD_INVALID', 'ADDRESS_SERVICE_UNAVAILABLE'],
});

export const location = defineOperation({
  method: 'GET',
  path: '/location',
  tags,
  summary: 'Coordinates of an address (through Kakao Local)',
  description: 'Needs KAKAO_REST_KEY on the server; without it `available` is false.',
  auth: 'user',
  query: ZLocationQuery,
  response: ZLocationResult,
  errors: ['ADDRESS_SERVICE_UNAVAILABLE'],
});

// ---- buyer levels ----------------------------------------------------------------------------------------------
export const buyerLevels = defineOperation({
  method: 'GET',
  path: '/commerce/buyer-levels',
  tags,
  summary: "Buyer levels with their criteria and benefits, and the caller's level",
  auth: 'user',
  response: ZBuyerLevels,
  errors: [],
});

export const buyerLevelNextMonth = defineOperation({
  method: 'GET',
  path: '/commerce/buyer-levels/next-month',
  tags,
  summary: "The level this month's payments earn from next month, and how much more reaches the next one",
  description: 'Levels are set on the first of each month (Korea time) from what each buyer paid in the month before.',
  auth: 'user',
  response: z.object({ data: ZNextMonthLevel }),
  errors: [],
});

// ---- cart (spec §7 "Cart"): approved buyers only ----------------------------------------------------------------
export const cart = defineOperation({
  method: 'GET',
  path: '/cart',
  tags,
  summary: "The buyer's cart: each line with its stock state, case pack and level price, and the amounts",
  auth: 'buyer',
  query: ZCartQuery,
  response: ZCart,
  errors: [],
});

export const addToCart = defineOperation({
  method: 'POST',
  path: '/cart/add',
  tags,
  summary: 'Add wines to the cart (a wine already there gets the quantity added)',
  description:
    "Each resulting quantity must follow the vintage's case pack (minimum and step) and fit its stock; otherwise " +
    'nothing is added and the answer names the wine and the rule.',
  auth: 'buyer',
  body: ZCartAddBody,
  response: ZCartMessage,
  errors: ['PRODUCT_NOT_FOUND', 'VINTAGE_NOT_FOUND', 'NOT_ON_SALE', 'CART_QTY_MIN', 'CART_QTY_STEP', 'CART_OUT_OF_STOCK', 'CART_FULL'],
});

export const modifyCart = defineOperation({
  method: 'PUT',
  path: '/cart/modify',
  tags,
  summary: "Set a cart line's quantity (and vintage)",
  auth: 'buyer',
  body: ZCartModifyBody,
  response: ZCartMessage,
  errors: ['CART_LINE_NOT_FOUND', 'VINTAGE_NOT_FOUND', 'NOT_ON_SALE', 'CART_QTY_MIN', 'CART_QTY_STEP', 'CART_OUT_OF_STOCK'],
});

export const removeFromCart = defineOperation({
  method: 'POST',
  path: '/cart',
  tags,
  summary: 'Remove wines from the cart (spec: POST /cart {idProducts, businessType} is the delete call)',
  auth: 'buyer',
  body: ZCartDeleteBody,
  response: ZCartMessage,
  errors: [],
});

export const subscribeRestock = defineOperation({
  method: 'POST',
  path: '/cart/restock-noti/product/B2B/:id/B2B',
  tags,
  summary: 'Be told once (e-mail, and SMS when a provider is set) when a sold-out wine is back in stock',
  auth: 'buyer',
  params: ZRestockParams,
  response: ZRestockResult,
  errors: ['PRODUCT_NOT_FOUND'],
});

export const unsubscribeRestock = defineOperation({
  method: 'DELETE',
  path: '/cart/restock-noti/product/:id/B2B',
  tags,
  summary: 'Stop waiting for a wine to be back in stock',
  auth: 'buyer',
  params: ZRestockParams,
  response: ZRestockResult,
  errors: [],
});

// ---- checkout and orders --------------------------------------------------------------------------------------
const PRICING_ERRORS = [
  'PRODUCT_NOT_FOUND',
  'VINTAGE_NOT_FOUND',
  'NOT_ON_SALE',
  'CART_QTY_MIN',
  'CART_QTY_STEP',
  'CART_OUT_OF_STOCK',
  'ORDER_DUPLICATE_PRODUCT',
] as const;

export const calculateOrder = defineOperation({
  method: 'POST',
  path: '/commerce/orders/calculate',
  tags,
  summary: 'The whole breakdown of an order before it is placed, with the reason for everything that does not apply',
  description:
    'Lines at the buyer level price, volume discounts, each coupon, delivery fee, 공급가액, 부가세 (10 %, rounded ' +
    'down) and 합계, the cash used and what is left to pay. Coupons that do not apply and cash above the balance are ' +
    'listed in `refusals` (the order call refuses them). Prices a client sends are not part of the call.',
  auth: 'buyer',
  readOnly: true,
  body: ZOrderPricingBody,
  response: ZCalculation,
  errors: [...PRICING_ERRORS],
});

export const createOrder = defineOperation({
  method: 'POST',
  path: '/commerce/orders',
  tags,
  status: 201,
  summary: 'Place an order: stock reserved, cash debited, coupons redeemed, prices and address copied, in one go',
  description:
    'Honours an `Idempotency-Key` header: the same key with the same body answers the same order; with another ' +
    'body, IDEMPOTENCY_KEY_REUSED (422). A 503 (or a lost connection) does not mean the order was not placed: the ' +
    'database may have committed it before the answer failed. Retry with the same `Idempotency-Key` (the web ' +
    'checkout does): a saved order comes back as it is, one that was not saved is placed once. Bank-transfer ' +
    'orders wait for the deposit until the deadline, then are cancelled. The ordered wines leave the cart.',
  auth: 'buyer',
  body: ZOrderBody,
  response: ZOrderMessage,
  errors: [
    ...PRICING_ERRORS,
    'COUPON_NOT_FOUND',
    'COUPON_USED',
    'COUPON_NOT_STARTED',
    'COUPON_EXPIRED',
    'COUPON_MIN_AMOUNT',
    'COUPON_NOT_APPLICABLE',
    'COUPON_DUPLICATE',
    'CASH_EXCEEDS_BALANCE',
    'SHIP_REQUIRED',
    'SHIP_NOT_FOUND',
    'DEPOSITOR_REQUIRED',
    'CREDIT_NOT_ALLOWED',
    'CREDIT_LIMIT_EXCEEDED',
    'CASH_NOT_ENOUGH',
    'DELIVERY_DATE_INVALID',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

export const orders = defineOperation({
  method: 'GET',
  path: '/commerce/orders',
  tags,
  summary: "The buyer's orders, newest first (type, status and period filters)",
  auth: 'buyer',
  query: ZOrderListQuery,
  response: ZOrderList,
  errors: [],
});

export const cancelledOrders = defineOperation({
  method: 'GET',
  path: '/commerce/orders/cancel',
  tags,
  summary: "The buyer's cancelled orders, newest first",
  auth: 'buyer',
  query: ZOrderListQuery,
  response: ZOrderList,
  errors: [],
});

export const orderStatuses = defineOperation({
  method: 'GET',
  path: '/commerce/orders/statuses',
  tags,
  summary: 'Order states in their order, localized',
  auth: 'buyer',
  response: z.object({ data: z.array(ZOrderStatusItem) }),
  errors: [],
});

export const orderTypes = defineOperation({
  method: 'GET',
  path: '/commerce/orders/types',
  tags,
  summary: 'Order types (delivery, pick-up), localized',
  auth: 'buyer',
  response: z.object({ data: z.array(ZOrderTypeItem) }),
  errors: [],
});

export const orderTotal = defineOperation({
  method: 'GET',
  path: '/commerce/orders/total',
  tags,
  summary: 'The amounts of one order of the buyer',
  auth: 'buyer',
  query: ZOrderTotalQuery,
  response: ZOrderTotal,
  errors: ['ORDER_NOT_FOUND'],
});

export const latestOrder = defineOperation({
  method: 'POST',
  path: '/commerce/orders/latest',
  tags,
  summary: "The buyer's most recent order (the confirmation page, 'order again')",
  auth: 'buyer',
  response: ZOrderResult,
  errors: ['ORDER_NOT_FOUND'],
});

export const order = defineOperation({
  method: 'GET',
  path: '/commerce/orders/:oid',
  tags,
  summary: 'One order of the buyer with its lines, amounts, address, deposit details and history',
  auth: 'buyer',
  params: ZOrderParams,
  response: ZOrderResult,
  errors: ['ORDER_NOT_FOUND'],
});

export const cancelOrder = defineOperation({
  method: 'POST',
  path: '/commerce/orders/:oid/cancel',
  tags,
  summary: 'Cancel an order before preparation starts: stock, cash and coupons come back once',
  auth: 'buyer',
  params: ZOrderParams,
  body: ZOrderCancelBody,
  response: ZOrderMessage,
  errors: ['ORDER_NOT_FOUND', 'ORDER_STATE_INVALID'],
});

// ---- cash and coupons ---------------------------------------------------------------------------------------------
export const cashes = defineOperation({
  method: 'GET',
  path: '/commerce/cashes',
  tags,
  summary: 'The cash ledger (예치금): charges, uses, refunds, expiries and adjustments, with the balance',
  auth: 'buyer',
  query: ZCashQuery,
  response: ZCashList,
  errors: [],
});

export const cashAvailable = defineOperation({
  method: 'GET',
  path: '/commerce/cashes/available',
  tags,
  summary: 'The cash balance the buyer can use now',
  auth: 'buyer',
  response: ZCashAvailable,
  errors: [],
});

export const coupons = defineOperation({
  method: 'GET',
  path: '/commerce/coupons',
  tags,
  summary: "The buyer's coupons: usable, used or expired",
  auth: 'buyer',
  query: ZCouponQuery,
  response: ZCouponList,
  errors: [],
});

// ---- back office ------------------------------------------------------------------------------------------------
export const adminOrderStatus = defineOperation({
  method: 'PATCH',
  path: '/admin/orders/:oid/status',
  tags: ['admin'],
  summary: 'Move an order along its states (deposit received → PAID, then PREPARING, SHIPPED, DELIVERED) or cancel it',
  auth: 'admin',
  permission: 'orders:manage',
  audit: { action: 'order.status', kind: 'change', subject: 'order' },
  params: ZOrderParams,
  body: ZAdminOrderStatusBody,
  response: ZOrderMessage,
  errors: ['ORDER_NOT_FOUND', 'ORDER_STATE_INVALID'],
});

/** One staff action of the order state machine (ORDER_ACTIONS): its permission, its audit row, its body. */
const orderAction = <const A extends OrderAction, const B extends z.ZodType>(action: A, summary: string, body: B) =>
  defineOperation({
    method: 'POST',
    path: `/admin/orders/:oid/${action}`,
    tags: ['admin'],
    summary,
    description: `Allowed from ${ORDER_ACTIONS[action].from.join(', ')} on ${ORDER_ACTIONS[action].types.join(' and ')} orders; ORDER_STATE_INVALID otherwise.`,
    auth: 'admin',
    permission: ORDER_ACTIONS[action].permission,
    audit: { action: `order.${action}`, kind: 'change', subject: 'order' },
    params: ZOrderParams,
    body,
    response: ZOrderMessage,
    errors: ['ORDER_NOT_FOUND', 'ORDER_STATE_INVALID'],
  });

export const adminOrderConfirmDeposit = orderAction(
  'confirm-deposit',
  'The deposit of a bank-transfer order arrived: it is PAID (the buyer is e-mailed)',
  ZOrderActionBody,
);
export const adminOrderPrepare = orderAction('prepare', 'Start preparing a paid order (PREPARING)', ZOrderActionBody);
export const adminOrderShip = orderAction(
  'ship',
  'Hand a delivery to the carrier with its tracking number (SHIPPED; the buyer is e-mailed the tracking link)',
  ZOrderShipBody,
);
export const adminOrderDeliver = orderAction('deliver', 'The delivery arrived (DELIVERED)', ZOrderActionBody);
export const adminOrderReadyForPickup = orderAction(
  'ready-for-pickup',
  'A pick-up order is ready at the warehouse (the buyer is e-mailed)',
  ZOrderActionBody,
);
export const adminOrderPickedUp = orderAction('picked-up', 'The buyer picked the order up', ZOrderActionBody);
export const adminOrderCancel = orderAction(
  'cancel',
  'Cancel an order with a reason: stock, cash and coupons go back exactly once (the buyer is e-mailed)',
  ZAdminOrderCancelBody,
);

export const adminCash = defineOperation({
  method: 'POST',
  path: '/admin/members/:id/cash',
  tags: ['admin'],
  summary: "Charge a buyer's cash balance (예치금) or adjust it; the ledger records it and the balance never goes below zero",
  auth: 'admin',
  permission: 'cash:adjust',
  audit: { action: 'member.cash', kind: 'change', subject: 'member' },
  params: ZRestockParams,
  body: ZAdminCashBody,
  response: ZAdminCashResult,
  errors: ['NOT_FOUND', 'CASH_EXCEEDS_BALANCE', 'CASH_EXPIRY_PAST'],
});

export const adminCoupons = defineOperation({
  method: 'GET',
  path: '/admin/coupons',
  tags: ['admin'],
  summary: 'The coupons defined, newest first, with how many members hold each and how many used it',
  auth: 'admin',
  permission: 'coupons:read',
  response: ZAdminCouponList,
  errors: [],
});

export const adminCreateCoupon = defineOperation({
  method: 'POST',
  path: '/admin/coupons',
  tags: ['admin'],
  summary: 'Define a coupon: for the order or for a wine or kind, a won amount or a rate, a minimum, a cap and a validity period',
  auth: 'admin',
  permission: 'coupons:manage',
  audit: { action: 'coupon.create', kind: 'change', subject: 'coupon' },
  body: ZAdminCouponBody,
  response: ZAdminCouponResult,
  status: 201,
  errors: ['PRODUCT_NOT_FOUND', 'UNKNOWN_FILTER_VALUE'],
});

export const adminIssueCoupon = defineOperation({
  method: 'POST',
  path: '/admin/coupons/:id/issue',
  tags: ['admin'],
  summary: 'Give a coupon to members, to the buyers of a level or to every approved buyer (once per member)',
  auth: 'admin',
  permission: 'coupons:manage',
  audit: { action: 'coupon.issue', kind: 'change', subject: 'coupon' },
  params: ZRestockParams,
  body: ZAdminCouponIssueBody,
  response: ZAdminCouponIssueResult,
  errors: ['NOT_FOUND', 'UNKNOWN_FILTER_VALUE', 'COUPON_EXPIRED'],
});

// ---- the back office's order list and dashboard -------------------------------------------------------------------
/** The spec's period quick filters (§9), counted back from today in Korea time. */
export const ORDER_PERIODS = ['today', '15d', '1m', '3m', '6m'] as const;
export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'amount'] as const;

export const ZAdminOrderQuery = z.object({
  status: z.enum(ORDER_STATUSES, { message: 'oneOf' }).optional(),
  type: z.enum(ORDER_TYPES, { message: 'oneOf' }).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: 'oneOf' }).optional(),
  period: z.enum(ORDER_PERIODS, { message: 'oneOf' }).optional(),
  startDate: zDate.optional(),
  endDate: zDate.optional(),
  buyerId: zId.optional(),
  /** An order number (or its start), a depositor's or a company's name. */
  q: z.string().trim().max(50).optional(),
  /** Bank-transfer orders whose deposit deadline has passed. */
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(ADMIN_ORDER_SORTS, { message: 'oneOf' }).default('newest'),
  page: zPage,
  size: zSize(20),
});

export const ZAdminOrderRow = z.object({
  oid: z.string(),
  type: z.enum(ORDER_TYPES),
  typeName: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusName: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentMethodName: z.string(),
  buyerId: z.number().int(),
  companyName: z.string().nullable(),
  /** Masked (김*수): lists never show whole personal data. */
  buyerName: z.string(),
  depositorName: z.string().nullable(),
  lineCount: z.number().int(),
  total: z.number().int(),
  payAmount: z.number().int(),
  createdAt: z.string(),
  depositDeadline: z.string().nullable(),
  overdue: z.boolean(),
  /** What staff may do to it now (ORDER_ACTIONS), whatever their role: the buttons, and what a bulk action applies to. */
  actions: z.array(z.enum(ORDER_ACTION_NAMES as [OrderAction, ...OrderAction[]])),
});
export type TAdminOrderRow = z.infer<typeof ZAdminOrderRow>;

export const adminOrders = defineOperation({
  method: 'GET',
  path: '/admin/orders',
  tags: ['admin'],
  summary: 'Orders, filtered by state, type, payment, period or dates (Korea time), buyer and a search; with counts per state',
  description: 'The counts per state follow every filter but the state, so the state tabs show what each would list.',
  auth: 'admin',
  permission: 'orders:read',
  query: ZAdminOrderQuery,
  response: z.object({
    data: z.array(ZAdminOrderRow),
    counts: z.record(z.enum(ORDER_STATUSES), z.number().int()),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  }),
  errors: [],
});

export const adminOrdersExport = defineOperation({
  method: 'GET',
  path: '/admin/orders/export',
  tags: ['admin'],
  summary: 'The filtered order list as an Excel workbook or a CSV file (UTF-8 with BOM), newest first, streamed whatever its size',
  auth: 'admin',
  permission: 'orders:read',
  audit: { action: 'orders.export', kind: 'export', subject: 'order' },
  query: ZAdminOrderQuery.omit({ page: true, size: true, sort: true }).extend({
    format: z.enum(['xlsx', 'csv'], { message: 'oneOf' }).default('xlsx'),
  }),
  response: { file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or text/csv' },
  errors: [],
});

/** Today's work: each count a link to its filtered list; null where the role may not see that list. */
export const ZAdminDashboard = z.object({
  applications: z.number().int().nullable(),
  businessChanges: z.number().int().nullable(),
  depositsAwaited: z.number().int().nullable(),
  depositsOverdue: z.number().int().nullable(),
  toPrepare: z.number().int().nullable(),
  toShip: z.number().int().nullable(),
  /** Pick-up orders asked for today and not picked up yet. */
  pickupsToday: z.number().int().nullable(),
  inquiriesOpen: z.number().int().nullable(),
  messagesFailed: z.number().int().nullable(),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

export const adminDashboard = defineOperation({
  method: 'GET',
  path: '/admin/dashboard',
  tags: ['admin'],
  summary:
    "Today's work for the back office's first page: applications, deposits awaited and overdue, orders to prepare and ship, pick-ups, inquiries, failed messages",
  auth: 'admin',
  permission: 'orders:read',
  response: z.object({ data: ZAdminDashboard }),
  errors: [],
});

// ---- deposits from a bank statement -------------------------------------------------------------------------------
export const ZDepositRow = z.object({
  line: z.number().int(),
  date: z.string(),
  depositor: z.string(),
  amount: z.number().int(),
  /** How many awaited orders this deposit could be (same amount, placed on or before its day). */
  candidates: z.number().int(),
  /** The proposed order, for a person to confirm (confirm-deposit); null: no order awaits this amount. */
  match: z
    .object({
      oid: z.string(),
      /** `exact`: the name the buyer gave (or the company); `partial`: one contains the other; `amount`: the amount alone. */
      strength: z.enum(['exact', 'partial', 'amount']),
      depositorName: z.string().nullable(),
      companyName: z.string().nullable(),
      payAmount: z.number().int(),
      /** Paid after the order's deadline. */
      late: z.boolean(),
    })
    .nullable(),
});
export type TDepositRow = z.infer<typeof ZDepositRow>;
/** The largest bank statement accepted (a month of a busy account is well under it). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export const adminDepositStatement = defineOperation({
  method: 'POST',
  path: '/admin/deposits/statement',
  tags: ['admin'],
  summary:
    "Read a bank account's transaction export (CSV or Excel: date, sender, deposit) and propose the awaited orders each deposit pays",
  description:
    'Multipart, one file (field `file`), at most 5 MB; CSV in UTF-8 or CP949. Nothing is confirmed: each proposed match ' +
    'is confirmed with POST /admin/orders/{oid}/confirm-deposit. Deposits without an order are listed with `match: null`.',
  auth: 'admin',
  permission: 'payments:confirm',
  // The senders' names of the importer's account are seen: who read which statement is on the trail.
  audit: { action: 'deposits.statement', kind: 'view', subject: 'bank-statement' },
  multipart: true,
  response: z.object({
    data: z.array(ZDepositRow),
    matched: z.number().int(),
    unmatched: z.number().int(),
    /** Lines that are not deposits (withdrawals, totals, blanks). */
    skipped: z.number().int(),
  }),
  errors: ['FILE_REQUIRED', 'FILE_TOO_LARGE', 'STATEMENT_UNREADABLE', 'BAD_REQUEST'],
});
