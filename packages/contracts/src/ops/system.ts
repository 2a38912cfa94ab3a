import { z } from 'zod';
import { LANGUAGES } from '@podo/i18n';
import { ZCountryList, ZHealth, ZHealthLive, ZHealthReady, ZLanguageList } from '../index';
import { defineOperation } from '../operation';

/** Health, interface languages and countries. */
export const health = defineOperation({
  method: 'GET',
  path: '/health',
  tags: ['system'],
  summary: 'Health check: the database is ok, slow or down (503)',
  description:
    'The database state for uptime checks (kept for existing monitors; load balancers use /health/live and ' +
    '/health/ready): answers within a second whatever the database does; 503 (same body, status `error`) when the ' +
    'database is down. Exempt from the rate limit.',
  auth: 'public',
  response: ZHealth,
  errors: [],
});

export const healthLive = defineOperation({
  method: 'GET',
  path: '/health/live',
  tags: ['system'],
  summary: 'Liveness: the process answers',
  description: 'For a liveness probe: 200 while the process runs, whatever the database does. Exempt from the rate limit.',
  auth: 'public',
  response: ZHealthLive,
  errors: [],
});

export const healthReady = defineOperation({
  method: 'GET',
  path: '/health/ready',
  tags: ['system'],
  summary: 'Readiness: the process can serve (503 when not)',
  description:
    "For a load balancer: 200 when the database answers, its migrations include this build's last one and the " +
    'process is not shutting down; otherwise 503 with the same body (status `unavailable`) saying which. A process ' +
    'that received SIGTERM answers 503 here at once and still finishes the requests it has. Exempt from the rate limit.',
  auth: 'public',
  response: ZHealthReady,
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
