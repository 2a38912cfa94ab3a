import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { cacheHub, type Computing } from '@podo/cache';
import { users, type Database } from '@podo/db';
import { requireUser, VIEWER_TTL_MS, VIEWERS_TAG } from './guards';
import { notRevoked } from './revocation';

/**
 * Who is looking at the catalogue. Public (T) calls take the token when there is one and treat a missing,
 * expired or otherwise bad token as an anonymous visitor (a public page must not fail on a stale cookie).
 */
export interface Viewer {
  /** Member id; null for anonymous visitors. */
  userId: number | null;
  /** Approved trade buyer (or admin): sees trade prices and stock. */
  isBuyer: boolean;
  /** The buyer's level (buyer_levels): its discount or its own prices (vintage_level_prices) apply. */
  buyerLevel: string | null;
}

export const ANONYMOUS: Viewer = Object.freeze({ userId: null, isBuyer: false, buyerLevel: null });

export function viewerOf(user: { id: number; role: string; status: string; buyerLevel: string | null }): Viewer & { userId: number } {
  // Same rule as requireBuyer: approved buyers and admins see trade prices.
  const isBuyer = user.status === 'APPROVED' && (user.role === 'BUYER' || user.role === 'ADMIN');
  return { userId: user.id, isBuyer, buyerLevel: isBuyer ? user.buyerLevel : null };
}

/**
 * Viewers of the catalogue's token-optional calls, by token, for a few seconds: a buyer browsing the portfolio
 * would otherwise pay a signature check and a member read on every page of the list. Writes that change what a
 * viewer is (approval, level, logout, password, withdrawal) drop them all in every server process (`forgetViewers`);
 * a change no server process announces (the admin CLI on another process without a database bus) takes effect
 * within the TTL. Member-only reads keep their members the same way (`requireUser`); their writes never do.
 */
export { VIEWERS_TAG };
const viewersOf = (db: Database) => cacheHub(db).cache<Viewer>('viewers', { ttlMs: VIEWER_TTL_MS, max: 20_000, tags: [VIEWERS_TAG] });

/** After a write that changes a member's status, level or tokens: cached viewers are forgotten everywhere. */
export function forgetViewers(db: Database): void {
  cacheHub(db).invalidate([VIEWERS_TAG]);
}

/** The viewer of a token-optional call: anonymous without a token or with a bad one, never an error. */
export async function optionalViewer(req: FastifyRequest): Promise<Viewer> {
  const h = req.headers.authorization;
  const token = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h)?.[1] : undefined;
  if (token === undefined) return ANONYMOUS;
  const db = req.server.deps.db.db;
  return viewersOf(db).fetch(token, (entry) => resolveViewer(req, token, entry));
}

/** The cached viewer of a bearer token when there is one at hand (a request hook answering before validation). */
export function readyViewer(db: Database, authorization: string): Viewer | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  return token === undefined ? undefined : viewersOf(db).ready(token);
}

async function resolveViewer(req: FastifyRequest, token: string, entry: Computing): Promise<Viewer> {
  const { db, tokens } = req.server.deps;
  const claims = await tokens.verify(token);
  const id = claims ? Number(claims.sub) : NaN;
  if (!claims || !Number.isSafeInteger(id)) return ANONYMOUS;
  // Never served past the token's expiry.
  entry.ttl(Math.max(0, Math.min(VIEWER_TTL_MS, claims.exp * 1000 - Date.now())));
  const [user] = await db.db
    .select({ id: users.id, role: users.role, status: users.status, buyerLevel: users.buyerLevel, tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(eq(users.id, id), notRevoked(db.db, claims.jti)))
    .limit(1);
  if (!user || user.tokenVersion !== claims.ver || user.status === 'WITHDRAWN') return ANONYMOUS;
  return viewerOf(user);
}

/** The viewer of a (T)-required call (wish list, likes): UNAUTHORIZED / TOKEN_INVALID like every member route. */
export async function requireViewer(req: FastifyRequest): Promise<Viewer & { userId: number }> {
  const user = await requireUser(req);
  return viewerOf(user);
}
