import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductServer, type ProductServer } from '../helpers/product-server';

/**
 * A production start without demo data (DEMO_DATA=false): an empty portfolio that works. The pages answer, the
 * portfolio's filters offer the wine kinds from the migrations, and nothing fails on the server.
 */
let server: ProductServer;
beforeAll(async () => {
  server = await startProductServer({ DEMO_DATA: 'false' });
});
afterAll(() => server?.stop());

describe('DEMO_DATA=false', () => {
  it('serves every page empty, with the kinds in the filters and no server error', async () => {
    const pages = [
      '/',
      '/about',
      // Terms and privacy policy come with every installation (sign-up asks to agree to them).
      '/terms?type=TERM',
      '/terms?type=PRIVACY',
      // Notices, FAQ, magazines and events are demo content: empty boards say so.
      '/notice',
      '/faq',
      '/magazine',
      '/event',
      '/contact',
      '/product',
      '/product?idKinds=1',
      '/winery',
      '/search-result?q=%EB%A0%88%EB%93%9C',
      '/account/login',
      '/account/signup',
    ];
    for (const p of pages) {
      const r = await fetch(`${server.baseUrl}${p}`);
      expect(r.status, p).toBe(200);
      const html = await r.text();
      if (p === '/product')
        for (const kind of ['레드', '화이트', '스파클링', '로제', '디저트', '주정강화']) expect(html, kind).toContain(kind);
      if (['/notice', '/faq', '/magazine', '/event'].includes(p)) expect(html, p).toContain('등록된 내용이 없습니다.');
    }
    const menu = await fetch(`${server.baseUrl}/api/v1/wines/kinds?serviceType=BRAND`, { headers: { 'accept-language': 'en-US' } });
    expect(((await menu.json()) as { _embedded: { items: { name: string }[] } })._embedded.items.map((k) => k.name)).toEqual([
      'Red',
      'White',
      'Sparkling',
      'Rosé',
      'Dessert',
      'Fortified',
    ]);
    expect(server.log()).not.toMatch(/"level":50/);
  });
});
