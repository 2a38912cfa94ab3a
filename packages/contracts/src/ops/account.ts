import { z } from 'zod';
import { CERTIFICATE_MAX_BYTES } from '../rules';
import {
  ZCertBody,
  ZCertConfirmBody,
  ZCertSent,
  ZChangeMobileBody,
  ZChangePasswordBody,
  ZChangeSnsBody,
  ZChangeUserBody,
  ZFindAccountBody,
  ZFindAccountConfirmBody,
  ZFindPasswordEmailBody,
  ZFindPasswordMobileBody,
  ZFindPasswordMobileConfirmBody,
  ZFoundAccounts,
  ZKakaoOAuthResult,
  ZLeaveBody,
  ZMatchPasswordBody,
  ZMe,
  ZMessageResult,
  ZOAuthCodeBody,
  ZOAuthStart,
  ZOAuthStartQuery,
  ZReauthResult,
  ZResetPasswordEmailBody,
  ZResetPasswordMobileBody,
  ZSignupBody,
  ZSocialProvider,
  ZTokenResult,
  ZUploadResult,
  ZValidEmailBody,
  ZValidMobileBody,
  ZValidResult,
} from '../accounts';
import { ZLoginBody, ZLoginResult, ZMeResult } from '../index';
import { defineOperation } from '../operation';

const tags = ['account'] as const;
export const ZMeMessage = z.object({ message: z.string(), data: ZMe });
export const ZTokenMessage = z.object({
  message: z.string(),
  data: z.object({ accessToken: z.string(), expiresAt: z.string() }),
});
/** ZTokenResult plus the localized 'application complete' message (SIGNUP_DONE). */
export const ZSignupResult = ZTokenResult.extend({ message: z.string() });
export const ZProviderParam = z.object({ provider: ZSocialProvider });
export const ZProviderList = z.object({
  data: z.array(z.object({ provider: ZSocialProvider, popup: z.object({ width: z.number(), height: z.number() }) })),
});
const certificateFile = { file: 'image/jpeg, image/png, image/webp or application/pdf' };
const identityErrors = ['PASSWORD_REQUIRED', 'PASSWORD_INCORRECT', 'REAUTH_REQUIRED', 'REAUTH_INVALID', 'LOGIN_LOCKED'] as const;

// ---- session ---------------------------------------------------------------------------------------------
export const login = defineOperation({
  method: 'POST',
  path: '/login',
  tags,
  summary: 'Log in with e-mail and password (one-day token)',
  description:
    'Throttled without letting anyone lock someone else out (docs/accounts.md "Login throttling"): 20 attempts ' +
    'per client address in 15 minutes; per account and address 3 attempts, then growing delays (2, 4, 8 … ' +
    's, at most 15 minutes); past either the answer is LOGIN_LOCKED (429) with a Retry-After header. After 20 ' +
    'failures on an account within an hour, the right password from an address that never logged in to it ' +
    'answers LOGIN_CODE_REQUIRED (403) and e-mails a 6-digit code: repeat the call with `code`. A wrong ' +
    'password always answers LOGIN_FAILED; ACCOUNT_WITHDRAWN only follows the right password.',
  auth: 'public',
  body: ZLoginBody,
  response: ZLoginResult,
  errors: ['LOGIN_FAILED', 'LOGIN_LOCKED', 'LOGIN_CODE_REQUIRED', 'CODE_INVALID', 'ACCOUNT_WITHDRAWN', 'STAFF_DISABLED'],
});

export const me = defineOperation({
  method: 'GET',
  path: '/me',
  tags,
  summary: 'The logged-in member (response field data)',
  auth: 'user',
  response: ZMeResult,
  errors: [],
});

export const logout = defineOperation({
  method: 'POST',
  path: '/logout',
  tags,
  summary: 'Log out: revokes this token on the server',
  description:
    'The bearer token is revoked for every server process (until it would have expired anyway): any call with ' +
    'it answers TOKEN_INVALID (401) from now on. Other tokens of the member stay valid; see /logout-all.',
  auth: 'user',
  response: ZMessageResult,
  errors: [],
});

export const logoutAll = defineOperation({
  method: 'POST',
  path: '/logout-all',
  tags,
  summary: 'Log out everywhere: revokes every token of the member',
  description:
    "Bumps the member's token version, so every token issued so far (this one too, on every device) answers " +
    'TOKEN_INVALID (401) from now on. Log in again for a new one.',
  auth: 'user',
  response: ZMessageResult,
  errors: [],
});

