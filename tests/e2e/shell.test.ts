import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage } from '../helpers/browser';
import { createBuyer, type Buyer } from '../helpers/fixtures';
import { group } from '../helpers/items';

const base = inject('baseUrl');

async function loginAsBuyer(page: Page) {
  await page.goto(`${base}/account/login?redirect=%2F`);
  await page.fill('#login-email', buyer.email);
  await page.fill('#login-password', buyer.password);
  await page.press('#login-password', 'Enter');
  await page.waitForURL(`${base}/`);
}
const COOKIE = 'podo-brand-access-token';
let browser: Browser;
/** A buyer of this file's own (fixtures.ts), who logs in through the login page. */
let buyer: Buyer;
beforeAll(async () => {
  [browser, buyer] = await Promise.all([launchBrowser(), createBuyer()]);
});
afterAll(() => browser?.close());

/** A JWT-shaped token with no valid signature, expiring `secondsFromNow` from now. */
const unsignedToken = (secondsFromNow: number) => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: '1', ver: 0, exp: Math.floor(Date.now() / 1000) + secondsFromNow })}.not-signed`;
};

const scrollTo = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
};

describe('home shell', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`serves the Korean home with header, search box and footer (${name})`, async () => {
      const { page, context, errors } = await openPage(browser, { viewport });
      const res = await page.goto(`${base}/`);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['content-type']).toMatch(/text\/html/);
      expect(await page.getAttribute('html', 'lang')).toBe('ko-KR');
      await expect.poll(() => page.getByTestId('site-header').isVisible()).toBe(true);
      expect(await page.getByTestId('site-footer').isVisible()).toBe(true);
      expect(await page.locator('[data-testid=search-box] input').getAttribute('placeholder')).toBe('어떤 와인을 찾으시나요?');
      expect(await page.getByTestId('site-footer').textContent()).toContain('120-86-00000');
      expect(await page.getByTestId('site-footer').textContent()).toContain('02-555-0199');
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const path of ['/', '/product'])
    it(`does not lazy-load the largest picture a phone sees first on ${path}`, async () => {
      // A lazy picture waits for layout before it is asked for, which delays the largest paint.
      const { page, context } = await openPage(browser, { viewport: MOBILE });
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      // The picture's paint may come after the load event on a busy machine: wait until the largest paint is a
      // picture (a lazy one loads too, so the wait does not hide the fault), then look at how it was loaded.
      const largest = () =>
        page.evaluate(
          () =>
            new Promise<{ tag: string; loading: string | null }>((resolve) => {
              new PerformanceObserver((list, observer) => {
                observer.disconnect();
                const el = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
                resolve({ tag: el.element?.tagName ?? '', loading: el.element?.getAttribute('loading') ?? null });
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        );
      await expect.poll(async () => (await largest()).tag, { timeout: 10_000 }).toBe('IMG');
      expect((await largest()).loading).not.toBe('lazy');
      await context.close();
    });

  it('puts the menu and footer in place in the HTML itself, once, with or without scripts', async () => {
    // Parts hydrated later must not be streamed out of line (hidden and moved by an inline script).
    const html = await (await fetch(`${base}/`)).text();
    expect(html).not.toMatch(/<div hidden id="S:/);
    expect(html).not.toContain('$RC');

    const noJs = await browser.newContext({ viewport: DESKTOP, locale: 'ko-KR', javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${base}/`);
    expect(await plain.getByTestId('site-footer').isVisible()).toBe(true);
    expect(await plain.getByTestId('mega-trigger').isVisible()).toBe(true);
    await noJs.close();

    // On a slow phone the later hydration must adopt the server's footer, not add a second one.
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.goto(`${base}/`);
    await page.waitForSelector('html[data-hydrated=true]');
    await page.waitForTimeout(500);
    expect(await page.locator('[data-testid=site-footer]').count()).toBe(1);
    expect(await page.locator('[data-testid=mega-trigger]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the header its active look after 170 px and shows scroll-to-top after 200 px', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 500 } });
    await page.goto(`${base}/`);
    await page.evaluate(() => (document.body.style.minHeight = '4000px'));
    const header = page.getByTestId('site-header');
    const top = page.getByTestId('scroll-top');
    expect(await header.getAttribute('class')).not.toMatch(/is-active/);
    expect(await top.isVisible()).toBe(false);
    await scrollTo(page, 150);
    await page.waitForTimeout(100);
    expect(await header.getAttribute('class')).not.toMatch(/is-active/);
    expect(await top.isVisible()).toBe(false);
    await scrollTo(page, 190);
    await expect.poll(() => header.getAttribute('class')).toMatch(/is-active/);
    expect(await top.isVisible()).toBe(false);
    await scrollTo(page, 400);
    await expect.poll(() => top.isVisible()).toBe(true);
    await top.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => header.getAttribute('class')).not.toMatch(/is-active/);
    await context.close();
  });
});

