import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountOps as ops } from '@podo/contracts/operations';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import { route, withDb } from '../../lib/operation-route';
import { checkIdentity, issueReauthProof, REAUTH_TTL_MS, useUpIdentityProof } from '../account';
import { loadMe, LOGIN_TOKEN_TTL_SECONDS } from '../session';
import {
  assertOwnIdentity,
  completeAuthorization,
  enabledProviders,
  issueSocialToken,
  KAKAO_TOKEN_TTL_SECONDS,
  linkIdentity,
  resolveSocialLogin,
  startAuthorization,
  unlinkIdentity,
} from './service';

/** The origin this request was addressed to (Host / X-Forwarded-* when TRUST_PROXY is on). */
const requestOrigin = (req: FastifyRequest) => (req.host ? `${req.protocol}://${req.host}` : undefined);

/** Social login (docs/accounts.md "Social login"): start, code exchange, Kakao code flow, link and unlink. */
export async function oauthRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const messages = (ctx: { lang: keyof typeof apiMessages }) => apiMessages[ctx.lang].messages;

  route(app, ops.oauthProviders, async () => ({ data: enabledProviders(config) }));

  route(app, ops.oauthStart, async (ctx, { params, query }) => ({
    data: await startAuthorization(ctx, params.provider, query.redirectUri, requestOrigin(ctx.req), query.purpose),
  }));

  route(app, ops.oauthLogin, async (ctx, { params, body }) => {
    const profile = await completeAuthorization(ctx, params.provider, body);
    const user = await resolveSocialLogin(ctx.db, profile);
    return { data: await issueSocialToken(ctx, user, LOGIN_TOKEN_TTL_SECONDS) };
  });

  route(app, ops.kakaoOAuth, async (ctx, { body }) => {
    const profile = await completeAuthorization(ctx, 'kakao', body);
    const user = await resolveSocialLogin(ctx.db, profile);
    const { accessToken, expiresAt } = await issueSocialToken(ctx, user, KAKAO_TOKEN_TTL_SECONDS);
    return { access_token: accessToken, expires_at: expiresAt };
  });

  route(app, ops.reauth, async (ctx, { params, body }) => {
    const user = ctx.viewer;
    const profile = await completeAuthorization(ctx, params.provider, body);
    await assertOwnIdentity(ctx.db, user, profile);
    return {
      message: interpolate(messages(ctx).REAUTHENTICATED, { minutes: REAUTH_TTL_MS / 60_000 }),
      data: await issueReauthProof(ctx, user.id),
    };
  });

  route(app, ops.changeSns, async (ctx, { body: input }) => {
    const user = ctx.viewer;
    const { snsType, password, reauthToken, ...body } = input;
    const proof = { password, reauthToken };
    // Before the code exchange: a refused request spends neither the state nor the provider's code.
    await checkIdentity(ctx, user, proof);
    const profile = await completeAuthorization(ctx, snsType, body);
    await ctx.db.transaction(async (tx) => {
      await useUpIdentityProof(withDb(ctx, tx), user, proof);
      await linkIdentity(tx, user, profile);
    });
    return { message: messages(ctx).SNS_LINKED, data: await loadMe(ctx.db, user) };
  });

  route(app, ops.unlinkSns, async (ctx, { params }) => {
    await unlinkIdentity(ctx.db, ctx.viewer, params.provider);
    return { message: messages(ctx).SNS_UNLINKED, data: await loadMe(ctx.db, ctx.viewer) };
  });
}
