/** Staff sign-in: the second factor (TOTP) and the staff sessions (decision 025). */
import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { localized } from '@podo/config';
import { ROLE_PERMISSIONS, type StaffRole } from '@podo/contracts/staff';
import { RECOVERY_CODE_COUNT, STAFF_IDLE_MINUTES, type TStaffSession } from '@podo/contracts/ops/staff';
import { rowsOf, staffAccounts, staffRecoveryCodes, staffSessions, type Database } from '@podo/db';
import type { ServiceCtx } from '../../deps';
import type { TokenService } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { clear, hit, secondsUntil } from '../../lib/throttle';
import type { UserRow } from './me';

/** Wrong second-factor codes of one member of staff per window, then LOGIN_LOCKED until the window ends. */
const CODE_ATTEMPTS = 5;
const CODE_WINDOW_MS = 15 * 60_000;
/** A session's last call is written at most this often (each staff call would write otherwise). */
const TOUCH_EVERY_SECONDS = 60;
const PERIOD = 30;

const totpOf = (secret: string, label: string, issuer: string) =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD });

/** The time step a six-digit code belongs to (one step either side for clock drift), or null. */
function stepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret, '', '').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** A staff sign-in begins with the password: the token's session waits for the second factor. */
export async function openStaffSession(db: Database, userId: number, jti: string, ip: string): Promise<'required' | 'setup'> {
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.userId, userId));
  if (account?.disabledAt) throw new AppError('STAFF_DISABLED');
  await db.insert(staffSessions).values({ jti, userId, ip });
  return account?.totpSecret ? 'required' : 'setup';
}

/** Staff sessions ended, or idle past their limit, more than a day ago (housekeeping). */
export async function purgeStaffSessions(db: Database): Promise<void> {
  await db.execute(sql`delete from ${staffSessions}
    where coalesce(ended_at, last_seen_at + make_interval(mins => ${STAFF_IDLE_MINUTES})) < now() - interval '1 day'`);
}

interface SessionState {
  disabled: boolean;
  hasSecret: boolean;
  found: boolean;
  verified: boolean;
  live: boolean;
  stale: boolean;
  recoveryLeft: number;
}

async function sessionState(db: Database, userId: number, jti: string): Promise<SessionState | null> {
  const [row] = rowsOf<{
    disabled: boolean;
    has_secret: boolean;
    found: boolean;
    verified: boolean;
    live: boolean;
    stale: boolean;
    recovery_left: number;
  }>(
    await db.execute(sql`
      select a.disabled_at is not null as disabled, a.totp_secret is not null as has_secret, s.jti is not null as found,
        s.verified_at is not null as verified,
        (s.ended_at is null and s.last_seen_at > now() - make_interval(mins => ${STAFF_IDLE_MINUTES})) as live,
        (s.last_seen_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})) as stale,
        (select count(*)::int from ${staffRecoveryCodes} r where r.user_id = a.user_id and r.used_at is null) as recovery_left
      from ${staffAccounts} a left join ${staffSessions} s on s.jti = ${jti} and s.user_id = a.user_id
      where a.user_id = ${userId}`),
  );
  if (!row) return null;
  return {
    disabled: row.disabled,
    hasSecret: row.has_secret,
    found: row.found,
    verified: row.verified,
    live: row.found && row.live === true,
    stale: row.stale === true,
    recoveryLeft: row.recovery_left,
  };
}

/** The staff account and a live session of this token, or the error that says what is missing. */
async function liveSession(db: Database, user: UserRow, jti: string): Promise<SessionState> {
  if (user.role !== 'ADMIN' || !user.staffRole) throw new AppError('ADMIN_ONLY');
  const state = await sessionState(db, user.id, jti);
  if (!state) throw new AppError('ADMIN_ONLY');
  if (state.disabled) throw new AppError('STAFF_DISABLED');
  if (!state.live) throw new AppError('STAFF_SESSION_EXPIRED');
  return state;
}

/**
 * The check of every staff call (requireAdmin): a staff account that is not disabled, a session of this token given
 * its second factor and used within STAFF_IDLE_MINUTES. The call keeps the session alive.
 */
export async function requireStaffSession(db: Database, user: UserRow, jti: string): Promise<void> {
  const state = await liveSession(db, user, jti);
  if (!state.verified) throw new AppError(state.hasSecret ? 'SECOND_FACTOR_REQUIRED' : 'SECOND_FACTOR_SETUP_REQUIRED');
  if (state.stale)
    await db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(staffSessions.jti, jti));
}

