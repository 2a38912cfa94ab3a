import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { users, withdrawals, type Database } from '@podo/db';
import type { TMe } from '@podo/contracts';
import type { TokenService, VerifiedToken } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { sendNow } from '../../lib/outbox';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import {
  clear,
  hit,
  hitWithBackoff,
  loginIpThrottleKey,
  loginKnownKey,
  loginPairKey,
  loginThrottleKey,
  passwordRecheckKey,
  peek,
  remember,
  secondsUntil,
  unhit,
  type BackoffPolicy,
} from '../../lib/throttle';
import type { ServiceCtx } from '../../deps';
import { issueAndDeliver, verifyAndConsume } from '../certification';
import { codeMinutes, loginCodeMail } from '../certification';
import { withdrawnEmailHash } from '../certification';
import { loadMe, type UserRow } from './me';
import { notRevoked } from './revocation';
import { openStaffSession } from './staff';

/** Main login token lifetime (spec §9: one day). */
export const LOGIN_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/**
 * docs/accounts.md "Login throttling". Nobody can lock someone else's account: limits fall on an address, or on
 * an (account, address) pair; past the account-wide limit the owner still gets in, with an e-mailed code.
 */
export const LOGIN_POLICY = {
  /** Attempts per client address over all accounts in `ipWindowMs` (a right password gives its attempt back). */
  perIp: 20,
  ipWindowMs: 15 * 60_000,
  /**
   * One account from one address: 3 attempts straight away, then 2, 4, 8 … seconds apart, at most 15 minutes;
   * forgotten an hour after the last attempt. One address gets about 14 tries an hour at most.
   */
  perPair: { free: 3, maxDelayMs: 15 * 60_000, forgetMs: 60 * 60_000 } satisfies BackoffPolicy,
  /**
   * Failed attempts on one account from all addresses in `accountWindowMs` past which an address new to the account
   * needs the e-mailed code besides the right password. Above what one address can reach under the delays.
   */
  perAccount: 20,
  accountWindowMs: 60 * 60_000,
  /** An address stays known to an account (no code needed) this long after its last successful login there. */
  knownAddressMs: 90 * 24 * 3600_000,
  /** Wrong current passwords of a logged-in member (match-password, change-password, leaving) per window. */
  perRecheck: 5,
  recheckWindowMs: 15 * 60_000,
};

/**
 * The member who left with this e-mail less than six months ago (found through the e-mail hash `withdrawals`
 * keeps; the row itself is anonymized), or undefined.
 */
export async function recentlyWithdrawnMember(db: Database, tokens: TokenService, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users, passwordHash: withdrawals.passwordHash })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(
      and(
        eq(withdrawals.emailHash, withdrawnEmailHash(tokens, email)),
        gt(withdrawals.reregisterAfter, sql`now()`),
        eq(users.status, 'WITHDRAWN'),
      ),
    )
    .orderBy(desc(withdrawals.id))
    .limit(1);
  // The hash kept at leaving (the member row's was destroyed): only the right password reveals ACCOUNT_WITHDRAWN.
  return row ? { ...row.user, passwordHash: row.passwordHash ?? row.user.passwordHash } : undefined;
}

/** The live (not withdrawn) member with this e-mail, compared case-insensitively. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/**
 * Signs an access token bound to the member's current token version. Every token gets a random id (jti), so two
 * logins in the same second still get different tokens and logging out of one leaves the other alive.
 */
export async function issueAccessToken(
  tokens: TokenService,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  ttlSeconds = LOGIN_TOKEN_TTL_SECONDS,
) {
  const { token, expiresAt } = await tokens.sign({ sub: String(user.id), ver: user.tokenVersion }, ttlSeconds);
  return { accessToken: token, expiresAt: expiresAt.toISOString() };
}

/** LOGIN_LOCKED (429): Retry-After carries the exact seconds, the message whole minutes. */
function lockedError(seconds: number): AppError {
  return new AppError('LOGIN_LOCKED', { minutes: Math.max(1, Math.ceil(seconds / 60)), seconds });
}

/**
 * Exactly one argon2 verification on every path, so the answer time does not tell the cases apart: against the
 * member's hash, or a dummy one when there is none to check (unknown e-mail; a member who left, whose hash was
 * replaced on leaving; an account without a password).
 */
async function passwordMatches(passwordHash: string | undefined, password: string): Promise<boolean> {
  return passwordHash?.startsWith('$argon2') ? verifyPassword(passwordHash, password) : verifyAgainstDummy(password);
}

export interface LoginInput {
  email: string;
  password: string;
  /** The e-mailed one-time code, when a previous answer was LOGIN_CODE_REQUIRED. */
  code?: string;
  ip: string;
  /** Where links in the code e-mail point (siteOrigin: never the Host header). */
  origin: string;
}

/**
 * The extra step for the right password from an address new to an account under attack: without `code`, e-mails a
 * one-time code (purpose LOGIN_EMAIL: hashed, 10 minutes, 5 attempts, the usual send limits) and answers
 * LOGIN_CODE_REQUIRED; with it, checks and uses up the code.
 */
