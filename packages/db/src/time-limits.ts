import { sql } from 'drizzle-orm';

/**
 * Lifts the request time limits (DB_*_TIMEOUT_MS) for a start-up load's transaction: its statements run long, and a
 * process starting beside another waits on the other's load lock for as long as that load takes.
 */
export const NO_TIME_LIMITS = sql`select set_config('statement_timeout', '0', true), set_config('lock_timeout', '0', true), set_config('idle_in_transaction_session_timeout', '0', true)`;
