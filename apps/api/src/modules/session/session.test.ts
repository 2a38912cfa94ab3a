import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@podo/db';
import { createTestApp, TEST_JWT_SECRET, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, lang = 'ko-KR') =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'accept-language': lang }, payload: { email, password } });

/** A login from a given socket address, optionally claiming another one in X-Forwarded-For. */
const loginFrom = (app: TestApp, remoteAddress: string, email: string, password: string, forwardedFor?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    remoteAddress,
    headers: { 'accept-language': 'en-US', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { email, password },
  });

describe('login and me', () => {
  it('logs the demo buyer in and returns the user from /me (field data)', async () => {
    const r = await login('Buyer@Example.com', 'Buyer!2345');
    expect(r.statusCode).toBe(200);
    const { accessToken, expiresAt } = r.json().data;
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: 'buyer@example.com', role: 'BUYER', status: 'APPROVED', fullName: '김바이어' });
    expect(me.json().data.passwordHash).toBeUndefined();
  });

  it('refuses a wrong password and an unknown e-mail with the same localized message', async () => {
    const wrong = await login('buyer@example.com', 'Wrong!2345', 'en-US');
    const unknown = await login('nobody@example.com', 'Wrong!2345', 'en-US');
    for (const r of [wrong, unknown]) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'LOGIN_FAILED', message: 'The information you entered is incorrect.' });
    }
  });

  it('authenticates only by the Authorization header, and refuses forged and expired tokens', async () => {
    const { accessToken } = (await login('buyer@example.com', 'Buyer!2345')).json().data;
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: `podo-brand-access-token=${accessToken}` },
    });
    expect(viaCookie.statusCode).toBe(401);
    expect(viaCookie.json().code).toBe('UNAUTHORIZED');

    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const token of [forged, expired, 'garbage', `${accessToken}x`]) {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
      });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 'TOKEN_INVALID', message: 'Your login has expired or is not valid. Please log in again.' });
    }
  });
});

describe('login bookkeeping', () => {
  it('records the time of the last login', async () => {
    await t.db.db.update(users).set({ lastLoginAt: null }).where(eq(users.email, 'pending@example.com'));
    const r = await login('pending@example.com', 'Pending!2345');
    expect(r.statusCode).toBe(200);
    const [row] = await t.db.db.select().from(users).where(eq(users.email, 'pending@example.com'));
    expect(Date.now() - row.lastLoginAt!.getTime()).toBeLessThan(60_000);
  });

  it('lets a pending member log in and see the status', async () => {
    const { accessToken } = (await login('pending@example.com', 'Pending!2345')).json().data;
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.json().data).toMatchObject({ role: 'MEMBER', status: 'PENDING', mobile: '010-2345-6789' });
    expect(me.json().data.business).toMatchObject({ businessNumber: '1112223339', certificate: null });
  });
});

describe('login throttling', () => {
  beforeEach(async () => {
    await t.db.db.execute(sql`delete from throttle_buckets where key like 'login:%'`);
  });

  it('locks an account after 5 failures for the rest of the 15-minute window (429, minutes, Retry-After)', async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < 5; i++) expect((await loginFrom(t, ip, 'buyer@example.com', 'Wrong!2345')).json().code).toBe('LOGIN_FAILED');
    // Even the right password is refused now, from any address.
    const locked = await loginFrom(t, '10.20.0.2', 'Buyer@Example.com', 'Buyer!2345');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'LOGIN_LOCKED', message: 'Too many log-in attempts. Please try again in 15 minutes.' });
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    expect((await loginFrom(t, '10.20.0.2', 'admin@example.com', 'Admin!2345')).statusCode).toBe(200);
  });

  it('clears the account counter on a successful login', async () => {
    const ip = '10.21.0.1';
    for (let i = 0; i < 4; i++) await loginFrom(t, ip, 'pending@example.com', 'Wrong!2345');
    expect((await loginFrom(t, ip, 'pending@example.com', 'Pending!2345')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await loginFrom(t, ip, 'pending@example.com', 'Wrong!2345')).json().code).toBe('LOGIN_FAILED');
    expect((await loginFrom(t, ip, 'pending@example.com', 'Pending!2345')).statusCode).toBe(200);
  });

  it('counts parallel guesses exactly: 10 at once give 5 failures and 5 locks', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => loginFrom(t, `10.22.0.${i + 1}`, 'admin@example.com', 'Wrong!2345')),
    );
    const codes = results.map((r) => r.json().code).sort();
    expect(codes.filter((c) => c === 'LOGIN_FAILED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'LOGIN_LOCKED')).toHaveLength(5);
  });

  it('locks a client address after 20 failures; a spoofed X-Forwarded-For does not reset it without TRUST_PROXY', async () => {
    const ip = '10.23.0.1';
    for (let i = 0; i < 20; i++) {
      const r = await loginFrom(t, ip, `nobody${i}@example.com`, 'Wrong!2345', `198.51.100.${i + 1}`);
      expect(r.json().code).toBe('LOGIN_FAILED');
    }
    const spoofed = await loginFrom(t, ip, 'buyer@example.com', 'Buyer!2345', '198.51.100.200');
    expect(spoofed.statusCode).toBe(429);
    expect(spoofed.json().code).toBe('LOGIN_LOCKED');
    // A different client is not affected.
    expect((await loginFrom(t, '10.23.0.2', 'buyer@example.com', 'Buyer!2345')).statusCode).toBe(200);
  });

  it('uses X-Forwarded-For as the client address with TRUST_PROXY=true', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const proxy = '10.24.0.1';
      for (let i = 0; i < 20; i++) await loginFrom(proxied, proxy, `nobody${i}@example.com`, 'Wrong!2345', '203.0.113.7');
      const same = await loginFrom(proxied, proxy, 'buyer@example.com', 'Buyer!2345', '203.0.113.7');
      expect(same.statusCode).toBe(429);
      // Every client behind the proxy has its own budget.
      const other = await loginFrom(proxied, proxy, 'buyer@example.com', 'Buyer!2345', '203.0.113.8');
      expect(other.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it.runIf(usingPostgres())('keeps exact counts across connections on PostgreSQL', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginFrom(t, '10.25.0.1', `race${i}@example.com`, 'Wrong!2345')),
    );
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });
});
