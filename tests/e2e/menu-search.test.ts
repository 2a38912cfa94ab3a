import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage } from '../helpers/browser';
import { group } from '../helpers/items';

/**
 * Header wine-portfolio mega-menu, mobile drawer, the searches and /search-result (issue 4 points 4 and 5),
 * against the built product with its demo catalogue.
 */
const base = inject('baseUrl');
const RECENT = 'recent-searches';
/** Areas a country shows before its 'more' button (components/mega-menu.tsx AREAS_SHOWN). */
const AREAS_SHOWN = 3;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const headerInput = (page: Page) => page.locator('[data-testid=search-box] input');
const recentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === RECENT);
/** The cookie as the spec stores it: a comma-joined list, each item URI-encoded. */
const recentList = async (context: BrowserContext) =>
  ((await recentCookie(context))?.value ?? '').split(',').filter(Boolean).map(decodeURIComponent);
/** Opens a page and waits until its scripts have loaded (so buttons that need them respond). */
const visit = async (page: Page, path: string) => {
  const res = await page.goto(`${base}${path}`);
  // Reading pages load their scripts after the first paint: wait until they have hydrated the page.
  await page.waitForSelector('html[data-hydrated=true]');
  return res;
};
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const tabCount = async (page: Page, tab: string) => {
  const text = (await page.locator(`[data-testid=search-tabs] [data-tab=${tab}]`).textContent()) ?? '';
  const m = /\(([\d,]+)\)$/.exec(text.trim());
  expect(m, `tab ${tab}: ${text}`).not.toBeNull();
  return Number(group(m).replace(/,/g, ''));
};

