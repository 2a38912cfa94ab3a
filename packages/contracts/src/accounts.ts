import { z } from 'zod';
import {
  BUSINESS_TYPES,
  CERT_MODES,
  isAdultBirthday,
  isValidBirthday,
  isValidBusinessNumber,
  isValidPassword,
  LEAVE_REASONS,
  MEMBER_STATUSES,
  normalizeBusinessNumber,
  normalizeMobile,
  ROLES,
  SOCIAL_PROVIDERS,
} from './rules';

// Validation messages are keys of api.validation.* in @podo/i18n (see messages.ts).
export const zEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'email' }))
  .meta({ example: 'buyer@example.com' });
/** A Korean mobile number, normalized to 010-1234-5678 (message key `mobile`). */
export const zMobile = z
  .string()
  .max(20)
  .transform((v, ctx) => {
    const m = normalizeMobile(v);
    if (!m) ctx.addIssue({ code: 'custom', message: 'mobile' });
    return m ?? v;
  })
  .meta({ example: '010-1234-5678' });
const zNewPassword = z.string().refine(isValidPassword, { message: 'passwordRule' }).meta({ example: 'Wine!2345' });
const zPassword = z.string().min(1).max(200);
export const zName = z.string().trim().min(1).max(50);
const zCode = z
  .string()
  .regex(/^\d{6}$/, { message: 'code' })
  .meta({ example: '123456' });
const zBirthday = z
  .string()
  .refine((v) => isValidBirthday(v), { message: 'birthday' })
  .refine((v) => !isValidBirthday(v) || isAdultBirthday(v), { message: 'birthdayAdult' })
  .meta({ example: '19990101' });
const zBusinessNumber = z
  .string()
  .max(20)
  .transform((v) => normalizeBusinessNumber(v))
  .refine(isValidBusinessNumber, { message: 'businessNumber' })
  .meta({ example: '1248100998' });
const zTrue = z.literal(true, { message: 'agreeRequired' });

export const ZRole = z.enum(ROLES);
export const ZMemberStatus = z.enum(MEMBER_STATUSES);
export const ZBusinessType = z.enum(BUSINESS_TYPES);
export const ZSocialProvider = z.enum(SOCIAL_PROVIDERS);

/** Success answers that only carry a localized message (e.g. 'a code has been sent'). */
export const ZMessageResult = z.object({ message: z.string(), data: z.record(z.string(), z.unknown()).optional() });

export const ZTokenResult = z.object({
  data: z.object({ accessToken: z.string(), expiresAt: z.string().meta({ description: 'ISO time the token expires' }) }),
});

// ---- lookups before sign-up ------------------------------------------------------------------------------
export const ZValidEmailBody = z.object({ email: zEmail });
export const ZValidMobileBody = z.object({ mobile: zMobile });
export const ZValidResult = z.object({ data: z.object({ available: z.boolean() }), message: z.string() });

// ---- certification codes ---------------------------------------------------------------------------------
export const ZCertMode = z.enum(CERT_MODES);
/** SIGNUP_MOBILE / CERT_MOBILE need `mobile`; SIGNUP_EMAIL needs `email`. */
export const ZCertBody = z.object({ mode: ZCertMode, mobile: zMobile.optional(), email: zEmail.optional() });
export const ZCertConfirmBody = z.object({ mode: ZCertMode, mobile: zMobile.optional(), email: zEmail.optional(), code: zCode });
export const ZCertSent = z.object({
  message: z.string(),
  data: z.object({ expiresAt: z.string(), resendAfterSeconds: z.number().int() }),
});

// ---- sign-up ---------------------------------------------------------------------------------------------
export const ZBusinessInput = z.object({
  companyName: zName.max(100),
  businessNumber: zBusinessNumber,
  representative: zName,
  businessType: ZBusinessType,
  taxEmail: zEmail,
});
export const ZSignupBody = z
  .object({
    email: zEmail,
    password: zNewPassword,
    passwordConfirm: z.string(),
    fullName: zName,
    mobile: zMobile,
    birthday: zBirthday,
    agreeTerms: zTrue,
    agreePrivacy: zTrue,
    agreeMarketing: z.boolean().default(false),
    business: ZBusinessInput,
    /** id from POST /signup/certificate */
    certificateFileId: z.uuid({ message: 'fileRequired' }),
  })
  .refine((b) => b.password === b.passwordConfirm, { path: ['passwordConfirm'], message: 'passwordConfirm' });
export type TSignupBody = z.input<typeof ZSignupBody>;
export const ZUploadResult = z.object({
  data: z.object({ id: z.uuid(), name: z.string(), size: z.number().int(), mime: z.string() }),
});

