import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage } from '../helpers/browser';
import { createBuyer, type Buyer } from '../helpers/fixtures';

/**
 * Keyboard use of the site: the mega-menu, every modal layer (mobile drawer, full-screen search, filter drawer,
 * dialogs) keeps Tab inside, makes the page behind it inert, closes on Escape and gives focus back to its opener;
 * and every element Tab reaches shows a focus ring of 3:1 or more against the background around it.
 */
const base = inject('baseUrl');
let browser: Browser;
/** A trade buyer of this file's own (fixtures.ts), who logs in through the login page. */
let BUYER: Buyer;
beforeAll(async () => {
  [browser, BUYER] = await Promise.all([launchBrowser(), createBuyer()]);
});
afterAll(() => browser?.close());

const visit = async (page: Page, path: string) => {
  await page.goto(`${base}${path}`);
  await page.waitForSelector('html[data-hydrated=true]');
};
/** A short description of the focused element (for failure messages). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    return `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''}.${[...a.classList].join('.')} "${(a.textContent ?? '').trim().slice(0, 30)}"`;
  });
const isFocused = (page: Page, selector: string) =>
  page.evaluate((s) => !!document.activeElement && document.activeElement === document.querySelector(s), selector);
const focusInside = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const a = document.activeElement;
    return !!a && a !== document.body && !!document.querySelector(s)?.contains(a);
  }, selector);
/** Whether the page behind a layer is inert (its main region and the header's buttons). */
const pageInert = (page: Page, selectors = ['#main', '[data-testid=drawer-toggle]']) =>
  page.evaluate((sels) => sels.every((s) => !!document.querySelector(s)?.closest('[inert]')), selectors);

/**
 * Presses Tab (or Shift+Tab) at least `times` times and on until the focus has come back round to an element it
 * already visited (it must, within 300 presses); after each press the focus must be inside `box`.
 */
async function tabStaysInside(page: Page, box: string, key: 'Tab' | 'Shift+Tab', times: number) {
  const seen = new Set<string>();
  let wrapped = false;
  for (let i = 0; i < 300 && (i < times || !wrapped); i++) {
    await page.keyboard.press(key);
    const where = await page.evaluate(() => {
      const a = document.activeElement as (Element & { _seenId?: number }) | null;
      if (a && a._seenId === undefined) a._seenId = Math.random();
      return `${a?._seenId}`;
    });
    expect(await focusInside(page, box), `${key} #${i + 1} left ${box} for ${await focused(page)}`).toBe(true);
    if (seen.has(where)) wrapped = true;
    seen.add(where);
  }
  expect(wrapped, `${key} never came round in ${box}`).toBe(true);
}

/** The dialog semantics of an open layer. */
async function expectDialog(page: Page, box: string) {
  const a = await page.locator(box).evaluate((el) => ({
    role: el.getAttribute('role'),
    modal: el.getAttribute('aria-modal'),
    named: !!(el.getAttribute('aria-label') || document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent?.trim()),
    inert: !!el.closest('[inert]'),
  }));
  expect(a).toEqual({ role: expect.stringMatching(/^(dialog|alertdialog)$/), modal: 'true', named: true, inert: false });
}

async function login(page: Page) {
  await visit(page, '/account/login?redirect=%2F');
  await page.fill('#login-email', BUYER.email);
  await page.fill('#login-password', BUYER.password);
  await page.press('#login-password', 'Enter');
  await page.waitForURL(`${base}/`);
}

