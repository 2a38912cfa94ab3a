import type { FastifyInstance } from 'fastify';
import { accountOps as ops } from '@podo/contracts/operations';
import { apiMessages } from '@podo/i18n/resources';
import { route } from '../../lib/operation-route';
import { siteOrigin } from '../certification';
import { requireSession } from './guards';
import { loadMe } from './me';
import { revokeAllTokens, revokeToken } from './revocation';
import { login } from './service';

export async function sessionRoutes(app: FastifyInstance) {
  // LOGIN_LOCKED gets its Retry-After header from the error handler (every 429 does).
  route(app, ops.login, async (ctx, { body }) => ({
    data: await login(ctx, { ...body, ip: ctx.ip, origin: siteOrigin(ctx.config, app.server.address()) }),
  }));

  route(app, ops.me, async (ctx) => ({ data: await loadMe(ctx.db, ctx.viewer) }));

  route(app, ops.logout, async (ctx) => {
    const { token } = await requireSession(ctx.req);
    await revokeToken(ctx.db, ctx.viewer.id, token);
    return { message: apiMessages[ctx.lang].messages.LOGGED_OUT };
  });

  route(app, ops.logoutAll, async (ctx) => {
    await revokeAllTokens(ctx.db, ctx.viewer.id);
    return { message: apiMessages[ctx.lang].messages.LOGGED_OUT_EVERYWHERE };
  });
}
