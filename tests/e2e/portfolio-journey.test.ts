import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from '../helpers/browser';
import { createBuyer, type Buyer } from '../helpers/fixtures';

/**
 * Issue 4's journey, in one browser session as a trade buyer would take it: the mega-menu leads to a filtered list,
 * a wine's detail is wished (logged in), a two-syllable Korean search finds wines, recent searches are deleted one
 * by one and all at once, and the wine's tech sheet downloads as a PDF whose Korean text can be extracted.
 */
const base = inject('baseUrl');
let browser: Browser;
/** A trade buyer of this file's own (fixtures.ts). */
let buyer: Buyer;
beforeAll(async () => {
  [browser, buyer] = await Promise.all([launchBrowser(), createBuyer()]);
});
afterAll(() => browser?.close());

const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const el = document.querySelector('#main');
    return !!el && (document.documentElement.dataset.hydrated === 'true' || Object.keys(el).some((k) => k.startsWith('__reactProps')));
  });

describe('wine portfolio journey', () => {
  it('mega-menu → filtered list → detail → wish → 2-syllable search → recent searches → PDF', { timeout: 90_000 }, async () => {
    const { page, context, errors } = await openPage(browser);

    // Log in first (the wish needs it), coming back to the home page.
    await page.goto(`${base}/account/login?redirect=%2F`);
    await hydrated(page);
    await page.fill('#login-email', buyer.email);
    await page.fill('#login-password', buyer.password);
    await page.press('#login-password', 'Enter');
    await page.waitForURL(`${base}/`);
    await hydrated(page);

    // Mega-menu: hover, pick the red wines.
    await page.getByTestId('mega-trigger').hover();
    const menu = page.getByTestId('mega-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    const red = menu.getByRole('link', { name: /^레드/ }).first();
    await red.click();
    await page.waitForURL((u) => u.pathname === '/product' && u.searchParams.has('idKinds'));
    const kindId = new URL(page.url()).searchParams.get('idKinds');
    await expect.poll(() => page.locator('h1').textContent()).toContain('레드');
    const cards = page.getByTestId('product-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    expect(await cards.evaluateAll((els) => els.every((e) => e.getAttribute('data-kind') === 'RED'))).toBe(true);
    // The list agrees with the API for the same filter.
    const api = await (await fetch(`${base}/api/v1/brand/wines/products?idKinds=${kindId}&size=1`)).json();
    expect(Number(((await page.getByTestId('result-count').textContent()) ?? '').replace(/\D/g, ''))).toBe(api.page.totalElements);

    // Detail of the first wine; wish it (the buyer also sees trade prices).
    await cards.first().locator('a').first().click();
    await page.waitForURL(/\/product\/\d+$/);
    await hydrated(page);
    const pid = Number(new URL(page.url()).pathname.split('/').pop());
    const name = ((await page.locator('h1').textContent()) ?? '').trim();
    expect(name.length).toBeGreaterThan(0);
    const heart = page.locator('.detail-actions [data-testid=wish-toggle]');
    const wasWished = (await heart.getAttribute('aria-pressed')) === 'true';
    // The heart flips at once (optimistic); the reload must wait for the wish to be saved, or it cancels the post.
    const saved = () => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/product.data');
    if (wasWished) {
      await Promise.all([saved(), heart.click()]);
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    }
    await Promise.all([saved(), heart.click()]);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    expect(await page.locator('.detail-actions [data-testid=wish-toggle]').getAttribute('aria-pressed')).toBe('true');

    // A two-syllable Korean search from the header.
    await hydrated(page);
    const input = page.locator('[data-testid=search-box] input');
    for (const q of ['샤또', '피노']) {
      await input.fill(q);
      await input.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search-result' && u.searchParams.get('q') === q);
      await hydrated(page);
    }
    const wines = page.getByTestId('product-card');
    await expect.poll(() => wines.count()).toBeGreaterThan(0);
    const names = await wines.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    expect(names.some((t) => t.includes('피노'))).toBe(true);

    // Recent searches: newest first; delete one, then all.
    await input.click();
    const recent = page.getByTestId('recent-searches');
    await expect.poll(() => recent.locator('li').allTextContents()).toEqual(['피노', '샤또']);
    await recent.getByRole('button', { name: '샤또 삭제' }).click();
    await expect.poll(() => recent.locator('li').allTextContents()).toEqual(['피노']);
    await recent.getByRole('button', { name: '전체삭제' }).click();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'recent-searches')?.value ?? '').toBe('');

    // The wine's tech sheet: its page, then the download.
    await page.goto(`${base}/product/${pid}/pdf`);
    await hydrated(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pdf-download').click()]);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'podo-pdf-')), 'sheet.pdf');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    if (spawnSync('pdftotext', ['-v']).error === undefined) {
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text.replace(/\s+/g, ' ')).toContain(name.replace(/\s+/g, ' '));
    }

    expect(errors).toEqual([]);
    await context.close();
  });
});
