import type { FastifyInstance } from 'fastify';
import { systemOps as ops } from '@podo/contracts/operations';
import { DB_RETRY_AFTER_SECONDS } from '../../lib/error-handler';
import { route } from '../../lib/operation-route';
import { migrationsApplied } from '@podo/db';
import { databaseState, HEALTH_DEADLINE_MS } from './service';

/**
 * Liveness (the process answers), readiness (it can serve: database, migrations, not draining) and the older
 * combined check, for load balancers and uptime checks: each answers within a second whatever the database does
 * (service.ts). Exempt from the rate limit (routes.ts).
 */
export async function healthRoutes(app: FastifyInstance) {
  const uptime = () => Math.round((Date.now() - app.deps.startedAt) / 1000);

  route(app, ops.healthLive, async (ctx) => {
    ctx.reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, uptimeSeconds: uptime() };
  });

  route(app, ops.healthReady, async (ctx) => {
    ctx.reply.header('cache-control', 'no-store');
    const { draining } = app.deps.lifecycle;
    const db = await databaseState(ctx.dbHandle);
    const migrations =
      db === 'down'
        ? ('unknown' as const)
        : await Promise.race([
            migrationsApplied(ctx.db).then((done) => (done ? ('done' as const) : ('pending' as const))),
            new Promise<'unknown'>((resolve) => setTimeout(() => resolve('unknown'), HEALTH_DEADLINE_MS).unref()),
          ]).catch(() => 'unknown' as const);
    const ready = !draining && db !== 'down' && migrations === 'done';
    const body = { status: ready ? ('ready' as const) : ('unavailable' as const), db, migrations, draining, database: ctx.dbHandle.kind };
    if (ready) return body;
    ctx.reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
    return ctx.reply.status(503).send(body);
  });

  route(app, ops.health, async (ctx) => {
    const state = await databaseState(ctx.dbHandle);
    const uptimeSeconds = uptime();
    ctx.reply.header('cache-control', 'no-store');
    if (state === 'down') {
      ctx.reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
      return ctx.reply.status(503).send({ status: 'error' as const, db: state, database: ctx.dbHandle.kind, uptimeSeconds });
    }
    return { status: state === 'ok' ? ('ok' as const) : ('degraded' as const), db: state, database: ctx.dbHandle.kind, uptimeSeconds };
  });
}
