import type { ServiceCtx } from '../../deps';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig, OAuthProviderConfig } from '@podo/config';
import { oauthStates, socialIdentities, users, type Database } from '@podo/db';
import { SOCIAL_POPUP_SIZE, SOCIAL_PROVIDERS, type SocialProvider } from '@podo/contracts';
import type { TokenService } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../session';
import { issueAccessToken } from '../session';

/** A `state` handed out by GET /auth/{provider}/start is good for this long, and only once. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Each call to a provider (token, user info) gives up after this long. */
export const OAUTH_HTTP_TIMEOUT_MS = 10_000;
/** The Kakao code flow of the spec (POST /oauth) issues a 7-day token. */
export const KAKAO_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Expired states are swept at most this often per process (on a start call). */
const STATE_SWEEP_EVERY_MS = 60_000;

/** What we use of a provider's user info: its stable id for us, and the e-mail with the provider's word on it. */
export interface SocialProfile {
  provider: SocialProvider;
  providerUserId: string;
  email: string | null;
  /** True only when the provider states the address was verified (and, for Kakao, is still valid). */
  emailVerified: boolean;
}

interface Log {
  warn: FastifyBaseLogger['warn'];
}

/** The enabled providers in a fixed order, with the size of their login popup (for the login page buttons). */
export function enabledProviders(config: AppConfig) {
  return SOCIAL_PROVIDERS.filter((p) => config.oauth[p]).map((provider) => ({ provider, popup: SOCIAL_POPUP_SIZE[provider] }));
}

/** A provider's settings; OAUTH_PROVIDER_DISABLED when it has no client id configured. */
export function providerConfig(config: AppConfig, provider: SocialProvider): OAuthProviderConfig {
  const cfg = config.oauth[provider];
  if (!cfg) throw new AppError('OAUTH_PROVIDER_DISABLED');
  return cfg;
}

/**
 * Open-redirect protection: the provider may only send the browser back to our own `/oauth2/{provider}` page,
 * on the configured public origin or the origin the request came to. No query, fragment or credentials.
 */
export function checkRedirectUri(config: AppConfig, provider: SocialProvider, redirectUri: string, requestOrigin?: string): string {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw new AppError('VALIDATION_FAILED');
  }
  const origins = new Set<string>();
  for (const o of [config.publicUrl, requestOrigin]) {
    if (!o) continue;
    try {
      origins.add(new URL(o).origin);
    } catch {
      // an unparsable Host header simply allows nothing
    }
  }
  const ok =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    origins.has(url.origin) &&
    url.pathname === `/oauth2/${provider}` &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (!ok) throw new AppError('VALIDATION_FAILED');
  return url.toString();
}

function normalizeUrl(u: string): string {
  try {
    return new URL(u).toString();
  } catch {
    return u;
  }
}

const stateHash = (tokens: TokenService, state: string) => tokens.hmac(`oauth-state:${state}`);
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

let lastSweep = 0;

/** Deletes states past their expiry (abandoned logins). */
export async function sweepExpiredStates(db: Database): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
}

/**
 * What the authorize URL of a re-authentication adds, so that the provider asks for the login again instead of
 * answering from its own session (Google has no such prompt: it is asked to let the person choose the account).
 */
const REAUTH_PARAMS: Record<SocialProvider, Record<string, string>> = {
  kakao: { prompt: 'login' },
  naver: { auth_type: 'reauthenticate' },
  google: { prompt: 'select_account' },
  facebook: { auth_type: 'reauthenticate' },
};

/**
 * GET /auth/{provider}/start: a random single-use state (stored as a keyed hash) with the PKCE verifier and the
 * redirect URI it is for, and the provider's authorize URL carrying them. `purpose: 'reauth'` asks the provider
 * for a fresh login (POST /auth/{provider}/reauth).
 */
