import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { verificationCodes, withdrawals, type Database } from '@podo/db';
import { CODE_LENGTH } from '@podo/contracts';
import type { TokenService } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { DeliveryError, SmsCapReached } from '../../lib/notify';
import { oneRow } from '../../lib/rows';
import { clear, hit, purgeExpiredBuckets, secondsUntil } from '../../lib/throttle';

/**
 * What a code is for. A code only ever works for its own purpose and target (normalized mobile or
 * lower-case e-mail), so a sign-up code cannot reset a password.
 */
export type CodePurpose =
  | 'SIGNUP_MOBILE'
  | 'SIGNUP_EMAIL'
  | 'CERT_MOBILE'
  | 'FIND_ACCOUNT'
  | 'RESET_PASSWORD_EMAIL'
  | 'RESET_PASSWORD_MOBILE'
  /** The extra step of a login from a new address while the account is under attack (session/service.ts). */
  | 'LOGIN_EMAIL';

/** Lifetimes and limits. SMS codes are short-lived (3 minutes, as Korean services do); e-mail lives longer. */
export const CODE_POLICY = {
  ttlMs: {
    SIGNUP_MOBILE: 3 * 60_000,
    CERT_MOBILE: 3 * 60_000,
    FIND_ACCOUNT: 3 * 60_000,
    RESET_PASSWORD_MOBILE: 3 * 60_000,
    SIGNUP_EMAIL: 10 * 60_000,
    RESET_PASSWORD_EMAIL: 30 * 60_000,
    LOGIN_EMAIL: 10 * 60_000,
  } satisfies Record<CodePurpose, number>,
  /** Wrong guesses allowed per code (the right one included). */
  maxAttempts: 5,
  /** A second code for the same purpose and target can be requested after this. */
  resendCooldownMs: 60_000,
  /** Codes per target (phone or e-mail) per day, all purposes together. */
  perTargetPerDay: 10,
  /** Codes per client IP per hour. */
  perIpPerHour: 30,
  /** A verified code must be used (sign-up, reset…) within this time. */
  verifiedUseWithinMs: 30 * 60_000,
};

/** Throttle keys (table throttle_buckets) of the sending limits. */
const cooldownKey = (purpose: CodePurpose, target: string) => `code:cool:${purpose}:${target}`;
export const codeTargetKey = (target: string) => `code:target:${target}`;
export const codeIpKey = (ip: string) => `code:ip:${ip}`;

function codeHash(tokens: TokenService, purpose: CodePurpose, target: string, code: string) {
  return tokens.hmac(`code:${purpose}:${target}:${code}`);
}

function sameHash(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface IssuedCode {
  /** Row id in verification_codes. */
  id: number;
  /** The plain code, to be delivered by the caller (SMS or e-mail); only its keyed hash is stored. */
  code: string;
  expiresAt: Date;
  resendAfterSeconds: number;
}

/**
 * Drops codes older than a week and throttle counters long expired, so these tables stay small, and forgets password
 * hashes of members who left once they may register again (the purge-expired-records job). Codes are useless long
 * before that.
 */
export async function purgeExpiredCodes(db: Database): Promise<void> {
  await db.delete(verificationCodes).where(sql`${verificationCodes.createdAt} < now() - interval '7 days'`);
  await purgeExpiredBuckets(db);
  // A left member's password hash is kept only while re-registration is blocked.
  await db
    .update(withdrawals)
    .set({ passwordHash: null })
    .where(sql`${withdrawals.passwordHash} is not null and ${withdrawals.reregisterAfter} <= now()`);
}

/**
 * Creates a new code after the abuse checks (resend cooldown, per-target and per-IP caps). Earlier open
 * codes of the same purpose and target stop working.
 */
export async function issueCode(
  db: Database,
  tokens: TokenService,
  opts: { purpose: CodePurpose; target: string; ip: string },
): Promise<IssuedCode> {
  const { purpose, target, ip } = opts;
  const cool = await hit(db, cooldownKey(purpose, target), CODE_POLICY.resendCooldownMs);
  if (cool.count > 1) throw new AppError('CODE_COOLDOWN', { seconds: secondsUntil(cool.resetAt) });
  try {
    // The address first: a client over its limit must not use up the daily sends of someone's phone.
    const perIp = await hit(db, codeIpKey(ip), 3600_000);
    if (perIp.count > CODE_POLICY.perIpPerHour) throw new AppError('CODE_SEND_LIMIT');
    const perTarget = await hit(db, codeTargetKey(target), 24 * 3600_000);
    if (perTarget.count > CODE_POLICY.perTargetPerDay) throw new AppError('CODE_SEND_LIMIT');
  } catch (e) {
    // Nothing was sent, so a refused request does not start the resend cooldown of the target.
    await clear(db, cooldownKey(purpose, target));
    throw e;
  }

  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const expiresAt = new Date(Date.now() + CODE_POLICY.ttlMs[purpose]);
  const id = await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target), isNull(verificationCodes.consumedAt)));
    const rows = await tx
      .insert(verificationCodes)
      .values({
        purpose,
        target,
        codeHash: codeHash(tokens, purpose, target, code),
        maxAttempts: CODE_POLICY.maxAttempts,
        expiresAt,
        ip,
      })
      .returning({ id: verificationCodes.id });
    return oneRow(rows, 'insert into verification_codes').id;
  });
  return { id, code, expiresAt, resendAfterSeconds: Math.ceil(CODE_POLICY.resendCooldownMs / 1000) };
}

