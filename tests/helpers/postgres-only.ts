import { usingPostgres } from './test-app';

declare module 'vitest' {
  interface TaskMeta {
    /** Why the test is skipped where it is: `npm test` (scripts/test.mjs) lists skipped tests with it. */
    skipReason?: string;
  }
}

/**
 * Options for a describe() or it() that needs a real PostgreSQL server (terminated backends, held locks, several
 * sessions): skipped in the api-pglite project, with the reason `npm test` prints.
 */
export function postgresOnly(why: string): { skip: boolean; meta: { skipReason: string } } {
  return { skip: !usingPostgres(), meta: { skipReason: `needs PostgreSQL (TEST_DATABASE_URL): ${why}` } };
}
