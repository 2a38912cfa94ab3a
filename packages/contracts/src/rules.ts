/**
 * Account rules shared by the API (server-side validation) and the web app (instant feedback).
 * Plain functions and constants only, no zod, so the browser bundle stays small.
 */

/** Special characters a password must contain one of (spec §5). */
export const PASSWORD_SPECIALS = '#?!@$%^&*-';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 50;
/** Spec §5: 8–50 characters with a letter, a digit and one of # ? ! @ $ % ^ & * -. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[#?!@$%^&*-]).{8,50}$/;
/** Days after which a password change is recommended (spec §5). */
export const PASSWORD_CAMPAIGN_DAYS = 356;
/** 'Change next time' hides the campaign for this many days. */
export const PASSWORD_CAMPAIGN_SNOOZE_DAYS = 30;
/**
 * The business details an approved buyer's change puts back to admin review (the registration number and the
 * certificate cannot change after approval at all: BUSINESS_LOCKED).
 */
export const BUSINESS_REVIEW_FIELDS = ['companyName', 'representative', 'businessType', 'taxEmail'] as const;
/** A social re-authentication (members without a password) allows one account change within this many minutes. */
export const REAUTH_MINUTES = 5;

export function isValidPassword(pw: string): boolean {
  return PASSWORD_RE.test(pw);
}

/**
 * Korean mobile numbers: 010/011/016/017/018/019, typed with or without dashes or spaces.
 * Returns the canonical 010-1234-5678 form, or null.
 */
export function normalizeMobile(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  const [, prefix, middle, last] = /^(01[016789])(\d{3,4})(\d{4})$/.exec(digits) ?? [];
  if (prefix === undefined || middle === undefined || last === undefined) return null;
  // 010 numbers always have a four-digit middle part; the old 011/016–019 ones may have three.
  if (prefix === '010' && middle.length !== 4) return null;
  return `${prefix}-${middle}-${last}`;
}

/** Birthday as YYYYMMDD (spec: 19990101), a real calendar date between 1900 and today. */
export function isValidBirthday(v: string, today = new Date()): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && date.getTime() <= today.getTime();
}

/** Minimum age to sign up: liquor is not sold to anyone under 19 (Youth Protection Act). */
export const MIN_SIGNUP_AGE = 19;

/** Whether a valid YYYYMMDD birthday is at least MIN_SIGNUP_AGE full years before `today`. */
export function isAdultBirthday(v: string, today = new Date()): boolean {
  if (!isValidBirthday(v, today)) return false;
  const y = Number(v.slice(0, 4)) + MIN_SIGNUP_AGE;
  const limit = `${y}${v.slice(4)}`;
  const now = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`;
  return limit <= now;
}

/** Digits of a business registration number typed as 123-45-67890 or 1234567890. */
export function normalizeBusinessNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/**
 * Korean business registration number (사업자등록번호) checksum: weights 1,3,7,1,3,7,1,3,5 on the first nine
 * digits, plus floor(d9 * 5 / 10); the check digit is (10 - sum % 10) % 10.
 */
export function isValidBusinessNumber(input: string): boolean {
  const n = normalizeBusinessNumber(input);
  if (!/^\d{10}$/.test(n)) return false;
  const digit = (i: number) => Number(n.charAt(i));
  let sum = 0;
  for (const [i, w] of [1, 3, 7, 1, 3, 7, 1, 3, 5].entries()) sum += digit(i) * w;
  sum += Math.floor((digit(8) * 5) / 10);
  return (10 - (sum % 10)) % 10 === digit(9);
}

/** 1234567890 → 123-45-67890 */
export function formatBusinessNumber(n: string): string {
  const d = normalizeBusinessNumber(n);
  return d.length === 10 ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}` : n;
}

/** ab***@example.com: the first two characters of the local part stay, the rest is starred. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const keep = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${keep}***${email.slice(at)}`;
}

/** 010-1234-5678 → 010-****-5678 */
export function maskMobile(mobile: string): string {
  const [, head, middle, tail] = /^(\d{3})-(\d{3,4})-(\d{4})$/.exec(mobile) ?? [];
  if (head === undefined || middle === undefined || tail === undefined) return '***';
  return `${head}-${'*'.repeat(middle.length)}-${tail}`;
}