/** Makes an issued code unusable, e.g. because it could not be delivered. */
export async function discardCode(db: Database, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)));
}

/**
 * Issues a code and hands it to `deliver` (SMS or e-mail). When delivery fails (DeliveryError) the code is
 * discarded, so no undelivered code stays usable, and the call fails with SERVICE_UNAVAILABLE (503), or
 * SMS_UNAVAILABLE (503) when the global SMS cap refused it (SmsCapReached). With
 * `releaseCooldown` the resend cooldown is lifted too, so the person can retry at once; the daily and per-IP
 * counts stay. Any other error is rethrown after discarding the code.
 */
export async function issueAndDeliver(
  db: Database,
  tokens: TokenService,
  opts: { purpose: CodePurpose; target: string; ip: string; releaseCooldown?: boolean; log?: Pick<FastifyBaseLogger, 'error'> },
  deliver: (issued: IssuedCode) => Promise<void>,
): Promise<IssuedCode> {
  const issued = await issueCode(db, tokens, opts);
  try {
    await deliver(issued);
  } catch (e) {
    await discardCode(db, issued.id);
    if (!(e instanceof DeliveryError)) throw e;
    if (opts.releaseCooldown) await clear(db, cooldownKey(opts.purpose, opts.target));
    // The SMS cap is an answer of its own, logged once when reached (lib/notify.ts), not a delivery failure.
    if (e instanceof SmsCapReached) throw new AppError('SMS_UNAVAILABLE', {}, { cause: e });
    opts.log?.error({ err: e, purpose: opts.purpose }, `code delivery failed (${e.channel})`);
    throw new AppError('SERVICE_UNAVAILABLE', {}, { cause: e });
  }
  return issued;
}

async function latestOpen(db: Database, purpose: CodePurpose, target: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
}

/**
 * Checks a code. Every check counts as an attempt, taken atomically (`attempts < max` in the UPDATE), so
 * parallel guesses can never get more than `maxAttempts` tries. Returns `alreadyVerified` when the same
 * right code is confirmed twice (e.g. the e-mail link was opened, then the code typed).
 */
export async function confirmCode(
  db: Database,
  tokens: TokenService,
  opts: { purpose: CodePurpose; target: string; code: string },
): Promise<{ alreadyVerified: boolean }> {
  const { purpose, target, code } = opts;
  const hash = codeHash(tokens, purpose, target, code);
  const row = await latestOpen(db, purpose, target);
  if (!row) throw new AppError('CODE_EXPIRED');
  if (row.verifiedAt) {
    if (sameHash(row.codeHash, hash)) return { alreadyVerified: true };
    throw new AppError('CODE_INVALID', { remaining: 0 });
  }
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('CODE_EXPIRED');

  const taken = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        sql`${verificationCodes.attempts} < ${verificationCodes.maxAttempts}`,
        isNull(verificationCodes.verifiedAt),
        isNull(verificationCodes.consumedAt),
        sql`${verificationCodes.expiresAt} > now()`,
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  const [attempt] = taken;
  if (!attempt) {
    const [now] = await db.select().from(verificationCodes).where(eq(verificationCodes.id, row.id));
    if (now?.verifiedAt && sameHash(now.codeHash, hash)) return { alreadyVerified: true };
    if (now && now.attempts >= now.maxAttempts) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
    throw new AppError('CODE_EXPIRED');
  }
  if (!sameHash(row.codeHash, hash)) {
    const remaining = row.maxAttempts - attempt.attempts;
    if (remaining <= 0) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
    throw new AppError('CODE_INVALID', { remaining });
  }
  await db
    .update(verificationCodes)
    .set({ verifiedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.verifiedAt)));
  return { alreadyVerified: false };
}

/**
 * Uses up a verified code (single use): atomically marks the newest verified, unused, recent code of this
 * purpose and target as consumed. Throws CODE_NOT_VERIFIED when there is none. Pass a transaction to make
 * the use part of the change it allows.
 */
export async function consumeVerified(db: Database, opts: { purpose: CodePurpose; target: string }): Promise<void> {
  const within = CODE_POLICY.verifiedUseWithinMs / 1000;
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      sql`${verificationCodes.id} = (
        select id from ${verificationCodes}
        where purpose = ${opts.purpose} and target = ${opts.target}
          and verified_at is not null and consumed_at is null
          and verified_at > now() - make_interval(secs => ${within})
        order by id desc limit 1
      ) and ${verificationCodes.consumedAt} is null`,
    )
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw new AppError('CODE_NOT_VERIFIED');
}

/** Checks a code and uses it up in one step (calls that carry the code themselves, like change-mobile). */
export async function verifyAndConsume(
  db: Database,
  tokens: TokenService,
  opts: { purpose: CodePurpose; target: string; code: string },
): Promise<void> {
  await confirmCode(db, tokens, opts);
  await consumeVerified(db, opts);
}