describe('desktop mega-menu from the keyboard', () => {
  it('Enter or ↓ opens it, arrows move among its items, Escape closes and returns to the trigger', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP });
    await visit(page, '/');
    const trigger = page.getByTestId('mega-trigger');
    const menu = page.getByTestId('mega-menu');
    const href = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusInside(page, '#mega-menu')).toBe(true);
    const first = await href();
    expect(first).toBe('/product');
    await page.keyboard.press('ArrowDown');
    expect(await href()).toMatch(/idKinds=/);
    await page.keyboard.press('ArrowUp');
    expect(await href()).toBe(first);
    await page.keyboard.press('ArrowRight');
    expect(await href()).toMatch(/countryName=|idProductionAreas=/);
    await page.keyboard.press('ArrowRight');
    expect(await href()).toMatch(/idTypes=/);
    await page.keyboard.press('ArrowLeft');
    expect(await href()).toMatch(/countryName=|idProductionAreas=/);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await isFocused(page, '[data-testid=mega-trigger]')).toBe(true);
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    // ↓ on the closed trigger opens it at its first item.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect.poll(href).toBe(first);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await isFocused(page, '[data-testid=mega-trigger]')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('modal layers at 375 px', () => {
  it('the mobile drawer keeps Tab inside both ways, makes the page inert and closes on Escape', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE });
    await visit(page, '/');
    const drawer = '#mobile-drawer';
    await page.getByTestId('drawer-toggle').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(drawer).evaluate((el) => el.classList.contains('show'))).toBe(true);
    await expect.poll(() => isFocused(page, `${drawer} .drawer-close`)).toBe(true);
    await expectDialog(page, drawer);
    expect(await pageInert(page)).toBe(true);
    // Its closed sections hide their links: Tab must not wait for them.
    await tabStaysInside(page, drawer, 'Tab', 30);
    await tabStaysInside(page, drawer, 'Shift+Tab', 30);
    // With the portfolio section open its links are in the cycle.
    await page.locator(`${drawer} [data-testid=drawer-portfolio] > summary`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`${drawer} [data-testid=drawer-portfolio] a[href]`).count()).toBeGreaterThan(5);
    await tabStaysInside(page, drawer, 'Shift+Tab', 12);
    await tabStaysInside(page, drawer, 'Tab', 80);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(drawer).evaluate((el) => el.classList.contains('show'))).toBe(false);
    await expect.poll(() => isFocused(page, '[data-testid=drawer-toggle]')).toBe(true);
    expect(await pageInert(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the full-screen search keeps Tab inside both ways, makes the page inert and closes on Escape', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE });
    await visit(page, '/');
    const overlay = '[data-testid=search-overlay]';
    await page.getByTestId('search-toggle').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector(overlay);
    await expect.poll(() => focusInside(page, `${overlay} input`)).toBe(true);
    await expectDialog(page, overlay);
    expect(await pageInert(page, ['#main', '[data-testid=search-toggle]'])).toBe(true);
    await tabStaysInside(page, overlay, 'Tab', 20);
    await tabStaysInside(page, overlay, 'Shift+Tab', 20);
    await page.keyboard.press('Escape');
    await page.waitForSelector(overlay, { state: 'detached' });
    await expect.poll(() => isFocused(page, '[data-testid=search-toggle]')).toBe(true);
    expect(await pageInert(page, ['#main'])).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the portfolio's filter drawer keeps Tab inside both ways, makes the page inert and closes on Escape", async () => {
    const { page, context, errors } = await openPage(browser, { viewport: MOBILE });
    await visit(page, '/product');
    const filters = '#catalog-filters';
    await page.getByTestId('filters-open').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(page, `${filters} .filters-close`)).toBe(true);
    await expectDialog(page, filters);
    expect(await pageInert(page, ['[data-testid=filters-open]', '[data-testid=drawer-toggle]', '[data-testid=site-footer]'])).toBe(true);
    await tabStaysInside(page, filters, 'Shift+Tab', 15);
    await tabStaysInside(page, filters, 'Tab', 15);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(filters).evaluate((el) => el.classList.contains('is-open'))).toBe(false);
    await expect.poll(() => isFocused(page, '[data-testid=filters-open]')).toBe(true);
    expect(await pageInert(page, ['[data-testid=filters-open]'])).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('dialogs', () => {
  it('the global alert keeps focus, makes the page inert, closes on Escape back to the link that opened it', async () => {
    const { page, context } = await openPage(browser, { viewport: DESKTOP });
    await login(page);
    await visit(page, '/mypage');
    // An unfinished feature's link (the my page's subscriptions) opens the alert.
    const terms = page.getByRole('link', { name: '정기 배송 관리' }).first();
    await terms.focus();
    await page.keyboard.press('Enter');
    const alert = '[data-testid=global-alert]';
    await page.waitForSelector(alert);
    await expectDialog(page, alert);
    expect(await page.evaluate((s) => document.querySelector(s)?.parentElement?.parentElement === document.body, alert)).toBe(true);
    expect(await pageInert(page, ['#main', '.site-header'])).toBe(true);
    await expect.poll(() => focusInside(page, alert)).toBe(true);
    await tabStaysInside(page, alert, 'Tab', 4);
    await tabStaysInside(page, alert, 'Shift+Tab', 4);
    await page.keyboard.press('Escape');
    await page.waitForSelector(alert, { state: 'detached' });
    await expect.poll(() => terms.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await pageInert(page, ['#main'])).toBe(false);
    await context.close();
  });

  it("the 'log out everywhere' confirmation (buyer, /mypage/profile) keeps focus and returns it", async () => {
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP });
    await login(page);
    await visit(page, '/mypage/profile');
    const open = page.getByTestId('logout-everywhere-open');
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = '[data-testid=logout-everywhere-confirm]';
    await page.waitForSelector(dialog);
    await expectDialog(page, dialog);
    expect(await pageInert(page, ['#main', '.site-header'])).toBe(true);
    await expect.poll(() => focusInside(page, dialog)).toBe(true);
    await tabStaysInside(page, dialog, 'Tab', 5);
    await tabStaysInside(page, dialog, 'Shift+Tab', 5);
    await page.keyboard.press('Escape');
    await page.waitForSelector(dialog, { state: 'detached' });
    await expect.poll(() => isFocused(page, '[data-testid=logout-everywhere-open]')).toBe(true);
    expect(await pageInert(page, ['#main'])).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the family-site chooser (a disclosure) closes on Escape and gives focus back to its button', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: DESKTOP });
    await visit(page, '/');
    const button = page.locator('[data-testid=family-sites] > button');
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focusInside(page, '.family-sites-menu')).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await isFocused(page, '[data-testid=family-sites] > button')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Lowest WCAG contrast of the text of the elements matching `selector` against their (solid) backgrounds. */
const lowestTextContrast = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const rgb = (c: string) =>
      (/rgba?\(([^)]+)\)/.exec(c)?.[1] ?? '0,0,0,0')
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
    const lum = (c: number[]) =>
      [0.2126, 0.7152, 0.0722].reduce((sum, k, i) => {
        const v = c[i]! / 255;
        return sum + k * (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      }, 0);
    const ratios = [...document.querySelectorAll(sel)].map((el) => {
      let bg = [255, 255, 255];
      for (let n: Element | null = el; n; n = n.parentElement) {
        const c = rgb(getComputedStyle(n).backgroundColor);
        if (c[3] === undefined || c[3] === 1) {
          bg = c;
          break;
        }
      }
      const [hi, lo] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((a, b) => b - a);
      return (hi! + 0.05) / (lo! + 0.05);
    });
    return ratios.length ? Math.min(...ratios) : 0;
  }, selector);

