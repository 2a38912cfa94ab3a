import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LANGUAGES, type Language } from '@podo/i18n';
import { DESKTOP, MOBILE, launchBrowser } from '../helpers/browser';
import { axeViolations, coveredTextAtEnd, cutText, horizontalOverflow } from '../helpers/page-checks';
import { arrival, ROLES, sweptAs, type Role, type SweepCase } from '../helpers/sweep-routes';
import { SWEEP_COOKIE, sweepLogin, sweepStart } from '../helpers/sweep-session';

/**
 * The browser sweep: what only a browser can tell, on every page route of routes.ts as a visitor, and as a pending
 * member and a trade buyer on the pages whose content is theirs (sweptAs), in one Chromium. By default
 * Korean and English at 375 px, where long words and wider scripts overflow first, and Korean at 1280 px;
 * SWEEP_WIDTHS=all adds the three other languages and both widths in every language (before a release, and after a
 * change to the styles or the locales: docs/testing.md). Each visit checks status and where redirects land,
 * hydration, sideways overflow, text cut short in fields and fixed bars, text covered by fixed controls at the end
 * of the page, console errors, and axe-core's serious and critical findings (axeRuns). Texts, titles, languages and roles are
 * the HTML sweep's (html-sweep.test.ts), in every language, without a browser.
 * A failure names page, language, width and role, and saves a screenshot under .tmp/page-sweep.
 *
 * SWEEP_ONLY=/product,/winery limits the URLs (a prefix match) while fixing a page; SWEEP_PARALLEL sets how many
 * (role, language, width) runs share the browser at once.
 */
const base = inject('baseUrl');
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/page-sweep');
const WIDTHS = { 375: MOBILE, 1280: DESKTOP } as const;
const parallel = Number(process.env.SWEEP_PARALLEL ?? 2);
const everyLanguage = process.env.SWEEP_WIDTHS === 'all';
/**
 * axe-core, the costliest check (half of a visit), runs in the Korean runs at both widths, where the markup that
 * each width shows differs; the English run at 375 px checks the layout of longer texts. SWEEP_AXE=all: every run.
 */
const axeRuns = (lang: Language) => process.env.SWEEP_AXE === 'all' || lang === 'ko-KR';

let browser: Browser;
let cases: SweepCase[] = [];
let tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  ({ tokens, cases } = await sweepStart(base));
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

async function newContext(role: Role, lang: Language, width: 375 | 1280, token = tokens[role]): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: WIDTHS[width], locale: lang });
  const host = new URL(base).hostname;
  await context.addCookies([
    { name: 'lang', value: lang, domain: host, path: '/' },
    ...(token ? [{ name: SWEEP_COOKIE, value: token, domain: host, path: '/', httpOnly: true }] : []),
  ]);
  return context;
}

/** Visits one URL and returns what is wrong with it (empty when nothing). */
async function visit(
  page: Page,
  c: SweepCase,
  role: Role,
  lang: Language,
  axe: boolean,
  plant?: (page: Page) => Promise<void>,
): Promise<string[]> {
  const errors: string[] = [];
  const onError = (e: Error) => errors.push(String(e));
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  };
  page.on('pageerror', onError);
  page.on('console', onConsole);
  const problems: string[] = [];
  try {
    const res = await page.goto(`${base}${c.url}`, { waitUntil: 'load' });
    const landed = new URL(page.url());
    const end = arrival(c, role, res?.status() ?? 0, landed.pathname + landed.search);
    problems.push(...end.problems);
    if (!end.checkPage) return problems;
    await page
      .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 })
      .catch(() => problems.push('the page did not finish hydrating in 15 s'));
    await plant?.(page);

    const overflow = await horizontalOverflow(page);
    if (overflow) problems.push(overflow);
    problems.push(...(await cutText(page)));
    if (axe) {
      // A finding must hold twice: on a loaded machine axe once measured footer text against a background that was
      // not there (a colour-contrast finding no later run of the same page showed).
      let found = await axeViolations(page);
      if (found.length) {
        await page.waitForTimeout(500);
        const again = new Set((await axeViolations(page)).map((v) => `${v.id} ${v.targets.join(', ')}`));
        found = found.filter((v) => again.has(`${v.id} ${v.targets.join(', ')}`));
      }
      for (const v of found) problems.push(`axe ${v.impact} ${v.id} (${v.help}): ${v.targets.join(', ')}`);
    }
    const covered = await coveredTextAtEnd(page);
    if (covered.length) problems.push(`covered at the end of the page: ${covered.slice(0, 4).join('; ')}`);
    if (errors.length) problems.push(`console: ${errors.slice(0, 3).join(' | ')}`);
  } catch (e) {
    problems.push(`visit failed: ${String(e).split('\n')[0]}`);
  } finally {
    page.off('pageerror', onError);
    page.off('console', onConsole);
  }
  return problems;
}

