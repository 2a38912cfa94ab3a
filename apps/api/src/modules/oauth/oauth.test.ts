import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, socialIdentities, users } from '@podo/db';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { hashPassword } from '../../lib/passwords';
import {
  FAKE_PROVIDERS,
  startFakeOAuth,
  type FakeOAuth,
  type FakeProfile,
  type FakeProvider,
} from '../../../../../tests/helpers/fake-oauth';
import { at, first, present } from '../../../../../tests/helpers/items';

const PUBLIC_URL = 'http://shop.test';
const redirectFor = (p: string) => `${PUBLIC_URL}/oauth2/${p}`;

let fake: FakeOAuth;
let t: TestApp;
let n = 0;
const uid = (prefix = 'u') => `${prefix}${Date.now()}${++n}`;

beforeAll(async () => {
  fake = await startFakeOAuth();
  t = await createTestApp({ PUBLIC_URL, ...Object.assign({}, ...FAKE_PROVIDERS.map((p) => fake.env(p))) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const json = (lang = 'ko-KR') => ({ 'accept-language': lang });
const bearer = (token: string, lang = 'ko-KR') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });

function start(p: string, redirectUri = redirectFor(p), headers: Record<string, string> = {}, app = t) {
  return app.app.inject({ method: 'GET', url: `/api/v1/auth/${p}/start`, query: { redirectUri }, headers });
}

/** The browser's part: open the authorize URL and take code and state from the redirect back to us. */
async function authorize(authorizeUrl: string) {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  return { location, code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state') ?? '' };
}

/** start → provider → back at /oauth2/{p}: the body the /oauth2 page posts to the API. */
async function codeFor(p: FakeProvider, profile?: FakeProfile) {
  if (profile) fake.setUser(p, profile);
  const s = await start(p);
  expect(s.statusCode).toBe(200);
  const { data } = s.json();
  const back = await authorize(data.authorizeUrl);
  expect(`${back.location.origin}${back.location.pathname}`).toBe(redirectFor(p));
  expect(back.state).toBe(data.state);
  return { code: back.code, state: back.state, redirectUri: redirectFor(p), authorizeUrl: new URL(data.authorizeUrl) };
}

const socialLogin = (p: string, payload: object, lang = 'ko-KR') =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/${p}`, headers: json(lang), payload });
const changeSns = (token: string, payload: object, lang = 'ko-KR') =>
  t.app.inject({ method: 'PUT', url: '/api/v1/change-sns', headers: bearer(token, lang), payload });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });

async function tokenOf(email: string) {
  const u = first(await t.db.db.select().from(users).where(eq(users.email, email)));
  return (await t.app.deps.tokens.sign({ sub: String(u.id), ver: u.tokenVersion }, 3600)).token;
}
// Members have a password, as every sign-up sets one (members without one: account-changes.test.ts); linking a
// social account needs it.
const PASSWORD = 'Grape#Harvest92';
let passwordHash: Promise<string> | undefined;
async function newMember(email: string) {
  passwordHash ??= hashPassword(PASSWORD);
  await t.db.db.insert(users).values({ email, passwordHash: await passwordHash, fullName: '소셜회원', role: 'MEMBER', status: 'PENDING' });
  return tokenOf(email);
}
/** A new member and a Kakao profile that vouches for their e-mail (so the first social login links them). */
async function kakaoMember(): Promise<FakeProfile> {
  const id = uid('7');
  const email = `k-${id}@example.com`;
  await newMember(email);
  return { id, email, emailVerified: true };
}
const identityCount = async () => first(await t.db.db.select({ c: sql<number>`count(*)::int` }).from(socialIdentities)).c;

describe('providers and start', () => {
  it('lists the enabled providers with their popup sizes', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual([
      { provider: 'kakao', popup: { width: 880, height: 500 } },
      { provider: 'naver', popup: { width: 580, height: 600 } },
      { provider: 'google', popup: { width: 580, height: 600 } },
      { provider: 'facebook', popup: { width: 580, height: 600 } },
    ]);
  });

  it('answers the authorize URL with a random state and a PKCE S256 challenge, and keeps only a hash of the state', async () => {
    const r = await start('kakao');
    expect(r.statusCode).toBe(200);
    const { authorizeUrl, state, popup } = r.json().data;
    expect(popup).toEqual({ width: 880, height: 500 });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const u = new URL(authorizeUrl);
    expect(`${u.origin}${u.pathname}`).toBe(`${fake.url}/kakao/authorize`);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: fake.clientId('kakao'),
      redirect_uri: redirectFor('kakao'),
      state,
      scope: 'account_email',
      code_challenge_method: 'S256',
    });
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = first(await t.db.db.select().from(oauthStates).orderBy(desc(oauthStates.createdAt)).limit(1));
    expect(row.provider).toBe('kakao');
    expect(row.redirectUri).toBe(redirectFor('kakao'));
    expect(row.stateHash).not.toContain(state);
    expect(
      createHash('sha256')
        .update(row.codeVerifier ?? '')
        .digest('base64url'),
    ).toBe(u.searchParams.get('code_challenge'));
    const ttl = row.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    const twice = await start('kakao');
    expect(twice.json().data.state).not.toBe(state);
  });

  it('sends no PKCE challenge to Naver', async () => {
    const u = new URL((await start('naver')).json().data.authorizeUrl);
    expect(u.searchParams.get('code_challenge')).toBeNull();
    expect(u.searchParams.get('state')).toBeTruthy();
  });

  it('refuses redirect URIs other than our own /oauth2/{provider} page (open-redirect protection)', async () => {
    const bad = [
      'http://evil.test/oauth2/kakao',
      'http://shop.test.evil.test/oauth2/kakao',
      'https://shop.test/oauth2/kakao',
      'http://shop.test:8080/oauth2/kakao',
      'http://shop.test/oauth2/naver',
      'http://shop.test/oauth2/kakao/x',
      'http://shop.test/oauth2/kakao?next=http://evil.test',
      'http://shop.test/oauth2/kakao#x',
      'http://user:pw@shop.test/oauth2/kakao',
      'javascript:alert(1)//shop.test/oauth2/kakao',
      'not a url',
    ];
    for (const uri of bad) {
      const r = await start('kakao', uri, json('en-US'));
      expect(r.statusCode, uri).toBe(400);
      expect(r.json().code, uri).toBe('VALIDATION_FAILED');
    }
    // The origin the request came to is accepted as well (a site reached under another host name).
    const viaHost = await start('kakao', 'http://alt.test:8080/oauth2/kakao', { host: 'alt.test:8080' });
    expect(viaHost.statusCode).toBe(200);
    expect(new URL(viaHost.json().data.authorizeUrl).searchParams.get('redirect_uri')).toBe('http://alt.test:8080/oauth2/kakao');
  });

  it('refuses an unknown provider', async () => {
    const r = await start('twitter', `${PUBLIC_URL}/oauth2/twitter`, json('en-US'));
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('VALIDATION_FAILED');
    expect(r.json().message).toMatch(/^Social account: /);
  });
});

describe('logging in', () => {
  it('Kakao: a verified e-mail of a member links the identity and logs in (1-day token); next time by identity', async () => {
    const id = uid('9');
    const body = await codeFor('kakao', { id, email: 'Buyer@Example.com', emailVerified: true });
    const r = await socialLogin('kakao', body);
    expect(r.statusCode).toBe(200);
    const { accessToken, expiresAt } = r.json().data;
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
    const m = await me(accessToken);
    expect(m.json().data).toMatchObject({ email: 'buyer@example.com' });
    expect(m.json().data.sns).toEqual([expect.objectContaining({ provider: 'kakao', email: 'buyer@example.com' })]);

    // Known identity: logs in even when the provider no longer vouches for the e-mail.
    const again = await socialLogin('kakao', await codeFor('kakao', { id, email: 'changed@example.com', emailVerified: false }));
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().data.accessToken)).json().data.email).toBe('buyer@example.com');
  });

  it('Google: email_verified links the member with that e-mail', async () => {
    const r = await socialLogin('google', await codeFor('google', { id: uid('g'), email: 'pending@example.com', emailVerified: true }));
    expect(r.statusCode).toBe(200);
    const m = (await me(r.json().data.accessToken)).json().data;
    expect(m).toMatchObject({ email: 'pending@example.com', status: 'PENDING' });
    expect(m.sns.map((s: { provider: string }) => s.provider)).toContain('google');
  });

  it('Kakao code flow POST /oauth answers access_token with a 7-day token', async () => {
    const id = uid('8');
    await newMember(`kakao7-${id}@example.com`);
    const body = await codeFor('kakao', { id, email: `kakao7-${id}@example.com`, emailVerified: true });
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/oauth', payload: body });
    expect(r.statusCode).toBe(200);
    const { access_token, expires_at } = r.json();
    const claims = decodeJwt(access_token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(7 * 24 * 3600);
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect((await me(access_token)).json().data.email).toBe(`kakao7-${id}@example.com`);
  });

  it('Naver and Facebook (no verification flag): linked in My page, then they log in', async () => {
    for (const p of ['naver', 'facebook'] as const) {
      const email = `${p}-${uid()}@example.com`;
      const token = await newMember(email);
      const id = uid(p);
      const linked = await changeSns(token, { snsType: p, password: PASSWORD, ...(await codeFor(p, { id, email })) }, 'en-US');
      expect(linked.statusCode, p).toBe(200);
      expect(linked.json().message).toBe('The social account has been linked.');
      expect(linked.json().data.sns).toEqual([expect.objectContaining({ provider: p, email })]);

      const r = await socialLogin(p, await codeFor(p, { id, email }));
      expect(r.statusCode, p).toBe(200);
      expect((await me(r.json().data.accessToken)).json().data.email).toBe(email);
    }
  });

  it('never links an unverified e-mail to an existing account', async () => {
    const before = await identityCount();
    const cases: [FakeProvider, FakeProfile][] = [
      ['naver', { id: uid('n'), email: 'buyer@example.com' }],
      ['facebook', { id: uid('f'), email: 'buyer@example.com' }],
      ['kakao', { id: uid('7'), email: 'buyer@example.com', emailVerified: false }],
      ['google', { id: uid('g'), email: 'buyer@example.com', emailVerified: false }],
      ['google', { id: uid('g') }],
    ];
    for (const [p, profile] of cases) {
      const r = await socialLogin(p, await codeFor(p, profile), 'en-US');
      expect(r.statusCode, p).toBe(400);
      expect(r.json()).toEqual({
        code: 'SOCIAL_NOT_LINKED',
        message: 'No member is linked to this social account. Please sign up, then link it in My page.',
      });
    }
    expect(await identityCount()).toBe(before);
  });

  it('a verified e-mail nobody has, or a withdrawn member, is not a login', async () => {
    const r = await socialLogin('google', await codeFor('google', { id: uid('g'), email: 'nobody@example.com', emailVerified: true }));
    expect(r.json().code).toBe('SOCIAL_NOT_LINKED');

    const email = `gone-${uid()}@example.com`;
    const token = await newMember(email);
    const id = uid('g');
    expect(
      (await changeSns(token, { snsType: 'google', password: PASSWORD, ...(await codeFor('google', { id, email, emailVerified: true })) }))
        .statusCode,
    ).toBe(200);
    await t.db.db.update(users).set({ status: 'WITHDRAWN' }).where(eq(users.email, email));
    const known = await socialLogin('google', await codeFor('google', { id, email, emailVerified: true }), 'en-US');
    expect(known.statusCode).toBe(403);
    expect(known.json()).toEqual({ code: 'ACCOUNT_WITHDRAWN', message: 'This account has been withdrawn.' });
    const byEmail = await socialLogin('google', await codeFor('google', { id: uid('g'), email, emailVerified: true }));
    expect(byEmail.json().code).toBe('SOCIAL_NOT_LINKED');
  });
});

describe('state', () => {
  const invalid = (r: { statusCode: number; json(): { code: string; message: string } }) => {
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('OAUTH_INVALID_STATE');
    expect(r.json().message).toMatch(/^Invalid state/);
  };

  it('refuses a state that was never handed out, or none at all', async () => {
    const body = await codeFor('kakao', await kakaoMember());
    invalid(await socialLogin('kakao', { ...body, state: 'forged-state-forged-state-forged-state-0000' }, 'en-US'));
    const missing = await socialLogin('kakao', { code: body.code, redirectUri: body.redirectUri }, 'en-US');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
  });

  it('is single use', async () => {
    const body = await codeFor('kakao', await kakaoMember());
    expect((await socialLogin('kakao', body)).statusCode).toBe(200);
    invalid(await socialLogin('kakao', body, 'en-US'));
  });

  it('belongs to one provider and one redirect URI, and is burnt by a wrong use', async () => {
    const calls = fake.tokenRequests.length;
    const body = await codeFor('kakao', await kakaoMember());
    invalid(await socialLogin('google', body, 'en-US'));
    invalid(await socialLogin('kakao', body, 'en-US'));
    expect(fake.tokenRequests.length).toBe(calls); // the provider was never asked

    const other = await codeFor('kakao');
    invalid(await socialLogin('kakao', { ...other, redirectUri: 'http://alt.test/oauth2/kakao' }, 'en-US'));
  });

  it('expires after 10 minutes', async () => {
    const body = await codeFor('kakao', await kakaoMember());
    await t.db.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    invalid(await socialLogin('kakao', body, 'en-US'));
  });
});

describe('code exchange', () => {
  it('sends the PKCE verifier, which the provider checks', async () => {
    const body = await codeFor('kakao', await kakaoMember());
    expect((await socialLogin('kakao', body)).statusCode).toBe(200);
    const sent = at(fake.tokenRequests, -1);
    expect(sent).toMatchObject({ grant_type: 'authorization_code', code: body.code, redirect_uri: body.redirectUri });
    expect(createHash('sha256').update(present(sent.code_verifier, 'code_verifier')).digest('base64url')).toBe(
      body.authorizeUrl.searchParams.get('code_challenge'),
    );

    // A wrong verifier (here: the stored one swapped) is refused by the provider.
    const next = await codeFor('kakao', await kakaoMember());
    await t.db.db
      .update(oauthStates)
      .set({ codeVerifier: 'x'.repeat(64) })
      .where(eq(oauthStates.provider, 'kakao'));
    const r = await socialLogin('kakao', next, 'en-US');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ code: 'OAUTH_FAILED', message: 'The social log-in could not be completed. Please try again.' });
  });

  it('the fake provider refuses a wrong verifier, a reused code and another redirect_uri', async () => {
    const direct = async (form: Record<string, string>) =>
      fetch(`${fake.url}/google/token`, { method: 'POST', body: new URLSearchParams(form) }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
    const { code, redirectUri } = await codeFor('google');
    const base = { grant_type: 'authorization_code', client_id: fake.clientId('google'), client_secret: fake.clientSecret('google') };
    const wrong = await direct({ ...base, code, redirect_uri: redirectUri, code_verifier: 'y'.repeat(50) });
    expect(wrong).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_grant' }) });
    const reused = await direct({ ...base, code, redirect_uri: redirectUri, code_verifier: 'y'.repeat(50) });
    expect(reused.status).toBe(400);
  });

  it('a token reply without access_token, an error, a 500 or a dropped connection is OAUTH_FAILED (never 5xx)', async () => {
    for (const kind of ['no-access-token', 'error', 'server-error', 'disconnect'] as const) {
      const body = await codeFor('naver');
      fake.failNextToken(kind);
      const r = await socialLogin('naver', body);
      expect(r.statusCode, kind).toBe(400);
      expect(r.json().code, kind).toBe('OAUTH_FAILED');
    }
  });
});

describe('with a provider down or disabled', () => {
  let t2: TestApp;
  beforeAll(async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    t2 = await createTestApp(
      { PUBLIC_URL, ...fake.env('google'), OAUTH_GOOGLE_TOKEN_URL: `http://127.0.0.1:${port}/token` },
      { seed: false },
    );
  });
  afterAll(() => t2?.close());

  it('a token endpoint that does not answer is OAUTH_FAILED', async () => {
    const s = await start('google', redirectFor('google'), {}, t2);
    const { code, state } = await authorize(s.json().data.authorizeUrl);
    const r = await t2.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { code, state, redirectUri: redirectFor('google') },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('OAUTH_FAILED');
  });

  it('a provider without a client id is disabled everywhere', async () => {
    const list = await t2.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(list.json().data).toEqual([{ provider: 'google', popup: { width: 580, height: 600 } }]);
    const payload = { code: 'abc', state: 'def', redirectUri: redirectFor('kakao') };
    const answers = [
      await start('kakao', redirectFor('kakao'), json('en-US'), t2),
      await t2.app.inject({ method: 'POST', url: '/api/v1/auth/kakao', headers: json('en-US'), payload }),
      await t2.app.inject({ method: 'POST', url: '/api/v1/oauth', headers: json('en-US'), payload }),
    ];
    for (const r of answers) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'OAUTH_PROVIDER_DISABLED', message: 'This log-in method is not available.' });
    }
  });
});

