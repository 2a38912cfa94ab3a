import { sql } from 'drizzle-orm';
import { BUSINESS_TYPES, MEMBER_STATUSES, ROLES, SOCIAL_PROVIDERS } from '@podo/contracts/rules';
import { STAFF_ROLES } from '@podo/contracts/staff';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('member_role', ROLES);
export const memberStatusEnum = pgEnum('member_status', MEMBER_STATUSES);
export const businessTypeEnum = pgEnum('business_type', BUSINESS_TYPES);
export const socialProviderEnum = pgEnum('social_provider', SOCIAL_PROVIDERS);
export const staffRoleEnum = pgEnum('staff_role', STAFF_ROLES);

/** Text in the interface languages (ko-KR always). */
type LevelName = { 'ko-KR': string } & Partial<Record<'en-US' | 'zh-CN' | 'zh-TW' | 'ja-JP', string>>;

/**
 * Buyer levels (회원 등급): every approved buyer has one. A level's benefit is a discount off the trade price, unless
 * a vintage has a price of its own for the level (vintage_level_prices); its criterion is what the buyer paid in
 * the previous month. The rows come with the migrations.
 */
export const buyerLevels = pgTable(
  'buyer_levels',
  {
    code: varchar('code', { length: 30 }).primaryKey(),
    name: jsonb('name').$type<LevelName>().notNull(),
    /** 1 for the entry level, higher for better ones. */
    rank: smallint('rank').notNull(),
    /** Discount off the trade price in basis points (300 = 3 %). */
    discountBp: integer('discount_bp').notNull().default(0),
    /** KRW paid (orders paid, net of refunds) in the previous month to reach the level. */
    minMonthlyPaid: bigint('min_monthly_paid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('buyer_levels_rank_uq').on(t.rank), check('buyer_levels_discount_ck', sql`${t.discountBp} between 0 and 5000`)],
);

/** Members, trade buyers and admins. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    fullName: varchar('full_name', { length: 100 }).notNull(),
    /** Korean mobile number as 010-1234-5678. */
    mobile: varchar('mobile', { length: 20 }),
    /** YYYYMMDD, as entered (spec: 19990101). */
    birthday: varchar('birthday', { length: 8 }),
    /** Interface language of the last sign-up or login: notices (approval mails) are written in it. */
    lang: varchar('lang', { length: 5 }).notNull().default('ko-KR'),
    role: roleEnum('role').notNull().default('MEMBER'),
    /** What a member of staff (role ADMIN) may do in the back office (contracts/staff.ts); null for everyone else. */
    staffRole: staffRoleEnum('staff_role'),
    status: memberStatusEnum('status').notNull().default('PENDING'),
    /** The buyer level of an approved buyer (set at approval; null for other members). */
    buyerLevel: varchar('buyer_level', { length: 30 }).references(() => buyerLevels.code),
    /** The cash balance (예치금): always the sum of the member's DONE cash entries, never below zero. */
    cashBalance: integer('cash_balance').notNull().default(0),
    /** Credit terms (외상): the most a buyer may owe on unsettled credit orders; null = not allowed. */
    creditLimit: integer('credit_limit'),
    /** Bumped on password change/reset/leave so earlier tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'Change next time' on the password campaign: not asked again before this moment. */
    passwordReminderAt: timestamp('password_reminder_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    termsAgreedAt: timestamp('terms_agreed_at', { withTimezone: true }),
    privacyAgreedAt: timestamp('privacy_agreed_at', { withTimezone: true }),
    /** Set while the member consents to marketing messages; null when not. */
    marketingAgreedAt: timestamp('marketing_agreed_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
    rejectReason: varchar('reject_reason', { length: 500 }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_mobile_idx').on(t.mobile),
    index('users_status_idx').on(t.status),
    check('users_cash_balance_ck', sql`${t.cashBalance} >= 0`),
    check('users_credit_limit_ck', sql`${t.creditLimit} >= 0`),
    check('users_staff_role_ck', sql`(${t.role} = 'ADMIN') = (${t.staffRole} is not null)`),
  ],
);

/** Files people upload (business registration certificates). Bytes live under DATA_DIR/uploads. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: varchar('purpose', { length: 30 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    uploaderIp: varchar('uploader_ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_files_owner_idx').on(t.ownerUserId)],
);

/** Business details of a trade buyer (one row per member). */
export const businessProfiles = pgTable('business_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  companyName: varchar('company_name', { length: 100 }).notNull(),
  /** 10 digits without dashes; checksum validated. */
  businessNumber: varchar('business_number', { length: 10 }).notNull(),
  representative: varchar('representative', { length: 50 }).notNull(),
  businessType: businessTypeEnum('business_type').notNull(),
  taxEmail: varchar('tax_email', { length: 254 }).notNull(),
  certificateFileId: uuid('certificate_file_id').references(() => uploadedFiles.id),
  /**
   * Changes an approved buyer asked for (company name, representative, registration number, tax e-mail, ...) that wait
   * for admin review; the approved values above stay in force until then. Null when nothing waits.
   */
  pendingChanges: jsonb('pending_changes').$type<Record<string, string>>(),
  pendingSince: timestamp('pending_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Access tokens revoked before their expiry (logout), by their `jti`. Rows are useless once the token has expired
 * and are purged then. "Log out everywhere" bumps users.token_version instead.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * One-time certification codes (SMS and e-mail). Only a keyed hash of the code is kept. A code is bound to a
 * purpose and a target (normalized mobile or lower-case e-mail), expires, allows a few attempts, and is used once.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purpose: varchar('purpose', { length: 30 }).notNull(),
    target: varchar('target', { length: 254 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.purpose, t.target, t.createdAt)],
);

/** A member's login with a social provider, keyed by (provider, provider user id). */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: socialProviderEnum('provider').notNull(),
    providerUserId: varchar('provider_user_id', { length: 191 }).notNull(),
    email: varchar('email', { length: 254 }),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_uq').on(t.provider, t.providerUserId),
    uniqueIndex('social_identities_user_provider_uq').on(t.userId, t.provider),
  ],
);

/** OAuth `state` values handed out (stored hashed), with the PKCE verifier and the redirect URI they were made for. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
  provider: socialProviderEnum('provider').notNull(),
  codeVerifier: varchar('code_verifier', { length: 128 }),
  redirectUri: varchar('redirect_uri', { length: 500 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Why and when members left; the e-mail is kept only as a hash, to refuse re-registration for six months. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    emailHash: varchar('email_hash', { length: 64 }).notNull(),
    reasonCode: varchar('reason_code', { length: 30 }).notNull(),
    reasonText: varchar('reason_text', { length: 500 }),
    /**
     * The member's password hash while re-registration is blocked, so that only the right password learns the account
     * was left (ACCOUNT_WITHDRAWN); cleared once reregister_after has passed.
     */
    passwordHash: varchar('password_hash', { length: 200 }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
    reregisterAfter: timestamp('reregister_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('withdrawals_email_hash_idx').on(t.emailHash)],
);

/** Fixed-window counters for abuse limits (login failures, code sends), shared by every server process. */
export const throttleBuckets = pgTable('throttle_buckets', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * A member of staff's sign-in security (decision 025): the authenticator app's TOTP secret (base32; `totpPending`
 * while being set up), the last time step used (a code is good once), and whether the account is disabled.
 */
export const staffAccounts = pgTable('staff_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: varchar('totp_secret', { length: 64 }),
  totpPending: varchar('totp_pending', { length: 64 }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of a member of staff (a keyed hash each), for a lost authenticator. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_uq').on(t.userId, t.codeHash)],
);

/**
 * A staff sign-in: one per login token (its jti). Staff calls need `verifiedAt` (the second factor given) and end
 * `STAFF_IDLE_MINUTES` after `lastSeenAt`; logging out ends it.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 45 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId, t.lastSeenAt)],
);