/** The (language, width) pairs: by default ko-KR and en-US at 375 px and ko-KR at 1280 px; SWEEP_WIDTHS=all, all ten. */
const widthsOf = (lang: Language): (375 | 1280)[] =>
  everyLanguage ? [375, 1280] : lang === 'ko-KR' ? [375, 1280] : lang === 'en-US' ? [375] : [];
/**
 * The member waiting for approval differs from the buyer only by notes in the buyer's layout (prices, ordering, the
 * cart): one run at 375 px in Korean shows them, beside the HTML sweep's five languages. SWEEP_WIDTHS=all: every run.
 */
const runs = ROLES.flatMap((role) =>
  LANGUAGES.flatMap((lang) =>
    widthsOf(lang)
      .filter((width) => everyLanguage || role !== 'pending' || (lang === 'ko-KR' && width === 375))
      .map((width) => ({ role, lang, width })),
  ),
);

describe.concurrent('page sweep', { timeout: 600_000 }, () => {
  const slots = { free: parallel, waiting: [] as (() => void)[] };
  const acquire = async () => {
    if (slots.free > 0) slots.free -= 1;
    else await new Promise<void>((r) => slots.waiting.push(r));
  };
  const release = () => {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free += 1;
  };

  for (const { role, lang, width } of runs) {
    it(`${role} · ${lang} · ${width}px`, async () => {
      await acquire();
      const report: string[] = [];
      try {
        const context = await newContext(role, lang, width);
        const page = await context.newPage();
        for (const c of cases.filter((x) => sweptAs(x, role))) {
          let p = page;
          let own: BrowserContext | null = null;
          if (c.endsSession && role !== 'visitor') {
            own = await newContext(role, lang, width, await sweepLogin(base, role));
            p = await own.newPage();
          }
          const problems = await visit(p, c, role, lang, axeRuns(lang));
          if (problems.length) {
            const shot = path.join(SHOTS, `${role}-${lang}-${width}-${c.url.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'home'}.png`);
            await p.screenshot({ path: shot }).catch(() => undefined);
            report.push(
              `${c.url} [${lang}, ${width}px, ${role}]\n    - ${problems.join('\n    - ')}\n    screenshot: ${path.relative(process.cwd(), shot)}`,
            );
          }
          await own?.close();
        }
        await context.close();
      } finally {
        release();
      }
      expect(report, `\n${report.join('\n')}\n`).toEqual([]);
    });
  }
});

describe('browser sweep checks', () => {
  it('find an overflow at 375 px and a serious axe finding planted in a page that has neither', async () => {
    const c: SweepCase = {
      pattern: '/about',
      url: '/about',
      expect: { visitor: { status: 200 }, pending: { status: 200 }, buyer: { status: 200 } },
    };
    const context = await newContext('visitor', 'ko-KR', 375);
    const page = await context.newPage();
    expect(await visit(page, c, 'visitor', 'ko-KR', true)).toEqual([]);
    const planted = await visit(page, c, 'visitor', 'ko-KR', true, (p) =>
      p.evaluate(() => {
        const main = document.querySelector('main')!;
        main.insertAdjacentHTML(
          'beforeend',
          '<div style="width:600px">wide</div><button type="button"><svg width="16" height="16"></svg></button>',
        );
      }),
    );
    await context.close();
    expect(planted.find((p) => p.startsWith('page is 6'))).toMatch(/page is 6\d\dpx wide in a 375px viewport/);
    expect(planted.some((p) => /^axe critical button-name/.test(p))).toBe(true);
  });
});
