import type { FastifyInstance } from 'fastify';
import { storesOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { getStore, listStoreCompanies, listStores, listStoreSiNms, storeOptionList, storeSortTypes } from './service';

/** Spec §7 "Stores": where the wines are sold. */
export async function storesRoutes(app: FastifyInstance) {
  route(app, ops.storeList, async (ctx, { query }) => listStores(ctx, query));
  route(app, ops.storeSortTypes, async (ctx) => ({ _embedded: { items: storeSortTypes(ctx.lang) } }));
  route(app, ops.storeOptions, async (ctx) => ({ _embedded: { items: storeOptionList(ctx.lang) } }));
  route(app, ops.storeSiNms, async (ctx) => ({ _embedded: { items: await listStoreSiNms(ctx) } }));
  route(app, ops.storeCompanies, async (ctx) => ({ _embedded: { items: await listStoreCompanies(ctx) } }));
  route(app, ops.store, async (ctx, { params }) => ({ data: await getStore(ctx, params.id) }));
}
