import type { FastifyInstance } from 'fastify';
import { adminOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { listAudit } from './service';

/** The audit trail (decision 024): rows are written by the route helper of every audited staff call. */
export async function auditRoutes(app: FastifyInstance) {
  route(app, ops.adminAudit, async (ctx, { query }) => listAudit(ctx.db, query));
}
