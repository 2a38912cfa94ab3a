import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CERTIFICATE_MAX_BYTES,
  ZApiError,
  ZChangeMobileBody,
  ZChangePasswordBody,
  ZChangeUserBody,
  ZLeaveBody,
  ZMatchPasswordBody,
  ZMe,
  ZMessageResult,
  ZSignupBody,
  ZTokenResult,
  ZUploadResult,
  ZValidEmailBody,
  ZValidMobileBody,
  ZValidResult,
} from '@podo/contracts';
import { apiMessages } from '@podo/i18n/resources';
import type { Database } from '@podo/db';
import { assertUploadAllowed, CERTIFICATE_PURPOSE, receiveCertificate, sendUpload, storeUpload } from '../../lib/uploads';
import { requireUser } from '../session';
import {
  certificateOf,
  changeMobile,
  changePassword,
  changeUser,
  checkEmailAvailable,
  leave,
  limitAvailabilityChecks,
  matchPassword,
  mobileInUse,
  signup,
  snoozePasswordCampaign,
} from './service';

const ZMeMessage = z.object({ message: z.string(), data: ZMe });
const ZTokenMessage = z.object({
  message: z.string(),
  data: z.object({ accessToken: z.string(), expiresAt: z.string() }),
});
/** ZTokenResult plus the localized 'application complete' message (SIGNUP_DONE). */
const ZSignupResult = ZTokenResult.extend({ message: z.string() });
const bearer = [{ bearer: [] }];
const authErrors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 429: ZApiError };

