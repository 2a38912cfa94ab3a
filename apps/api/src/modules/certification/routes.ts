import type { FastifyInstance } from 'fastify';
import { accountOps as ops } from '@podo/contracts/operations';
import { apiMessages } from '@podo/i18n/resources';
import { route } from '../../lib/operation-route';
import { confirmCertCode, requestContext, sendCertCode } from './service';

/**
 * Certification codes for sign-up (mobile, e-mail) and change-mobile. Public: the limits live in the code
 * service (60 s resend cooldown, 10 codes per target a day, 30 per IP an hour) besides the API rate limit.
 */
export async function certificationRoutes(app: FastifyInstance) {
  route(app, ops.sendCode, async (ctx, { body }) => ({
    message: apiMessages[ctx.lang].messages.CODE_SENT,
    data: await sendCertCode(requestContext(app, ctx), body),
  }));

  route(app, ops.confirmCode, async (ctx, { body }) => {
    await confirmCertCode(ctx, body);
    return { message: apiMessages[ctx.lang].messages.CODE_VERIFIED, data: { verified: true } };
  });
}