describe('linking and unlinking in My page', () => {
  it('needs a login', async () => {
    const body = await codeFor('google');
    const r = await t.app.inject({ method: 'PUT', url: '/api/v1/change-sns', payload: { snsType: 'google', password: PASSWORD, ...body } });
    expect(r.statusCode).toBe(401);
    const d = await t.app.inject({ method: 'DELETE', url: '/api/v1/me/sns/google' });
    expect(d.statusCode).toBe(401);
  });

  it('refuses an identity linked to someone else, and a second account of the same provider', async () => {
    const emailA = `a-${uid()}@example.com`;
    const a = await newMember(emailA);
    const b = await newMember(`b-${uid()}@example.com`);
    const id = uid('g');
    expect((await changeSns(a, { snsType: 'google', password: PASSWORD, ...(await codeFor('google', { id })) })).statusCode).toBe(200);
    // Linking the same identity again is harmless.
    expect((await changeSns(a, { snsType: 'google', password: PASSWORD, ...(await codeFor('google', { id })) })).statusCode).toBe(200);

    const taken = await changeSns(b, { snsType: 'google', password: PASSWORD, ...(await codeFor('google', { id })) }, 'en-US');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'SOCIAL_ALREADY_LINKED', message: 'This social account is already linked to another member.' });

    const second = await changeSns(a, { snsType: 'google', password: PASSWORD, ...(await codeFor('google', { id: uid('g') })) });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('SOCIAL_ALREADY_LINKED');
    // A verified e-mail does not link a second account of a provider the member already has either.
    const viaEmail = await socialLogin('google', await codeFor('google', { id: uid('g'), email: emailA, emailVerified: true }));
    expect(viaEmail.json().code).toBe('SOCIAL_NOT_LINKED');
  });

  it('needs the current password, checked before the code is used: a refused request links nothing and spends nothing', async () => {
    const email = `p-${uid()}@example.com`;
    const token = await newMember(email);
    const { id: userId } = first(await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, email)));
    const linkedOf = () => t.db.db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId));
    const body = { snsType: 'kakao', ...(await codeFor('kakao', { id: uid('7'), email })) };
    const exchanges = fake.tokenRequests.length;

    // A token alone (a stolen one) cannot add a way to log in.
    const bare = await changeSns(token, body, 'en-US');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ code: 'PASSWORD_REQUIRED', message: 'Please enter your current password to make this change.' });
    const wrong = await changeSns(token, { ...body, password: 'Wrong#Guess123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'PASSWORD_INCORRECT', message: '현재 비밀번호가 올바르지 않습니다.' });
    expect(await linkedOf()).toEqual([]);
    expect(fake.tokenRequests.length, 'the code was not exchanged').toBe(exchanges);

    // The same state and code still work with the right password.
    const right = await changeSns(token, { ...body, password: PASSWORD }, 'en-US');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.sns).toEqual([expect.objectContaining({ provider: 'kakao', email })]);
    expect(await linkedOf()).toHaveLength(1);
  });

  it('the state of a link is checked like a login', async () => {
    const a = await newMember(`c-${uid()}@example.com`);
    const body = await codeFor('naver');
    const r = await changeSns(a, { snsType: 'kakao', password: PASSWORD, ...body }, 'en-US');
    expect(r.json().code).toBe('OAUTH_INVALID_STATE');
  });

  it('unlinks, after which the identity no longer logs in', async () => {
    const email = `d-${uid()}@example.com`;
    const token = await newMember(email);
    const id = uid('n');
    expect((await changeSns(token, { snsType: 'naver', password: PASSWORD, ...(await codeFor('naver', { id, email })) })).statusCode).toBe(
      200,
    );
    const d = await t.app.inject({ method: 'DELETE', url: '/api/v1/me/sns/naver', headers: bearer(token, 'en-US') });
    expect(d.statusCode).toBe(200);
    expect(d.json()).toMatchObject({ message: 'The social account has been unlinked.', data: { email, sns: [] } });
    const again = await t.app.inject({ method: 'DELETE', url: '/api/v1/me/sns/naver', headers: bearer(token) });
    expect(again.statusCode).toBe(404);
    const login = await socialLogin('naver', await codeFor('naver', { id, email }));
    expect(login.json().code).toBe('SOCIAL_NOT_LINKED');
  });
});
