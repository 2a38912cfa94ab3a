import { sql } from 'drizzle-orm';
import {
  CASH_STATUSES,
  CASH_TYPES,
  COUPON_KINDS,
  COUPON_SCOPES,
  ORDER_ACTORS,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAYMENT_METHODS,
} from '@podo/contracts/rules';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products, productVintages, wineKinds, type LocalizedText } from './catalog';

export const orderTypeEnum = pgEnum('order_type', ORDER_TYPES);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const orderActorEnum = pgEnum('order_actor', ORDER_ACTORS);
export const cashTypeEnum = pgEnum('cash_type', CASH_TYPES);
export const cashStatusEnum = pgEnum('cash_status', CASH_STATUSES);
export const couponScopeEnum = pgEnum('coupon_scope', COUPON_SCOPES);
export const couponKindEnum = pgEnum('coupon_kind', COUPON_KINDS);

/** A member's saved shipping addresses (spec §3 "Shipping address"); at most one is the default. */
export const shipAddresses = pgTable(
  'ship_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The recipient. */
    fullName: varchar('full_name', { length: 50 }).notNull(),
    /** Korean mobile number as 010-1234-5678. */
    mobile: varchar('mobile', { length: 20 }).notNull(),
    /** Five-digit postal code (국가기초구역번호). */
    postalCode: varchar('postal_code', { length: 5 }).notNull(),
    /** Road-name address as found by the address search. */
    address1: varchar('address1', { length: 200 }).notNull(),
    /** Building, floor, unit. */
    address2: varchar('address2', { length: 200 }).notNull().default(''),
    /** A note for the driver (e.g. 'leave at the bar entrance'). */
    message: varchar('message', { length: 200 }).notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ship_addresses_user_idx').on(t.userId, t.createdAt),
    // The database itself refuses a second default, whatever the code does.
    uniqueIndex('ship_addresses_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A buyer's cart line (spec §3 "Cart item"): one line per wine; `vintageId` null = the wine's current vintage
 * (the newest on sale) when the cart is read.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vintageId: integer('vintage_id').references(() => productVintages.id, { onDelete: 'set null' }),
    qty: integer('qty').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), check('cart_items_qty_ck', sql`${t.qty} > 0`)],
);

/** "Tell me when it is back": one row per member and wine until the notice is sent (`notifiedAt`). */
export const restockSubscriptions = pgTable(
  'restock_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('restock_subscriptions_waiting_idx')
      .on(t.productId)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

/** A coupon the importer defines; members receive it as `member_coupons` rows. */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    scope: couponScopeEnum('scope').notNull(),
    kind: couponKindEnum('kind').notNull(),
    /** KRW off (AMOUNT). */
    amount: integer('amount').notNull().default(0),
    /** Basis points off (RATE): 1000 = 10 %. */
    rateBp: integer('rate_bp').notNull().default(0),
    /** The least the order (or the targeted lines) must come to, KRW excl. VAT. */
    minAmount: integer('min_amount').notNull().default(0),
    /** Largest discount of a RATE coupon; null = no cap. */
    maxDiscount: integer('max_discount'),
    /** PRODUCT scope: the one wine, or every wine of a kind. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    kindId: integer('kind_id').references(() => wineKinds.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'coupons_ck',
      sql`${t.amount} >= 0 and ${t.rateBp} between 0 and 10000 and ${t.minAmount} >= 0 and ${t.endsAt} > ${t.startsAt}
        and ((${t.kind} = 'AMOUNT' and ${t.amount} > 0) or (${t.kind} = 'RATE' and ${t.rateBp} > 0))
        and ((${t.scope} = 'ORDER' and ${t.productId} is null and ${t.kindId} is null) or (${t.scope} = 'PRODUCT' and (${t.productId} is null) <> (${t.kindId} is null)))`,
    ),
  ],
);

/** A coupon in a member's hands: used once (`usedAt`, `orderId`), returned when that order is cancelled. */
export const memberCoupons = pgTable(
  'member_coupons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('member_coupons_once_uq').on(t.couponId, t.userId),
    index('member_coupons_user_idx').on(t.userId),
    check('member_coupons_use_ck', sql`(${t.usedAt} is null) = (${t.orderId} is null)`),
  ],
);

/** The cash ledger (예치금): every charge, use, refund, expiry and adjustment; DONE entries sum to the balance. */
export const cashEntries = pgTable(
  'cash_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: cashTypeEnum('type').notNull(),
    status: cashStatusEnum('status').notNull().default('DONE'),
    /** Signed KRW: positive adds to the balance, negative takes from it. */
    amount: integer('amount').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    memo: varchar('memo', { length: 200 }).notNull().default(''),
    /** Charged cash that lapses unused (EXPIRE entries take what is left). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the sweep took what was left of this charge (claimed once, by one server process). */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_entries_user_idx').on(t.userId, t.createdAt),
    index('cash_entries_lapsing_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null and ${t.lapsedAt} is null`),
    // One use and one refund per order at most: a repeated cancellation cannot refund twice.
    uniqueIndex('cash_entries_order_uq')
      .on(t.orderId, t.type)
      .where(sql`${t.orderId} is not null`),
    check('cash_entries_amount_ck', sql`${t.amount} <> 0`),
  ],
);

