import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, openPage } from '../helpers/browser';

const base = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('notices and FAQ', () => {
  it('finds a notice by category and text, reads it and goes back to the list (ko-KR, 375 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE, locale: 'ko-KR' });
    await page.goto(`${base}/`);
    await page.locator('footer').getByRole('link', { name: '공지사항' }).click();
    await page.waitForURL(/\/notice$/);
    // Important notices come first.
    expect(await page.getByTestId('notice-row').first().textContent()).toContain('중요');
    await page.getByRole('navigation', { name: '분류' }).getByRole('link', { name: '배송' }).click();
    await page.waitForURL(/idCategory=/);
    const rows = page.getByTestId('notice-row');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allTextContents()) expect(text).toContain('배송');
    await page.getByRole('searchbox', { name: '공지사항 검색' }).fill('아이스팩');
    await page.getByRole('searchbox', { name: '공지사항 검색' }).press('Enter');
    await page.waitForURL(/query=/);
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('link').click();
    await page.waitForURL(/\/notice\/\d+$/);
    expect(await page.getByTestId('notice-article').textContent()).toContain('아이스팩');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: '.tmp/screens/notice-ko-KR-375.png', fullPage: true });
    await page.getByRole('link', { name: '목록으로' }).click();
    await page.waitForURL(/\/notice$/);
    await page.getByRole('searchbox').fill('없는공지zz');
    await page.getByRole('searchbox').press('Enter');
    await page.getByTestId('board-empty').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens an answer, filters by category and searches, in another language (en-US, 1280 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP, locale: 'en-US' });
    await page.goto(`${base}/faq?lang=en-US`);
    const items = page.getByTestId('faq-item');
    expect(await items.count()).toBeGreaterThanOrEqual(25);
    await items.first().locator('summary').click();
    expect(await items.first().getAttribute('open')).not.toBeNull();
    await page.getByRole('link', { name: 'Cash & coupons' }).click();
    await page.waitForURL(/idCategory=/);
    for (const text of await items.allTextContents()) expect(text).toContain('Cash & coupons');
    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('유효기간');
    await page.getByRole('searchbox', { name: 'Search the questions' }).press('Enter');
    await page.waitForURL(/query=/);
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    await page.screenshot({ path: '.tmp/screens/faq-en-US-1280.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('header and footer open real pages: services and open positions (ko-KR, 1280 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP, locale: 'ko-KR' });
    await page.goto(`${base}/`);
    const nav = page.getByRole('navigation', { name: '주 메뉴' }).first();
    await nav.getByRole('link', { name: '서비스' }).click();
    await page.waitForURL(/\/service$/);
    expect(await page.getByTestId('service-item').count()).toBe(5);
    await page.locator('footer').getByRole('link', { name: '채용' }).click();
    await page.waitForURL(/\/career$/);
    expect(await page.getByTestId('career-row').count()).toBe(3);
    await page.getByTestId('career-row').first().getByRole('link').click();
    await page.waitForURL(/\/career\/\d+$/);
    expect(await page.getByTestId('notice-article').textContent()).toContain('지원 방법');
    // No header entry is left saying '준비 중입니다.'.
    expect(await page.locator('header [data-coming-soon]').count()).toBe(0);
    await page.screenshot({ path: '.tmp/screens/career-ko-KR-1280.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
