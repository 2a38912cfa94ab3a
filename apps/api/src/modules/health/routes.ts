import type { FastifyInstance } from 'fastify';
import { systemOps as ops } from '@podo/contracts/operations';
import { DB_RETRY_AFTER_SECONDS } from '../../lib/error-handler';
import { route } from '../../lib/operation-route';
import { databaseState } from './service';

/**
 * Liveness and the database's state, for load balancers and uptime checks: answers within a second whatever the
 * database does (service.ts), 503 when the database is down. Exempt from the rate limit (routes.ts).
 */
export async function healthRoutes(app: FastifyInstance) {
  route(app, ops.health, async (ctx) => {
    const { startedAt } = app.deps;
    const state = await databaseState(ctx.dbHandle);
    const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
    ctx.reply.header('cache-control', 'no-store');
    if (state === 'down') {
      ctx.reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
      return ctx.reply.status(503).send({ status: 'error' as const, db: state, database: ctx.dbHandle.kind, uptimeSeconds });
    }
    return { status: state === 'ok' ? ('ok' as const) : ('degraded' as const), db: state, database: ctx.dbHandle.kind, uptimeSeconds };
  });
}
