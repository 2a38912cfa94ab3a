/** Every error the API can answer with, and its one HTTP status. Messages live in @podo/i18n (api.errors.<CODE>). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  LOGIN_FAILED: 400,
  UNAUTHORIZED: 401,
  TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  ACCOUNT_WITHDRAWN: 403,
  NOT_APPROVED: 403,
  ADMIN_ONLY: 403,
  /** A member of staff whose role does not allow the operation. */
  PERMISSION_DENIED: 403,
  /** A staff call on a sign-in whose second factor (the authenticator app's code) was not given yet. */
  SECOND_FACTOR_REQUIRED: 403,
  /** The member of staff must set up the authenticator app before any staff call. */
  SECOND_FACTOR_SETUP_REQUIRED: 403,
  SECOND_FACTOR_INVALID: 400,
  /** Setting up an authenticator when one is already on (an admin resets it first). */
  SECOND_FACTOR_ACTIVE: 409,
  /** Giving a code before the authenticator was set up (or confirming a setup never started). */
  SECOND_FACTOR_NOT_SET: 409,
  /** A staff sign-in idle for too long, or ended: sign in again. */
  STAFF_SESSION_EXPIRED: 401,
  STAFF_DISABLED: 403,
  /** An admin changing their own role or disabling themselves. */
  STAFF_SELF: 409,
  EMAIL_TAKEN: 409,
  REREGISTER_BLOCKED: 409,
  SOCIAL_ALREADY_LINKED: 409,
  MEMBER_NOT_PENDING: 409,
  BUSINESS_LOCKED: 409,
  /** An admin decision on business changes of a member who has none waiting. */
  NO_PENDING_CHANGES: 409,
  OUTBOX_NOT_FAILED: 409,
  /** A bank statement without recognizable date, sender and deposit columns (or not a CSV / Excel file at all). */
  STATEMENT_UNREADABLE: 400,
  OUTBOX_NOT_RETRYABLE: 409,
  PASSWORD_INCORRECT: 400,
  PASSWORD_TOO_COMMON: 400,
  PASSWORD_SAME: 400,
  /** Changing the mobile number or business details needs the current password in the same request. */
  PASSWORD_REQUIRED: 400,
  /** The same for a member without a password: a social re-authentication (reauthToken) is needed. */
  REAUTH_REQUIRED: 400,
  /** The reauthToken is unknown, expired, used or another member's. */
  REAUTH_INVALID: 400,
  /** The social account of a re-authentication is not one linked to this member. */
  REAUTH_OTHER_ACCOUNT: 400,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_ATTEMPTS_EXCEEDED: 400,
  CODE_NOT_VERIFIED: 400,
  CODE_COOLDOWN: 429,
  CODE_SEND_LIMIT: 429,
  LOGIN_LOCKED: 429,
  /** The right password from an address new to an account under attack: a code was e-mailed; log in again with it. */
  LOGIN_CODE_REQUIRED: 403,
  /** POST /valid-email and /valid-mobile: the per-address limit of availability checks. */
  CHECK_LIMIT: 429,
  FILE_REQUIRED: 400,
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_TOO_LARGE: 413,
  /** An image that does not decode as the type its bytes claim (a JPEG header followed by HTML, a broken file). */
  FILE_INVALID: 422,
  /** A PDF with scripts, launch actions, attached files or other active content (or parts that cannot be checked). */
  FILE_UNSAFE: 422,
  OAUTH_INVALID_STATE: 400,
  OAUTH_FAILED: 400,
  OAUTH_PROVIDER_DISABLED: 400,
  SOCIAL_NOT_LINKED: 400,
  /** A portfolio PDF would list more wines or wineries than one document may hold. */
  PDF_TOO_MANY: 400,
  ROUTE_NOT_FOUND: 404,
  NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  WINERY_NOT_FOUND: 404,
  UNKNOWN_FILTER_VALUE: 400,
  SHIP_NOT_FOUND: 404,
  /** A member keeps at most SHIP_ADDRESSES_MAX shipping addresses. */
  SHIP_LIMIT: 409,
  /** The road-name address search refused the keyword (too short, too broad, special characters). */
  ADDRESS_KEYWORD_INVALID: 400,
  /** The address search or the coordinates service did not answer well: type the address in. */
  ADDRESS_SERVICE_UNAVAILABLE: 503,
  /** A vintage that is not one of the wine's. */
  VINTAGE_NOT_FOUND: 404,
  /** The wine (or the vintage) is not sold now. */
  NOT_ON_SALE: 409,
  CART_LINE_NOT_FOUND: 404,
  /** Below the vintage's minimum order quantity. */
  CART_QTY_MIN: 400,
  /** Not a multiple of the vintage's ordering step (sold by the 6 or 12 case). */
  CART_QTY_STEP: 400,
  /** More bottles than the stock holds (or sold out). */
  CART_OUT_OF_STOCK: 409,
  /** A cart holds at most CART_LINES_MAX lines. */
  CART_FULL: 409,
  /** The same wine twice in one order's products. */
  ORDER_DUPLICATE_PRODUCT: 400,
  COUPON_NOT_FOUND: 404,
  COUPON_USED: 409,
  COUPON_NOT_STARTED: 400,
  COUPON_EXPIRED: 400,
  /** The order (or the wine) is below the coupon's minimum amount. */
  COUPON_MIN_AMOUNT: 400,
  /** An order coupon used for a wine, a product coupon for another wine or kind. */
  COUPON_NOT_APPLICABLE: 400,
  /** One coupon twice, a second order coupon, or two coupons on one wine. */
  COUPON_DUPLICATE: 400,
  /** More cash asked for than the balance holds. */
  CASH_EXCEEDS_BALANCE: 400,
  /** A charge whose validity would end before it is made. */
  CASH_EXPIRY_PAST: 400,
  /** Paying by cash alone while the cash does not cover the total. */
  CASH_NOT_ENOUGH: 400,
  SHIP_REQUIRED: 400,
  DEPOSITOR_REQUIRED: 400,
  CREDIT_NOT_ALLOWED: 403,
  CREDIT_LIMIT_EXCEEDED: 409,
  /** A requested delivery date that is not a working day from the next one on. */
  DELIVERY_DATE_INVALID: 400,
  /** The same Idempotency-Key with another request body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  ORDER_NOT_FOUND: 404,
  /** A change of state the order's state machine does not allow (or no longer: it moved on). */
  ORDER_STATE_INVALID: 409,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  /** A contact form sent by a robot (the hidden field filled, or sent faster than a person types). */
  CONTACT_SPAM: 400,
  /** Too many inquiries from one address in an hour. */
  CONTACT_LIMIT: 429,
  /** Google did not confirm the reCAPTCHA token. */
  CAPTCHA_FAILED: 400,
  /** /api/toBase64 converts only this site's own images. */
  IMAGE_URL_NOT_ALLOWED: 400,
  NOT_AN_IMAGE: 400,
  /** An answered inquiry stays (with its answer). */
  QNA_ANSWERED: 409,
  /** A file id in an inquiry that is not one of the member's unused inquiry uploads. */
  QNA_FILE_NOT_FOUND: 400,
  /** The Kakao map proxy: this site has no KAKAO_REST_KEY. */
  MAP_NOT_CONFIGURED: 503,
  /** The Kakao map proxy: Kakao Local failed, refused the key or did not answer in time. */
  MAP_SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The hourly or daily SMS cap (SMS_CAP_PER_HOUR / SMS_CAP_PER_DAY) is reached: no text messages for now. */
  SMS_UNAVAILABLE: 503,
  /** The same where the flow has an e-mail way (password reset): the message says to use it. */
  SMS_UNAVAILABLE_USE_EMAIL: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every error answer. `message` is in the request's language. */
export interface TApiError {
  message: string;
  code: ErrorCode;
}
