import { and, eq, gt, sql } from 'drizzle-orm';
import { users, withdrawals, type Database } from '@podo/db';
import type { TokenService } from '../../lib/auth';
import { AppError } from '../../lib/errors';

/** The keyed hash under which `withdrawals` remembers a departed member's e-mail (docs/accounts.md "Leaving"). */
export function withdrawnEmailHash(tokens: TokenService, email: string): string {
  return tokens.hmac(`email:${email.trim().toLowerCase()}`);
}

/**
 * Refuses an e-mail that cannot sign up: already registered (EMAIL_TAKEN), or left less than six months ago
 * (REREGISTER_BLOCKED). Used by the sign-up e-mail code (POST /cert SIGNUP_EMAIL) and by sign-up itself.
 */
export async function assertEmailRegistrable(db: Database, tokens: TokenService, email: string): Promise<void> {
  const lower = email.trim().toLowerCase();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, lower))
    .limit(1);
  if (taken) throw new AppError('EMAIL_TAKEN');
  const [blocked] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.emailHash, withdrawnEmailHash(tokens, lower)), gt(withdrawals.reregisterAfter, sql`now()`)))
    .limit(1);
  if (blocked) throw new AppError('REREGISTER_BLOCKED');
}
