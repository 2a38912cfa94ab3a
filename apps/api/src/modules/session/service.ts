import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { users, type Database } from '@podo/db';
import type { TMe } from '@podo/contracts';
import type { TokenService } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { loadMe, type UserRow } from './me';

/** Main login token lifetime (spec §9: one day). */
export const LOGIN_TOKEN_TTL_SECONDS = 24 * 60 * 60;

// Compared against when the e-mail is unknown, so both paths cost one argon2 verification.
const dummyHash = hash('not-a-real-password-0!');

/** Checks e-mail and password and issues an access token. */
export async function login(db: Database, tokens: TokenService, email: string, password: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  const ok = await verify(user?.passwordHash ?? (await dummyHash), password).catch(() => false);
  if (!user || !ok) throw new AppError('LOGIN_FAILED');
  if (user.status === 'WITHDRAWN') throw new AppError('ACCOUNT_WITHDRAWN');
  const { token, expiresAt } = await tokens.sign({ sub: String(user.id), ver: user.tokenVersion }, LOGIN_TOKEN_TTL_SECONDS);
  return { accessToken: token, expiresAt: expiresAt.toISOString() };
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
