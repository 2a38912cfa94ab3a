import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZLoginBody, ZLoginResult, ZMeResult, ZMessageResult } from '@podo/contracts';
import { apiMessages } from '@podo/i18n/resources';
import { siteOrigin } from '../certification';
import { requireSession, requireUser } from './guards';
import { loadMe } from './me';
import { revokeAllTokens, revokeToken } from './revocation';
import { login } from './service';

export { bearerToken, requireAdmin, requireUser, type AdminActor } from './guards';

export async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Log in with e-mail and password (one-day token)',
        description:
          'Throttled without letting anyone lock someone else out (docs/accounts.md "Login throttling"): 20 attempts ' +
          'per client address in 15 minutes; per account and address 3 attempts, then growing delays (2, 4, 8 … ' +
          's, at most 15 minutes); past either the answer is LOGIN_LOCKED (429) with a Retry-After header. After 20 ' +
          'failures on an account within an hour, the right password from an address that never logged in to it ' +
          'answers LOGIN_CODE_REQUIRED (403) and e-mails a 6-digit code: repeat the call with `code`. A wrong ' +
          'password always answers LOGIN_FAILED; ACCOUNT_WITHDRAWN only follows the right password.',
        body: ZLoginBody,
        response: { 200: ZLoginResult, 400: ZApiError, 403: ZApiError, 429: ZApiError, 503: ZApiError },
      },
    },
    // LOGIN_LOCKED gets its Retry-After header from the error handler (every 429 does).
    async (req) => ({
      data: await login(app.deps, {
        email: req.body.email,
        password: req.body.password,
        code: req.body.code,
        ip: req.ip,
        lang: req.lang,
        origin: siteOrigin(app.deps.config, app.server.address()),
        log: req.log,
      }),
    }),
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The logged-in member (response field data)',
        security: [{ bearer: [] }],
        response: { 200: ZMeResult, 401: ZApiError },
      },
    },
    async (req) => ({ data: await loadMe(app.deps.db.db, await requireUser(req)) }),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'Log out: revokes this token on the server',
        description:
          'The bearer token is revoked for every server process (until it would have expired anyway): any call with ' +
          'it answers TOKEN_INVALID (401) from now on. Other tokens of the member stay valid; see /logout-all.',
        security: [{ bearer: [] }],
        response: { 200: ZMessageResult, 401: ZApiError },
      },
    },
    async (req) => {
      const { user, token } = await requireSession(req);
      await revokeToken(app.deps.db.db, user.id, token);
      return { message: apiMessages[req.lang].messages.LOGGED_OUT };
    },
  );

  app.post(
    '/logout-all',
    {
      schema: {
        tags: ['account'],
        summary: 'Log out everywhere: revokes every token of the member',
        description:
          "Bumps the member's token version, so every token issued so far (this one too, on every device) answers " +
          'TOKEN_INVALID (401) from now on. Log in again for a new one.',
        security: [{ bearer: [] }],
        response: { 200: ZMessageResult, 401: ZApiError },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      await revokeAllTokens(app.deps.db.db, user.id);
      return { message: apiMessages[req.lang].messages.LOGGED_OUT_EVERYWHERE };
    },
  );
}
