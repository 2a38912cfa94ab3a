import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZChangeSnsBody,
  ZKakaoOAuthResult,
  ZMe,
  ZOAuthCodeBody,
  ZOAuthStart,
  ZOAuthStartQuery,
  ZReauthResult,
  ZSocialProvider,
  ZTokenResult,
} from '@podo/contracts';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import { checkIdentity, issueReauthProof, REAUTH_TTL_MS, useUpIdentityProof } from '../account';
import { requireUser } from '../session';
import { loadMe } from '../session';
import { LOGIN_TOKEN_TTL_SECONDS } from '../session';
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

const ZProviderParam = z.object({ provider: ZSocialProvider });
const ZProviderList = z.object({
  data: z.array(z.object({ provider: ZSocialProvider, popup: z.object({ width: z.number(), height: z.number() }) })),
});
const ZMeMessage = z.object({ message: z.string(), data: ZMe });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** The origin this request was addressed to (Host / X-Forwarded-* when TRUST_PROXY is on). */
const requestOrigin = (req: FastifyRequest) => (req.host ? `${req.protocol}://${req.host}` : undefined);

/** Social login (docs/accounts.md "Social login"): start, code exchange, Kakao code flow, link and unlink. */
export async function oauthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, tokens } = app.deps;
  const db = app.deps.db.db;

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['account'],
        summary: 'Enabled social login providers, with the size of their login popup',
        response: { 200: ZProviderList },
      },
    },
    async () => ({ data: enabledProviders(config) }),
  );

  app.get(
    '/auth/:provider/start',
    {
      schema: {
        tags: ['account'],
        summary: 'Start a social login: a single-use state (10 minutes) and the provider authorize URL',
        description:
          "redirectUri must be this site's `/oauth2/{provider}` page (same origin as PUBLIC_URL or the request). " +
          'Open `authorizeUrl` in a popup of the given size; the provider sends the browser back to redirectUri with code and state.',
        params: ZProviderParam,
        querystring: ZOAuthStartQuery,
        response: { 200: ZOAuthStart, 400: ZApiError },
      },
    },
    async (req) => ({
      data: await startAuthorization(db, tokens, config, req.params.provider, req.query.redirectUri, requestOrigin(req), req.query.purpose),
    }),
  );

  app.post(
    '/auth/:provider',
    {
      schema: {
        tags: ['account'],
        summary: 'Log in with a social provider code (1-day token)',
        params: ZProviderParam,
        body: ZOAuthCodeBody,
        response: { 200: ZTokenResult, ...errors },
      },
    },
    async (req) => {
      const profile = await completeAuthorization(db, tokens, config, req.params.provider, req.body, req.log);
      const user = await resolveSocialLogin(db, profile);
      return { data: await issueSocialToken(db, tokens, user, LOGIN_TOKEN_TTL_SECONDS) };
    },
  );

  app.post(
    '/oauth',
    {
      schema: {
        tags: ['account'],
        summary: 'Kakao code flow: log in with a Kakao code (7-day token, answered as access_token)',
        body: ZOAuthCodeBody,
        response: { 200: ZKakaoOAuthResult, ...errors },
      },
    },
    async (req) => {
      const profile = await completeAuthorization(db, tokens, config, 'kakao', req.body, req.log);
      const user = await resolveSocialLogin(db, profile);
      const { accessToken, expiresAt } = await issueSocialToken(db, tokens, user, KAKAO_TOKEN_TTL_SECONDS);
      return { access_token: accessToken, expires_at: expiresAt };
    },
  );

  app.post(
    '/auth/:provider/reauth',
    {
      schema: {
        tags: ['account'],
        summary: 'Re-authenticate the logged-in member with a linked social account: a single-use proof (5 minutes)',
        description:
          'The code flow of a login (GET /auth/{provider}/start, the provider, then this call with code and state), ' +
          'for a member already logged in. The provider must answer with an identity linked to this member ' +
          '(REAUTH_OTHER_ACCOUNT otherwise). The answered `reauthToken` stands in for the password in PUT ' +
          '/change-mobile, PUT /change-user and PUT /change-sns of a member without a password (`hasPassword: false`); ' +
          'it works once, for this member only, within five minutes.',
        security: [{ bearer: [] }],
        params: ZProviderParam,
        body: ZOAuthCodeBody,
        response: { 200: ZReauthResult, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      const profile = await completeAuthorization(db, tokens, config, req.params.provider, req.body, req.log);
      await assertOwnIdentity(db, user, profile);
      return {
        message: interpolate(apiMessages[req.lang].messages.REAUTHENTICATED, { minutes: REAUTH_TTL_MS / 60_000 }),
        data: await issueReauthProof(db, tokens, user.id),
      };
    },
  );

  app.put(
    '/change-sns',
    {
      schema: {
        tags: ['account'],
        summary: 'Link a social account to the logged-in member (answers the member as data)',
        description:
          'A linked account is a way to log in, so a token alone links none (a stolen one would link an account of ' +
          'its own and log in with it later): needs `password` (the current one; wrong guesses count against the ' +
          'login limit), or for a member without a password (`hasPassword: false`) a `reauthToken` from a linked ' +
          'account (POST /auth/{provider}/reauth): PASSWORD_REQUIRED, PASSWORD_INCORRECT, REAUTH_REQUIRED, ' +
          'REAUTH_INVALID. These are checked before the state and the code are used, so a refused request spends ' +
          'neither and can be sent again with the right password.',
        security: [{ bearer: [] }],
        body: ZChangeSnsBody,
        response: { 200: ZMeMessage, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      const { snsType, password, reauthToken, ...body } = req.body;
      const proof = { password, reauthToken };
      // Before the code exchange: a refused request spends neither the state nor the provider's code.
      await checkIdentity(db, tokens, user, proof);
      const profile = await completeAuthorization(db, tokens, config, snsType, body, req.log);
      await db.transaction(async (tx) => {
        await useUpIdentityProof(tx as unknown as typeof db, tokens, user, proof);
        await linkIdentity(tx as unknown as typeof db, user, profile);
      });
      return { message: apiMessages[req.lang].messages.SNS_LINKED, data: await loadMe(db, user) };
    },
  );

  app.delete(
    '/me/sns/:provider',
    {
      schema: {
        tags: ['account'],
        summary: 'Unlink a social account from the logged-in member (answers the member as data)',
        security: [{ bearer: [] }],
        params: ZProviderParam,
        response: { 200: ZMeMessage, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      await unlinkIdentity(db, user, req.params.provider);
      return { message: apiMessages[req.lang].messages.SNS_UNLINKED, data: await loadMe(db, user) };
    },
  );
}