// ---- sign-up ---------------------------------------------------------------------------------------------
export const validEmail = defineOperation({
  method: 'POST',
  path: '/valid-email',
  tags,
  summary: 'Is this e-mail free for sign-up? (EMAIL_TAKEN, or REREGISTER_BLOCKED within six months of leaving)',
  description: '20 checks per client address an hour (CHECK_LIMIT, 429 with Retry-After); /valid-mobile has its own 20.',
  auth: 'public',
  body: ZValidEmailBody,
  response: ZValidResult,
  errors: ['EMAIL_TAKEN', 'REREGISTER_BLOCKED', 'CHECK_LIMIT'],
});

export const validMobile = defineOperation({
  method: 'POST',
  path: '/valid-mobile',
  tags,
  summary: 'Check a mobile number: always available (accounts may share one), with a notice when it is in use',
  description: '20 checks per client address an hour (CHECK_LIMIT, 429 with Retry-After); /valid-email has its own 20.',
  auth: 'public',
  body: ZValidMobileBody,
  response: ZValidResult,
  errors: ['CHECK_LIMIT'],
});

export const signupCertificate = defineOperation({
  method: 'POST',
  path: '/signup/certificate',
  tags,
  summary: 'Upload the business registration certificate before sign-up (multipart, one file: JPG, PNG, WEBP or PDF)',
  description: `One file in any multipart field, up to ${CERTIFICATE_MAX_BYTES / 1024 / 1024} MB; the type is read from its bytes. Pass the answered id as certificateFileId to POST /signup or PUT /change-user (usable once). At most 20 uploads per address an hour.`,
  auth: 'public',
  multipart: true,
  status: 201,
  response: ZUploadResult,
  errors: ['FILE_REQUIRED', 'FILE_TOO_LARGE', 'FILE_TYPE_NOT_ALLOWED', 'FILE_INVALID', 'FILE_UNSAFE', 'TOO_MANY_REQUESTS'],
});

export const signup = defineOperation({
  method: 'POST',
  path: '/signup',
  tags,
  summary: 'Sign up (after verifying the mobile and e-mail codes and uploading the certificate); answers a one-day token',
  description:
    'The member starts as MEMBER / PENDING until an administrator approves the business. Needs a verified SIGNUP_MOBILE ' +
    'code for `mobile` and a verified SIGNUP_EMAIL code for `email` (POST /cert/confirm within 30 minutes), both used up here.',
  auth: 'public',
  status: 201,
  body: ZSignupBody,
  response: ZSignupResult,
  errors: ['CODE_NOT_VERIFIED', 'EMAIL_TAKEN', 'REREGISTER_BLOCKED', 'PASSWORD_TOO_COMMON', 'FILE_REQUIRED'],
});

// ---- certification codes -----------------------------------------------------------------------------------
export const sendCode = defineOperation({
  method: 'POST',
  path: '/cert',
  tags,
  summary: 'Send a certification code (SIGNUP_MOBILE / CERT_MOBILE by SMS to mobile, SIGNUP_EMAIL by e-mail)',
  description: 'Limits: 60 s resend cooldown, 10 codes per target a day, 30 per address an hour.',
  auth: 'public',
  body: ZCertBody,
  response: ZCertSent,
  errors: ['EMAIL_TAKEN', 'REREGISTER_BLOCKED', 'CODE_COOLDOWN', 'CODE_SEND_LIMIT', 'SMS_UNAVAILABLE'],
});

export const confirmCode = defineOperation({
  method: 'POST',
  path: '/cert/confirm',
  tags,
  summary: 'Check a certification code; the sign-up or change-mobile call then uses it (within 30 minutes)',
  auth: 'public',
  body: ZCertConfirmBody,
  response: ZMessageResult,
  errors: ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_ATTEMPTS_EXCEEDED'],
});

// ---- the member's own account ------------------------------------------------------------------------------
export const matchPassword = defineOperation({
  method: 'POST',
  path: '/me/match-password',
  tags,
  summary: 'Confirm the current password (before showing the profile edit form)',
  auth: 'user',
  body: ZMatchPasswordBody,
  response: ZMessageResult,
  errors: ['PASSWORD_INCORRECT', 'LOGIN_LOCKED'],
});

export const changePassword = defineOperation({
  method: 'PUT',
  path: '/me/change-password',
  tags,
  summary: 'Change the password; every other token stops working, the answer carries a fresh one-day token',
  auth: 'user',
  body: ZChangePasswordBody,
  response: ZTokenMessage,
  errors: ['PASSWORD_INCORRECT', 'PASSWORD_SAME', 'PASSWORD_TOO_COMMON', 'LOGIN_LOCKED'],
});

export const snoozePasswordCampaign = defineOperation({
  method: 'POST',
  path: '/me/password-campaign/snooze',
  tags,
  summary: "'Change next time' on the password campaign modal: not shown again for 30 days",
  auth: 'user',
  response: ZMessageResult,
  errors: [],
});

