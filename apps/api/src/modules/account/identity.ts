import type { ServiceCtx } from '../../deps';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { verificationCodes } from '@podo/db';
import { REAUTH_MINUTES } from '@podo/contracts';
import type { TokenService } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { hasUsablePassword, type UserRow } from '../session';
import { checkCurrentPassword } from '../session';

/**
 * docs/accounts.md "Changes that need the member, not only a token": the mobile number and the business details
 * change only with the current password in the same request, or, for a member without a password, with a proof
 * of a fresh social re-authentication (POST /auth/{provider}/reauth). A stolen token alone changes neither.
 */

export { hasUsablePassword };

/** A re-authentication proof is good for this long, and only once. */
export const REAUTH_TTL_MS = REAUTH_MINUTES * 60_000;
/** Proofs live in verification_codes (hashed, expiring, used once) under this purpose, bound to the member. */
const REAUTH_PURPOSE = 'REAUTH';
const reauthTarget = (userId: number) => `user:${userId}`;
const proofHash = (tokens: TokenService, userId: number, proof: string) => tokens.hmac(`reauth:${userId}:${proof}`);

/** What a change request carries to show it comes from the member: the password, or a re-authentication proof. */
export interface IdentityProof {
  password?: string;
  reauthToken?: string;
}

/**
 * POST /auth/{provider}/reauth: a random proof for this member (only its keyed hash is stored), good for five
 * minutes and one change. An earlier open proof of the member stops working.
 */
export async function issueReauthProof(ctx: ServiceCtx, userId: number) {
  const { db, tokens } = ctx;
  const proof = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + REAUTH_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(verificationCodes.purpose, REAUTH_PURPOSE),
          eq(verificationCodes.target, reauthTarget(userId)),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      purpose: REAUTH_PURPOSE,
      target: reauthTarget(userId),
      codeHash: proofHash(tokens, userId, proof),
      maxAttempts: 1,
      expiresAt,
    });
  });
  return { reauthToken: proof, expiresAt: expiresAt.toISOString() };
}

/** The open, unexpired proof row of this member matching `proof` (a proof of another member never matches). */
const openProof = (tokens: TokenService, userId: number, proof: string) =>
  and(
    eq(verificationCodes.purpose, REAUTH_PURPOSE),
    eq(verificationCodes.target, reauthTarget(userId)),
    eq(verificationCodes.codeHash, proofHash(tokens, userId, proof)),
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, sql`now()`),
  );

/**
 * Checks the proof of a change request before anything is written. A member with a password must send it
 * (PASSWORD_REQUIRED, PASSWORD_INCORRECT; wrong guesses count against the login limit, so a stolen token cannot
 * try passwords); a member without one must send a live re-authentication proof of their own (REAUTH_REQUIRED,
 * REAUTH_INVALID). The proof is only looked at here: `useUpIdentityProof` spends it with the write.
 */
export async function checkIdentity(ctx: ServiceCtx, user: UserRow, proof: IdentityProof): Promise<void> {
  const { db, tokens } = ctx;
  if (hasUsablePassword(user)) {
    if (!proof.password) throw new AppError('PASSWORD_REQUIRED');
    await checkCurrentPassword(db, user, proof.password);
    return;
  }
  if (!proof.reauthToken) throw new AppError('REAUTH_REQUIRED');
  const [row] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(openProof(tokens, user.id, proof.reauthToken))
    .limit(1);
  if (!row) throw new AppError('REAUTH_INVALID');
}

/**
 * Spends a re-authentication proof (in the transaction of the change it allows, so a failed change leaves it
 * usable); REAUTH_INVALID when a parallel request spent it first. Nothing to do for a password.
 */
export async function useUpIdentityProof(ctx: ServiceCtx, user: UserRow, proof: IdentityProof): Promise<void> {
  const { db, tokens } = ctx;
  if (hasUsablePassword(user)) return;
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(openProof(tokens, user.id, proof.reauthToken ?? ''))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw new AppError('REAUTH_INVALID');
}
