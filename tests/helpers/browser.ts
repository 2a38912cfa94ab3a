import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 812 };

/** A page that records console errors and uncaught exceptions, so a test can assert there were none. */
export async function openPage(browser: Browser, opts: { viewport?: { width: number; height: number }; locale?: string } = {}) {
  const context: BrowserContext = await browser.newContext({ viewport: opts.viewport ?? DESKTOP, locale: opts.locale ?? 'ko-KR' });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    // A 404 document answer logs "Failed to load resource": expected on the 404 page only.
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

/** Waits until React has hydrated the element (its props are attached), so clicks and typing go through React. */
export async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && (document.documentElement.dataset.hydrated === 'true' || Object.keys(el).some((k) => k.startsWith('__reactProps')));
  }, selector);
}

/** Logs in through the login page of the site at `base` and waits until it has sent the member on. */
export async function logIn(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/account/login`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/account/login')), page.press('input[name=password]', 'Enter')]);
}