async function loginCodeStep(ctx: ServiceCtx, user: UserRow, input: LoginInput) {
  const db = ctx.db;
  const target = user.email.toLowerCase();
  if (input.code) {
    await verifyAndConsume(db, ctx.tokens, { purpose: 'LOGIN_EMAIL', target, code: input.code });
    return;
  }
  await issueAndDeliver(db, ctx.tokens, { purpose: 'LOGIN_EMAIL', target, ip: input.ip, releaseCooldown: true, log: ctx.log }, (issued) =>
    sendNow(
      ctx,
      {
        channel: 'mail',
        purpose: 'code',
        ...loginCodeMail(ctx.config, ctx.lang, { to: user.email, code: issued.code, origin: input.origin }),
      },
      issued.code,
    ),
  );
  throw new AppError('LOGIN_CODE_REQUIRED', { minutes: codeMinutes('LOGIN_EMAIL') });
}

/**
 * Checks e-mail and password and issues a one-day token (docs/accounts.md "Login throttling"). The address and the
 * (account, address) pair are counted *before* the password is checked, each in one atomic upsert, so parallel
 * guesses cannot slip past a limit; then the account-wide count. A right password gives its attempts back and
 * forgets the pair's failures. Someone else's failures never keep the owner out: past the account-wide limit an
 * address that never logged in to the account needs an e-mailed code as well.
 */
export async function login(ctx: ServiceCtx, input: LoginInput) {
  const db = ctx.db;
  const email = input.email.trim().toLowerCase();
  const ipKey = loginIpThrottleKey(input.ip);
  const pairKey = loginPairKey(email, input.ip);
  const acctKey = loginThrottleKey(email);

  const ip = await hit(db, ipKey, LOGIN_POLICY.ipWindowMs);
  if (ip.count > LOGIN_POLICY.perIp) throw lockedError(secondsUntil(ip.resetAt));
  const pair = await hitWithBackoff(db, pairKey, LOGIN_POLICY.perPair);
  if (!pair.allowed) throw lockedError(pair.retryAfterSeconds);

  // The same statements for a live, a withdrawn and an unknown e-mail, and one password verification.
  const [acct, live, left] = await Promise.all([
    hit(db, acctKey, LOGIN_POLICY.accountWindowMs),
    findUserByEmail(db, email),
    recentlyWithdrawnMember(db, ctx.tokens, email),
  ]);
  const user = live ?? left;
  if (!(await passwordMatches(user?.passwordHash, input.password)) || !user) throw new AppError('LOGIN_FAILED');
  // Only the right password may tell that the account was left.
  if (user.status === 'WITHDRAWN') throw new AppError('ACCOUNT_WITHDRAWN');

  await Promise.all([unhit(db, ipKey), unhit(db, acctKey), clear(db, pairKey)]);
  const knownKey = loginKnownKey(email, input.ip);
  if (acct.count > LOGIN_POLICY.perAccount && (await peek(db, knownKey)).count === 0) await loginCodeStep(ctx, user, input);
  await remember(db, knownKey, LOGIN_POLICY.knownAddressMs);
  const issued = await issueAccessToken(ctx.tokens, user);
  // A member of staff is not signed in to the back office yet: the session waits for the second factor.
  const staff =
    user.role === 'ADMIN'
      ? { secondFactor: await openStaffSession(db, user.id, (await ctx.tokens.verify(issued.accessToken))!.jti, input.ip) }
      : undefined;
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()`, lang: ctx.lang })
    .where(eq(users.id, user.id));
  return staff ? { ...issued, staff } : issued;
}

/**
 * Checks the current password of a logged-in member (match-password, change-password, leaving). Attempts count
 * per member (taken before the check, like login), so a stolen token cannot be used to guess the password; the
 * counter is its own, so this never keeps the owner from logging in. The right password clears it.
 */
export async function checkCurrentPassword(db: Database, user: UserRow, password: string): Promise<void> {
  const key = passwordRecheckKey(user.id);
  const state = await hit(db, key, LOGIN_POLICY.recheckWindowMs);
  if (state.count > LOGIN_POLICY.perRecheck) throw lockedError(secondsUntil(state.resetAt));
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('PASSWORD_INCORRECT');
  await clear(db, key);
}

/**
 * Resolves a bearer token to its user row and verified claims; any bad, expired, superseded (token_version) or
 * revoked (logout) token is TOKEN_INVALID. The revocation check rides in the same statement as the user row: one
 * round trip per request.
 */
export async function authenticateToken(
  db: Database,
  tokens: TokenService,
  token: string,
): Promise<{ user: UserRow; claims: VerifiedToken }> {
  const claims = await tokens.verify(token);
  const id = claims ? Number(claims.sub) : NaN;
  if (!claims || !Number.isSafeInteger(id)) throw new AppError('TOKEN_INVALID');
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), notRevoked(db, claims.jti)))
    .limit(1);
  if (!user || user.tokenVersion !== claims.ver || user.status === 'WITHDRAWN') throw new AppError('TOKEN_INVALID');
  return { user, claims };
}

export const authenticateUser = async (db: Database, tokens: TokenService, token: string): Promise<UserRow> =>
  (await authenticateToken(db, tokens, token)).user;

/** GET /me: the token's user, shown to themselves. */
export async function authenticate(db: Database, tokens: TokenService, token: string): Promise<TMe> {
  return loadMe(db, await authenticateUser(db, tokens, token));
}
