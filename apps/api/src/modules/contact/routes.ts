import type { FastifyInstance } from 'fastify';
import { contentOps as ops } from '@podo/contracts/operations';
import { apiMessages } from '@podo/i18n/resources';
import { route } from '../../lib/operation-route';
import { createContact, verifyCaptcha } from './service';

/** Spec §7: the contact form and its reCAPTCHA check. */
export async function contactRoutes(app: FastifyInstance) {
  route(app, ops.createContact, async (ctx, { body }) => ({
    message: apiMessages[ctx.lang].messages.CONTACT_RECEIVED,
    data: { id: await createContact(ctx, body, ctx.viewer.userId) },
  }));
  route(app, ops.captchaCheck, async (ctx, { query }) => ({ data: { success: await verifyCaptcha(ctx, query.token) } }));
}
