import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { throttleBuckets, type Database } from '@podo/db';
import { oneRow } from './rows';

export interface ThrottleState {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters kept in the database, so every server process (and both PGlite and PostgreSQL)
 * sees the same numbers. `hit` is one atomic upsert: parallel requests can never under-count.
 */
export async function hit(db: Database, key: string, windowMs: number): Promise<ThrottleState> {
  const result = await db.execute(sql`
    insert into ${throttleBuckets} (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when ${throttleBuckets.resetAt} <= now() then 1 else ${throttleBuckets.count} + 1 end,
      reset_at = case when ${throttleBuckets.resetAt} <= now() then excluded.reset_at else ${throttleBuckets.resetAt} end
    returning count, reset_at`);
  const row = oneRow((result as unknown as { rows: { count: number; reset_at: string | Date }[] }).rows, 'throttle upsert');
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

/** The current count of a key (0 when absent or its window has passed). */
export async function peek(db: Database, key: string): Promise<ThrottleState> {
  const [row] = await db.select().from(throttleBuckets).where(eq(throttleBuckets.key, key)).limit(1);
  if (!row || row.resetAt.getTime() <= Date.now()) return { count: 0, resetAt: new Date() };
  return { count: row.count, resetAt: row.resetAt };
}

export async function clear(db: Database, key: string): Promise<void> {
  await db.delete(throttleBuckets).where(eq(throttleBuckets.key, key));
}

/**
 * An account in throttle keys: a short SHA-256 of the lower-case e-mail, so keys stay within the column's 200
 * characters for any valid e-mail and guessed addresses are not kept in plain text.
 */
function accountPart(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/** A client address in throttle keys; an unusually long one (a proxy's header with TRUST_PROXY) is hashed. */
function addressPart(ip: string): string {
  return ip.length <= 64 ? ip : createHash('sha256').update(ip).digest('hex').slice(0, 32);
}

/**
 * The failed-login counter of one account from all addresses (docs/accounts.md "Login throttling"). Past its
 * limit an address new to the account needs an e-mailed code besides the password. A password reset clears it.
 */
export function loginThrottleKey(email: string): string {
  return `login:acct:${accountPart(email)}`;
}

/** The failed-login counter of one account from one address (growing delays, `hitWithBackoff`). */
export function loginPairKey(email: string, ip: string): string {
  return `login:pair:${accountPart(email)}:${addressPart(ip)}`;
}

/** Remembers that an account logged in successfully from this address (`remember`). */
export function loginKnownKey(email: string, ip: string): string {
  return `login:known:${accountPart(email)}:${addressPart(ip)}`;
}

/** The counter of availability checks (POST /valid-email, /valid-mobile) of one client address. */
export function availabilityCheckKey(kind: 'email' | 'mobile', ip: string): string {
  return `check:${kind}:${addressPart(ip)}`;
}

/** The counter of wrong current passwords of a logged-in member (match-password, change-password, leaving). */
export function passwordRecheckKey(userId: number): string {
  return `login:recheck:${userId}`;
}

/**
 * Clears the failed-login counters of an account (all addresses): after a password reset the guesses made so far
 * are worthless, and the owner should not wait or need a code.
 */
export async function clearLoginThrottle(db: Database, email: string): Promise<void> {
  const part = accountPart(email);
  await db
    .delete(throttleBuckets)
    .where(sql`${throttleBuckets.key} = ${`login:acct:${part}`} or ${throttleBuckets.key} like ${`login:pair:${part}:%`}`);
}

/** Seconds until a window resets, at least 1. */
export function secondsUntil(resetAt: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
}

/** The failed-login counter of one client address (`req.ip`: X-Forwarded-For counts only with TRUST_PROXY=true). */
export function loginIpThrottleKey(ip: string): string {
  return `login:ip:${addressPart(ip)}`;
}

/** Gives back one counted attempt (a login that turned out right), never below zero. */
export async function unhit(db: Database, key: string): Promise<void> {
  await db
    .update(throttleBuckets)
    .set({ count: sql`greatest(${throttleBuckets.count} - 1, 0)` })
    .where(eq(throttleBuckets.key, key));
}

export interface BackoffPolicy {
  /** Attempts allowed without waiting. */
  free: number;
  /** The longest wait between later attempts. */
  maxDelayMs: number;
  /** The count is forgotten after this long without an attempt. */
  forgetMs: number;
}

/**
 * A counter with growing delays: counts an attempt only when the wait after the previous one has passed, in one
 * atomic upsert, so parallel attempts cannot slip through together. `reset_at` is the time of the last counted
 * attempt plus `forgetMs` (a sliding window). Answers the new count, or the seconds to wait when refused.
 */
export async function hitWithBackoff(
  db: Database,
  key: string,
  policy: BackoffPolicy,
): Promise<{ allowed: true; count: number } | { allowed: false; count: number; retryAfterSeconds: number }> {
  const forget = policy.forgetMs / 1000;
  const maxDelay = policy.maxDelayMs / 1000;
  // Seconds to wait after the attempts counted so far: none for the free ones, then 2, 4, 8 …, at most maxDelay.
  const delay = sql`case when ${throttleBuckets.count} < ${policy.free}::int then 0
    else least(${maxDelay}::float8, power(2, ${throttleBuckets.count} - ${policy.free}::int + 1)) end`;
  const last = sql`${throttleBuckets.resetAt} - make_interval(secs => ${forget}::float8)`;
  const result = await db.execute(sql`
    insert into ${throttleBuckets} (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${forget}::float8))
    on conflict (key) do update set
      count = case when ${throttleBuckets.resetAt} <= now() then 1 else ${throttleBuckets.count} + 1 end,
      reset_at = excluded.reset_at
    where ${throttleBuckets.resetAt} <= now()
      or ${last} + make_interval(secs => ${delay}) <= now()
    returning count`);
  const row = (result as unknown as { rows: { count: number }[] }).rows[0];
  if (row) return { allowed: true, count: Number(row.count) };
  const waited = await db.execute(sql`
    select count, extract(epoch from (${last} + make_interval(secs => ${delay}) - now())) as wait
    from ${throttleBuckets} where key = ${key}`);
  const w = (waited as unknown as { rows: { count: number; wait: string | number }[] }).rows[0];
  return { allowed: false, count: Number(w?.count ?? 0), retryAfterSeconds: Math.max(1, Math.ceil(Number(w?.wait ?? 1))) };
}

/** Marks a key as present for `windowMs` from now (each call extends it), e.g. an address known to an account. */
export async function remember(db: Database, key: string, windowMs: number): Promise<void> {
  await db.execute(sql`
    insert into ${throttleBuckets} (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}::float8))
    on conflict (key) do update set count = ${throttleBuckets.count} + 1, reset_at = excluded.reset_at`);
}

/** Deletes counters whose window ended over a day ago (they would be reset on their next hit anyway). */
export async function purgeExpiredBuckets(db: Database): Promise<void> {
  await db.delete(throttleBuckets).where(sql`${throttleBuckets.resetAt} < now() - interval '1 day'`);
}