describe('desktop mega-menu', () => {
  it('is in the server HTML with links into the filtered list', async () => {
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('id="mega-menu"');
    expect(html).toMatch(/href="\/product\?idKinds=\d+&amp;title=[^"]+"/);
    expect(html).toMatch(/href="\/product\?countryName=[^"]+&amp;title=[^"]+"/);
    expect(html).toMatch(/href="\/product\?idProductionAreas=\d+&amp;title=[^"]+"/);
    expect(html).toMatch(/href="\/product\?idTypes=\d+&amp;title=[^"]+"/);
    expect(html).toContain('href="/winery"');
  });

  it('opens on hover with three columns; a kind leads to /product?idKinds=…', async () => {
    const { page, context, errors } = await openPage(browser);
    await visit(page, '/');
    const trigger = page.getByTestId('mega-trigger');
    const menu = page.getByTestId('mega-menu');
    expect(await menu.isVisible()).toBe(false);
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await trigger.getAttribute('aria-controls')).toBe('mega-menu');
    await trigger.hover();
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await trigger.click(); // a mouse click on the hover-opened menu keeps it open
    await page.waitForTimeout(100);
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.locator('.mega-col').count()).toBe(3);
    expect(await menu.locator('.mega-heading').allTextContents()).toEqual(['와인 종류', '생산지역', '포도 품종']);
    expect(await menu.getByRole('link', { name: '전체 와인' }).getAttribute('href')).toBe('/product');
    expect(await menu.getByRole('link', { name: '와이너리' }).getAttribute('href')).toBe('/winery');
    const kinds = menu.locator('.mega-col-kinds a[href*="idKinds="]');
    expect(await kinds.count()).toBeGreaterThanOrEqual(6);
    expect(await menu.locator('.mega-col-types a[href*="idTypes="]').count()).toBeGreaterThanOrEqual(30);
    expect(await menu.locator('.mega-country-link').count()).toBeGreaterThanOrEqual(8);
    // The pointer may cross from the trigger into the panel without closing it.
    const red = menu.getByRole('link', { name: '레드' });
    await red.hover();
    expect(await menu.isVisible()).toBe(true);
    await red.click();
    await page.waitForURL((u) => u.pathname === '/product');
    const url = new URL(page.url());
    expect(url.searchParams.get('idKinds')).toMatch(/^\d+$/);
    expect(url.searchParams.get('title')).toBe('레드');
    await expect.poll(() => menu.isVisible()).toBe(false);
    // Moving away closes it.
    await trigger.hover();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.mouse.move(640, 12); // the top bar, outside the menu
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works from the keyboard: Enter opens, arrows and Tab move, Escape closes and returns focus', async () => {
    const { page, context } = await openPage(browser);
    await visit(page, '/');
    const trigger = page.getByTestId('mega-trigger');
    const menu = page.getByTestId('mega-menu');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    // Tab from the logo reaches the trigger.
    await page.locator('.header-logo').focus();
    await page.keyboard.press('Tab');
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('전체 와인');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('레드');
    await page.keyboard.press('ArrowRight'); // first entry of the areas column: a country
    expect(await page.evaluate(() => document.activeElement?.classList.contains('mega-country-link'))).toBe(true);
    await page.keyboard.press('ArrowRight'); // grape types
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '')).toMatch(/idTypes=/);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    // Space opens too; ArrowDown opens and goes to the first link.
    await page.keyboard.press(' ');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused()).toBe('전체 와인');
    // Leaving the menu with Tab closes it.
    await page.locator('.mega-col-types a').last().focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await focused()).toBe('와이너리');
    // A visible focus ring on the trigger.
    await trigger.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await trigger.evaluate((el) => getComputedStyle(el).outlineStyle !== 'none' || getComputedStyle(el).boxShadow !== 'none')).toBe(
      true,
    );
    await context.close();
  });

  it('keeps the menus after client navigations and follows a language switch', async () => {
    const { page, context, errors } = await openPage(browser);
    await visit(page, '/');
    await page.getByTestId('site-header').getByRole('link', { name: '회사소개' }).click();
    await page.waitForURL(`${base}/about`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('회사소개');
    const menu = page.getByTestId('mega-menu');
    await page.getByTestId('mega-trigger').hover();
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.locator('a[href*="idKinds="]').count()).toBeGreaterThanOrEqual(6);
    await page.mouse.move(640, 12);
    await page.getByTestId('lang-switcher').selectOption('en-US');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en-US');
    await page.getByTestId('mega-trigger').hover();
    await expect.poll(() => menu.locator('.mega-heading').allTextContents()).toEqual(['Wine types', 'Regions', 'Grape varieties']);
    expect(await menu.getByRole('link', { name: 'White', exact: true }).getAttribute('href')).toMatch(/title=White$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hides areas without wines and expands a country's areas with 'more'", async () => {
    const { page, context } = await openPage(browser);
    const lookup = (await (await fetch(`${base}/api/v1/wines/production-areas?serviceType=BRAND`)).json()) as {
      _embedded: { countries: { name: string; productionAreas: { id: number; qty: number }[] }[] };
    };
    const empty = lookup._embedded.countries.flatMap((c) => c.productionAreas.filter((a) => a.qty === 0).map((a) => a.id));
    await visit(page, '/');
    for (const id of empty) expect(await page.locator(`#mega-menu a[href^="/product?idProductionAreas=${id}&"]`).count()).toBe(0);
    await page.getByTestId('mega-trigger').hover();
    const country = page
      .locator('.mega-country')
      .filter({ has: page.getByTestId('mega-more') })
      .first();
    const areas = country.locator('li a');
    const total = await areas.count();
    expect(total).toBeGreaterThan(AREAS_SHOWN);
    const visible = async () => (await Promise.all((await areas.all()).map((a) => a.isVisible()))).filter(Boolean).length;
    expect(await visible()).toBe(AREAS_SHOWN);
    const more = country.getByTestId('mega-more');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.textContent()).toContain(`더보기 (+${total - AREAS_SHOWN})`);
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await visible()).toBe(total);
    expect(await more.textContent()).toContain('접기');
    const area = areas.last();
    const name = (await area.textContent())!.trim();
    await area.click();
    await page.waitForURL((u) => u.pathname === '/product' && u.searchParams.has('idProductionAreas'));
    expect(new URL(page.url()).searchParams.get('title')).toBe(name);
    await context.close();
  });
});

