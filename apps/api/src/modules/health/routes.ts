import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealth } from '@podo/contracts';
import { DB_RETRY_AFTER_SECONDS } from '../../lib/error-handler';
import { databaseState } from './service';

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /**
   * Liveness and the database's state, for load balancers and uptime checks: answers within a second whatever the
   * database does (service.ts), 503 when the database is down. Exempt from the rate limit (routes.ts).
   */
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health check: the database is ok, slow or down (503)',
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_req, reply) => {
      const { db, startedAt } = app.deps;
      const state = await databaseState(db);
      const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
      reply.header('cache-control', 'no-store');
      if (state === 'down') {
        reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ status: 'error' as const, db: state, database: db.kind, uptimeSeconds });
      }
      return { status: state === 'ok' ? ('ok' as const) : ('degraded' as const), db: state, database: db.kind, uptimeSeconds };
    },
  );
}