describe('names, headings and text contrast', () => {
  it('hearts name their visible count, /winery skips no heading level, small texts reach 4.5:1', async () => {
    const { page, context } = await openPage(browser, { viewport: DESKTOP });
    const products = (await (await fetch(`${base}/api/v1/brand/wines/products?size=1`)).json()) as {
      _embedded: { items: { id: number }[] };
    };
    const pid = products._embedded.items[0]!.id;
    /** Hearts whose accessible name leaves out the count they show. */
    const unnamedCounts = () =>
      page.$$eval('.heart-toggle', (els) =>
        els
          .map((el) => ({ name: el.getAttribute('aria-label') ?? '', count: el.querySelector('.heart-count')?.textContent?.trim() }))
          .filter((h) => h.count !== undefined && !h.name.includes(h.count)),
      );
    await visit(page, '/winery');
    expect(await page.locator('.winery-card-like .heart-count').count()).toBeGreaterThan(5);
    expect.soft(await unnamedCounts()).toEqual([]);
    const levels = await page.$$eval('#main :is(h1, h2, h3, h4, h5, h6)', (hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    expect.soft(levels.filter((l, i) => i > 0 && l > levels[i - 1]! + 1)).toEqual([]);
    await visit(page, `/product/${pid}`);
    expect(await page.locator('.detail-wish .heart-count').count()).toBe(1);
    expect.soft(await unnamedCounts()).toEqual([]);
    expect.soft(await lowestTextContrast(page, '.vintage-table thead th')).toBeGreaterThanOrEqual(4.5);
    await visit(page, '/product');
    expect.soft(await lowestTextContrast(page, '.facet-sub')).toBeGreaterThanOrEqual(4.5);
    await context.close();
  });
});

interface Ring {
  what: string;
  style: string;
  width: number;
  ratio: number;
}

/**
 * Records, for each element that receives focus, its focus indicator (outline, else box-shadow) and the lowest
 * WCAG contrast of its colour against the background around it: the element's own when the ring is drawn inside
 * it, else its ancestors', alpha-blended, and for a gradient background each of its colour stops.
 */
function recordRings() {
  const w = window as unknown as { rings: Ring[] };
  w.rings = [];
  const parse = (c: string): number[] | null => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return null;
    const p = m[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
  };
  const lum = ([r, g, b]: number[]) => {
    const f = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
  };
  const ratio = (a: number[], b: number[]) => {
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!)).concat(1);
  /** The colours behind `el` (more than one under a gradient), from the nearest opaque layer up. */
  const backgrounds = (el: Element | null): number[][] => {
    const layers: number[][] = [];
    for (let n = el; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.backgroundImage.includes('gradient')) {
        // Opaque stops, and the translucent ones (overlaid radial gradients) over each of them.
        const stops = (cs.backgroundImage.match(/rgba?\([^)]+\)/g) ?? []).map(parse).filter((c): c is number[] => !!c);
        const solid = stops.filter((c) => c[3] === 1);
        const all = solid.concat(...stops.filter((c) => c[3]! < 1).map((t) => solid.map((o) => over(t, o))));
        if (all.length) return all.map((s) => layers.reduceRight((acc, l) => over(l, acc), s));
      }
      const bg = parse(cs.backgroundColor);
      if (bg && bg[3]! > 0) {
        layers.push(bg);
        if (bg[3] === 1) break;
      }
    }
    return [layers.reduceRight((acc, l) => over(l, acc), [255, 255, 255, 1])];
  };
  document.addEventListener('focusin', (e) => {
    const el = e.target as HTMLElement;
    const cs = getComputedStyle(el);
    const what = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 24)}"`;
    let color: number[] | null = null;
    let width = 0;
    let style = 'none';
    let inside = false;
    if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) {
      color = parse(cs.outlineColor);
      width = parseFloat(cs.outlineWidth);
      style = `outline ${cs.outlineWidth} ${cs.outlineColor} offset ${cs.outlineOffset}`;
      inside = parseFloat(cs.outlineOffset) + width <= 0;
    } else if (cs.boxShadow !== 'none') {
      const m = /(rgba?\([^)]+\))\s+0px\s+0px\s+0px\s+([\d.]+)px/.exec(cs.boxShadow);
      if (m) {
        color = parse(m[1]!);
        width = parseFloat(m[2]!);
        style = `box-shadow ${cs.boxShadow}`;
      }
    }
    const bgs = backgrounds(inside ? el : el.parentElement);
    const ring = color ? over(color, bgs[0]!) : null;
    w.rings.push({ what, style, width, ratio: ring && width > 0 && color![3]! > 0 ? Math.min(...bgs.map((b) => ratio(ring, b))) : 0 });
  });
}

