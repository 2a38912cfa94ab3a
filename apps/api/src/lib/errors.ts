import { ERROR_STATUS, type ErrorCode } from '@podo/contracts';
import type { z } from 'zod';

/** The one error type of the API: a code (mapped to a status in one place) and message parameters. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.statusCode = ERROR_STATUS[code];
  }
}

/** A request part that failed its zod schema; keeps the issues so the message can be localized later. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  validationContext?: string;
  /** The operation's path (`/qnas/categories`): a field may have a label of its own there. */
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly route?: string,
  ) {
    super('validation failed');
  }
}

/**
 * SQLSTATEs of a database that cannot serve now but may in a moment: the server ended the session (57P01 admin
 * shutdown, 57P02 crash, 57P03 starting up), 25P03 idle-in-transaction timeout, 53300 too many connections, and
 * class 08 (connection exceptions). The time limits (57014 statement timeout, 55P03 lock timeout) are `timeout`.
 * A transaction the server chose to end against another (40P01 deadlock, 40001 serialization failure) is `conflict`:
 * the lock order of the writers should prevent it, and the same request sent again goes through.
 */
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '25P03', '53300']);
const TIMEOUT_STATES = new Set(['57014', '55P03']);
const CONFLICT_STATES = new Set(['40P01', '40001']);
/** Socket errors of a database connection (or of another service this process calls: unavailable all the same). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres errors without a code: no pool connection in time (also a late PGlite turn), a lost connection. */
const TIMEOUT_MESSAGES = [/^timeout exceeded when trying to connect/, /^Query read timeout/];
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * Whether an error (or one it wraps: Drizzle puts the driver's error in `cause`) means the database is unavailable
 * for now, and how: `timeout` (a time limit of DB_*_TIMEOUT_MS ran out), `connection` (lost, refused, shut down) or
 * `conflict` (ended against another transaction).
 * The API answers each with 503 SERVICE_UNAVAILABLE and Retry-After.
 */
export function databaseFault(error: unknown): 'timeout' | 'connection' | 'conflict' | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (TIMEOUT_STATES.has(code)) return 'timeout';
      if (CONFLICT_STATES.has(code)) return 'conflict';
      if (CONNECTION_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code)) return 'connection';
    }
    if (typeof message === 'string') {
      if (TIMEOUT_MESSAGES.some((m) => m.test(message))) return 'timeout';
      if (CONNECTION_MESSAGES.some((m) => m.test(message))) return 'connection';
    }
    // A refused connection to a name with several addresses (localhost: ::1 and 127.0.0.1).
    if (e instanceof AggregateError && e.errors.some((x) => databaseFault(x))) return 'connection';
  }
  return null;
}
