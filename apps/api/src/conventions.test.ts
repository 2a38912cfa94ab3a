import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@podo/i18n';
import { apiMessages } from '@podo/i18n/resources';
import { loginToken } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A route that fails with an internal error, to prove 5xx answers never leak internals.
  t.app.get('/api/test-only/boom', async () => {
    throw new Error('secret internals: password=hunter2 at /srv/app/db.ts:42');
  });
});
afterAll(() => t.close());

describe('API conventions', () => {
  it('answers malformed JSON with 400 and a message in each of the five languages', async () => {
    const seen = new Set<string>();
    for (const lang of LANGUAGES) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        payload: '{"email": "a@b.c", ',
      });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'INVALID_JSON', message: apiMessages[lang].errors.INVALID_JSON });
      seen.add(r.json().message);
    }
    expect(seen.size).toBe(5);
  });

  it('defaults to Korean and honours q-values in Accept-Language', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(none.json().message).toBe(apiMessages['ko-KR'].errors.ROUTE_NOT_FOUND);
    const ranked = await t.app.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'accept-language': 'fr;q=1, ja;q=0.8, en;q=0.5' } });
    expect(ranked.json().message).toBe(apiMessages['ja-JP'].errors.ROUTE_NOT_FOUND);
    const hant = await t.app.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'accept-language': 'zh-Hant-HK' } });
    expect(hant.json().message).toBe(apiMessages['zh-TW'].errors.ROUTE_NOT_FOUND);
  });

  it('answers an unknown /api/v1 path with JSON 404 (never the HTML page)', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const r = await t.app.inject({ method, url: '/api/v1/no/such/thing', headers: { 'accept-language': 'en-US' } });
      expect(r.statusCode).toBe(404);
      expect(r.headers['content-type']).toMatch(/application\/json/);
      expect(r.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'The requested API does not exist.' });
    }
  });

  it('validates bodies with a localized message naming the field, and changes nothing', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'accept-language': 'ko-KR' },
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('VALIDATION_FAILED');
    expect(r.json().message).toBe('이메일: 올바른 이메일 주소를 입력해 주세요.');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'accept-language': 'en-US' },
      payload: { email: 'a@b.co' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Password: This field is required.');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'accept-language': 'en-US' },
      payload: [1, 2],
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Request body: Send an object of named values.');
    // A list sent as text says what to send, in the caller's language, not in the validator's type names.
    const token = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
    const notList = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/add',
      headers: { 'accept-language': 'ko-KR', authorization: `Bearer ${token}` },
      payload: { items: 'x' },
    });
    expect(notList.statusCode).toBe(400);
    expect(notList.json()).toEqual({ code: 'VALIDATION_FAILED', message: '상품: 여러 항목의 목록으로 보내 주세요.' });
  });

  it('refuses unsupported media types and oversized bodies with 4xx', async () => {
    const media = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/x-foo', 'accept-language': 'en-US' },
      payload: 'x',
    });
    expect(media.statusCode).toBe(415);
    expect(media.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an undecodable URL with a localized 400 in the usual shape', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A', headers: { 'accept-language': 'en-US' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request is not valid.' });
  });

  it('never shows internals in a 5xx body', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/test-only/boom', headers: { 'accept-language': 'ko-KR' } });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 'INTERNAL', message: 'SERVER ERROR : 관리자에게 문의하세요.' });
    expect(r.body).not.toMatch(/secret|hunter2|db\.ts|stack/);
  });

  it('sends security headers', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['referrer-policy']).toBeDefined();
  });

  it('publishes the OpenAPI document and the docs UI from the same schemas', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/setting/language', '/api/v1/countries', '/api/v1/health', '/api/v1/login', '/api/v1/me']),
    );
    expect(spec.paths['/api/v1/countries'].get.parameters.some((p: { name: string }) => p.name === 'lang')).toBe(true);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toMatch(/swagger/i);
  });
});

describe('rate limiting', () => {
  it('answers 429 with a localized message and Retry-After past the limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await limited.app.inject({ method: 'GET', url: '/api/v1/setting/language', headers: { 'accept-language': 'en-US' } });
        codes.push(r.statusCode);
        if (i === 3) {
          expect(r.json().code).toBe('TOO_MANY_REQUESTS');
          expect(r.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
          expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      // Another client address has its own budget.
      const other = await limited.app.inject({ method: 'GET', url: '/api/v1/setting/language', remoteAddress: '10.9.8.7' });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