describe('focus ring', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`every element Tab reaches shows a ring of 3:1 or more at ${viewport.width} px`, { timeout: 60_000 }, async () => {
      const { page, context } = await openPage(browser, { viewport });
      // The pages with the header, footer, dark hero, cards, forms and (at 1280 px) the filter sidebar.
      for (const path of ['/', '/account/login', '/winery', ...(viewport === MOBILE ? ['/product'] : [])]) {
        await visit(page, path);
        await page.evaluate(recordRings);
        let count = 0;
        for (let i = 0; i < 400; i++) {
          await page.keyboard.press('Tab');
          count = await page.evaluate(() => (window as unknown as { rings: Ring[] }).rings.length);
          // Stop when the focus has gone round (back to the skip link).
          if (i > 0 && (await page.evaluate(() => document.activeElement?.classList.contains('skip-link')))) break;
        }
        const rings = await page.evaluate(() => (window as unknown as { rings: Ring[] }).rings);
        expect(count, path).toBeGreaterThan(10);
        const bad = rings.filter((r) => r.width < 2 || r.ratio < 3).map((r) => `${r.what}: ${r.style} ${r.ratio.toFixed(2)}:1`);
        expect(bad, `${path} at ${viewport.width} px`).toEqual([]);
      }
      await context.close();
    });
  }
});