describe('mobile drawer', () => {
  it('expands the portfolio sections, locks the page and closes after navigating', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE });
    await visit(page, '/');
    expect(await page.getByTestId('mega-trigger').isVisible()).toBe(false);
    const drawer = page.getByTestId('mobile-drawer');
    const toggle = page.getByTestId('drawer-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const portfolio = page.getByTestId('drawer-portfolio');
    expect(await portfolio.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await portfolio.locator('summary').first().click();
    expect(await portfolio.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // Areas: a country opens to its areas.
    await page.getByTestId('drawer-areas').locator('summary').first().click();
    const firstCountry = page.getByTestId('drawer-areas').locator('details').first();
    await firstCountry.locator('summary').click();
    expect(await firstCountry.locator('a[href*="idProductionAreas="]').first().isVisible()).toBe(true);
    // Grape types, then kinds; a kind navigates.
    await page.getByTestId('drawer-types').locator('summary').click();
    expect(await page.getByTestId('drawer-types').locator('a[href*="idTypes="]').count()).toBeGreaterThanOrEqual(30);
    await page.getByTestId('drawer-kinds').locator('summary').click();
    await page.getByTestId('drawer-kinds').getByRole('link', { name: '화이트' }).click();
    await page.waitForURL((u) => u.pathname === '/product' && u.searchParams.get('title') === '화이트');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('화이트'); // the new page is shown
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    // Escape closes it too, and focus goes back to the menu button.
    await toggle.click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('search box', () => {
  it("goes to /search-result?q=피노 on Enter, with tab counts and wines matching '피노'", async () => {
    const { page, context, errors } = await openPage(browser);
    await visit(page, '/');
    expect(await page.locator('form[role=search]').count()).toBeGreaterThanOrEqual(1);
    const input = headerInput(page);
    await input.fill('피노');
    await input.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search-result' && u.searchParams.get('q') === '피노');
    await expect.poll(() => page.locator('h1').textContent()).toBe("'피노' 검색 결과");
    expect(await page.title()).toContain("'피노' 검색 결과");
    expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex');
    const wines = await tabCount(page, 'wine');
    const wineries = await tabCount(page, 'winery');
    expect(wines).toBeGreaterThan(0);
    expect(await tabCount(page, 'all')).toBe(wines + wineries);
    expect(await page.locator('[data-testid=search-tabs] [aria-current=page]').textContent()).toMatch(/^전체 \(/);
    const cards = page.getByTestId('product-card');
    expect(await cards.count()).toBe(Math.min(8, wines));
    expect((await cards.allTextContents()).some((t) => t.includes('피노'))).toBe(true);
    // Every wine found really mentions 피노 (in a name, a grape or a region), as the API reports it.
    const api = (await (await fetch(`${base}/api/v1/brand/wines/products?query=${encodeURIComponent('피노')}&size=100`)).json()) as {
      _embedded: { items: object[] };
      page: { totalElements: number };
    };
    expect(api.page.totalElements).toBe(wines);
    for (const p of api._embedded.items) expect(JSON.stringify(p)).toMatch(/피노|pinot/i);
    // The wine tab: its own address, all cards of the first page, and a link into the filterable list.
    await page.locator('[data-testid=search-tabs] [data-tab=wine]').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'wine');
    await expect.poll(() => page.locator('[data-testid=search-tabs] [aria-current=page]').textContent()).toBe(`와인 (${wines})`);
    expect(await cards.count()).toBe(Math.min(24, wines));
    expect(await page.getByRole('link', { name: '필터로 더 자세히 찾기' }).getAttribute('href')).toBe(
      `/product?query=${encodeURIComponent('피노')}`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds what a Korean buyer types: 샤또, 까베르네, one syllable, and Latin text without case or accents', async () => {
    const { page, context } = await openPage(browser);
    const count = async (q: string) => {
      await page.goto(`${base}/search-result?q=${encodeURIComponent(q)}`);
      return tabCount(page, 'all');
    };
    for (const q of ['샤또', '까베르네', '피노', '샤']) expect(await count(q), q).toBeGreaterThan(0);
    const latin = await count('chateau');
    expect(latin).toBeGreaterThan(0);
    expect(await count('CHÂTEAU')).toBe(latin);
    expect(await count('Château')).toBe(latin);
    expect(await count('pinot noir')).toBe(await count('Pinot-Noir'));
    await context.close();
  });

  it('does not search for empty text', async () => {
    const { page, context } = await openPage(browser);
    await visit(page, '/');
    const input = headerInput(page);
    await input.fill('   ');
    await input.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.locator('[data-testid=search-box] .search-submit').click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await recentCookie(context)).toBeUndefined();
    // The form on the result page as well.
    await visit(page, `/search-result?q=${encodeURIComponent('말벡')}`);
    await page.locator('#search-page-q').fill('  ');
    await page.locator('#search-page-q').press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).searchParams.get('q')).toBe('말벡');
    await context.close();
  });

  it('keeps recent searches most recent first, with per-item delete and 전체삭제', async () => {
    const { page, context, errors } = await openPage(browser);
    await visit(page, '/');
    const input = headerInput(page);
    for (const q of ['샤또', '피노', '까베르네', '샤또']) {
      await input.fill(q);
      await input.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search-result' && u.searchParams.get('q') === q);
      await expect.poll(() => page.locator('h1').textContent()).toBe(`'${q}' 검색 결과`);
    }
    expect(await recentList(context)).toEqual(['샤또', '까베르네', '피노']);
    const cookie = (await recentCookie(context))!;
    expect(cookie.httpOnly).toBe(false);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

    await input.click();
    const recent = page.getByTestId('recent-searches');
    await expect.poll(() => recent.locator('li').allTextContents()).toEqual(['샤또', '까베르네', '피노']);
    // Picking one searches it again (and moves it first).
    await recent.getByRole('button', { name: '피노', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === '피노');
    await expect.poll(() => page.locator('h1').textContent()).toBe("'피노' 검색 결과");
    await expect.poll(() => recentList(context)).toEqual(['피노', '샤또', '까베르네']);
    await input.click();
    await recent.getByRole('button', { name: '샤또 삭제' }).click();
    expect(await recent.locator('li').allTextContents()).toEqual(['피노', '까베르네']);
    expect(await recentList(context)).toEqual(['피노', '까베르네']);
    await recent.getByRole('button', { name: '전체삭제' }).click();
    expect(await recent.textContent()).toContain('최근 검색어가 없습니다.');
    expect(await recentCookie(context)).toBeUndefined();
    // Escape closes the list.
    await page.keyboard.press('Escape');
    expect(await recent.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('records searches on the server too, so it works without scripts (capped at 10)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'ko-KR', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    // The header form is a plain GET form to /search-result.
    await headerInput(page).fill('로제');
    await headerInput(page).press('Enter');
    await page.waitForURL((u) => u.pathname === '/search-result' && u.searchParams.get('q') === '로제');
    expect(await page.locator('h1').textContent()).toBe("'로제' 검색 결과");
    expect(await recentList(context)).toEqual(['로제']);
    for (let i = 1; i <= 11; i++) await page.goto(`${base}/search-result?q=w${i}`);
    const list = await recentList(context);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('w11');
    expect(list).not.toContain('로제');
    // Changing tab or page of a search is not a new search.
    await page.goto(`${base}/search-result?q=zz-new&tab=wine`);
    expect(await recentList(context)).not.toContain('zz-new');
    await context.close();
  });

  it("says '검색 결과가 없습니다.' with suggestions when nothing matches", async () => {
    const { page, context, errors } = await openPage(browser);
    const res = await page.goto(`${base}/search-result?q=${encodeURIComponent('없는와인xq')}`);
    expect(res?.status()).toBe(200);
    expect(await page.getByText('검색 결과가 없습니다.').isVisible()).toBe(true);
    expect(await tabCount(page, 'all')).toBe(0);
    expect(await tabCount(page, 'wine')).toBe(0);
    expect(await tabCount(page, 'winery')).toBe(0);
    const suggestions = page.getByTestId('search-suggestions');
    await suggestions.getByRole('link', { name: '피노 누아' }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === '피노 누아');
    await expect.poll(() => page.locator('h1').textContent()).toBe("'피노 누아' 검색 결과");
    expect(await tabCount(page, 'wine')).toBeGreaterThan(0);
    // Nonsense tab and page parameters fall back instead of failing.
    const odd = await page.goto(`${base}/search-result?q=${encodeURIComponent('피노')}&tab=nope&page=-3`);
    expect(odd?.status()).toBe(200);
    expect(await page.locator('[data-testid=search-tabs] [aria-current=page]').getAttribute('data-tab')).toBe('all');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists wineries under their tab', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${base}/search-result?q=${encodeURIComponent('샤또')}&tab=winery`);
    const n = await tabCount(page, 'winery');
    expect(n).toBeGreaterThan(0);
    expect(await page.getByTestId('winery-card').count()).toBe(Math.min(24, n));
    expect(await page.getByTestId('product-card').count()).toBe(0);
    await context.close();
  });
});

describe('second header and mobile search', () => {
  it('has an expandable search input in the scrolled header', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 600 } });
    await visit(page, '/');
    await page.evaluate(() => (document.body.style.minHeight = '4000px'));
    await page.evaluate(() => window.scrollTo(0, 400));
    const header = page.getByTestId('site-header');
    await expect.poll(() => header.getAttribute('class')).toMatch(/is-active/);
    const input = headerInput(page);
    await expect.poll(() => input.isVisible()).toBe(false);
    const open = header.getByRole('button', { name: '검색 열기' });
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await open.click();
    await expect.poll(() => input.isVisible()).toBe(true);
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('까베르네');
    await input.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('q') === '까베르네');
    await context.close();
  });

  for (const locale of ['ko-KR', 'en-US']) {
    it(`opens a full-screen search at 375 px (${locale})`, async () => {
      const { page, context, errors } = await openPage(browser, { viewport: MOBILE, locale });
      await context.addCookies([{ name: RECENT, value: ['피노', '샤또'].map(encodeURIComponent).join(','), url: base }]);
      await visit(page, '/');
      expect(await noSidewaysScroll(page)).toBe(true);
      const toggle = page.getByTestId('search-toggle');
      await toggle.click();
      const overlay = page.getByTestId('search-overlay');
      await expect.poll(() => overlay.isVisible()).toBe(true);
      // Full screen once its short opening animation is over.
      await expect
        .poll(async () => {
          const b = await overlay.boundingBox();
          return b && [b.x, b.y, b.width, b.height].map(Math.round);
        })
        .toEqual([0, 0, MOBILE.width, MOBILE.height]);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      const input = page.locator('[data-testid=mobile-search-box] input');
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await overlay.getByTestId('recent-searches').locator('li').allTextContents()).toEqual(['피노', '샤또']);
      await page.keyboard.press('Escape');
      await expect.poll(() => overlay.count()).toBe(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
      await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      // Close button, then a real search.
      await toggle.click();
      await overlay.getByTestId('search-overlay-close').click();
      await expect.poll(() => overlay.count()).toBe(0);
      await toggle.click();
      await input.fill('샤또');
      await input.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search-result' && u.searchParams.get('q') === '샤또');
      await expect.poll(() => overlay.count()).toBe(0);
      await expect.poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(0);
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
