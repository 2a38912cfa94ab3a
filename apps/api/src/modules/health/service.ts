import type { DbHandle, DbState } from '@podo/db';

/** The health check answers within a second whatever the database does: its round trip gets this long. */
export const HEALTH_DEADLINE_MS = 800;
/** A round trip slower than this reports the database `slow`. */
export const HEALTH_SLOW_MS = 250;
/** For this long after a request ran out of a database time limit, the database is reported `slow`. */
export const RECENT_TIMEOUT_MS = 10_000;

const lastTimeout = new WeakMap<DbHandle, number>();

/** Called by the error handler when a request ran out of a database time limit (statement, lock, acquisition). */
export function noteDatabaseFault(db: DbHandle, now = Date.now()): void {
  lastTimeout.set(db, now);
}

/**
 * The database's state for the health check: `down` when it does not answer in time, `slow` when it answers slowly
 * or requests ran out of their time limits lately (a held lock, a full pool: the round trip of the check itself
 * goes around both), else `ok`.
 */
export async function databaseState(db: DbHandle): Promise<DbState> {
  const state = await db.probe(HEALTH_DEADLINE_MS, HEALTH_SLOW_MS);
  if (state === 'ok' && Date.now() - (lastTimeout.get(db) ?? -Infinity) < RECENT_TIMEOUT_MS) return 'slow';
  return state;
}
