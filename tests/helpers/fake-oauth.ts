/**
 * A fake social login provider: a real local HTTP server speaking OAuth 2.0 (authorization code grant, PKCE S256)
 * for kakao, naver, google and facebook, each under its own path prefix (/kakao/authorize, /kakao/token…).
 *
 * - GET  /{p}/authorize  checks client_id, redirect_uri and response_type, then immediately 302-redirects to
 *   redirect_uri?code=…&state=… as the "current user" of that provider (no login screen).
 * - POST /{p}/token      form-encoded; checks client_id/secret, single-use code, redirect_uri equality and the PKCE
 *   verifier when the authorize request carried a challenge. failNextToken() makes the next call misbehave.
 * - GET  /{p}/userinfo   Bearer token; answers the provider's own JSON shape.
 *
 * Independent of vitest, so browser tests can use it too (a real browser follows the /authorize redirect).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeProvider = 'kakao' | 'naver' | 'google' | 'facebook';
export const FAKE_PROVIDERS: FakeProvider[] = ['kakao', 'naver', 'google', 'facebook'];

export interface FakeProfile {
  /** The provider's user id (Kakao's is numeric: give digits to get a JSON number). */
  id: string;
  email?: string;
  /** Kakao is_email_verified / Google email_verified; Naver and Facebook have no such flag. */
  emailVerified?: boolean;
  name?: string;
}

/**
 * What the next token request gets instead of a normal answer:
 * - 'no-access-token': 200 with a JSON body lacking access_token (as Naver does for errors)
 * - 'error': 400 {error: 'invalid_grant'}
 * - 'server-error': 500
 * - 'disconnect': the connection is dropped without an answer
 */
export type TokenFailure = 'no-access-token' | 'error' | 'server-error' | 'disconnect';

export interface FakeOAuth {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  clientId(provider: FakeProvider): string;
  clientSecret(provider: FakeProvider): string;
  /** The OAUTH_<P>_* variables that point the app at this server. */
  env(provider: FakeProvider): Record<string, string>;
  /** Who logs in at the provider from now on. */
  setUser(provider: FakeProvider, profile: FakeProfile): void;
  /** Makes the next token request (any provider) fail in the given way. */
  failNextToken(kind: TokenFailure): void;
  /** Token requests received (form fields), newest last, for assertions. */
  tokenRequests: Record<string, string>[];
  close(): Promise<void>;
}

interface IssuedCode {
  provider: FakeProvider;
  redirectUri: string;
  challenge?: string;
  profile: FakeProfile;
  expiresAt: number;
}

const CODE_TTL_MS = 5 * 60_000;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function userInfo(provider: FakeProvider, p: FakeProfile): unknown {
  switch (provider) {
    case 'kakao':
      return {
        id: /^\d{1,15}$/.test(p.id) ? Number(p.id) : p.id,
        connected_at: new Date().toISOString(),
        properties: { nickname: p.name ?? 'kakao user' },
        kakao_account: p.email
          ? {
              has_email: true,
              email_needs_agreement: false,
              is_email_valid: true,
              is_email_verified: p.emailVerified ?? false,
              email: p.email,
            }
          : { has_email: false },
      };
    case 'naver':
      return {
        resultcode: '00',
        message: 'success',
        response: { id: p.id, nickname: p.name ?? 'naver user', ...(p.email ? { email: p.email } : {}) },
      };
    case 'google':
      return { sub: p.id, name: p.name ?? 'Google User', ...(p.email ? { email: p.email, email_verified: p.emailVerified ?? false } : {}) };
    case 'facebook':
      return { id: p.id, name: p.name ?? 'Facebook User', ...(p.email ? { email: p.email } : {}) };
  }
}