export async function startAuthorization(
  ctx: ServiceCtx,
  provider: SocialProvider,
  redirectUri: string,
  requestOrigin?: string,
  purpose: 'login' | 'reauth' = 'login',
) {
  const { db, tokens, config } = ctx;
  const cfg = providerConfig(config, provider);
  const redirect = checkRedirectUri(config, provider, redirectUri, requestOrigin);
  if (Date.now() - lastSweep > STATE_SWEEP_EVERY_MS) {
    lastSweep = Date.now();
    await sweepExpiredStates(db);
  }
  const state = randomBytes(32).toString('base64url');
  const verifier = cfg.pkce ? randomBytes(48).toString('base64url') : null;
  await db.insert(oauthStates).values({
    stateHash: stateHash(tokens, state),
    provider,
    codeVerifier: verifier,
    redirectUri: redirect,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
  const url = new URL(cfg.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('redirect_uri', redirect);
  url.searchParams.set('state', state);
  if (cfg.scope) url.searchParams.set('scope', cfg.scope);
  if (verifier) {
    url.searchParams.set('code_challenge', s256(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  if (purpose === 'reauth') for (const [k, v] of Object.entries(REAUTH_PARAMS[provider])) url.searchParams.set(k, v);
  return { authorizeUrl: url.toString(), state, popup: SOCIAL_POPUP_SIZE[provider] };
}

/**
 * Takes a state out of the store (single use: it is deleted whatever happens next). It must exist, be for this
 * provider and this redirect URI, and not have expired; anything else is OAUTH_INVALID_STATE.
 */
export async function consumeState(db: Database, tokens: TokenService, provider: SocialProvider, state: string, redirectUri: string) {
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, stateHash(tokens, state)))
    .returning();
  if (!row || row.provider !== provider || row.redirectUri !== normalizeUrl(redirectUri) || row.expiresAt.getTime() <= Date.now()) {
    throw new AppError('OAUTH_INVALID_STATE');
  }
  return row;
}

async function callProvider(url: string, init: RequestInit, what: string, log?: Log): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(OAUTH_HTTP_TIMEOUT_MS) });
  } catch (e) {
    log?.warn({ err: (e as Error).message, url: new URL(url).origin }, `oauth: ${what} unreachable`);
    throw new AppError('OAUTH_FAILED', {}, { cause: e });
  }
  const text = await res.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!res.ok || json === null || typeof json !== 'object') {
    log?.warn({ status: res.status, error: (json as { error?: unknown } | undefined)?.error }, `oauth: ${what} refused`);
    throw new AppError('OAUTH_FAILED');
  }
  return json;
}

/** Exchanges the authorization code (with the PKCE verifier) for the provider's access token. */
export async function exchangeCode(
  cfg: OAuthProviderConfig,
  provider: SocialProvider,
  opts: { code: string; redirectUri: string; verifier: string | null; state: string },
  log?: Log,
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: opts.code,
    redirect_uri: opts.redirectUri,
    client_id: cfg.clientId,
  });
  if (cfg.clientSecret) form.set('client_secret', cfg.clientSecret);
  if (opts.verifier) form.set('code_verifier', opts.verifier);
  // Naver's token request carries the state as well.
  if (provider === 'naver') form.set('state', opts.state);
  const body = (await callProvider(
    cfg.tokenUrl,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form },
    'token endpoint',
    log,
  )) as { access_token?: unknown; error?: unknown };
  if (typeof body.access_token !== 'string' || !body.access_token) {
    log?.warn({ error: body.error }, 'oauth: token reply without access_token');
    throw new AppError('OAUTH_FAILED');
  }
  return body.access_token;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const id = (v: unknown): string | null => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : str(v));

/**
 * Maps each provider's user-info shape. Kakao: `id`, `kakao_account.{email, is_email_verified, is_email_valid}`;
 * Naver: `response.{id, email}` (no verification flag: unverified); Google (OpenID Connect): `sub`, `email`,
 * `email_verified`; Facebook Graph `/me`: `id`, `email` (no verification flag: unverified).
 */
export function mapProfile(provider: SocialProvider, raw: unknown): SocialProfile | null {
  const o = (raw ?? {}) as Record<string, unknown>;
  let providerUserId: string | null = null;
  let email: string | null = null;
  let emailVerified = false;
  switch (provider) {
    case 'kakao': {
      const acc = (o.kakao_account ?? {}) as Record<string, unknown>;
      providerUserId = id(o.id);
      email = str(acc.email);
      emailVerified = acc.is_email_verified === true && acc.is_email_valid === true;
      break;
    }
    case 'naver': {
      const r = (o.response ?? {}) as Record<string, unknown>;
      providerUserId = id(r.id);
      email = str(r.email);
      break;
    }
    case 'google':
      providerUserId = id(o.sub);
      email = str(o.email);
      emailVerified = o.email_verified === true || o.email_verified === 'true';
      break;
    case 'facebook':
      providerUserId = id(o.id);
      email = str(o.email);
      break;
  }
  if (!providerUserId || providerUserId.length > 191) return null;
  if (email && (email.length > 254 || !email.includes('@'))) email = null;
  return { provider, providerUserId, email: email?.toLowerCase() ?? null, emailVerified: emailVerified && email !== null };
}