/** An order: prices, amounts, the buyer and the address are copied in, so later changes do not alter it. */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The order number buyers see: YYYYMMDD-NNNNNN (KST date). */
    oid: varchar('oid', { length: 20 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: orderTypeEnum('type').notNull(),
    status: orderStatusEnum('status').notNull(),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    gift: boolean('gift').notNull().default(false),
    /** Sum of lines at the buyer's level price before volume and coupon discounts, KRW excl. VAT. */
    subtotal: integer('subtotal').notNull(),
    /** What the level took off the base trade price (shown, already inside subtotal). */
    levelDiscount: integer('level_discount').notNull().default(0),
    volumeDiscount: integer('volume_discount').notNull().default(0),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    deliveryFee: integer('delivery_fee').notNull().default(0),
    /** 공급가액 = subtotal − volume − coupons + delivery. */
    supplyAmount: integer('supply_amount').notNull(),
    /** 부가세: 10 % of the supply amount, rounded down to the won. */
    vat: integer('vat').notNull(),
    /** 합계 = supplyAmount + vat. */
    total: integer('total').notNull(),
    cashUsed: integer('cash_used').notNull().default(0),
    /** What is left to pay by the payment method: total − cashUsed. */
    payAmount: integer('pay_amount').notNull(),
    /** The order's copy of the buyer and the address. */
    buyer: jsonb('buyer')
      .$type<{ fullName: string; email: string; mobile: string | null; companyName: string | null; businessNumber: string | null }>()
      .notNull(),
    ship: jsonb('ship').$type<{
      fullName: string;
      mobile: string;
      postalCode: string;
      address1: string;
      address2: string;
      message: string;
    } | null>(),
    requestedDate: date('requested_date', { mode: 'string' }),
    memo: varchar('memo', { length: 500 }).notNull().default(''),
    /** Bank transfer: the account to pay into, the depositor's name and the deadline. */
    deposit: jsonb('deposit').$type<{ bankName: string; accountNumber: string; accountHolder: string; depositorName: string } | null>(),
    depositDeadline: timestamp('deposit_deadline', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Credit orders: when the buyer settled the bill (the amount stops counting against the credit limit). */
    creditSettledAt: timestamp('credit_settled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A shipped delivery: the carrier (contracts CARRIERS), its tracking number, when it left. */
    carrier: varchar('carrier', { length: 10 }),
    trackingNumber: varchar('tracking_number', { length: 30 }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    lang: varchar('lang', { length: 5 }).notNull().default('ko-KR'),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    /** Hash of the request that created the order, to refuse the same key with another body. */
    requestHash: varchar('request_hash', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_oid_uq').on(t.oid),
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_idempotency_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('orders_deadline_idx')
      .on(t.depositDeadline)
      .where(sql`${t.status} = 'AWAITING_DEPOSIT'`),
    check(
      'orders_amounts_ck',
      sql`${t.subtotal} >= 0 and ${t.supplyAmount} >= 0 and ${t.vat} >= 0 and ${t.total} = ${t.supplyAmount} + ${t.vat} and ${t.cashUsed} >= 0 and ${t.payAmount} = ${t.total} - ${t.cashUsed} and ${t.payAmount} >= 0`,
    ),
  ],
);

/** A line of an order, with the wine's names, the unit price and each discount as they were when ordered. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    vintageId: integer('vintage_id')
      .notNull()
      .references(() => productVintages.id),
    nameKo: varchar('name_ko', { length: 200 }).notNull(),
    nameOriginal: varchar('name_original', { length: 200 }).notNull(),
    year: smallint('year'),
    qty: integer('qty').notNull(),
    /** The base trade price and the buyer's level price per bottle, KRW excl. VAT. */
    basePrice: integer('base_price').notNull(),
    unitPrice: integer('unit_price').notNull(),
    volumeDiscount: integer('volume_discount').notNull().default(0),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    /** qty × unitPrice − discounts. */
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.lineNo] }), check('order_lines_ck', sql`${t.qty} > 0 and ${t.amount} >= 0`)],
);

/** Every change of an order's state, with when and who. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status').notNull(),
    actor: orderActorEnum('actor').notNull(),
    actorId: integer('actor_id'),
    note: varchar('note', { length: 500 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);
