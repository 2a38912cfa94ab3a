import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError, ZLanguageList } from '@podo/contracts';
import { listLanguages } from './service';

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/setting/language',
    {
      schema: {
        tags: ['settings'],
        summary: 'Interface languages',
        response: { 200: ZLanguageList, 429: ZApiError },
      },
    },
    async () => ({ data: await listLanguages(app.deps.db.db) }),
  );
}
