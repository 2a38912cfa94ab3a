import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZCertBody, ZCertConfirmBody, ZCertSent, ZMessageResult } from '@podo/contracts';
import { apiMessages } from '@podo/i18n/resources';
import { confirmCertCode, requestContext, sendCertCode } from './service';

/**
 * Certification codes for sign-up (mobile, e-mail) and change-mobile. Public: the limits live in the code
 * service (60 s resend cooldown, 10 codes per target a day, 30 per IP an hour) besides the API rate limit.
 */
export async function certificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/cert',
    {
      schema: {
        tags: ['account'],
        summary: 'Send a certification code (SIGNUP_MOBILE / CERT_MOBILE by SMS to mobile, SIGNUP_EMAIL by e-mail)',
        body: ZCertBody,
        response: { 200: ZCertSent, 400: ZApiError, 409: ZApiError, 429: ZApiError, 503: ZApiError },
      },
    },
    async (req) => ({
      message: apiMessages[req.lang].messages.CODE_SENT,
      data: await sendCertCode(app.deps, req.body, requestContext(app, req)),
    }),
  );

  app.post(
    '/cert/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'Check a certification code; the sign-up or change-mobile call then uses it (within 30 minutes)',
        body: ZCertConfirmBody,
        response: { 200: ZMessageResult, 400: ZApiError, 429: ZApiError },
      },
    },
    async (req) => {
      await confirmCertCode(app.deps, req.body);
      return { message: apiMessages[req.lang].messages.CODE_VERIFIED, data: { verified: true } };
    },
  );
}
