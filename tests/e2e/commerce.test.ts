import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage } from '../helpers/browser';
import { createBuyer, signIn, type Buyer } from '../helpers/fixtures';

const base = inject('baseUrl');
let browser: Browser;
/** A buyer of the test's own, new: the first grade, with nothing paid last month. */
let buyer: Buyer;
beforeAll(async () => {
  [browser, buyer] = await Promise.all([launchBrowser(), createBuyer()]);
});
afterAll(() => browser?.close());

describe('member grade (/mypage/grade)', () => {
  for (const [lang, viewport, texts] of [
    ['ko-KR', MOBILE, ['회원님의 등급은 일반입니다.', '실버', '전월 결제 금액 3,000,000원 이상', '3%']],
    ['en-US', DESKTOP, ['Your grade is General.', 'Silver', '₩30,000,000 or more paid last month', '8%']],
  ] as const) {
    it(`shows the buyer's grade and what each grade gives (${lang}, ${viewport.width} px)`, async () => {
      const { page, context, errors } = await openPage(browser, { viewport, locale: lang });
      await signIn(context, buyer);
      const res = await page.goto(`${base}/mypage/grade?lang=${lang}`);
      expect(res?.status()).toBe(200);
      const panel = page.getByTestId('grade-page');
      for (const text of texts) expect(await panel.textContent()).toContain(text);
      expect(await page.locator('[data-testid=grade-table] tbody tr').count()).toBe(4);
      expect(await page.locator('[data-testid=grade-table] tr[aria-current=true] th').textContent()).toBe(
        lang === 'ko-KR' ? '일반' : 'General',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `.tmp/screens/grade-${lang}-${viewport.width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('is in the my-page menu as a page, and sends visitors to log in', async () => {
    const { page, context } = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`${base}/mypage/grade`);
    await page.waitForURL(/\/account\/login\?redirect=%2Fmypage%2Fgrade/);
    await signIn(context, buyer);
    await page.goto(`${base}/mypage`);
    const link = page.getByTestId('mypage-menu').getByRole('link', { name: '회원 등급' });
    expect(await link.getAttribute('href')).toBe('/mypage/grade');
    await context.close();
  });
});
