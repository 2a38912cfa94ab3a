import type { FastifyInstance } from 'fastify';
import type { CertMode } from '@podo/contracts';
import type { ServiceCtx } from '../../deps';
import { RequestValidationError } from '../../lib/errors';
import { assertSmsAvailable } from '../../lib/notify';
import { sendNow } from '../../lib/outbox';
import { confirmCode, issueAndDeliver } from './codes';
import { codeSms, siteOrigin, signupCodeMail } from './delivery';
import { assertEmailRegistrable } from './registrable';

export interface CertTargetInput {
  mode: CertMode;
  mobile?: string;
  email?: string;
}

/** What a certification mode is sent to: the mobile number, or the e-mail for SIGNUP_EMAIL. */
export function certTarget(body: CertTargetInput): { channel: 'sms' | 'mail'; target: string } {
  const field = body.mode === 'SIGNUP_EMAIL' ? 'email' : 'mobile';
  const value = body[field];
  if (!value) {
    // The same localized 'Field: required' answer as a schema failure.
    throw new RequestValidationError([
      { code: 'invalid_type', expected: 'string', path: [field], message: 'required', input: undefined } as never,
    ]);
  }
  return { channel: field === 'email' ? 'mail' : 'sms', target: value };
}

/** A service context with the client's address and the origin links in e-mails point to (siteOrigin). */
export interface RequestContext extends ServiceCtx {
  ip: string;
  origin: string;
}

/** Language, client IP, link origin and logger of a request, for the code services. */
export function requestContext(app: FastifyInstance, ctx: ServiceCtx & { ip: string }): RequestContext {
  return { ...ctx, origin: siteOrigin(ctx.config, app.server.address()) };
}

/**
 * POST /cert: issues a code for a sign-up or change-mobile and sends it by SMS or e-mail. A sign-up e-mail
 * must be free (not registered, not blocked after leaving). A failed delivery answers 503 and leaves no code; so
 * does an SMS past the global cap (SMS_UNAVAILABLE), while e-mail codes still go.
 */
export async function sendCertCode(ctx: RequestContext, body: CertTargetInput) {
  const { channel, target } = certTarget(body);
  const db = ctx.db;
  if (body.mode === 'SIGNUP_EMAIL') await assertEmailRegistrable(db, ctx.tokens, target);
  // With the SMS cap reached nothing is issued, so the person's own limits are not used up by refused requests.
  if (channel === 'sms') await assertSmsAvailable(ctx, ctx.log);
  const issued = await issueAndDeliver(
    db,
    ctx.tokens,
    { purpose: body.mode, target, ip: ctx.ip, releaseCooldown: true, log: ctx.log },
    ({ code }) =>
      channel === 'sms'
        ? sendNow(
            ctx,
            { channel: 'sms', purpose: 'code', ...codeSms(ctx.config, ctx.lang, { to: target, code, purpose: body.mode }) },
            code,
          )
        : sendNow(
            ctx,
            { channel: 'mail', purpose: 'code', ...signupCodeMail(ctx.config, ctx.lang, { to: target, code, origin: ctx.origin }) },
            code,
          ),
  );
  return { expiresAt: issued.expiresAt.toISOString(), resendAfterSeconds: issued.resendAfterSeconds };
}

/** POST /cert/confirm: marks the code verified; the sign-up or change-mobile call then uses it up. */
export async function confirmCertCode(ctx: ServiceCtx, body: CertTargetInput & { code: string }) {
  const { target } = certTarget(body);
  await confirmCode(ctx.db, ctx.tokens, { purpose: body.mode, target, code: body.code });
}
