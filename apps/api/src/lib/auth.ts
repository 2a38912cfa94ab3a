import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** What a caller puts into a token. */
export interface TokenClaims {
  sub: string;
  ver: number;
}

/** A verified token: its claims plus its id and expiry (for revoking it). */
export interface VerifiedToken extends TokenClaims {
  /** Random token id: two tokens never share one, so a single token can be revoked (revoked_tokens). */
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * The longest lifetime a token may have when no TOKEN_MAX_TTL_SECONDS is configured: 7 days, the Kakao flow's
 * lifetime (spec §9) and the longest this server issues.
 */
export const DEFAULT_TOKEN_MAX_TTL_SECONDS = 7 * 24 * 60 * 60;

const JTI_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Clock difference allowed between the server that signed a token and the one checking its remaining life. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * The JWT signing key: JWT_SECRET when configured, else a random secret generated once and kept in
 * DATA_DIR (so tokens survive restarts of the embedded default), else (no data dir: tests) an ephemeral one.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string | undefined): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  if (!dataDir) return randomBytes(48);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export class TokenService {
  /**
   * @param maxTtlSeconds the longest lifetime a token may have. Signing caps a longer request to it; verifying
   * refuses a token whose lifetime (exp − iat) or remaining life (exp − now) is longer, even when validly signed,
   * so a leaked secret or a forged never-expiring token cannot give a login that outlives the policy.
   */
  constructor(
    private readonly secret: Uint8Array,
    readonly maxTtlSeconds = DEFAULT_TOKEN_MAX_TTL_SECONDS,
  ) {}

  /** Keyed hash (hex) for values kept only as hashes: certification codes, OAuth states, withdrawn e-mails. */
  hmac(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('hex');
  }

  /** Signs an access token with a random jti, iat and exp (the lifetime capped at maxTtlSeconds). */
  async sign(claims: TokenClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: Date; jti: string }> {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + Math.min(Math.floor(ttlSeconds), this.maxTtlSeconds);
    const jti = randomBytes(16).toString('base64url');
    const token = await new SignJWT({ ver: claims.ver })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, expiresAt: new Date(exp * 1000), jti };
  }

  /**
   * Verifies signature, expiry and lifetime; returns null for any bad token: without exp, iat or jti, or living
   * longer than maxTtlSeconds. Whether the token was revoked is the database's to say (authenticateUser).
   */
  async verify(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload: p } = await jwtVerify(token, this.secret, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'jti'] });
      if (typeof p.sub !== 'string' || typeof p.ver !== 'number' || typeof p.jti !== 'string' || !JTI_PATTERN.test(p.jti)) return null;
      const { exp, iat } = p as { exp: number; iat: number };
      const now = Date.now() / 1000;
      if (exp - iat > this.maxTtlSeconds || exp - now > this.maxTtlSeconds + CLOCK_SKEW_SECONDS) return null;
      return { sub: p.sub, ver: p.ver, jti: p.jti, exp };
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return null;
      throw e;
    }
  }
}
