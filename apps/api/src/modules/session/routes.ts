import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZLoginBody, ZLoginResult, ZMeResult } from '@podo/contracts';
import { AppError } from '../../lib/errors';
import { authenticate, login } from './service';

/** Reads the bearer token; the API authenticates only by the Authorization header, never by cookie. */
export function bearerToken(req: FastifyRequest): string {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  if (!m) throw new AppError('UNAUTHORIZED');
  return m[1];
}

export async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Log in with e-mail and password',
        body: ZLoginBody,
        response: { 200: ZLoginResult, 400: ZApiError, 403: ZApiError, 429: ZApiError },
      },
    },
    async (req) => ({ data: await login(app.deps.db.db, app.deps.tokens, req.body.email, req.body.password) }),
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
    async (req) => ({ data: await authenticate(app.deps.db.db, app.deps.tokens, bearerToken(req)) }),
  );
}
