import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, hydrated, launchBrowser, logIn, MOBILE, openPage } from '../helpers/browser';
import { createBuyer, type Buyer } from '../helpers/fixtures';
import { axeViolations, horizontalOverflow } from '../helpers/page-checks';

const base = inject('baseUrl');
let browser: Browser;
/** A member of this file's own (fixtures.ts). */
let buyer: Buyer;
beforeAll(async () => {
  [browser, buyer] = await Promise.all([launchBrowser(), createBuyer()]);
});
afterAll(() => browser?.close());

describe('magazine', () => {
  it('browses articles by category, reads one and opens its wines in the portfolio (ko-KR, 375 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE, locale: 'ko-KR' });
    await page.goto(`${base}/magazine`);
    const cards = page.getByTestId('magazine-card');
    expect(await cards.count()).toBe(12);
    await page.getByRole('navigation', { name: '분류' }).getByRole('link', { name: '페어링' }).click();
    await page.waitForURL(/idCategory=/);
    await expect.poll(() => cards.count()).toBe(3);
    for (const text of await cards.allTextContents()) expect(text).toContain('페어링');
    expect(await horizontalOverflow(page)).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screens/magazine-ko-KR-375.png', fullPage: true });

    await cards.filter({ hasText: '한식과 와인' }).getByRole('link').click();
    await page.waitForURL(/\/magazine\/\d+$/);
    const article = page.getByTestId('magazine-article');
    await expect.poll(() => article.getByRole('heading', { level: 1 }).textContent()).toBe('한식과 와인, 양념에서 답을 찾다');
    expect(await article.getByRole('heading', { level: 2, name: '요리별 추천' }).count()).toBe(1);
    const wines = page.getByTestId('linked-wines');
    const count = await wines.getByTestId('product-card').count();
    expect(count).toBeGreaterThan(0);
    expect(await horizontalOverflow(page)).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await wines.getByTestId('linked-wines-portfolio').click();
    await page.waitForURL(/\/product\?idMagazine=\d+/);
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(count);
    expect(await page.getByTestId('catalog-title').textContent()).toBe('한식과 와인, 양념에서 답을 찾다');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a member likes an article and the heart asks visitors to log in (en-US, 1280 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP, locale: 'en-US' });
    await page.goto(`${base}/magazine/2?lang=en-US`);
    const heart = page.getByTestId('magazine-toggle');
    expect(await heart.getAttribute('href')).toContain('/account/login?redirect=');
    // The Korean article on the English page says it is the original, and marks its language.
    expect(await page.getByRole('heading', { level: 1 }).getAttribute('lang')).toBe('ko');
    expect(await page.locator('.document-original-note').count()).toBe(1);
    await logIn(page, base, buyer.email, buyer.password);
    await page.goto(`${base}/magazine/2?lang=en-US`);
    await hydrated(page, '[data-testid="magazine-toggle"]');
    const before = Number((await heart.textContent())!.replace(/\D/g, ''));
    const was = (await heart.getAttribute('aria-pressed')) === 'true';
    // The heart flips at once (optimistic); the reload waits for the like to be saved, or it cancels the post.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/magazine.data'),
      heart.click(),
    ]);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(String(!was));
    await expect.poll(async () => Number((await heart.textContent())!.replace(/\D/g, ''))).toBe(before + (was ? -1 : 1));
    // Saved: a new visit shows the same.
    await page.reload();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(String(!was));
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(String(was));
    await page.screenshot({ path: '.tmp/screens/magazine-article-en-US-1280.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('events', () => {
  it('lists running events first, filters ended ones and shows an event with its wines (ko-KR, 1280 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP, locale: 'ko-KR' });
    await page.goto(`${base}/`);
    await page.getByRole('navigation', { name: '주 메뉴' }).first().getByRole('link', { name: '이벤트' }).click();
    await page.waitForURL(/\/event$/);
    const cards = page.getByTestId('event-card');
    expect(await cards.count()).toBe(6);
    expect(await cards.first().getByTestId('event-status').textContent()).toContain('진행 중');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('navigation', { name: '진행 상태' }).getByRole('link', { name: '종료' }).click();
    await page.waitForURL(/status=ENDED/);
    await expect.poll(() => cards.count()).toBe(2);
    for (const s of await page.getByTestId('event-status').allTextContents()) expect(s).toBe('종료');
    await page.getByRole('navigation', { name: '진행 상태' }).getByRole('link', { name: '진행 중' }).click();
    await page.waitForURL(/status=ONGOING/);
    await cards.filter({ hasText: '스파클링' }).getByRole('link').click();
    await page.waitForURL(/\/event\/\d+$/);
    expect(await page.getByTestId('event-detail').textContent()).toContain('기간');
    const wines = page.getByTestId('linked-wines');
    expect(await wines.getByTestId('product-card').count()).toBeGreaterThan(0);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((s) => s.includes('"@type":"Event"'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screens/event-ko-KR-1280.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the event list on a phone without overflow (ja-JP, 375 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE, locale: 'ja-JP' });
    await page.goto(`${base}/event?lang=ja-JP`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('イベント');
    expect(await page.getByTestId('event-card').count()).toBe(6);
    expect(await horizontalOverflow(page)).toBeNull();
    await page.screenshot({ path: '.tmp/screens/event-ja-JP-375.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('home', () => {
  it('shows best sellers, new arrivals, articles, events and wineries, each with its way in (ko-KR, 375 and 1280 px)', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page, context, errors } = await openPage(browser, { viewport, locale: 'ko-KR' });
      await page.goto(`${base}/`);
      for (const id of ['best', 'new', 'magazines', 'events', 'wineries']) expect(await page.getByTestId(`home-${id}`).count(), id).toBe(1);
      expect(await page.getByTestId('home-best').getByTestId('product-card').count()).toBe(4);
      expect(await page.getByTestId('home-magazines').getByTestId('magazine-card').count()).toBe(3);
      expect(await horizontalOverflow(page)).toBeNull();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `.tmp/screens/home-ko-KR-${viewport.width}.png`, fullPage: true });
      if (viewport === DESKTOP) {
        await page
          .getByTestId('home-magazines')
          .getByRole('link', { name: /전체 보기/ })
          .click();
        await page.waitForURL(/\/magazine$/);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('company page', () => {
  it('shows the story, what is imported, the team, milestones and certifications (ko-KR 1280 px, en-US 375 px)', async () => {
    for (const [viewport, locale] of [
      [DESKTOP, 'ko-KR'],
      [MOBILE, 'en-US'],
    ] as const) {
      const { page, context, errors } = await openPage(browser, { viewport, locale });
      await page.goto(`${base}/about?lang=${locale}`);
      expect(await page.getByTestId('team-member').count()).toBeGreaterThanOrEqual(4);
      expect(Number(await page.getByTestId('about-countries').textContent())).toBeGreaterThan(5);
      const heading = locale === 'ko-KR' ? '걸어온 길' : 'Our history';
      expect(await page.getByRole('heading', { level: 2, name: heading }).count()).toBe(1);
      expect(await horizontalOverflow(page)).toBeNull();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `.tmp/screens/about-${locale}-${viewport.width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
