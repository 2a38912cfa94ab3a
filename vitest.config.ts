import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const pg = process.env.TEST_DATABASE_URL;
const apiInclude = ['apps/api/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'];

/**
 * Projects: unit (pure code), the API suite on PGlite, the same suite on real PostgreSQL when
 * TEST_DATABASE_URL is set, and browser journeys (e2e) against the built app in Debian Chromium.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a two-core machine the API files then ran one at a
    // time, each mostly waiting on its database. At least two at once (two thirds of the time there,
    // docs/architecture.md). The e2e project still runs its files one at a time, after the others.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
    projects: [
      { test: { name: 'unit', include: ['packages/{i18n,config,contracts,cache}/src/**/*.test.ts', 'apps/web/app/**/*.test.ts'] } },
      {
        test: {
          name: 'api-pglite',
          include: apiInclude,
          env: { TEST_DB: 'pglite' },
          isolate: false,
          globalSetup: ['tests/helpers/api-global-setup.ts'],
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiInclude,
                env: { TEST_DB: 'postgres' },
                isolate: false,
                globalSetup: ['tests/helpers/api-global-setup.ts'],
                setupFiles: ['tests/helpers/fail-on-console-error.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/e2e-global-setup.ts'],
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
          fileParallelism: false,
          // On a busy two-core CI machine a re-render after a key press took longer than the 1 s default.
          expect: { poll: { timeout: 5_000 } },
          testTimeout: 45_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
