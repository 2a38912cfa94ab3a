import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealth } from '@podo/contracts';

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** Liveness and database reachability, for load balancers and uptime checks. */
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Health check (pings the database)', response: { 200: ZHealth, 503: ZHealth } } },
    async (_req, reply) => {
      const { db, startedAt } = app.deps;
      const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
      try {
        await db.ping();
        return { status: 'ok' as const, database: db.kind, uptimeSeconds };
      } catch {
        return reply.status(503).send({ status: 'error' as const, database: db.kind, uptimeSeconds });
      }
    },
  );
}
