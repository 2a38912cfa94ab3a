import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, openPage } from '../helpers/browser';
import { createBuyer, type Buyer } from '../helpers/fixtures';
import { startProductServer } from '../helpers/product-server';
import { group } from '../helpers/items';

/**
 * The wine portfolio pages (issue 4 point 3) against the built product and its demo catalogue: the filtered list
 * with chips, sort and pagination, the wine detail with JSON-LD and the wish toggle, the wineries with the like
 * toggle, the 404, sitemap.xml and robots.txt, and the 375 px layout.
 */
const base = inject('baseUrl');
let browser: Browser;
/** A trade buyer of this file's own (fixtures.ts), who logs in through the login page. */
let BUYER: Buyer;
beforeAll(async () => {
  [browser, BUYER] = await Promise.all([launchBrowser(), createBuyer()]);
});
afterAll(() => browser?.close());

const params = (page: Page) => new URL(page.url()).searchParams;
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const count = async (page: Page) => Number(((await page.getByTestId('result-count').textContent()) ?? '').replace(/\D/g, ''));
/** Waits until React has hydrated the page (its event handlers are attached). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const el = document.querySelector('#main');
    return !!el && (document.documentElement.dataset.hydrated === 'true' || Object.keys(el).some((k) => k.startsWith('__reactProps')));
  });
const jsonLd = (page: Page) =>
  page.$$eval('script[type="application/ld+json"]', (els) =>
    els.map((e) => JSON.parse(e.textContent ?? 'null') as Record<string, unknown>),
  );
const metaContent = (page: Page, sel: string) => page.locator(sel).first().getAttribute('content');

async function login(page: Page, redirect: string) {
  await page.goto(`${base}/account/login?redirect=${encodeURIComponent(redirect)}`);
  await hydrated(page);
  await page.fill('#login-email', BUYER.email);
  await page.fill('#login-password', BUYER.password);
  await page.press('#login-password', 'Enter');
  await page.waitForURL(`${base}${redirect}`);
}

describe('product list', () => {
  it('is server-rendered with a full page of cards, SEO tags and facets with counts', async () => {
    const res = await fetch(`${base}/product?title=${encodeURIComponent('전체 와인')}&sort=PRICE_ASC`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect((html.match(/data-testid="product-card"/g) ?? []).length).toBe(24);
    expect(html).toContain('<title>전체 와인 | ');
    // The canonical keeps only the parameters that make a distinct list (no sort, no heading).
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/product"\/>/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+"\/>/);
    expect(html).toContain('id="catalog-filters"');
    expect(html).toContain('data-testid="pagination"');
  });

  it('turns a plain form post (no JS) into one clean URL', async () => {
    const res = await fetch(`${base}/product?idKinds=1&idKinds=2&priceMin=10%2C000&query=&page=1`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/product?idKinds=1,2&priceMin=10000');
  });

  it('shows an API refusal of a filter as a message instead of failing', async () => {
    const res = await fetch(`${base}/product?priceMin=500&priceMax=100`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('data-testid="filter-error"');
  });

  it('gives an anonymous visitor the same cards as a full render, with the first row preloaded in the head', async () => {
    // Anonymous cards come from a cache of rendered HTML; with a token cookie (here an invalid one: no member) the
    // page renders them itself. Both must be the same markup, so the browser hydrates either alike.
    const grid = (html: string) => html.slice(html.indexOf('class="product-grid"'), html.indexOf('</main>'));
    const anonymous = await (await fetch(`${base}/product?idKinds=1`)).text();
    const rendered = await (await fetch(`${base}/product?idKinds=1`, { headers: { cookie: 'podo-brand-access-token=x' } })).text();
    expect(grid(anonymous).match(/data-testid="product-card"/g)).toHaveLength(24);
    expect(grid(anonymous)).toBe(grid(rendered));
    expect(grid(anonymous)).not.toContain('<link');
    const first = /<img src="([^"]+)"/.exec(grid(anonymous))![1];
    const head = anonymous.slice(0, anonymous.indexOf('</head>'));
    expect(head).toMatch(new RegExp(`<link rel="preload" href="${first}" as="image" fetchPriority="high"/>`));
    expect(head.match(/<link rel="preload"[^>]* as="image"/g)).toHaveLength(4);
  });

  it('sends a page whole and compressed as the browser accepts: br, else gzip, else plain', async () => {
    const { request } = await import('node:http');
    const get = (encoding: string) =>
      new Promise<{ encoding?: string; length?: string; body: Buffer }>((resolve, reject) => {
        request(`${base}/product`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], length: res.headers['content-length'], body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      });
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const br = await get('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(Number(br.length)).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toContain('data-testid="product-grid"');
    const gz = await get('br;q=0, gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('data-testid="product-grid"');
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toContain('data-testid="product-grid"');
  });

  it('paints before its scripts load, and applies a filter ticked before they ran', async () => {
    // Reading pages load their scripts after the first paint; form pages keep them with the page.
    expect(await (await fetch(`${base}/product`)).text()).not.toMatch(/<link rel="modulepreload"|<script[^>]* type="module"/);
    expect(await (await fetch(`${base}/account/login`)).text()).toMatch(/<link rel="modulepreload"/);

    const { page, context, errors } = await openPage(browser);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${base}/product`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('product-grid').waitFor();
    expect(await page.getByTestId('product-card').count()).toBe(24);
    // Ticked while the scripts are held back: the box is ticked, nothing else happens yet.
    await page.getByTestId('facet-kind-RED').click();
    expect(page.url()).toBe(`${base}/product`);
    release();
    await page.waitForURL(/idKinds=\d+/);
    await expect.poll(() => page.getByTestId('filter-chip').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a wine from its card and comes back without reloading the page', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${base}/product`);
    await hydrated(page);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    const card = page.getByTestId('product-card').nth(5);
    const name = await card.locator('h3').textContent();
    await card.locator('h3 a').click();
    await page.waitForURL(/\/product\/\d+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe(name);
    // A card opened from the list carries that in its state: the back link goes back through history.
    await page.getByTestId('back-to-list').click();
    await page.waitForURL(`${base}/product`);
    await page.getByTestId('product-grid').waitFor();
    expect(loads).toEqual([]);
    // A ctrl-click is left to the browser (a new tab), not turned into a navigation here.
    const popup = context.waitForEvent('page');
    await page
      .getByTestId('product-card')
      .first()
      .locator('h3 a')
      .click({ modifiers: ['Control'] });
    await (await popup).close();
    expect(page.url()).toBe(`${base}/product`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a visitor over the rate limit with a localized 429 page, and keeps serving', async () => {
    // Each list page makes three API calls in-process, counted against the visitor's address.
    const own = await startProductServer({ RATE_LIMIT_MAX: '8' });
    try {
      let res: Response | undefined;
      for (let i = 0; i < 6; i++) {
        res = await fetch(`${own.baseUrl}/product`, { headers: { 'accept-language': 'ko-KR' } });
        if (res.status !== 200) break;
        await res.arrayBuffer();
      }
      expect(res!.status).toBe(429);
      expect(Number(res!.headers.get('retry-after'))).toBeGreaterThan(0);
      const html = await res!.text();
      expect(html).toContain('data-testid="error-page"');
      expect(html).toContain('요청이 너무 많습니다');
      // Calls left pending by the refused page must not take the process down.
      await new Promise((r) => setTimeout(r, 300));
      expect((await fetch(`${own.baseUrl}/favicon.svg`)).status).toBe(200);
      expect(own.log()).not.toMatch(/unhandled promise rejection|Unexpected Server Error/);
    } finally {
      await own.stop();
    }
  });

  it('filters from the sidebar with chips in the URL, sorts, and pages with scroll restored on back', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${base}/product`);
    await hydrated(page);
    const total = await count(page);
    expect(total).toBeGreaterThanOrEqual(200);

    // A kind, then a country: both land in the URL without a reload, with a chip each.
    const reloads: string[] = [];
    page.on('load', () => reloads.push(page.url()));
    await page.getByTestId('facet-kind-RED').click();
    await page.waitForURL(/idKinds=\d+/);
    await expect.poll(() => page.getByTestId('filter-chip').count()).toBe(1);
    await expect.poll(() => count(page)).toBeLessThan(total);
    const reds = await count(page);
    await page.locator('[data-testid=facet-country-FR] > summary').click();
    await page.locator('[data-testid=facet-country-FR] input[name=countryCodes]').click();
    await page.waitForURL(/countryCodes=FR/);
    await expect.poll(() => page.getByTestId('filter-chip').count()).toBe(2);
    await expect.poll(() => count(page)).toBeLessThan(reds);
    const frenchReds = await count(page);
    expect(frenchReds).toBeGreaterThan(0);
    expect(params(page).get('idKinds')).toMatch(/^\d+$/);
    for (const card of await page.getByTestId('product-card').all()) {
      expect(await card.getAttribute('data-kind')).toBe('RED');
      expect(await card.locator('.product-card-origin').textContent()).toContain('프랑스');
    }
    expect(await page.getByTestId('filter-chip').allTextContents()).toEqual([
      expect.stringContaining('레드'),
      expect.stringContaining('프랑스'),
    ]);

    // Removing the kind chip keeps the country.
    await page.getByTestId('filter-chip').first().click();
    await page.waitForURL((u) => !u.searchParams.has('idKinds'));
    expect(params(page).get('countryCodes')).toBe('FR');
    await expect.poll(() => page.getByTestId('filter-chip').count()).toBe(1);

    // Price range with thousands separators while typing.
    await page.getByTestId('range-priceMin').fill('50000');
    expect(await page.getByTestId('range-priceMin').inputValue()).toBe('50,000');
    await page.getByTestId('range-priceMin').press('Enter');
    await page.waitForURL(/priceMin=50000/);
    await expect.poll(() => page.getByTestId('filter-chip').count()).toBe(2);
    expect(await page.getByTestId('filter-chip').nth(1).textContent()).toContain('50,000원');

    // Sort by price: ascending prices.
    await page.getByTestId('sort-select').selectOption('PRICE_ASC');
    await page.waitForURL(/sort=PRICE_ASC/);
    await expect
      .poll(async () => {
        const prices = (await page.locator('.price-retail .price-value').allTextContents()).map((s) => Number(s.replace(/\D/g, '')));
        return prices.length > 1 && prices.every((p, i) => p >= (prices[i - 1] ?? -Infinity)) && (prices[0] ?? 0) >= 50000;
      })
      .toBe(true);

    // '전체 해제' clears every filter but keeps the sort.
    await page.getByTestId('chips-clear').click();
    await page.waitForURL((u) => !u.searchParams.has('countryCodes') && !u.searchParams.has('priceMin'));
    expect(params(page).get('sort')).toBe('PRICE_ASC');
    await expect.poll(() => count(page)).toBe(total);
    // All of it happened in one document (client navigation, no reload).
    expect(reloads).toEqual([]);

    // Page 2 by its link, then back: the list returns where it was scrolled to.
    const pager = page.getByTestId('pagination');
    await pager.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(500);
    const firstOnPage1 = await page.getByTestId('product-card').first().locator('h3').textContent();
    await pager.getByRole('link', { name: '2 페이지' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100);
    await expect.poll(() => pager.locator('[aria-current=page]').textContent()).toBe('2');
    expect(await page.getByTestId('product-card').first().locator('h3').textContent()).not.toBe(firstOnPage1);
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('page'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThan(50);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('continues the next page after the last wine shown (keyset), as the numbered page shows it', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${base}/product?sort=PRICE_ASC&page=2`);
    await hydrated(page);
    const next = page.getByTestId('pagination').locator('a[rel=next]');
    const href = new URL((await next.getAttribute('href'))!, base);
    expect(href.searchParams.get('page')).toBe('3');
    expect(Number(href.searchParams.get('after'))).toBeGreaterThan(0);
    await next.click();
    await page.waitForURL(/page=3/);
    await expect.poll(() => page.getByTestId('pagination').locator('[aria-current=page]').textContent()).toBe('3');
    const titles = () => page.getByTestId('product-card').locator('h3').allTextContents();
    const keyset = await titles();
    // The numbered links drop it again, and page 3 by number shows the same wines.
    expect(await page.getByTestId('pagination').getByRole('link', { name: '2 페이지' }).getAttribute('href')).not.toContain('after=');
    await page.goto(`${base}/product?sort=PRICE_ASC&page=3`);
    await hydrated(page);
    expect(await titles()).toEqual(keyset);
    expect(keyset.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the scroll position over a reload and a back navigation to the document', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${base}/product`);
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    // A fresh navigation starts at the top, with a history key of its own.
    await page.goto(`${base}/product?page=2`);
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window.history.state as { key?: string } | null)?.key)).toMatch(/^[0-9a-v]+$/);
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('page'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates the filter form and the cards on first use, showing navigations started elsewhere before that', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${base}/product`);
    const red = await page.locator('[data-testid=facet-kind-RED] input').getAttribute('value');
    await page.goto(`${base}/product?idKinds=${red}&countryCodes=FR`);
    await hydrated(page);
    const redBox = page.locator('[data-testid=facet-kind-RED] input');
    const frBox = page.locator('[data-testid=facet-country-FR] input[name=countryCodes]');
    expect(await redBox.isChecked()).toBe(true);

    // The kind chip is removed without touching the form: the form, not yet hydrated, shows the new list's state.
    const reloads: string[] = [];
    page.on('load', () => reloads.push(page.url()));
    await page.getByTestId('filter-chip').first().click();
    await page.waitForURL((u) => !u.searchParams.has('idKinds'));
    await expect.poll(() => redBox.isChecked()).toBe(false);
    expect(await frBox.isChecked()).toBe(true);
    // …and its first use applies at once, as a client navigation.
    await page.locator('[data-testid=facet-kind-WHITE]').click();
    await page.waitForURL(/idKinds=\d+/);
    await expect.poll(() => page.getByTestId('filter-chip').count()).toBe(2);
    expect(await frBox.isChecked()).toBe(true);
    expect(reloads).toEqual([]);
    await context.close();

    // A member's first press on a card's heart hydrates the cards and toggles the wish, without a reload.
    const member = await openPage(browser);
    await login(member.page, '/product');
    await member.page.goto(`${base}/product?sort=PRICE_DESC`);
    await hydrated(member.page);
    member.page.on('load', () => reloads.push(member.page.url()));
    const heart = member.page.getByTestId('product-card').nth(2).getByTestId('wish-toggle');
    const before = await heart.getAttribute('aria-pressed');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(before === 'true' ? 'false' : 'true');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(before);
    expect(reloads).toEqual([]);
    expect([...errors, ...member.errors]).toEqual([]);
    await member.context.close();
  });

  it('works at 375 px: filters in a drawer, two columns, nothing sideways', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE });
    await page.goto(`${base}/product`);
    await hydrated(page);
    const total = await count(page);
    expect(await noSidewaysScroll(page)).toBe(true);
    const cards = page.getByTestId('product-card');
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(a!.y).toBe(b!.y); // two cards side by side
    // The first row's bottles are WebP thumbnails, loaded and shown at the card's width.
    const firstRow = await cards
      .locator('img')
      .evaluateAll((imgs) =>
        imgs.slice(0, 2).map((i) => ({ src: (i as HTMLImageElement).currentSrc, w: (i as HTMLImageElement).naturalWidth })),
      );
    for (const img of firstRow) expect(img).toEqual({ src: expect.stringMatching(/\/api\/v1\/media\/wines\/\d+\.webp$/), w: 300 });
    const drawer = page.getByTestId('catalog-filters');
    expect(await drawer.isVisible()).toBe(false);
    await page.getByTestId('filters-open').click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await page.getByTestId('facet-kind-WHITE').click();
    await page.waitForURL(/idKinds=\d+/);
    await expect.poll(() => count(page)).toBeLessThan(total);
    await page.getByTestId('filters-apply').click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    for (const card of await cards.all()) expect(await card.getAttribute('data-kind')).toBe('WHITE');
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('wine detail', () => {
  it('has Product JSON-LD with KRW offers, canonical and Open Graph tags', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${base}/product`);
    await hydrated(page);
    const first = page.getByTestId('product-card').first();
    const name = (await first.locator('h3').textContent())!.trim();
    await first.locator('h3 a').click();
    await page.waitForURL(/\/product\/\d+$/);
    await page.getByTestId('product-name').waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.getByTestId('product-name').textContent()).toBe(name);
    expect(await page.title()).toContain(name);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${base}/product/${id}`);
    expect(await metaContent(page, 'meta[property="og:type"]')).toBe('product');
    // The share picture is the PNG card (social apps show no SVG), and it is there to fetch.
    const ogImage = await metaContent(page, 'meta[property="og:image"]');
    expect(ogImage).toBe(`${base}/api/v1/media/wines/${id}.png`);
    expect(await metaContent(page, 'meta[property="og:image:width"]')).toBe('1200');
    const card = await fetch(ogImage!);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(await metaContent(page, 'meta[name=description]')).toBeTruthy();
    const product = (await jsonLd(page)).find((j) => j['@type'] === 'Product') as {
      name: string;
      sku: string;
      image: string[];
      brand: { name: string };
      offers: { '@type': string; priceCurrency: string; lowPrice: number; highPrice: number; availability: string };
      aggregateRating?: unknown;
    };
    expect(product.name).toBe(name);
    expect(product.sku).toBe(id);
    expect(product.image[0]).toMatch(/^https?:\/\//);
    expect(product.brand.name).toBeTruthy();
    expect(product.offers['@type']).toBe('AggregateOffer');
    expect(product.offers.priceCurrency).toBe('KRW');
    expect(product.offers.lowPrice).toBeGreaterThan(0);
    expect(product.offers.highPrice).toBeGreaterThanOrEqual(product.offers.lowPrice);
    expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    expect(product.aggregateRating).toBeUndefined();
    // Vintages, tasting profile, winery card; anonymous visitors see no trade price.
    expect(await page.getByTestId('vintage-table').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('trade-price').count()).toBe(0);
    expect(await page.getByTestId('tech-sheet-link').getAttribute('href')).toBe(`/product/${id}/pdf`);
    // Back to the list returns to where the visitor came from.
    await page.getByTestId('back-to-list').click();
    await page.waitForURL(`${base}/product`);
    await page.getByTestId('product-list').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers an unknown wine with the 404 page', async () => {
    const { page, context } = await openPage(browser);
    const res = await page.goto(`${base}/product/999999`);
    expect(res?.status()).toBe(404);
    expect(await page.getByTestId('error-page').textContent()).toContain('페이지를 찾을 수 없습니다');
    expect((await fetch(`${base}/product/abc`)).status).toBe(404);
    await context.close();
  });

  it('sends anonymous visitors to log in, and keeps an approved buyer’s wish across reloads', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${base}/product`);
    const href = await page.getByTestId('product-card').nth(2).locator('h3 a').getAttribute('href');
    await page.goto(`${base}${href}`);
    await hydrated(page);
    const heart = page.locator('.detail-actions [data-testid=wish-toggle]');
    expect(await heart.getAttribute('href')).toBe(`/account/login?redirect=${encodeURIComponent(href!)}`);

    await login(page, href!);
    await page.getByTestId('trade-price').waitFor();
    const before = await heart.getAttribute('aria-pressed');
    await heart.click();
    const after = before === 'true' ? 'false' : 'true';
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(after);
    await page.waitForLoadState('networkidle');
    await page.reload();
    await hydrated(page);
    expect(await heart.getAttribute('aria-pressed')).toBe(after);
    // And back again.
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(before);
    await page.waitForLoadState('networkidle');
    await page.reload();
    expect(await heart.getAttribute('aria-pressed')).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('wineries', () => {
  it('lists wineries by country and opens one, whose like toggle persists', async () => {
    const { page, context, errors } = await openPage(browser);
    await login(page, '/winery');
    await hydrated(page);
    const tabs = page.getByTestId('country-tabs').getByRole('link');
    await expect.poll(() => tabs.count()).toBeGreaterThanOrEqual(9);
    expect(await tabs.first().textContent()).toMatch(/^전체 \([\d,]+\)$/);
    const france = page.getByTestId('country-tab-FR');
    const frenchCount = Number((await france.textContent())!.replace(/\D/g, ''));
    await france.click();
    await page.waitForURL(/countryCodes=FR/);
    await expect.poll(() => count(page)).toBe(frenchCount);
    for (const card of (await page.getByTestId('winery-card').all()).slice(0, 6))
      expect(await card.locator('.winery-card-origin').textContent()).toContain('프랑스');

    await page.getByTestId('winery-card').first().locator('h3 a').click();
    await page.waitForURL(/\/winery\/\d+$/);
    await page.getByTestId('winery-name').waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.getByTestId('winery-wines').getByTestId('product-card').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('winery-pdf-link').getAttribute('href')).toBe(`/winery/${id}/pdf`);
    const org = (await jsonLd(page)).find((j) => j['@type'] === 'Organization');
    expect(org?.name).toBe((await page.getByTestId('winery-name').textContent())!.trim());

    const like = page.locator('.winery-head-actions [data-testid=like-toggle]');
    const likes = async () => Number(((await like.textContent()) ?? '').replace(/\D/g, ''));
    const [pressed, n] = [await like.getAttribute('aria-pressed'), await likes()];
    await like.click();
    const flipped = pressed === 'true' ? 'false' : 'true';
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe(flipped);
    await page.waitForLoadState('networkidle');
    await page.reload();
    expect(await like.getAttribute('aria-pressed')).toBe(flipped);
    expect(await likes()).toBe(pressed === 'true' ? n - 1 : n + 1);
    await hydrated(page);
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe(pressed);
    await expect.poll(likes).toBe(n);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits 375 px (list and detail)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE });
    await page.goto(`${base}/winery`);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByTestId('winery-card').first().locator('h3 a').click();
    await page.getByTestId('winery-name').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByTestId('product-card').first().locator('h3 a').click();
    await page.getByTestId('product-name').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers an unknown winery with 404', async () => {
    expect((await fetch(`${base}/winery/999999`)).status).toBe(404);
  });
});

describe('sitemap and robots', () => {
  it('lists every wine and winery in sitemap.xml', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => group(m));
    expect(locs).toContain(`${base}/product`);
    expect(locs.filter((l) => /\/product\/\d+$/.test(l)).length).toBeGreaterThanOrEqual(200);
    expect(locs.filter((l) => /\/winery\/\d+$/.test(l)).length).toBeGreaterThanOrEqual(60);
  });

  it('allows crawling but the member area, and names the sitemap', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /mypage');
    expect(text).toContain('Disallow: /account');
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});
