import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
const varies = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((x) => x.trim().toLowerCase());

describe('Cache-Control for CDNs and browsers', () => {
  it('lets a CDN keep anonymous catalogue and content answers a few seconds, per language', async () => {
    for (const url of ['/brand/wines/products?size=2', '/wines/kinds', '/wineries?size=2', '/magazines', '/posts', '/events']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=5');
      expect(varies(r.headers.vary), url).toEqual(expect.arrayContaining(['authorization', 'accept-language']));
    }
    // Served again from the answer cache: the same headers.
    const again = await get('/brand/wines/products?size=2');
    expect(again.headers['cache-control']).toMatch(/^public, /);
  });

  it("keeps every answer to a caller with a token private, so no shared cache hands a buyer's prices to another", async () => {
    for (const url of ['/brand/wines/products?size=2', '/wineries?size=2', '/me', '/commerce/orders']) {
      const r = await get(url, buyer);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('private, no-cache');
      expect(varies(r.headers.vary), url).toContain('authorization');
    }
  });

  it('stores nothing else: errors, writes and calls outside the catalogue', async () => {
    const cases = [
      await get('/brand/wines/products?size=9999'),
      await get('/wines/brand-products/99999999'),
      await get('/auth/providers'),
      await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'nobody@example.com', password: 'x' } }),
    ];
    expect(cases.map((r) => r.statusCode)).toEqual([400, 404, 200, 400]);
    for (const r of cases) {
      expect(r.headers['cache-control']).toBe('no-store');
      expect(varies(r.headers.vary)).toContain('authorization');
    }
    expect((await get('/health/ready')).headers['cache-control']).toBe('no-store');
  });
});
