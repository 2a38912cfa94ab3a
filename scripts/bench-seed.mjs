// `npm run bench:seed -- --wines 30000 [--database-url postgres://...] [--data-dir DIR] [--seed N] [--reset]`
// Builds a large synthetic wine catalogue for benchmarks: the demo catalogue plus synthetic wines drawn from the
// same lookup tables, into PostgreSQL (--database-url) or an embedded PGlite data directory (--data-dir, default
// data/bench-<wines>). The database is migrated first. It loads only into a database without wines; --reset
// empties the catalogue tables first (wines, wineries and what hangs on them: wishes, likes).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    wines: { type: 'string', default: '30000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    seed: { type: 'string', default: '1' },
    reset: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('usage: npm run bench:seed -- --wines 30000 [--database-url postgres://...] [--data-dir DIR] [--seed N] [--reset]');
  process.exit(0);
}
const wines = Number(values.wines);
const seed = Number(values.seed);
if (!Number.isInteger(wines) || wines < 1 || wines > 1_000_000) {
  console.error('--wines must be a whole number between 1 and 1,000,000');
  process.exit(2);
}
if (!Number.isInteger(seed)) {
  console.error('--seed must be a whole number');
  process.exit(2);
}
const url = values['database-url'];
const dataDir = url ? undefined : path.resolve(values['data-dir'] ?? path.join(root, 'data', `bench-${wines}`));

const t0 = performance.now();
const db = await tsImport(path.join(root, 'packages/db/src/index.ts'), import.meta.url);
const { sql } = await import('drizzle-orm');
const template = path.join(root, 'dist/pglite-template.tar.gz');
const handle = await db.openDatabase({ url, dataDir, poolMax: 4, template: existsSync(template) ? template : undefined });
const ms = (t) => `${((performance.now() - t) / 1000).toFixed(2)} s`;
try {
  console.log(`target: ${url ? url.replace(/\/\/[^@/]*@/, '//***@') : `PGlite in ${dataDir}`}`);
  let t = performance.now();
  await db.migrateDatabase(handle, url);
  console.log(`migrated in ${ms(t)}`);
  if (values.reset) {
    t = performance.now();
    await handle.db.execute(sql`truncate products, wineries restart identity cascade`);
    console.log(`emptied the catalogue in ${ms(t)}`);
  }
  t = performance.now();
  const loaded = await db.seedCatalog(handle.db, { wines, seed });
  if (!loaded.products) {
    console.error('the database already holds wines: nothing loaded (use an empty database, or --reset)');
    process.exitCode = 1;
  } else {
    const secs = (performance.now() - t) / 1000;
    console.log(
      `loaded ${loaded.products.toLocaleString('en-US')} wines from ${loaded.wineries.toLocaleString('en-US')} wineries in ${secs.toFixed(2)} s ` +
        `(${Math.round(loaded.products / secs).toLocaleString('en-US')} wines/s)`,
    );
    t = performance.now();
    await handle.db.execute(sql`vacuum analyze`);
    console.log(`vacuumed and analyzed in ${ms(t)}; total ${ms(t0)}`);
  }
} finally {
  await handle.close();
}
