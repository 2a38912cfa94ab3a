import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, hydrated, launchBrowser, MOBILE, openPage } from '../helpers/browser';
import { startProductServer } from '../helpers/product-server';
import { fakeRecaptcha } from '../helpers/recaptcha-server';
import { startWidgetScripts } from '../helpers/widget-scripts';

const base = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('contact and directions', () => {
  it('says what is missing, then sends an inquiry (ko-KR, 375 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE, locale: 'ko-KR' });
    await page.goto(`${base}/contact`);
    await hydrated(page, '[data-testid=contact-submit]');
    await page.getByTestId('contact-submit').click();
    await page.getByText('브랜드명 또는 회사명을 입력해 주세요.').waitFor();
    await page.fill('#contact-companyName', '와인바 포도');
    await page.fill('#contact-fullName', '박소믈');
    await page.fill('#contact-mobile', '01055556666');
    await page.fill('#contact-email', 'sommelier@example.com');
    await page.fill('#contact-content', '거래 조건과 샘플 테이스팅 일정을 문의드립니다.');
    await page.locator('#contact-privacyAgree').check({ force: true });
    // A person takes a few seconds to fill the form; the API refuses a form sent faster.
    await page.waitForTimeout(3200);
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-sent').waitFor();
    expect(await page.getByTestId('contact-sent').textContent()).toContain('문의가 접수되었습니다.');
    expect(await page.locator('#contact-companyName').inputValue()).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: '.tmp/screens/contact-ko-KR-375.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the way there with map links when no map key is set (en-US, 1280 px)', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP, locale: 'en-US' });
    await page.goto(`${base}/?lang=en-US`);
    await page.locator('footer').getByRole('link', { name: 'Directions' }).click();
    await page.waitForURL(/\/contact$/);
    expect(await page.getByTestId('map-kakao').getAttribute('href')).toMatch(
      /^https:\/\/map\.kakao\.com\/link\/search\/%EC%84%9C%EC%9A%B8/,
    );
    expect(await page.getByTestId('map-naver').getAttribute('href')).toMatch(/^https:\/\/map\.naver\.com\/p\/search\//);
    expect(await page.getByText('Seolleung station', { exact: false }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: '.tmp/screens/contact-en-US-1280.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('contact with reCAPTCHA and the Kakao map configured', () => {
  it('shows the Kakao map at the office and sends the form with the ticked robot check (ko-KR, 1280 px)', async () => {
    const widgets = await startWidgetScripts();
    const google = fakeRecaptcha();
    if (!google.server.listening) await once(google.server, 'listening');
    const server = await startProductServer({
      RECAPTCHA_SITE_KEY: 'site-key-1',
      RECAPTCHA_SECRET_KEY: 'test-secret',
      RECAPTCHA_VERIFY_URL: google.url(),
      RECAPTCHA_SCRIPT_URL: `${widgets.url}/recaptcha/api.js`,
      KAKAO_JS_KEY: 'js-key-1',
      KAKAO_MAP_SDK_URL: `${widgets.url}/maps/sdk.js`,
    });
    try {
      const { page, context, errors } = await openPage(browser, { viewport: DESKTOP, locale: 'ko-KR' });
      const res = await page.goto(`${server.baseUrl}/contact`);
      // The page allows exactly these scripts.
      expect(res?.headers()['content-security-policy']).toContain(widgets.url);
      const map = page.getByTestId('kakao-map');
      await expect.poll(() => map.getAttribute('data-center')).toBe('37.5009,127.0363');
      expect(await map.getAttribute('data-marker')).toBe('37.5009,127.0363');
      expect(widgets.requests.find((u) => u.pathname === '/maps/sdk.js')?.searchParams.get('appkey')).toBe('js-key-1');
      await hydrated(page, '[data-testid=contact-submit]');
      await page.fill('#contact-companyName', '와인바 포도');
      await page.fill('#contact-fullName', '박소믈');
      await page.fill('#contact-mobile', '01055556666');
      await page.fill('#contact-email', 'sommelier@example.com');
      await page.fill('#contact-content', '거래 조건과 샘플 테이스팅 일정을 문의드립니다.');
      await page.locator('#contact-privacyAgree').check({ force: true });
      // Not ticked: the API refuses the form and says why.
      await page.getByTestId('contact-submit').click();
      await page.getByTestId('global-alert').waitFor();
      await page.getByTestId('global-alert').getByRole('button').first().click();
      await page.getByTestId('fake-captcha').click();
      await page.getByTestId('contact-submit').click();
      await page.getByTestId('contact-sent').waitFor();
      expect(google.calls.some((c) => c.get('response') === 'good-token' && c.get('secret') === 'test-secret')).toBe(true);
      expect(await page.getByTestId('recaptcha').getAttribute('data-sitekey')).toBe('site-key-1');
      // A token is good once: after sending, the box is to be ticked again.
      await expect.poll(() => page.getByTestId('fake-captcha').textContent()).toBe('I am not a robot');
      await page.screenshot({ path: '.tmp/screens/contact-map-ko-KR-1280.png', fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
      await widgets.close();
      google.server.close();
    }
  });
});
