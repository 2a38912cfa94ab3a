import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZFindAccountBody,
  ZFindAccountConfirmBody,
  ZFindPasswordEmailBody,
  ZFindPasswordMobileBody,
  ZFindPasswordMobileConfirmBody,
  ZFoundAccounts,
  ZMessageResult,
  ZResetPasswordEmailBody,
  ZResetPasswordMobileBody,
} from '@podo/contracts';
import { apiMessages } from '@podo/i18n/resources';
import { requestContext } from '../certification';
import {
  BackgroundDeliveries,
  confirmFindAccount,
  confirmResetSms,
  resetPassword,
  sendFindAccountCode,
  sendResetMail,
  sendResetSms,
} from './service';

const messageAnswers = { 200: ZMessageResult, 400: ZApiError, 429: ZApiError, 503: ZApiError };

/**
 * Finding an account and resetting a password (docs/accounts.md "Recovery without leaks"). The sending calls
 * answer the same whether or not the details match an account.
 */
export async function recoveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bg = new BackgroundDeliveries(app.deps.db.db, app.log);
  app.addHook('onClose', () => bg.settle());
  const recoverySent = (lang: keyof typeof apiMessages) => apiMessages[lang].messages.RECOVERY_SENT;

  app.post(
    '/find/account/mobile',
    {
      schema: {
        tags: ['account'],
        summary: 'Find account: send a code by SMS if a member has this name and mobile (same answer either way)',
        body: ZFindAccountBody,
        response: messageAnswers,
      },
    },
    async (req) => ({
      message: recoverySent(req.lang),
      data: await sendFindAccountCode(app.deps, bg, req.body, requestContext(app, req)),
    }),
  );

  app.post(
    '/find/account/mobile/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'Find account: with the SMS code, list the accounts of this name and mobile (e-mails masked)',
        body: ZFindAccountConfirmBody,
        response: { 200: ZFoundAccounts, 400: ZApiError, 429: ZApiError },
      },
    },
    async (req) => {
      const accounts = await confirmFindAccount(app.deps, req.body);
      const m = apiMessages[req.lang].messages;
      return { message: accounts.length ? m.ACCOUNTS_FOUND : m.NO_ACCOUNT, data: { accounts } };
    },
  );

  app.post(
    '/find/password/email',
    {
      schema: {
        tags: ['account'],
        summary: 'Find password: e-mail a reset code and link if a member has this e-mail and name (same answer either way)',
        body: ZFindPasswordEmailBody,
        response: messageAnswers,
      },
    },
    async (req) => ({
      message: apiMessages[req.lang].messages.RECOVERY_MAIL_SENT,
      data: await sendResetMail(app.deps, bg, req.body, requestContext(app, req)),
    }),
  );

  app.post(
    '/find/password/mobile',
    {
      schema: {
        tags: ['account'],
        summary: 'Find password: send a reset code by SMS if a member has this e-mail, mobile and name (same answer either way)',
        body: ZFindPasswordMobileBody,
        response: messageAnswers,
      },
    },
    async (req) => ({
      message: recoverySent(req.lang),
      data: await sendResetSms(app.deps, bg, req.body, requestContext(app, req)),
    }),
  );

  app.post(
    '/find/password/mobile/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'Find password: check the SMS code; with `password`, also set the new password',
        body: ZFindPasswordMobileConfirmBody,
        response: messageAnswers,
      },
    },
    async (req) => {
      const m = apiMessages[req.lang].messages;
      if (req.body.password === undefined) {
        await confirmResetSms(app.deps, req.body);
        return { message: m.CODE_VERIFIED, data: { verified: true } };
      }
      await resetPassword(app.deps, { via: 'mobile', ...req.body, password: req.body.password });
      return { message: m.PASSWORD_RESET };
    },
  );

  app.post(
    '/reset/password/email',
    {
      schema: {
        tags: ['account'],
        summary: 'Reset the password with the e-mailed code (ends every earlier login)',
        body: ZResetPasswordEmailBody,
        response: messageAnswers,
      },
    },
    async (req) => {
      await resetPassword(app.deps, { via: 'email', ...req.body });
      return { message: apiMessages[req.lang].messages.PASSWORD_RESET };
    },
  );

  app.post(
    '/reset/password/mobile',
    {
      schema: {
        tags: ['account'],
        summary: 'Reset the password with the SMS code (ends every earlier login)',
        body: ZResetPasswordMobileBody,
        response: messageAnswers,
      },
    },
    async (req) => {
      await resetPassword(app.deps, { via: 'mobile', ...req.body });
      return { message: apiMessages[req.lang].messages.PASSWORD_RESET };
    },
  );
}
