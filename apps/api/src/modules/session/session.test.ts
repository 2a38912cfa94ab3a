import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, lang = 'ko-KR') =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'accept-language': lang }, payload: { email, password } });

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
