import type { FastifyInstance } from 'fastify';
import { systemOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { listLanguages } from './service';

export async function settingsRoutes(app: FastifyInstance) {
  route(app, ops.languages, async (ctx) => ({ data: await listLanguages(ctx.db) }));
}
