import type { FastifyRequest } from 'fastify';
import { cacheHub } from '@podo/cache';
import { can, type Permission, type StaffRole } from '@podo/contracts/staff';
import type { Database } from '@podo/db';
import type { TokenService, VerifiedToken } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import type { UserRow } from './me';
import { requireStaffSession } from './staff';
import { authenticateToken, authenticateUser } from './service';

/** Reads the bearer token; the API authenticates only by the Authorization header, never by cookie. */
export function bearerToken(req: FastifyRequest): string {
  const h = req.headers.authorization;
  const token = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h)?.[1] : undefined;
  if (token === undefined) throw new AppError('UNAUTHORIZED');
  return token;
}

/**
 * Who a token is, kept a few seconds: the catalogue's viewers (viewer.ts) and the members of member-only reads.
 * Writes that change what a member is or may do (approval, level, logout, password, withdrawal, profile) drop them
 * all in every server process; see decision 012.
 */
export const VIEWERS_TAG = 'viewers';
export const VIEWER_TTL_MS = 5_000;
const membersOf = (db: Database) => cacheHub(db).cache<UserRow>('members', { ttlMs: VIEWER_TTL_MS, max: 20_000, tags: [VIEWERS_TAG] });

/**
 * The member of the bearer token, for every (T) route: UNAUTHORIZED without one, TOKEN_INVALID for a bad one.
 * A read (GET) takes the member checked in the last few seconds, as the catalogue does for its viewers: a buyer's
 * page asks for the member, the cart and the shell's `/me` at once, and each would check the token and read the
 * member again; so does a call that changes nothing (`readOnly`: the order quote). Writes always check the token
 * against the database; a failed check is never kept.
 */
export async function requireUser(req: FastifyRequest, readOnly = false): Promise<UserRow> {
  const { db, tokens } = req.server.deps;
  const token = bearerToken(req);
  if (!readOnly && req.method !== 'GET' && req.method !== 'HEAD') return authenticateUser(db.db, tokens, token);
  return membersOf(db.db).fetch(token, async (entry) => {
    const { user, claims } = await authenticateToken(db.db, tokens, token);
    // Never served past the token's expiry.
    entry.ttl(Math.max(0, Math.min(VIEWER_TTL_MS, claims.exp * 1000 - Date.now())));
    return user;
  });
}

/** The member and the verified bearer token itself (its id and expiry), for logging that token out. */
export async function requireSession(req: FastifyRequest): Promise<{ user: UserRow; token: VerifiedToken }> {
  const { db, tokens } = req.server.deps;
  const { user, claims } = await authenticateToken(db.db, tokens, bearerToken(req));
  return { user, token: claims };
}

/**
 * An approved trade buyer (or an admin): trade prices, cart and orders. A member still under review, or
 * rejected, gets NOT_APPROVED (403) with a message that says why.
 */
export async function requireBuyer(req: FastifyRequest, readOnly = false): Promise<UserRow> {
  const user = await requireUser(req, readOnly);
  if (user.status !== 'APPROVED' || (user.role !== 'BUYER' && user.role !== 'ADMIN')) throw new AppError('NOT_APPROVED');
  return user;
}

/** Who performs an admin action: an ADMIN member, or the `npm run admin` CLI on this machine (no member row). */
export interface AdminActor {
  userId: number | null;
  label: string;
  /** The staff role (the CLI acts as `admin`). */
  role: StaffRole;
}

/** The subject of the short-lived tokens the admin CLI signs to call a running server's admin API. */
export const CLI_ADMIN_SUBJECT = 'cli:admin';
export const CLI_TOKEN_TTL_SECONDS = 120;

/** Signs a token for the admin CLI (same secret as the server: JWT_SECRET or DATA_DIR/jwt-secret). */
export async function signCliAdminToken(tokens: TokenService): Promise<string> {
  return (await tokens.sign({ sub: CLI_ADMIN_SUBJECT, ver: 0 }, CLI_TOKEN_TTL_SECONDS)).token;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request straight from this machine: the socket peer is loopback and no proxy forwarded it. The socket
 * address is used, not `req.ip`, so X-Forwarded-For can never make a remote client look local.
 */
function fromLoopback(req: FastifyRequest): boolean {
  const peer = req.raw.socket?.remoteAddress ?? '';
  return LOOPBACK.has(peer) && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
}

/**
 * A member of staff (ADMIN_ONLY otherwise) on a sign-in that gave its second factor and was used within the idle
 * limit (staff/service.ts), whose role has `permission`; or the admin CLI's token when the call comes from loopback.
 * The CLI token is refused from anywhere else, so a leaked one is of no use remotely.
 */
export async function requireAdmin(req: FastifyRequest, permission?: Permission): Promise<AdminActor> {
  const token = bearerToken(req);
  const { db, tokens } = req.server.deps;
  const claims = await tokens.verify(token);
  if (claims?.sub === CLI_ADMIN_SUBJECT) {
    if (!fromLoopback(req)) throw new AppError('ADMIN_ONLY');
    return { userId: null, label: 'cli', role: 'admin' };
  }
  const { user, claims: verified } = await authenticateToken(db.db, tokens, token);
  if (user.role !== 'ADMIN' || !user.staffRole) throw new AppError('ADMIN_ONLY');
  // The second factor and the idle limit come before the permission: a password alone learns nothing of the roles.
  await requireStaffSession(db.db, user, verified.jti);
  if (permission && !can(user.staffRole, permission)) throw new AppError('PERMISSION_DENIED');
  return { userId: user.id, label: user.email, role: user.staffRole };
}