export const changeMobile = defineOperation({
  method: 'PUT',
  path: '/change-mobile',
  tags,
  summary: 'Change the mobile number with a CERT_MOBILE code sent to the new number and the current password',
  description:
    'Needs `password` (the current one; wrong guesses count against the login limit), or for a member without ' +
    'a password (`hasPassword: false`) a `reauthToken` from POST /auth/{provider}/reauth: PASSWORD_REQUIRED, ' +
    'PASSWORD_INCORRECT, REAUTH_REQUIRED, REAUTH_INVALID. The old number gets an SMS and the member an e-mail ' +
    'about the change, in the language the member last used.',
  auth: 'user',
  body: ZChangeMobileBody,
  response: ZMeMessage,
  errors: [...identityErrors, 'CODE_NOT_VERIFIED'],
});

export const changeUser = defineOperation({
  method: 'PUT',
  path: '/change-user',
  tags,
  summary: 'Edit name, birthday, marketing consent and business details',
  description:
    'A change of the business details needs `password` (or `reauthToken` for a member without a password), as ' +
    'PUT /change-mobile does. The registration number and certificate change only while PENDING or REJECTED ' +
    '(BUSINESS_LOCKED otherwise). A business change of a REJECTED application puts it back to PENDING (message ' +
    "RESUBMITTED). An approved buyer's changes wait for admin review in `business.pendingChanges` (message " +
    'CHANGES_PENDING); the approved details stay in force until an administrator decides.',
  auth: 'user',
  body: ZChangeUserBody,
  response: ZMeMessage,
  errors: [...identityErrors, 'BUSINESS_LOCKED', 'FILE_REQUIRED'],
});

export const leave = defineOperation({
  method: 'POST',
  path: '/leave-user',
  tags,
  summary: 'Leave: the account is anonymized, and the e-mail cannot sign up again for six months',
  auth: 'user',
  body: ZLeaveBody,
  response: ZMessageResult,
  errors: ['PASSWORD_INCORRECT', 'LOGIN_LOCKED'],
});

export const myCertificate = defineOperation({
  method: 'GET',
  path: '/me/certificate',
  tags,
  summary: "Download the member's own business registration certificate",
  auth: 'user',
  response: certificateFile,
  errors: ['NOT_FOUND'],
});

// ---- recovery (docs/accounts.md "Recovery without leaks") -------------------------------------------------
const sendErrors = ['CODE_COOLDOWN', 'CODE_SEND_LIMIT', 'SMS_UNAVAILABLE'] as const;
export const findAccount = defineOperation({
  method: 'POST',
  path: '/find/account/mobile',
  tags,
  summary: 'Find account: send a code by SMS if a member has this name and mobile (same answer either way)',
  auth: 'public',
  body: ZFindAccountBody,
  response: ZMessageResult,
  errors: sendErrors,
});

export const findAccountConfirm = defineOperation({
  method: 'POST',
  path: '/find/account/mobile/confirm',
  tags,
  summary: 'Find account: with the SMS code, list the accounts of this name and mobile (e-mails masked)',
  auth: 'public',
  body: ZFindAccountConfirmBody,
  response: ZFoundAccounts,
  errors: ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_ATTEMPTS_EXCEEDED'],
});

export const findPasswordEmail = defineOperation({
  method: 'POST',
  path: '/find/password/email',
  tags,
  summary: 'Find password: e-mail a reset code and link if a member has this e-mail and name (same answer either way)',
  auth: 'public',
  body: ZFindPasswordEmailBody,
  response: ZMessageResult,
  errors: ['CODE_COOLDOWN', 'CODE_SEND_LIMIT'],
});

export const findPasswordMobile = defineOperation({
  method: 'POST',
  path: '/find/password/mobile',
  tags,
  summary: 'Find password: send a reset code by SMS if a member has this e-mail, mobile and name (same answer either way)',
  auth: 'public',
  body: ZFindPasswordMobileBody,
  response: ZMessageResult,
  errors: [...sendErrors, 'SMS_UNAVAILABLE_USE_EMAIL'],
});

export const findPasswordMobileConfirm = defineOperation({
  method: 'POST',
  path: '/find/password/mobile/confirm',
  tags,
  summary: 'Find password: check the SMS code; with `password`, also set the new password',
  auth: 'public',
  body: ZFindPasswordMobileConfirmBody,
  response: ZMessageResult,
  errors: ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_ATTEMPTS_EXCEEDED', 'CODE_NOT_VERIFIED', 'PASSWORD_TOO_COMMON'],
});

export const resetPasswordEmail = defineOperation({
  method: 'POST',
  path: '/reset/password/email',
  tags,
  summary: 'Reset the password with the e-mailed code (ends every earlier login)',
  auth: 'public',
  body: ZResetPasswordEmailBody,
  response: ZMessageResult,
  errors: ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_ATTEMPTS_EXCEEDED', 'PASSWORD_TOO_COMMON'],
});