/** 홍길동 → 홍*동, 김철 → 김*, John Smith → J*** S**** */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  const first = chars.at(0);
  const last = chars.at(-1);
  if (first === undefined || last === undefined || chars.length === 1) return '*';
  if (chars.length === 2) return `${first}*`;
  return first + '*'.repeat(chars.length - 2) + last;
}

/** Member roles and statuses: the API's schemas, the database enums and the web app all use these lists. */
export const ROLES = ['MEMBER', 'BUYER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];
export const MEMBER_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const BUSINESS_TYPES = ['RESTAURANT', 'WINE_BAR', 'RETAIL', 'HOTEL', 'DISTRIBUTOR', 'OTHER'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const SOCIAL_PROVIDERS = ['kakao', 'naver', 'google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
/** Login popup sizes (spec §9): Kakao 880x500, the others 580x600. */
export const SOCIAL_POPUP_SIZE: Record<SocialProvider, { width: number; height: number }> = {
  kakao: { width: 880, height: 500 },
  naver: { width: 580, height: 600 },
  google: { width: 580, height: 600 },
  facebook: { width: 580, height: 600 },
};

/** The nine preset reasons for leaving (spec §9), plus free text under OTHER. */
export const LEAVE_REASONS = [
  'LOW_USAGE',
  'CLOSED_BUSINESS',
  'PRICE',
  'PRODUCT_RANGE',
  'DELIVERY',
  'SERVICE',
  'SITE_USABILITY',
  'PRIVACY',
  'OTHER_SUPPLIER',
] as const;
export type LeaveReason = (typeof LEAVE_REASONS)[number];
/** Re-registration with a withdrawn e-mail is refused for this many months. */
export const REREGISTER_BLOCK_MONTHS = 6;

/** Certification modes the public /cert call accepts. */
export const CERT_MODES = ['SIGNUP_MOBILE', 'SIGNUP_EMAIL', 'CERT_MOBILE'] as const;
export type CertMode = (typeof CERT_MODES)[number];
export const CODE_LENGTH = 6;

/** Certificate upload: what a business registration certificate may be. */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
export const CERTIFICATE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** POST /files/images and POST /files: the largest file, and the types each takes (read from the bytes). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const FILE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

// ---- ordering (issue 20) -------------------------------------------------------------------------------------
/** Business type of carts and orders (spec §9: B2B). */
export const ORDER_BUSINESS_TYPES = ['B2B'] as const;
/** How the goods reach the buyer: delivered to an address, or picked up at the importer's warehouse. */
export const ORDER_TYPES = ['DELIVERY', 'PICKUP'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/**
 * Order states. Bank-transfer orders start AWAITING_DEPOSIT; orders paid in full by cash and credit-term orders
 * start PAID (credit orders are settled later, see `credit_settled_at`).
 */
export const ORDER_STATUSES = ['AWAITING_DEPOSIT', 'PAID', 'PREPARING', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The allowed moves of the order state machine; anything else is refused with ORDER_STATE_INVALID. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  AWAITING_DEPOSIT: ['PAID', 'CANCELLED'],
  PAID: ['PREPARING', 'CANCELLED'],
  PREPARING: ['SHIPPED', 'CANCELLED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: [],
  CANCELLED: [],
};
/**
 * What staff do to an order, one button each (issue 36): the move it makes, the order types it applies to and the
 * permission it needs (./staff.ts). Every move is one of ORDER_TRANSITIONS. A pick-up order uses the same states as
 * a delivery: SHIPPED is "ready for pick-up" and DELIVERED "picked up" (their names differ by type).
 */
export const ORDER_ACTIONS = {
  'confirm-deposit': { from: ['AWAITING_DEPOSIT'], to: 'PAID', types: ['DELIVERY', 'PICKUP'], permission: 'payments:confirm' },
  prepare: { from: ['PAID'], to: 'PREPARING', types: ['DELIVERY', 'PICKUP'], permission: 'orders:ship' },
  ship: { from: ['PREPARING'], to: 'SHIPPED', types: ['DELIVERY'], permission: 'orders:ship' },
  deliver: { from: ['SHIPPED'], to: 'DELIVERED', types: ['DELIVERY'], permission: 'orders:ship' },
  'ready-for-pickup': { from: ['PREPARING'], to: 'SHIPPED', types: ['PICKUP'], permission: 'orders:ship' },
  'picked-up': { from: ['SHIPPED'], to: 'DELIVERED', types: ['PICKUP'], permission: 'orders:ship' },
  cancel: { from: ['AWAITING_DEPOSIT', 'PAID', 'PREPARING'], to: 'CANCELLED', types: ['DELIVERY', 'PICKUP'], permission: 'orders:cancel' },
} as const satisfies Record<
  string,
  {
    from: readonly OrderStatus[];
    to: OrderStatus;
    types: readonly OrderType[];
    permission: 'payments:confirm' | 'orders:ship' | 'orders:cancel';
  }
>;
export type OrderAction = keyof typeof ORDER_ACTIONS;
export const ORDER_ACTION_NAMES = Object.keys(ORDER_ACTIONS) as OrderAction[];

/** The actions staff may take on an order of this type in this state. */
export const orderActionsFor = (type: OrderType, status: OrderStatus): OrderAction[] =>
  ORDER_ACTION_NAMES.filter((a) => {
    const def = ORDER_ACTIONS[a];
    return (def.from as readonly OrderStatus[]).includes(status) && (def.types as readonly OrderType[]).includes(type);
  });

/**
 * Korean parcel carriers and their public tracking pages (`{n}`: the tracking number). Names are the companies' own:
 * the Korean one in ko-KR, the Latin one elsewhere.
 */
export const CARRIERS = {
  CJ: { ko: 'CJ대한통운', en: 'CJ Logistics', url: 'https://trace.cjlogistics.com/next/tracking.html?wblNo={n}' },
  LOTTE: { ko: '롯데택배', en: 'Lotte Global Logistics', url: 'https://www.lotteglogis.com/home/reservation/tracking/linkView?InvNo={n}' },
  HANJIN: {
    ko: '한진택배',
    en: 'Hanjin Express',
    url: 'https://www.hanjin.com/kor/CMS/DeliveryMgr/WaybillResult.do?mCode=MN038&schLang=KR&wblnumText2={n}',
  },
  EPOST: { ko: '우체국택배', en: 'Korea Post', url: 'https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1={n}' },
  LOGEN: { ko: '로젠택배', en: 'Logen', url: 'https://www.ilogen.com/web/personal/trace/{n}' },
  KDEXP: { ko: '경동택배', en: 'Kyungdong Express', url: 'https://kdexp.com/service/delivery/etc/delivery.do?barcode={n}' },
} as const;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as Carrier[];
export const trackingUrl = (carrier: Carrier, trackingNumber: string) =>
  CARRIERS[carrier].url.replace('{n}', encodeURIComponent(trackingNumber));

/** States in which the buyer may still cancel (before preparation starts). */
export const BUYER_CANCELLABLE: readonly OrderStatus[] = ['AWAITING_DEPOSIT', 'PAID'];
/** Payment methods: bank transfer (무통장입금), credit terms (외상), or the cash balance alone (예치금). */
export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CREDIT', 'CASH'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Who changed an order's state. */
export const ORDER_ACTORS = ['BUYER', 'ADMIN', 'SYSTEM'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];
/** Cash ledger (예치금) entry types; the balance is the sum of DONE entries. */
export const CASH_TYPES = ['CHARGE', 'USE', 'REFUND', 'EXPIRE', 'ADJUST'] as const;
export type CashType = (typeof CASH_TYPES)[number];
export const CASH_STATUSES = ['PENDING', 'DONE', 'CANCELLED'] as const;
export type CashStatus = (typeof CASH_STATUSES)[number];
/** An order coupon applies to the whole order; a product coupon to one wine or one wine kind. */
export const COUPON_SCOPES = ['ORDER', 'PRODUCT'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
/** A fixed amount off, or a rate (basis points) capped by the coupon's maximum discount. */
export const COUPON_KINDS = ['AMOUNT', 'RATE'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** Lines a cart may hold. */
export const CART_LINES_MAX = 100;
/** Bottles of one line at most (a pallet). */
export const CART_QTY_MAX = 9999;