/** Sign-up and the member's own account (docs/accounts.md): every (T) route needs the bearer token. */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db: Database = deps.db.db;
  // Multipart only in this scope (the certificate upload); the rest of the API accepts JSON only.
  await app.register(multipart, { limits: { files: 1, fileSize: CERTIFICATE_MAX_BYTES } });

  app.post(
    '/valid-email',
    {
      schema: {
        tags: ['account'],
        summary: 'Is this e-mail free for sign-up? (EMAIL_TAKEN, or REREGISTER_BLOCKED within six months of leaving)',
        description: '20 checks per client address an hour (CHECK_LIMIT, 429 with Retry-After); /valid-mobile has its own 20.',
        body: ZValidEmailBody,
        response: { 200: ZValidResult, 400: ZApiError, 409: ZApiError, 429: ZApiError },
      },
    },
    async (req) => {
      await limitAvailabilityChecks(db, 'email', req.ip);
      await checkEmailAvailable(deps, req.body.email);
      return { data: { available: true }, message: apiMessages[req.lang].messages.EMAIL_AVAILABLE };
    },
  );

  app.post(
    '/valid-mobile',
    {
      schema: {
        tags: ['account'],
        summary: 'Check a mobile number: always available (accounts may share one), with a notice when it is in use',
        description: '20 checks per client address an hour (CHECK_LIMIT, 429 with Retry-After); /valid-email has its own 20.',
        body: ZValidMobileBody,
        response: { 200: ZValidResult, 400: ZApiError, 429: ZApiError },
      },
    },
    async (req) => {
      await limitAvailabilityChecks(db, 'mobile', req.ip);
      const used = await mobileInUse(db, req.body.mobile);
      return { data: { available: true }, message: apiMessages[req.lang].messages[used ? 'MOBILE_IN_USE' : 'MOBILE_AVAILABLE'] };
    },
  );

  app.post(
    '/signup/certificate',
    {
      schema: {
        tags: ['account'],
        summary: 'Upload the business registration certificate before sign-up (multipart, one file: JPG, PNG, WEBP or PDF)',
        description: `One file in any multipart field, up to ${CERTIFICATE_MAX_BYTES / 1024 / 1024} MB; the type is read from its bytes. Pass the answered id as certificateFileId to POST /signup or PUT /change-user (usable once). At most 20 uploads per address an hour.`,
        consumes: ['multipart/form-data'],
        response: { 201: ZUploadResult, 400: ZApiError, 413: ZApiError, 415: ZApiError, 422: ZApiError, 429: ZApiError },
      },
    },
    async (req, reply) => {
      await assertUploadAllowed(db, req.ip);
      const file = await receiveCertificate(req);
      const row = await storeUpload(db, deps.config.dataDir, { purpose: CERTIFICATE_PURPOSE, ...file, ip: req.ip });
      return reply.status(201).send({ data: { id: row.id, name: row.originalName, size: row.size, mime: row.mime } });
    },
  );

  app.post(
    '/signup',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign up (after verifying the mobile and e-mail codes and uploading the certificate); answers a one-day token',
        description:
          'The member starts as MEMBER / PENDING until an administrator approves the business. Needs a verified SIGNUP_MOBILE ' +
          'code for `mobile` and a verified SIGNUP_EMAIL code for `email` (POST /cert/confirm within 30 minutes), both used up here.',
        body: ZSignupBody,
        response: { 201: ZSignupResult, 400: ZApiError, 409: ZApiError },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ message: apiMessages[req.lang].messages.SIGNUP_DONE, data: await signup(deps, req.body, req.lang) }),
  );

  app.post(
    '/me/match-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Confirm the current password (before showing the profile edit form)',
        security: bearer,
        body: ZMatchPasswordBody,
        response: { 200: ZMessageResult, ...authErrors },
      },
    },
    async (req) => {
      await matchPassword(deps, await requireUser(req), req.body);
      return { message: apiMessages[req.lang].messages.PASSWORD_MATCHED };
    },
  );

  app.put(
    '/me/change-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password; every other token stops working, the answer carries a fresh one-day token',
        security: bearer,
        body: ZChangePasswordBody,
        response: { 200: ZTokenMessage, ...authErrors },
      },
    },
    async (req) => ({
      message: apiMessages[req.lang].messages.PASSWORD_CHANGED,
      data: await changePassword(deps, await requireUser(req), req.body),
    }),
  );

  app.post(
    '/me/password-campaign/snooze',
    {
      schema: {
        tags: ['account'],
        summary: "'Change next time' on the password campaign modal: not shown again for 30 days",
        security: bearer,
        response: { 200: ZMessageResult, 401: ZApiError },
      },
    },
    async (req) => {
      const until = await snoozePasswordCampaign(db, await requireUser(req));
      return { message: apiMessages[req.lang].messages.CAMPAIGN_SNOOZED, data: { remindAfter: until.toISOString() } };
    },
  );

  app.put(
    '/change-mobile',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the mobile number with a CERT_MOBILE code sent to the new number and the current password',
        description:
          'Needs `password` (the current one; wrong guesses count against the login limit), or for a member without ' +
          'a password (`hasPassword: false`) a `reauthToken` from POST /auth/{provider}/reauth: PASSWORD_REQUIRED, ' +
          'PASSWORD_INCORRECT, REAUTH_REQUIRED, REAUTH_INVALID. The old number gets an SMS and the member an e-mail ' +
          'about the change, in the language the member last used.',
        security: bearer,
        body: ZChangeMobileBody,
        response: { 200: ZMeMessage, ...authErrors },
      },
    },
    async (req) => ({
      message: apiMessages[req.lang].messages.MOBILE_CHANGED,
      data: await changeMobile(deps, await requireUser(req), req.body, req.log),
    }),
  );

  app.put(
    '/change-user',
    {
      schema: {
        tags: ['account'],
        summary: 'Edit name, birthday, marketing consent and business details',
        description:
          'A change of the business details needs `password` (or `reauthToken` for a member without a password), as ' +
          'PUT /change-mobile does. The registration number and certificate change only while PENDING or REJECTED ' +
          '(BUSINESS_LOCKED otherwise). A business change of a REJECTED application puts it back to PENDING (message ' +
          "RESUBMITTED). An approved buyer's changes wait for admin review in `business.pendingChanges` (message " +
          'CHANGES_PENDING); the approved details stay in force until an administrator decides.',
        security: bearer,
        body: ZChangeUserBody,
        response: { 200: ZMeMessage, 409: ZApiError, ...authErrors },
      },
    },
    async (req) => {
      const { outcome, me } = await changeUser(deps, await requireUser(req), req.body);
      return { message: apiMessages[req.lang].messages[outcome], data: me };
    },
  );

  app.post(
    '/leave-user',
    {
      schema: {
        tags: ['account'],
        summary: 'Leave: the account is anonymized, and the e-mail cannot sign up again for six months',
        security: bearer,
        body: ZLeaveBody,
        response: { 200: ZMessageResult, ...authErrors },
      },
    },
    async (req) => {
      await leave(deps, await requireUser(req), req.body);
      return { message: apiMessages[req.lang].messages.LEFT };
    },
  );

  app.get(
    '/me/certificate',
    {
      schema: {
        tags: ['account'],
        summary: "Download the member's own business registration certificate",
        security: bearer,
        produces: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
        response: { 401: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      return sendUpload(reply, deps.config.dataDir, await certificateOf(db, user.id));
    },
  );
}
