import { eq, sql } from 'drizzle-orm';
import { throttleBuckets, type Database } from '@podo/db';

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
  const row = (result as unknown as { rows: { count: number; reset_at: string | Date }[] }).rows[0];
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
 * The counter of failed logins of one account (docs/accounts.md "Login throttling"). Login counts and clears it;
 * a password reset clears it too, so both must use this one name.
 */
export function loginThrottleKey(email: string): string {
  return `login:acct:${email.trim().toLowerCase()}`;
}

/** Seconds until a window resets, at least 1. */
export function secondsUntil(resetAt: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
}

/** The failed-login counter of one client address (`req.ip`: X-Forwarded-For counts only with TRUST_PROXY=true). */
export function loginIpThrottleKey(ip: string): string {
  return `login:ip:${ip}`;
}

/** Gives back one counted attempt (a login that turned out right), never below zero. */
export async function unhit(db: Database, key: string): Promise<void> {
  await db
    .update(throttleBuckets)
    .set({ count: sql`greatest(${throttleBuckets.count} - 1, 0)` })
    .where(eq(throttleBuckets.key, key));
}

/** Deletes counters whose window ended over a day ago (they would be reset on their next hit anyway). */
export async function purgeExpiredBuckets(db: Database): Promise<void> {
  await db.delete(throttleBuckets).where(sql`${throttleBuckets.resetAt} < now() - interval '1 day'`);
}