describe('errors', () => {
  it('answers an unmatched route with a 404 page and a link home, in the page language', async () => {
    const { page, context, errors } = await openPage(browser);
    const res = await page.goto(`${base}/nope/deeper`);
    expect(res?.status()).toBe(404);
    const errorPage = page.getByTestId('error-page');
    expect(await errorPage.textContent()).toContain('404');
    expect(await errorPage.textContent()).toContain('페이지를 찾을 수 없습니다');
    expect(await page.getByTestId('site-header').isVisible()).toBe(true);
    const english = await fetch(`${base}/nope/deeper?lang=en-US`).then((r) => r.text());
    expect(english).toContain('This page could not be found');
    expect(english).toMatch(/<a[^>]*href="\/"[^>]*>Homepage<\/a>/);
    const home = page.getByRole('link', { name: '홈으로' });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await page.waitForURL(`${base}/`);
    await expect.poll(() => page.getByTestId('error-page').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('auth guard', () => {
  it('sends a visitor without a token from /mypage to /account/login', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${base}/mypage`);
    expect(new URL(page.url()).pathname).toBe('/account/login');
    expect(await page.getByTestId('login-redirected').isVisible()).toBe(true);
    // Any path containing /mypage is protected.
    await page.goto(`${base}/shop/mypage/orders`);
    expect(new URL(page.url()).pathname).toBe('/account/login');
    await context.close();
  });

  it('clears an expired token and treats the visitor as anonymous', async () => {
    const { page, context } = await openPage(browser);
    const expired = unsignedToken(-60);
    await context.addCookies([{ name: COOKIE, value: expired, url: base }]);
    await page.goto(`${base}/about`);
    expect(new URL(page.url()).pathname).toBe('/about');
    expect((await context.cookies()).find((c) => c.name === COOKIE)).toBeUndefined();
    await context.addCookies([{ name: COOKIE, value: expired, url: base }]);
    await page.goto(`${base}/mypage`);
    expect(new URL(page.url()).pathname).toBe('/account/login');
    expect((await context.cookies()).find((c) => c.name === COOKIE)).toBeUndefined();
    await context.close();
  });

  it('sends a forged (unexpired) token to login and clears it', async () => {
    const { page, context } = await openPage(browser);
    const forged = unsignedToken(3600);
    await context.addCookies([{ name: COOKIE, value: forged, url: base }]);
    await page.goto(`${base}/about`);
    expect(new URL(page.url()).pathname).toBe('/account/login');
    expect((await context.cookies()).find((c) => c.name === COOKIE)).toBeUndefined();
    await context.close();
  });

  it('logs a buyer in, returns to /mypage, and logs out', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${base}/mypage`);
    await page.getByLabel('이메일').fill(buyer.email);
    await page.getByLabel('비밀번호', { exact: true }).fill(buyer.password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.waitForURL(`${base}/mypage`);
    expect(await page.getByTestId('mypage-welcome').textContent()).toContain('정회원');
    const cookie = (await context.cookies()).find((c) => c.name === COOKIE);
    expect(cookie?.sameSite).toBe('Lax');
    await page
      .getByTestId('site-header')
      .getByRole('button', { name: '로그아웃' })
      .first()
      .click()
      .catch(async () => {
        await page.locator('main').getByRole('button', { name: '로그아웃' }).click();
      });
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/mypage`);
    expect(new URL(page.url()).pathname).toBe('/account/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('languages', () => {
  it('follows ?lang=, then the browser language, and the switcher remembers the choice', async () => {
    const { page, context } = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${base}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US'); // browser language
    await page.goto(`${base}/?lang=zh-TW`);
    await page.waitForSelector('html[data-hydrated=true]');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-TW');
    expect(await page.locator('[data-testid=search-box] input').getAttribute('placeholder')).toBe('您想找哪一款葡萄酒？');
    await page.getByTestId('lang-switcher').selectOption('ja-JP');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('ja-JP');
    await expect.poll(() => page.locator('[data-testid=search-box] input').getAttribute('placeholder')).toBe('ワインを検索');
    await page.goto(`${base}/about`);
    expect(await page.getAttribute('html', 'lang')).toBe('ja-JP');
    expect(await page.locator('h1').textContent()).toBe('会社概要');
    await context.close();
  });

  it('leaves <html lang> alone while hydrating a page already in its language', async () => {
    // Any write of `lang`, even of the same value, makes Chromium restyle the whole page (its :lang() selectors).
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE });
    await page.addInitScript(() => {
      const w = window as unknown as { langWrites: number };
      w.langWrites = 0;
      // The document exists before <html> does: watch it all, count writes to <html>.
      new MutationObserver((records) => {
        w.langWrites += records.filter((r) => r.target === document.documentElement).length;
      }).observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
    });
    await page.goto(`${base}/product`);
    await page.waitForSelector('html[data-hydrated=true]');
    expect(await page.getAttribute('html', 'lang')).toBe('ko-KR');
    expect(await page.evaluate(() => (window as unknown as { langWrites: number }).langWrites)).toBe(0);
    // A change of language still reaches it.
    await page.getByTestId('lang-switcher').selectOption('en-US');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en-US');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('global alert', () => {
  it('shows the global alert over a locked page and closes on confirm', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${base}/`);
    await page.waitForSelector('html[data-hydrated=true]');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('app:alert', { detail: { message: '준비 중입니다.' } })));
    const alert = page.getByTestId('global-alert');
    await expect.poll(() => alert.isVisible()).toBe(true);
    await expect.poll(() => alert.textContent()).toContain('준비 중입니다.');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await alert.getByRole('button', { name: '확인' }).click();
    expect(await alert.count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await context.close();
  });

  it("validates in the browser first: the field's first error in red below it", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${base}/account/login`);
    await page.getByLabel('이메일').fill('not-an-email');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    const err = page.locator('#login-email-error');
    expect(await err.textContent()).toBe('올바른 이메일 주소를 입력해 주세요.');
    expect(await err.evaluate((el) => getComputedStyle(el).color)).toMatch(/rgb\(2[0-2]\d, 5\d, 6\d\)/);
    expect(await page.locator('#login-password-error').textContent()).toBe('비밀번호를 입력해 주세요.');
    expect(new URL(page.url()).pathname).toBe('/account/login');
    await context.close();
  });

  it("says '준비 중입니다.' for unfinished features and closes on a backdrop click", async () => {
    const { page, context } = await openPage(browser, { viewport: DESKTOP });
    await loginAsBuyer(page);
    await page.goto(`${base}/mypage`);
    await page.waitForSelector('html[data-hydrated=true]');
    // The public site has no unfinished link left; the my page's subscriptions are still to come.
    await page.getByRole('link', { name: '정기 배송 관리' }).first().click();
    const alert = page.getByTestId('global-alert');
    await expect.poll(() => alert.textContent()).toContain('준비 중입니다.');
    expect(new URL(page.url()).pathname).toBe('/mypage');
    await page.getByTestId('global-alert-backdrop').click({ position: { x: 5, y: 5 } });
    expect(await alert.count()).toBe(0);
    await context.close();
  });

  it('parts that hydrate when first used answer a keyboard user too (footer link by Tab and Enter)', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${base}/`);
    await page.waitForSelector('html[data-hydrated=true]');
    // The footer waits to be used (shell.tsx): focusing its link by keyboard hydrates it, so Enter runs the
    // router's handler: the page changes without a new document (the marker set on this one survives).
    const terms = page.getByTestId('site-footer').getByRole('link', { name: '이용약관' });
    await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
    await terms.evaluate((el: HTMLElement) => el.closest('nav')?.querySelector('a')?.focus());
    for (let i = 0; i < 10 && !(await terms.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await terms.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/terms\?type=TERM$/);
    await page.locator('h1', { hasText: '이용약관' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await context.close();
  });

  it('renders the message as sanitized HTML', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${base}/`);
    await page.waitForSelector('html[data-hydrated=true]');
    await page.evaluate(() => {
      window.dispatchEvent(
        new CustomEvent('app:alert', {
          detail: {
            title: '안내',
            message:
              '<b>굵게</b><img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">링크</a>',
          },
        }),
      );
    });
    const alert = page.getByTestId('global-alert');
    await expect.poll(() => alert.locator('b').textContent()).toBe('굵게');
    expect(await alert.locator('img, script').count()).toBe(0);
    expect(await alert.locator('a').getAttribute('href')).toBeNull();
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.keyboard.press('Escape');
    expect(await alert.count()).toBe(0);
    await context.close();
  });
});

describe('mobile navigation', () => {
  it('closes the drawer on every route change', async () => {
    const { page, context } = await openPage(browser, { viewport: MOBILE });
    await page.goto(`${base}/`);
    await page.waitForSelector('html[data-hydrated=true]');
    const drawer = page.getByTestId('mobile-drawer');
    expect(await drawer.isVisible()).toBe(false);
    await page.getByTestId('drawer-toggle').click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('link', { name: '회사소개' }).click();
    await page.waitForURL(`${base}/about`);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(await page.locator('h1').textContent()).toBe('회사소개');
    await context.close();
  });
});

describe('navigation progress', () => {
  it('shows the top progress bar only when a navigation takes longer than 200 ms', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${base}/`);
    await page.waitForSelector('html[data-hydrated=true]');
    const bar = page.getByTestId('nav-progress');
    expect(await bar.getAttribute('class')).toMatch(/is-idle/);
    // Slow down the page data of the next navigation.
    await page.route(/\/about\.data/, async (route) => {
      await new Promise((r) => setTimeout(r, 900));
      await route.continue();
    });
    await page.getByTestId('site-header').getByRole('link', { name: '회사소개' }).click();
    await expect.poll(() => bar.getAttribute('class'), { timeout: 800 }).toMatch(/is-running/);
    await page.waitForURL(`${base}/about`);
    await expect.poll(() => bar.getAttribute('class')).toMatch(/is-(done|idle)/);
    await expect.poll(() => bar.getAttribute('class')).toMatch(/is-idle/);
    await context.close();
  });
});

describe('search box', () => {
  it('searches only non-empty text and keeps recent searches with delete and 전체삭제', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${base}/`);
    // Before its scripts run (they load after the first paint) the box is a plain GET form.
    await page.waitForSelector('html[data-hydrated=true]');
    const input = page.locator('[data-testid=search-box] input');
    await input.fill('   ');
    await input.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    for (const q of ['샤또', '피노 누아']) {
      await input.fill(q);
      await input.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search-result' && u.searchParams.get('q') === q);
      await expect.poll(() => page.locator('h1').textContent()).toBe(`'${q}' 검색 결과`);
    }
    // The demo catalogue has Pinot Noirs: the page lists wines, not the empty state.
    expect(await page.getByText('검색 결과가 없습니다.').count()).toBe(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'recent-searches');
    expect(decodeURIComponent(cookie!.value).split(',').map(decodeURIComponent)).toEqual(['피노 누아', '샤또']);
    await input.click();
    const recent = page.getByTestId('recent-searches');
    expect(await recent.locator('li').allTextContents()).toEqual(['피노 누아', '샤또']);
    await recent.getByRole('button', { name: '샤또 삭제' }).click();
    expect(await recent.locator('li').allTextContents()).toEqual(['피노 누아']);
    await recent.getByRole('button', { name: '전체삭제' }).click();
    expect(await recent.textContent()).toContain('최근 검색어가 없습니다.');
    expect((await context.cookies()).find((c) => c.name === 'recent-searches')).toBeUndefined();
    await context.close();
  });
});

describe('assets', () => {
  it('serves hashed assets compressed with a long-lived immutable cache', async () => {
    const html = await (await fetch(`${base}/`)).text();
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    const page = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
  });

  it('has no stylesheet rule that restyles a whole subtree on every insertion or change', async () => {
    const html = await (await fetch(`${base}/product`)).text();
    const href = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"/.exec(html)?.[1];
    expect(href).toBeTruthy();
    const css = await (await fetch(`${base}${href}`)).text();
    const selectors = [...css.matchAll(/([^{}]+)\{/g)].flatMap((m) => group(m).split(',')).map((s) => s.trim());
    expect(selectors.length).toBeGreaterThan(500);
    // `x + *` or `x ~ *`: Chromium restyles the parent's whole subtree for any element inserted into it.
    expect(selectors.filter((s) => /[+~]\s*\*$/.test(s))).toEqual([]);
    // `html:has(…)`, `body:has(…)`: rechecked, with the page below, on DOM changes anywhere.
    expect(selectors.filter((s) => /^(html|:root|body)[^\s>+~]*:has\(/.test(s))).toEqual([]);
  });

  it('reloads the page once when a script chunk fails to load', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${base}/`);
    await page.waitForSelector('html[data-hydrated=true]');
    let blocked = 0;
    await page.route(/\/assets\/about-[\w-]+\.js$/, (route) => {
      if (blocked++ === 0) return route.abort();
      return route.continue();
    });
    let loads = 0;
    page.on('load', () => loads++);
    const link = page.getByTestId('site-header').getByRole('link', { name: '회사소개' });
    await link.click();
    // The stale page reloads itself once (a fresh document gets fresh chunk names after a deploy)…
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(1);
    expect(blocked).toBe(1);
    // …and then the navigation works, in the page once its scripts have run.
    await page.waitForSelector('html[data-hydrated=true]');
    await link.click();
    await page.waitForURL(`${base}/about`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('회사소개');
    expect(loads).toBe(1);
    await context.close();
  });
});
