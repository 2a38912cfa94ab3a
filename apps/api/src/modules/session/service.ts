import { and, eq, gt, sql } from 'drizzle-orm';
import { users, withdrawals, type Database } from '@podo/db';
import type { TMe } from '@podo/contracts';
import type { TokenService } from '../../lib/auth';
import type { Language } from '@podo/i18n';
import { AppError } from '../../lib/errors';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { clear, hit, loginIpThrottleKey, loginThrottleKey, secondsUntil, unhit, type ThrottleState } from '../../lib/throttle';
import { withdrawnEmailHash } from '../certification/registrable';
import { loadMe, type UserRow } from './me';

/** Main login token lifetime (spec §9: one day). */
export const LOGIN_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/** docs/accounts.md "Login throttling": 5 failures per account or 20 per client address in 15 minutes. */
export const LOGIN_POLICY = { windowMs: 15 * 60_000, perAccount: 5, perIp: 20 };

/** Whether this e-mail left less than six months ago (sign-up refused, login answers ACCOUNT_WITHDRAWN). */
export async function isRecentlyWithdrawn(db: Database, tokens: TokenService, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.emailHash, withdrawnEmailHash(tokens, email)), gt(withdrawals.reregisterAfter, sql`now()`)))
    .limit(1);
  return rows.length > 0;
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

/** Signs an access token bound to the member's current token version. */
export async function issueAccessToken(
  tokens: TokenService,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  ttlSeconds = LOGIN_TOKEN_TTL_SECONDS,
) {
  const { token, expiresAt } = await tokens.sign({ sub: String(user.id), ver: user.tokenVersion }, ttlSeconds);
  return { accessToken: token, expiresAt: expiresAt.toISOString() };
}

function lockedError(...states: ThrottleState[]): AppError {
  const seconds = Math.max(...states.map((s) => secondsUntil(s.resetAt)));
  return new AppError('LOGIN_LOCKED', { minutes: Math.max(1, Math.ceil(seconds / 60)), seconds });
}

/**
 * Checks e-mail and password and issues a one-day token. Every attempt is counted *before* the password is
 * checked (one atomic upsert per counter), so parallel guesses cannot slip past the limit; a right password
 * gives the attempt back to the address and clears the account counter.
 */
export async function login(db: Database, tokens: TokenService, input: { email: string; password: string; ip: string; lang?: Language }) {
  const email = input.email.trim().toLowerCase();
  const acctKey = loginThrottleKey(email);
  const ipKey = loginIpThrottleKey(input.ip);
  const [acct, ip] = await Promise.all([hit(db, acctKey, LOGIN_POLICY.windowMs), hit(db, ipKey, LOGIN_POLICY.windowMs)]);
  const locked = [acct.count > LOGIN_POLICY.perAccount ? acct : null, ip.count > LOGIN_POLICY.perIp ? ip : null].filter(
    (s): s is ThrottleState => s !== null,
  );
  if (locked.length) throw lockedError(...locked);

  const user = await findUserByEmail(db, email);
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    if (!user && (await isRecentlyWithdrawn(db, tokens, email))) throw new AppError('ACCOUNT_WITHDRAWN');
    throw new AppError('LOGIN_FAILED');
  }
  if (user.status === 'WITHDRAWN') throw new AppError('ACCOUNT_WITHDRAWN');
  await Promise.all([clear(db, acctKey), unhit(db, ipKey)]);
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()`, ...(input.lang ? { lang: input.lang } : {}) })
    .where(eq(users.id, user.id));
  return issueAccessToken(tokens, user);
}

/**
 * Checks the current password of a logged-in member (match-password, change-password, leaving). Attempts count
 * against the same account counter as logins (taken before the check, like login), so a stolen token cannot be
 * used to guess the password; the right password clears the counter.
 */
export async function checkCurrentPassword(db: Database, user: UserRow, password: string): Promise<void> {
  const key = loginThrottleKey(user.email);
  const state = await hit(db, key, LOGIN_POLICY.windowMs);
  if (state.count > LOGIN_POLICY.perAccount) throw lockedError(state);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('PASSWORD_INCORRECT');
  await clear(db, key);
}

/** Resolves a bearer token to its user row; any bad, expired or superseded token is TOKEN_INVALID. */
export async function authenticateUser(db: Database, tokens: TokenService, token: string): Promise<UserRow> {
  const claims = await tokens.verify(token);
  const id = claims ? Number(claims.sub) : NaN;
  if (!claims || !Number.isSafeInteger(id)) throw new AppError('TOKEN_INVALID');
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user || user.tokenVersion !== claims.ver || user.status === 'WITHDRAWN') throw new AppError('TOKEN_INVALID');
  return user;
}

/** GET /me: the token's user, shown to themselves. */
export async function authenticate(db: Database, tokens: TokenService, token: string): Promise<TMe> {
  return loadMe(db, await authenticateUser(db, tokens, token));
}
