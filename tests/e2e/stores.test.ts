import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from '../helpers/browser';
import { axeViolations } from '../helpers/page-checks';

const base = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const digits = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));

describe('where to buy (/store)', () => {
  it('finds Seoul stores from the footer and opens a store’s wines (ko-KR, 375 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE, locale: 'ko-KR' });
    await page.goto(`${base}/`);
    await page.locator('footer').getByRole('link', { name: '매장 찾기' }).click();
    await page.waitForURL(/\/store$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('매장 찾기');
    const cards = page.getByTestId('store-card');
    expect(await cards.count()).toBe(12);
    const all = digits(await page.getByTestId('result-count').textContent());
    expect(all).toBeGreaterThanOrEqual(30);

    await page
      .getByRole('navigation', { name: '지역' })
      .getByRole('link', { name: /서울특별시/ })
      .click();
    await page.waitForURL(/siNms=/);
    await expect.poll(() => page.getByTestId('result-count').textContent().then(digits)).toBeLessThan(all);
    const regions = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-si')));
    expect(regions.length).toBeGreaterThan(0);
    expect(new Set(regions)).toEqual(new Set(['서울특별시']));
    for (const text of await cards.allTextContents()) expect(text).toContain('서울특별시');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // The phone is a tel: link, the map opens the address at Kakao Map.
    const first = cards.first();
    expect(await first.getByRole('link', { name: /^02-/ }).getAttribute('href')).toMatch(/^tel:02\d+$/);
    expect(await first.getByTestId('store-map-kakao').getAttribute('href')).toMatch(
      /^https:\/\/map\.kakao\.com\/link\/search\/%EC%84%9C%EC%9A%B8/,
    );
    await page.screenshot({ path: '.tmp/screens/store-ko-KR-375.png', fullPage: true });

    const wines = first.getByTestId('store-wines');
    const count = digits(await wines.textContent());
    expect(count).toBeGreaterThan(0);
    const storeName = await first.locator('.store-name').textContent();
    await wines.click();
    await page.waitForURL(/\/product\?idStore=1&title=/);
    await expect.poll(() => page.getByTestId('result-count').textContent().then(digits)).toBe(count);
    // The list is headed by the store's name.
    expect(await page.getByTestId('catalog-title').textContent()).toBe(storeName);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters by company, services and text, and shows the empty list (en-US, 1280 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP, locale: 'en-US' });
    await page.goto(`${base}/store?lang=en-US`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Where to buy');
    await page
      .getByRole('navigation', { name: 'Store types' })
      .getByRole('link', { name: /Independent wine shop/ })
      .click();
    await page.waitForURL(/idCompanies=/);
    const cards = page.getByTestId('store-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(3);
    for (const text of await cards.allTextContents()) expect(text).toContain('Independent wine shop');

    await page.getByTestId('store-option-CELLAR').click();
    await page.waitForURL(/options=CELLAR/);
    await expect.poll(() => page.getByTestId('store-option-CELLAR').getAttribute('class')).toContain('is-active');
    const withCellar = await cards.count();
    expect(withCellar).toBeGreaterThan(0);
    for (const text of await cards.allTextContents()) expect(text).toContain('Wine cellar');

    await page.getByRole('searchbox', { name: 'Search stores' }).fill('Hannam');
    await page.getByRole('searchbox', { name: 'Search stores' }).press('Enter');
    await page.waitForURL(/query=Hannam/);
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('Podo Wine Cellar Hannam');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screens/store-en-US-1280.png', fullPage: true });

    await page.getByRole('searchbox', { name: 'Search stores' }).fill('zzzzqqqq');
    await page.getByRole('searchbox', { name: 'Search stores' }).press('Enter');
    await page.waitForURL(/query=zzzzqqqq/);
    expect(await page.locator('.empty-state').textContent()).toBe('No results found.');
    expect(await cards.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: region links and the search form (ko-KR, 1280 px)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'ko-KR', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/store`);
    await page
      .getByRole('navigation', { name: '지역' })
      .getByRole('link', { name: /부산광역시/ })
      .click();
    await page.waitForURL(/siNms=/);
    const regions = await page.getByTestId('store-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-si')));
    expect(new Set(regions)).toEqual(new Set(['부산광역시']));
    await page.getByRole('searchbox', { name: '매장 검색' }).fill('센텀');
    await page.getByTestId('store-search').getByRole('button').click();
    await page.waitForURL(/query=/);
    expect(await page.getByTestId('store-card').count()).toBe(1);
    expect(page.url()).toContain('siNms=');
    await page.goto(`${base}/store?query=없는매장zz`);
    expect(await page.locator('.empty-state').textContent()).toBe('검색 결과가 없습니다.');
    await context.close();
  });

  it('is in the sitemap', async () => {
    const xml = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${base}/store</loc>`);
  });
});
