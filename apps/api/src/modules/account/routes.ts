import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { CERTIFICATE_MAX_BYTES } from '@podo/contracts';
import { accountOps as ops } from '@podo/contracts/operations';
import { apiMessages } from '@podo/i18n/resources';
import { route } from '../../lib/operation-route';
import { assertUploadAllowed, CERTIFICATE_PURPOSE, receiveCertificate, sendUpload, storeUpload } from '../../lib/uploads';
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

/** Sign-up and the member's own account (docs/accounts.md): every (T) route needs the bearer token. */
export async function accountRoutes(app: FastifyInstance) {
  // Multipart only in this scope (the certificate upload); the rest of the API accepts JSON only.
  await app.register(multipart, { limits: { files: 1, fileSize: CERTIFICATE_MAX_BYTES } });
  const messages = (ctx: { lang: keyof typeof apiMessages }) => apiMessages[ctx.lang].messages;

  route(app, ops.validEmail, async (ctx, { body }) => {
    await limitAvailabilityChecks(ctx.db, 'email', ctx.ip);
    await checkEmailAvailable(ctx, body.email);
    return { data: { available: true }, message: messages(ctx).EMAIL_AVAILABLE };
  });

  route(app, ops.validMobile, async (ctx, { body }) => {
    await limitAvailabilityChecks(ctx.db, 'mobile', ctx.ip);
    const used = await mobileInUse(ctx.db, body.mobile);
    return { data: { available: true }, message: messages(ctx)[used ? 'MOBILE_IN_USE' : 'MOBILE_AVAILABLE'] };
  });

  route(app, ops.signupCertificate, async (ctx) => {
    await assertUploadAllowed(ctx.db, ctx.ip);
    const file = await receiveCertificate(ctx.req);
    const row = await storeUpload(ctx.db, ctx.storage, { purpose: CERTIFICATE_PURPOSE, ...file, ip: ctx.ip });
    return { data: { id: row.id, name: row.originalName, size: row.size, mime: row.mime } };
  });

  route(app, ops.signup, async (ctx, { body }) => ({ message: messages(ctx).SIGNUP_DONE, data: await signup(ctx, body) }));

  route(app, ops.matchPassword, async (ctx, { body }) => {
    await matchPassword(ctx, ctx.viewer, body);
    return { message: messages(ctx).PASSWORD_MATCHED };
  });

  route(app, ops.changePassword, async (ctx, { body }) => ({
    message: messages(ctx).PASSWORD_CHANGED,
    data: await changePassword(ctx, ctx.viewer, body),
  }));

  route(app, ops.snoozePasswordCampaign, async (ctx) => {
    const until = await snoozePasswordCampaign(ctx.db, ctx.viewer);
    return { message: messages(ctx).CAMPAIGN_SNOOZED, data: { remindAfter: until.toISOString() } };
  });

  route(app, ops.changeMobile, async (ctx, { body }) => ({
    message: messages(ctx).MOBILE_CHANGED,
    data: await changeMobile(ctx, ctx.viewer, body),
  }));

  route(app, ops.changeUser, async (ctx, { body }) => {
    const { outcome, me } = await changeUser(ctx, ctx.viewer, body);
    return { message: messages(ctx)[outcome], data: me };
  });

  route(app, ops.leave, async (ctx, { body }) => {
    await leave(ctx, ctx.viewer, body);
    return { message: messages(ctx).LEFT };
  });

  route(app, ops.myCertificate, async (ctx) => sendUpload(ctx.reply, ctx.storage, await certificateOf(ctx.db, ctx.viewer.id)));
}