/** Starts the fake provider on 127.0.0.1 with a free port. */
export async function startFakeOAuth(): Promise<FakeOAuth> {
  const users: Record<FakeProvider, FakeProfile> = {
    kakao: { id: '1000001', email: 'kakao.user@example.com', emailVerified: false },
    naver: { id: 'naver-user-1', email: 'naver.user@example.com' },
    google: { id: 'google-user-1', email: 'google.user@example.com', emailVerified: false },
    facebook: { id: 'facebook-user-1', email: 'facebook.user@example.com' },
  };
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { provider: FakeProvider; profile: FakeProfile }>();
  const tokenRequests: Record<string, string>[] = [];
  let nextFailure: TokenFailure | null = null;

  const clientId = (p: FakeProvider) => `fake-${p}-client`;
  const clientSecret = (p: FakeProvider) => `fake-${p}-secret`;

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'server_error' });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, provider, action] = url.pathname.split('/') as [string, FakeProvider, string];
    if (!FAKE_PROVIDERS.includes(provider)) return send(res, 404, { error: 'not_found' });

    if (action === 'authorize' && req.method === 'GET') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== clientId(provider)) return send(res, 400, 'invalid client_id');
      let target: URL;
      try {
        target = new URL(redirectUri);
        if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('scheme');
      } catch {
        return send(res, 400, 'invalid redirect_uri');
      }
      if (q.get('response_type') !== 'code') return send(res, 400, 'unsupported response_type');
      const challenge = q.get('code_challenge') ?? undefined;
      if (challenge && q.get('code_challenge_method') !== 'S256') return send(res, 400, 'only S256 is supported');
      const code = randomBytes(18).toString('base64url');
      codes.set(code, { provider, redirectUri, challenge, profile: { ...users[provider] }, expiresAt: Date.now() + CODE_TTL_MS });
      target.searchParams.set('code', code);
      const state = q.get('state');
      if (state !== null) target.searchParams.set('state', state);
      return send(res, 302, '', { location: target.toString() });
    }

    if (action === 'token' && req.method === 'POST') {
      const type = String(req.headers['content-type'] ?? '');
      if (!type.startsWith('application/x-www-form-urlencoded')) return send(res, 400, { error: 'invalid_request' });
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      tokenRequests.push(form);
      const failure = nextFailure;
      nextFailure = null;
      if (failure === 'disconnect') return void req.socket.destroy();
      if (failure === 'server-error') return send(res, 500, { error: 'server_error' });
      if (failure === 'error') return send(res, 400, { error: 'invalid_grant', error_description: 'forced failure' });
      if (failure === 'no-access-token') return send(res, 200, { error: 'invalid_request', error_description: 'no token for you' });

      if (form.grant_type !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type' });
      if (form.client_id !== clientId(provider) || form.client_secret !== clientSecret(provider)) {
        return send(res, 401, { error: 'invalid_client' });
      }
      const issued = codes.get(form.code ?? '');
      codes.delete(form.code ?? ''); // single use, whatever happens next
      if (!issued || issued.provider !== provider || issued.expiresAt < Date.now()) return send(res, 400, { error: 'invalid_grant' });
      if (form.redirect_uri !== issued.redirectUri) return send(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri' });
      if (issued.challenge) {
        const v = form.code_verifier ?? '';
        if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(v) || createHash('sha256').update(v).digest('base64url') !== issued.challenge) {
          return send(res, 400, { error: 'invalid_grant', error_description: 'code_verifier' });
        }
      }
      const accessToken = randomBytes(24).toString('base64url');
      accessTokens.set(accessToken, { provider, profile: issued.profile });
      return send(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600, scope: 'email' });
    }

    if (action === 'userinfo' && req.method === 'GET') {
      const token = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
      const t = token === undefined ? undefined : accessTokens.get(token);
      if (!t || t.provider !== provider) return send(res, 401, { error: 'invalid_token' });
      return send(res, 200, userInfo(provider, t.profile));
    }

    return send(res, 404, { error: 'not_found' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    clientId,
    clientSecret,
    env(provider) {
      const P = `OAUTH_${provider.toUpperCase()}_`;
      return {
        [`${P}CLIENT_ID`]: clientId(provider),
        [`${P}CLIENT_SECRET`]: clientSecret(provider),
        [`${P}AUTHORIZE_URL`]: `${url}/${provider}/authorize`,
        [`${P}TOKEN_URL`]: `${url}/${provider}/token`,
        [`${P}USERINFO_URL`]: `${url}/${provider}/userinfo${provider === 'facebook' ? '?fields=id,name,email' : ''}`,
      };
    },
    setUser(provider, profile) {
      users[provider] = { ...profile };
    },
    failNextToken(kind) {
      nextFailure = kind;
    },
    tokenRequests,
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