// ---- me ------------------------------------------------------------------------------------------------
/** Requested values waiting for admin review, by field (only the fields that differ from the approved ones). */
export const ZBusinessChanges = z.object({
  companyName: z.string().optional(),
  representative: z.string().optional(),
  businessType: ZBusinessType.optional(),
  taxEmail: z.string().optional(),
});
export type TBusinessChanges = z.infer<typeof ZBusinessChanges>;
export const ZBusinessProfile = z.object({
  companyName: z.string(),
  businessNumber: z.string(),
  representative: z.string(),
  businessType: ZBusinessType,
  taxEmail: z.string(),
  certificate: z.object({ id: z.string(), name: z.string(), size: z.number().int(), mime: z.string() }).nullable(),
  /** An approved buyer's changes waiting for admin review; the values above stay in force until then. */
  pendingChanges: ZBusinessChanges.nullable(),
  /** When the changes were asked for (ISO time), null when nothing waits. */
  pendingSince: z.string().nullable(),
});
export const ZMe = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  mobile: z.string().nullable(),
  birthday: z.string().nullable(),
  role: ZRole,
  status: ZMemberStatus,
  emailVerified: z.boolean(),
  marketingAgreed: z.boolean(),
  /** Shown on the account pages when an application was rejected. */
  rejectReason: z.string().nullable(),
  business: ZBusinessProfile.nullable(),
  sns: z.array(z.object({ provider: ZSocialProvider, email: z.string().nullable(), linkedAt: z.string() })),
  /**
   * False for a member who signs in only through a social account: changing the mobile number or the business
   * details then needs a social re-authentication (`reauthToken`) instead of the password.
   */
  hasPassword: z.boolean(),
  /** True when the password is 356+ days old and the campaign was not snoozed: show the change modal. */
  passwordChangeDue: z.boolean(),
  passwordChangedAt: z.string(),
  createdAt: z.string(),
  /** Lines in the member's cart (the header badge). */
  cartCount: z.number().int(),
});
export const ZMeResult = z.object({ data: ZMe });
export type TMe = z.infer<typeof ZMe>;
export type TBusinessProfile = z.infer<typeof ZBusinessProfile>;

export const ZMatchPasswordBody = z.object({ email: zEmail, password: zPassword });
export const ZChangePasswordBody = z.object({ email: zEmail, password: zPassword, newPassword: zNewPassword });
/**
 * Proof that the member, not just their token, asks for an account change: the current password, or for a member
 * without one (`hasPassword: false`) the `reauthToken` of POST /auth/{provider}/reauth (single use, 5 minutes).
 */
const zIdentityProof = {
  password: zPassword.optional(),
  reauthToken: z.string().min(1).max(200).optional(),
};
export const ZChangeMobileBody = z.object({ mode: z.literal('CERT_MOBILE'), mobile: zMobile, code: zCode, ...zIdentityProof });
export const ZChangeUserBody = z.object({
  fullName: zName.optional(),
  birthday: zBirthday.optional(),
  agreeMarketing: z.boolean().optional(),
  /** Business details; the registration number can change only while the application is not approved. */
  business: ZBusinessInput.partial().optional(),
  /** A new certificate (POST /signup/certificate) re-submits a rejected application. */
  certificateFileId: z.uuid().optional(),
  /** Needed (one of them) when the business details change. */
  ...zIdentityProof,
});
export const ZChangeSnsBody = z.object({
  snsType: ZSocialProvider,
  code: z.string().min(1).max(2000),
  redirectUri: z.url().max(500),
  state: z.string().min(1).max(200),
  /** Linking adds a way to log in, so it needs the member too: the password, or a re-authentication through a linked account. */
  ...zIdentityProof,
});
export const ZLeaveBody = z
  .object({
    password: zPassword,
    leaveTerms: zTrue,
    /** one of the 9 presets, or free text (up to 500 characters) */
    leaveReason: z.string().trim().min(1).max(500),
  })
  .meta({ description: `leaveReason: one of ${LEAVE_REASONS.join(', ')} or free text` });

// ---- recovery ------------------------------------------------------------------------------------------
export const ZFindAccountBody = z.object({ fullname: zName, mobile: zMobile });
export const ZFindAccountConfirmBody = z.object({ fullname: zName, mobile: zMobile, code: zCode });
export const ZFoundAccounts = z.object({
  message: z.string(),
  data: z.object({
    accounts: z.array(z.object({ email: z.string().meta({ example: 'ab***@example.com' }), createdAt: z.string() })),
  }),
});
export const ZFindPasswordEmailBody = z.object({ email: zEmail, fullname: zName });
export const ZFindPasswordMobileBody = z.object({ email: zEmail, mobile: zMobile, fullname: zName });
export const ZFindPasswordMobileConfirmBody = z.object({ email: zEmail, mobile: zMobile, code: zCode, password: zNewPassword.optional() });
export const ZResetPasswordEmailBody = z.object({ email: zEmail, code: zCode, password: zNewPassword });
export const ZResetPasswordMobileBody = z.object({ email: zEmail, mobile: zMobile, code: zCode, password: zNewPassword });

// ---- social login --------------------------------------------------------------------------------------
export const ZOAuthStartQuery = z.object({
  redirectUri: z.url().max(500),
  /** `reauth` asks the provider to make the person log in again (before POST /auth/{provider}/reauth). */
  purpose: z.enum(['login', 'reauth']).optional(),
});
export const ZOAuthStart = z.object({
  data: z.object({ authorizeUrl: z.string(), state: z.string(), popup: z.object({ width: z.number(), height: z.number() }) }),
});
export const ZOAuthCodeBody = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  redirectUri: z.url().max(500),
});
/** POST /auth/{provider}/reauth: a single-use proof, for account changes of a member without a password. */
export const ZReauthResult = z.object({
  message: z.string(),
  data: z.object({ reauthToken: z.string(), expiresAt: z.string().meta({ description: 'ISO time the proof expires' }) }),
});
/** POST /oauth: the Kakao code flow of the spec; answers access_token (7-day token). */
export const ZKakaoOAuthResult = z.object({ access_token: z.string(), expires_at: z.string() });

// ---- admin ---------------------------------------------------------------------------------------------
export const ZAdminMemberQuery = z.object({
  status: ZMemberStatus.optional(),
  query: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZAdminMember = ZMe.omit({ passwordChangeDue: true });
export const ZAdminMemberList = z.object({
  data: z.array(ZAdminMember),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export const ZAdminRejectBody = z.object({ reason: z.string().trim().min(1).max(500) });
export const ZAdminPageQuery = ZAdminMemberQuery.pick({ page: true, size: true });
export const ZIdParam = z.object({ id: z.coerce.number().int().min(1) });
