import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZCountryList } from '@podo/contracts';
import { LANGUAGES } from '@podo/i18n';
import { listCountries } from './service';

export async function countriesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/countries',
    {
      schema: {
        tags: ['settings'],
        summary: 'Countries with calling codes, named in the request language',
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        response: { 200: ZCountryList, 400: ZApiError },
      },
    },
    async (req) => ({ data: await listCountries(app.deps.db.db, req.lang) }),
  );
}
