import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEMPLATE_DIR, TEMPLATE_PREFIX, onServer } from './db-templates';

/** Templates of runs that ended without their teardown (a killed run) are dropped once they are this old. */
const STALE_MS = 2 * 60 * 60 * 1000;

/**
 * One template key per run and API project (db-templates.ts): the first test file that needs a database of some
 * contents makes its template, the others copy it. The teardown removes this run's templates.
 */
export default async function setup(project: TestProject) {
  const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('dbTemplateRun', run);
  const postgres = project.config.env?.TEST_DB === 'postgres';
  if (postgres)
    await dropTemplates((name) => Date.now() - parseInt(name.slice(TEMPLATE_PREFIX.length, TEMPLATE_PREFIX.length + 8), 36) > STALE_MS);
  return async () => {
    rmSync(path.join(TEMPLATE_DIR, run), { recursive: true, force: true });
    if (postgres) {
      await dropTemplates((name) => name.startsWith(`${TEMPLATE_PREFIX}${run}_`));
      for (const f of ['demo', 'plain', 'demo_catalog', 'plain_catalog']) {
        for (const ext of ['lock', 'ready']) rmSync(path.join(TEMPLATE_DIR, `${TEMPLATE_PREFIX}${run}_${f}.${ext}`), { force: true });
      }
    }
  };
}

async function dropTemplates(which: (name: string) => boolean): Promise<void> {
  await onServer(async (c) => {
    const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`);
    for (const { datname } of rows.filter((r) => which(r.datname))) {
      await c.query(`update pg_database set datistemplate = false where datname = $1`, [datname]);
      await c.query(`drop database if exists ${datname} with (force)`);
    }
  });
}
