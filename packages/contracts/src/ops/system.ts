import { z } from 'zod';
import { LANGUAGES } from '@podo/i18n';
import { ZCountryList, ZHealth, ZLanguageList } from '../index';
import { defineOperation } from '../operation';

/** Health, interface languages and countries. */
export const health = defineOperation({
  method: 'GET',
  path: '/health',
  tags: ['system'],
  summary: 'Health check: the database is ok, slow or down (503)',
  description:
    'Liveness and the database state for load balancers and uptime checks: answers within a second whatever the ' +
    'database does; 503 (same body, status `error`) when the database is down. Exempt from the rate limit.',
  auth: 'public',
  response: ZHealth,
  errors: [],
});

export const languages = defineOperation({
  method: 'GET',
  path: '/setting/language',
  tags: ['settings'],
  summary: 'Interface languages',
  auth: 'public',
  response: ZLanguageList,
  errors: [],
});

export const countries = defineOperation({
  method: 'GET',
  path: '/countries',
  tags: ['settings'],
  summary: 'Countries with calling codes, named in the request language',
  auth: 'public',
  query: z.object({ lang: z.enum(LANGUAGES).optional() }),
  response: ZCountryList,
  errors: [],
});
