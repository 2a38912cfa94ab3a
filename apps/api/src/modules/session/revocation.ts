import { eq, lt, notExists, sql, type SQL } from 'drizzle-orm';
import { revokedTokens, users, type Database } from '@podo/db';
import type { VerifiedToken } from '../../lib/auth';
import { forgetViewers } from './viewer';

/**
 * The condition 'this token id was not revoked', to put in the WHERE of the statement that reads the member, so
 * checking revocation costs no extra round trip.
 */
export function notRevoked(db: Database, jti: string): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(revokedTokens)
      .where(eq(revokedTokens.jti, jti)),
  );
}

/**
 * Logout: records this token's id in revoked_tokens until it would expire anyway, so every server process on the
 * database refuses it from now on (authenticateUser). Rows past their expiry are purged by the purge-expired-records
 * job: they can no longer match a token that verifies.
 */
export async function revokeToken(db: Database, userId: number, token: VerifiedToken): Promise<void> {
  await db
    .insert(revokedTokens)
    .values({ jti: token.jti, userId, expiresAt: new Date(token.exp * 1000) })
    .onConflictDoNothing();
  forgetViewers(db);
}

/** Log out everywhere: a new token version makes every token of the member invalid, on every process. */
export async function revokeAllTokens(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  forgetViewers(db);
}

/** Deletes revocations of tokens that have expired (an expired token is refused by its signature check alone). */
export async function purgeExpiredRevocations(db: Database): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
}
