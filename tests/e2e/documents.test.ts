import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, hydrated, launchBrowser, MOBILE, openPage } from '../helpers/browser';

const base = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('terms and privacy policy', () => {
  it('open from the footer, switch between the two and between versions (en-US, 1280 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP, locale: 'en-US' });
    await page.goto(`${base}/?lang=en-US`);
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(/\/terms\?type=PRIVACY/);
    expect(await page.locator('h1').textContent()).toBe('Privacy Policy');
    expect(await page.getByTestId('document-original-note').textContent()).toBe('This document is provided in its Korean original.');
    expect(await page.getByTestId('document-view').textContent()).toContain('개인정보 보호책임자: ');
    await page.getByRole('navigation', { name: 'Documents' }).getByRole('link', { name: 'Terms of Use' }).click();
    await page.waitForURL(/type=TERM/);
    await hydrated(page, '[data-testid=terms-version]');
    // Choosing a version shows it at once.
    const select = page.getByTestId('terms-version');
    await select.selectOption({ index: 1 });
    await page.getByTestId('terms-not-current').waitFor();
    expect(await page.getByTestId('terms-not-current').textContent()).toContain('You are reading an earlier version.');
    expect(await page.getByTestId('document-view').textContent()).not.toContain('예치금');
    await page.screenshot({ path: '.tmp/screens/terms-en-US-1280.png', fullPage: true });
    await page.getByRole('link', { name: 'Read the version in force' }).click();
    await expect.poll(() => page.getByTestId('terms-not-current').count()).toBe(0);
    expect(await page.getByTestId('document-view').textContent()).toContain('예치금');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('open from sign-up in a dialog that keeps the form (ko-KR, 375 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE, locale: 'ko-KR' });
    await page.goto(`${base}/account/signup`);
    await hydrated(page, '[data-testid=view-terms]');
    await page.getByTestId('view-terms').click();
    const dialog = page.getByRole('dialog', { name: '이용약관' });
    await dialog.getByText('제1조 (목적)').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/signup');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: '.tmp/screens/signup-terms-ko-KR-375.png' });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // Focus is back on the link that opened it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('view-terms');
    await page.getByTestId('view-privacy').click();
    await page.getByRole('dialog', { name: '개인정보처리방침' }).getByText('개인정보 보호책임자: 이보안').waitFor();
    await page.getByTestId('document-modal-close').click();
    expect(errors).toEqual([]);
    await context.close();
  });
});