export const resetPasswordMobile = defineOperation({
  method: 'POST',
  path: '/reset/password/mobile',
  tags,
  summary: 'Reset the password with the SMS code (ends every earlier login)',
  auth: 'public',
  body: ZResetPasswordMobileBody,
  response: ZMessageResult,
  errors: ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_ATTEMPTS_EXCEEDED', 'PASSWORD_TOO_COMMON'],
});

// ---- social login (docs/accounts.md "Social login") --------------------------------------------------------
const oauthErrors = ['OAUTH_INVALID_STATE', 'OAUTH_FAILED', 'OAUTH_PROVIDER_DISABLED'] as const;
export const oauthProviders = defineOperation({
  method: 'GET',
  path: '/auth/providers',
  tags,
  summary: 'Enabled social login providers, with the size of their login popup',
  auth: 'public',
  response: ZProviderList,
  errors: [],
});

export const oauthStart = defineOperation({
  method: 'GET',
  path: '/auth/:provider/start',
  tags,
  summary: 'Start a social login: a single-use state (10 minutes) and the provider authorize URL',
  description:
    "redirectUri must be this site's `/oauth2/{provider}` page (same origin as PUBLIC_URL or the request). " +
    'Open `authorizeUrl` in a popup of the given size; the provider sends the browser back to redirectUri with code and state.',
  auth: 'public',
  params: ZProviderParam,
  query: ZOAuthStartQuery,
  response: ZOAuthStart,
  errors: ['OAUTH_PROVIDER_DISABLED'],
});

export const oauthLogin = defineOperation({
  method: 'POST',
  path: '/auth/:provider',
  tags,
  summary: 'Log in with a social provider code (1-day token)',
  auth: 'public',
  params: ZProviderParam,
  body: ZOAuthCodeBody,
  response: ZTokenResult,
  errors: [...oauthErrors, 'ACCOUNT_WITHDRAWN', 'SOCIAL_NOT_LINKED'],
});

export const kakaoOAuth = defineOperation({
  method: 'POST',
  path: '/oauth',
  tags,
  summary: 'Kakao code flow: log in with a Kakao code (7-day token, answered as access_token)',
  auth: 'public',
  body: ZOAuthCodeBody,
  response: ZKakaoOAuthResult,
  errors: [...oauthErrors, 'ACCOUNT_WITHDRAWN', 'SOCIAL_NOT_LINKED'],
});

export const reauth = defineOperation({
  method: 'POST',
  path: '/auth/:provider/reauth',
  tags,
  summary: 'Re-authenticate the logged-in member with a linked social account: a single-use proof (5 minutes)',
  description:
    'The code flow of a login (GET /auth/{provider}/start, the provider, then this call with code and state), ' +
    'for a member already logged in. The provider must answer with an identity linked to this member ' +
    '(REAUTH_OTHER_ACCOUNT otherwise). The answered `reauthToken` stands in for the password in PUT ' +
    '/change-mobile, PUT /change-user and PUT /change-sns of a member without a password (`hasPassword: false`); ' +
    'it works once, for this member only, within five minutes.',
  auth: 'user',
  params: ZProviderParam,
  body: ZOAuthCodeBody,
  response: ZReauthResult,
  errors: [...oauthErrors, 'REAUTH_OTHER_ACCOUNT'],
});

export const changeSns = defineOperation({
  method: 'PUT',
  path: '/change-sns',
  tags,
  summary: 'Link a social account to the logged-in member (answers the member as data)',
  description:
    'A linked account is a way to log in, so a token alone links none (a stolen one would link an account of ' +
    'its own and log in with it later): needs `password` (the current one; wrong guesses count against the ' +
    'login limit), or for a member without a password (`hasPassword: false`) a `reauthToken` from a linked ' +
    'account (POST /auth/{provider}/reauth): PASSWORD_REQUIRED, PASSWORD_INCORRECT, REAUTH_REQUIRED, ' +
    'REAUTH_INVALID. These are checked before the state and the code are used, so a refused request spends ' +
    'neither and can be sent again with the right password.',
  auth: 'user',
  body: ZChangeSnsBody,
  response: ZMeMessage,
  errors: [...identityErrors, ...oauthErrors, 'SOCIAL_ALREADY_LINKED'],
});

export const unlinkSns = defineOperation({
  method: 'DELETE',
  path: '/me/sns/:provider',
  tags,
  summary: 'Unlink a social account from the logged-in member (answers the member as data)',
  auth: 'user',
  params: ZProviderParam,
  response: ZMeMessage,
  errors: ['SOCIAL_NOT_LINKED', 'CONFLICT'],
});
