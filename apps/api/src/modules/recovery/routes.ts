import type { FastifyInstance } from 'fastify';
import { accountOps as ops } from '@podo/contracts/operations';
import { apiMessages } from '@podo/i18n/resources';
import { route } from '../../lib/operation-route';
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

/**
 * Finding an account and resetting a password (docs/accounts.md "Recovery without leaks"). The sending calls
 * answer the same whether or not the details match an account.
 */
export async function recoveryRoutes(app: FastifyInstance) {
  const bg = new BackgroundDeliveries(app.deps.db.db, app.log);
  app.addHook('onClose', () => bg.settle());
  const messages = (ctx: { lang: keyof typeof apiMessages }) => apiMessages[ctx.lang].messages;

  route(app, ops.findAccount, async (ctx, { body }) => ({
    message: messages(ctx).RECOVERY_SENT,
    data: await sendFindAccountCode(requestContext(app, ctx), bg, body),
  }));

  route(app, ops.findAccountConfirm, async (ctx, { body }) => {
    const accounts = await confirmFindAccount(ctx, body);
    return { message: accounts.length ? messages(ctx).ACCOUNTS_FOUND : messages(ctx).NO_ACCOUNT, data: { accounts } };
  });

  route(app, ops.findPasswordEmail, async (ctx, { body }) => ({
    message: messages(ctx).RECOVERY_MAIL_SENT,
    data: await sendResetMail(requestContext(app, ctx), bg, body),
  }));

  route(app, ops.findPasswordMobile, async (ctx, { body }) => ({
    message: messages(ctx).RECOVERY_SENT,
    data: await sendResetSms(requestContext(app, ctx), bg, body),
  }));

  route(app, ops.findPasswordMobileConfirm, async (ctx, { body }) => {
    if (body.password === undefined) {
      await confirmResetSms(ctx, body);
      return { message: messages(ctx).CODE_VERIFIED, data: { verified: true } };
    }
    await resetPassword(ctx, { via: 'mobile', ...body, password: body.password });
    return { message: messages(ctx).PASSWORD_RESET };
  });

  route(app, ops.resetPasswordEmail, async (ctx, { body }) => {
    await resetPassword(ctx, { via: 'email', ...body });
    return { message: messages(ctx).PASSWORD_RESET };
  });

  route(app, ops.resetPasswordMobile, async (ctx, { body }) => {
    await resetPassword(ctx, { via: 'mobile', ...body });
    return { message: messages(ctx).PASSWORD_RESET };
  });
}