/** Reads the user info with the provider's access token. */
export async function fetchProfile(cfg: OAuthProviderConfig, provider: SocialProvider, accessToken: string, log?: Log) {
  const raw = await callProvider(
    cfg.userInfoUrl,
    { method: 'GET', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    'user info',
    log,
  );
  const profile = mapProfile(provider, raw);
  if (!profile) {
    log?.warn({ provider }, 'oauth: user info without an id');
    throw new AppError('OAUTH_FAILED');
  }
  return profile;
}

/** The whole exchange: state check, code → access token, user info. */
export async function completeAuthorization(
  ctx: ServiceCtx,
  provider: SocialProvider,
  body: { code: string; state: string; redirectUri: string },
): Promise<SocialProfile> {
  const { db, tokens, config, log } = ctx;
  const cfg = providerConfig(config, provider);
  const row = await consumeState(db, tokens, provider, body.state, body.redirectUri);
  const accessToken = await exchangeCode(
    cfg,
    provider,
    { code: body.code, redirectUri: row.redirectUri, verifier: row.codeVerifier, state: body.state },
    log,
  );
  return fetchProfile(cfg, provider, accessToken, log);
}

async function findIdentity(db: Database, profile: SocialProfile) {
  const [found] = await db
    .select({ identity: socialIdentities, user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, profile.provider), eq(socialIdentities.providerUserId, profile.providerUserId)))
    .limit(1);
  return found;
}

/**
 * The member a social profile logs in. A known identity logs in its member. An unknown one is linked to the member
 * with the same e-mail only when the provider says that e-mail is verified; otherwise SOCIAL_NOT_LINKED.
 */
export async function resolveSocialLogin(db: Database, profile: SocialProfile): Promise<UserRow> {
  const known = await findIdentity(db, profile);
  if (known) {
    if (known.user.status === 'WITHDRAWN') throw new AppError('ACCOUNT_WITHDRAWN');
    if (profile.email && profile.email !== known.identity.email) {
      await db
        .update(socialIdentities)
        .set({ email: profile.email, emailVerified: profile.emailVerified })
        .where(eq(socialIdentities.id, known.identity.id));
    }
    return known.user;
  }
  if (!profile.emailVerified || !profile.email) throw new AppError('SOCIAL_NOT_LINKED');
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, profile.email), ne(users.status, 'WITHDRAWN')))
    .limit(1);
  if (!member) throw new AppError('SOCIAL_NOT_LINKED');
  const inserted = await db
    .insert(socialIdentities)
    .values({
      userId: member.id,
      provider: profile.provider,
      providerUserId: profile.providerUserId,
      email: profile.email,
      emailVerified: true,
    })
    .onConflictDoNothing()
    .returning({ id: socialIdentities.id });
  if (inserted.length === 0) {
    // Either a parallel request linked this same identity (then log it in), or the member already has another
    // account of this provider linked (then this one is not theirs to use).
    const again = await findIdentity(db, profile);
    if (again && again.user.id === member.id) return again.user;
    throw new AppError('SOCIAL_NOT_LINKED');
  }
  return member;
}

/** Issues our access token for a member that logged in socially. */
export async function issueSocialToken(ctx: ServiceCtx, user: UserRow, ttlSeconds: number) {
  const { db, tokens } = ctx;
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, user.id));
  return issueAccessToken(tokens, user, ttlSeconds);
}

/**
 * PUT /change-sns: links a social identity to the logged-in member. Refused (SOCIAL_ALREADY_LINKED) when the
 * identity belongs to another member, or when the member already has a different account of that provider.
 * Linking the identity the member already has is a no-op.
 */
export async function linkIdentity(db: Database, user: UserRow, profile: SocialProfile): Promise<void> {
  const known = await findIdentity(db, profile);
  if (known) {
    if (known.user.id === user.id) return;
    throw new AppError('SOCIAL_ALREADY_LINKED');
  }
  const inserted = await db
    .insert(socialIdentities)
    .values({
      userId: user.id,
      provider: profile.provider,
      providerUserId: profile.providerUserId,
      email: profile.email,
      emailVerified: profile.emailVerified,
    })
    .onConflictDoNothing()
    .returning({ id: socialIdentities.id });
  if (inserted.length === 0) {
    const again = await findIdentity(db, profile);
    if (again && again.user.id === user.id) return;
    throw new AppError('SOCIAL_ALREADY_LINKED');
  }
}

/**
 * POST /auth/{provider}/reauth: the provider's answer must be an identity already linked to this very member
 * (REAUTH_OTHER_ACCOUNT otherwise: another member's, or one nobody linked). Nothing is linked or changed here.
 */
export async function assertOwnIdentity(db: Database, user: UserRow, profile: SocialProfile): Promise<void> {
  const known = await findIdentity(db, profile);
  if (!known || known.user.id !== user.id) throw new AppError('REAUTH_OTHER_ACCOUNT');
}

/** DELETE /me/sns/{provider}: NOT_FOUND when the member has no account of that provider linked. */
export async function unlinkIdentity(db: Database, user: UserRow, provider: SocialProvider): Promise<void> {
  const deleted = await db
    .delete(socialIdentities)
    .where(and(eq(socialIdentities.userId, user.id), eq(socialIdentities.provider, provider)))
    .returning({ id: socialIdentities.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
}
