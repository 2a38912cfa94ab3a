import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZLoginBody, ZLoginResult, ZMeResult } from '@podo/contracts';
import { requireUser } from './guards';
import { loadMe } from './me';
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
          'Failed attempts count per account (5) and per client address (20) in a 15-minute window; past that the ' +
          'answer is LOGIN_LOCKED (429) with a Retry-After header. A withdrawn e-mail answers ACCOUNT_WITHDRAWN.',
        body: ZLoginBody,
        response: { 200: ZLoginResult, 400: ZApiError, 403: ZApiError, 429: ZApiError },
      },
    },
    // LOGIN_LOCKED gets its Retry-After header from the error handler (every 429 does).
    async (req) => ({
      data: await login(app.deps.db.db, app.deps.tokens, {
        email: req.body.email,
        password: req.body.password,
        ip: req.ip,
        lang: req.lang,
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
}