function sessionAnswer(user: UserRow, state: SessionState): TStaffSession {
  const role = user.staffRole as StaffRole;
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    secondFactor: state.verified ? 'verified' : state.hasSecret ? 'required' : 'setup',
    recoveryCodesLeft: state.recoveryLeft,
    idleMinutes: STAFF_IDLE_MINUTES,
  };
}

/** GET /staff/session. */
export async function staffSessionOf(db: Database, user: UserRow, jti: string): Promise<TStaffSession> {
  return sessionAnswer(user, await liveSession(db, user, jti));
}

async function countAttempt(db: Database, userId: number): Promise<string> {
  const key = `staff:second-factor:${userId}`;
  const state = await hit(db, key, CODE_WINDOW_MS);
  if (state.count > CODE_ATTEMPTS) {
    const seconds = secondsUntil(state.resetAt);
    throw new AppError('LOGIN_LOCKED', { minutes: Math.max(1, Math.ceil(seconds / 60)), seconds });
  }
  return key;
}

const verify = (db: Database, jti: string) =>
  db
    .update(staffSessions)
    .set({ verifiedAt: sql`now()`, lastSeenAt: sql`now()` })
    .where(eq(staffSessions.jti, jti));

/**
 * POST /staff/second-factor: the app's code (good once: a step not later than the last one used is refused) or an
 * unused recovery code. Attempts are counted before the check, five per 15 minutes.
 */
export async function giveSecondFactor(ctx: ServiceCtx, user: UserRow, jti: string, code: string): Promise<TStaffSession> {
  await liveSession(ctx.db, user, jti);
  const key = await countAttempt(ctx.db, user.id);
  await ctx.db.transaction(async (tx) => {
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.userId, user.id)).for('update');
    if (!account?.totpSecret) throw new AppError('SECOND_FACTOR_NOT_SET');
    if (/^\d{6}$/.test(code)) {
      const step = stepOf(account.totpSecret, code);
      if (step === null || step <= (account.totpLastStep ?? -1)) throw new AppError('SECOND_FACTOR_INVALID');
      await tx.update(staffAccounts).set({ totpLastStep: step }).where(eq(staffAccounts.userId, user.id));
    } else {
      const [used] = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(staffRecoveryCodes.userId, user.id),
            eq(staffRecoveryCodes.codeHash, ctx.tokens.hmac(`recovery:${code}`)),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      if (!used) throw new AppError('SECOND_FACTOR_INVALID');
    }
    await verify(tx as unknown as Database, jti);
  });
  await clear(ctx.db, key);
  return staffSessionOf(ctx.db, user, jti);
}

/** POST /staff/second-factor/setup: a new secret waits for its first code; the QR code holds its otpauth:// URI. */
export async function startSecondFactorSetup(ctx: ServiceCtx, user: UserRow, jti: string) {
  const state = await liveSession(ctx.db, user, jti);
  if (state.hasSecret) throw new AppError('SECOND_FACTOR_ACTIVE');
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db.update(staffAccounts).set({ totpPending: secret }).where(eq(staffAccounts.userId, user.id));
  const uri = totpOf(secret, user.email, localized(ctx.config.site.brandName, 'en-US')).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/** Recovery codes: xxxx-xxxx of letters and digits that cannot be mistaken for one another. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const recoveryCode = () => {
  const part = () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
};

/** Replaces a member of staff's recovery codes with new ones, kept as keyed hashes; returns them in clear, once. */
async function newRecoveryCodes(db: Database, tokens: TokenService, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await db.insert(staffRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: tokens.hmac(`recovery:${c}`) })));
  return codes;
}

/** POST /staff/second-factor/enable: the first code confirms the app; this sign-in is verified. */
export async function enableSecondFactor(ctx: ServiceCtx, user: UserRow, jti: string, code: string) {
  await liveSession(ctx.db, user, jti);
  const key = await countAttempt(ctx.db, user.id);
  const recoveryCodes = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.userId, user.id)).for('update');
    if (account?.totpSecret) throw new AppError('SECOND_FACTOR_ACTIVE');
    if (!account?.totpPending) throw new AppError('SECOND_FACTOR_NOT_SET');
    const step = /^\d{6}$/.test(code) ? stepOf(account.totpPending, code) : null;
    if (step === null) throw new AppError('SECOND_FACTOR_INVALID');
    await tx
      .update(staffAccounts)
      .set({ totpSecret: account.totpPending, totpPending: null, totpLastStep: step, totpEnabledAt: sql`now()` })
      .where(eq(staffAccounts.userId, user.id));
    await verify(tx, jti);
    return newRecoveryCodes(tx, ctx.tokens, user.id);
  });
  await clear(ctx.db, key);
  return { session: await staffSessionOf(ctx.db, user, jti), recoveryCodes };
}
