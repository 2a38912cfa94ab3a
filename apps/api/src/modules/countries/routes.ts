import type { FastifyInstance } from 'fastify';
import { systemOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { listCountries } from './service';

export async function countriesRoutes(app: FastifyInstance) {
  route(app, ops.countries, async (ctx) => ({ data: await listCountries(ctx.db, ctx.lang) }));
}
