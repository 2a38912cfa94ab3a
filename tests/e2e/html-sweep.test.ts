import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LANGUAGES, type Language } from '@podo/i18n';
import { keyPaths, webMessages } from '@podo/i18n/resources';
import {
  comingSoonShown,
  koreanInterfaceText,
  missingKeyTexts,
  readPage,
  tradePricesShown,
  unexplainedKorean,
} from '../helpers/html-checks';
import {
  arrival,
  INDEXABLE,
  ROLES,
  pagePatterns,
  sweepLimited,
  TRADE_PRICE_PAGES,
  type Role,
  type SweepCase,
} from '../helpers/sweep-routes';
import { SWEEP_COOKIE, sweepStart } from '../helpers/sweep-session';

/**
 * The HTML sweep: every page route of routes.ts × the five languages × every role, through the real server, without
 * a browser. Each page is fetched once (redirects followed by hand, so where one lands is checked) and parsed once;
 * the checks read the server's HTML: status, <html lang>, <title>, description and canonical, missing texts, Korean
 * interface text in the other languages, Korean-only content without its note, trade prices shown to whom may not
 * see them, and the 'coming soon' alert on a page that exists. Layout, scripts and accessibility are the browser
 * sweep's (page-sweep.test.ts).
 *
 * SWEEP_ONLY=/product,/winery limits the URLs (a prefix match); SWEEP_FILES=<changed files> the pages they render.
 */
const base = inject('baseUrl');
const keys = new Set(keyPaths(webMessages['ko-KR']).filter((k) => k.includes('.')));
/** Requests in flight at once: the server renders on one core, the other parses. */
const PARALLEL = 4;

let cases: SweepCase[] = [];
let tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  ({ tokens, cases } = await sweepStart(base));
});

interface Fetched {
  status: number;
  /** Path (and search) where the redirects ended. */
  landed: string;
  html: string;
}

/** GETs a page as a browser would (cookies, redirects), without running anything. */
async function get(url: string, lang: Language, token: string | undefined): Promise<Fetched> {
  let cookie = `lang=${lang}${token ? `; ${SWEEP_COOKIE}=${token}` : ''}`;
  let at = new URL(url, base);
  for (let hop = 0; hop < 5; hop++) {
    const r = await fetch(at, { redirect: 'manual', headers: { cookie, 'accept-language': lang } });
    const location = r.headers.get('location');
    if (r.status >= 300 && r.status < 400 && location) {
      // A cleared token (a redirect to log in) is cleared for the next hop too.
      if (/=;|max-age=0/i.test(r.headers.get('set-cookie') ?? '')) cookie = `lang=${lang}`;
      await r.body?.cancel();
      at = new URL(location, at);
      continue;
    }
    return { status: r.status, landed: at.pathname + at.search, html: await r.text() };
  }
  throw new Error(`more than 5 redirects from ${url}`);
}

/** What is wrong with one page as one role in one language (empty when nothing). */
async function check(c: SweepCase, role: Role, lang: Language): Promise<string[]> {
  const res = await get(c.url, lang, tokens[role]);
  const end = arrival(c, role, res.status, res.landed);
  return end.checkPage ? [...end.problems, ...judge(res.html, c, role, lang)] : end.problems;
}

/** What is wrong with a page's HTML, as `role` sees it in `lang`. */
function judge(html: string, c: SweepCase, role: Role, lang: Language): string[] {
  const problems: string[] = [];
  const page = readPage(html);
  if (page.lang.split('-')[0] !== lang.split('-')[0]) problems.push(`<html lang="${page.lang}">`);
  if (!page.title) problems.push('empty <title>');
  if (!page.description) problems.push('no <meta name="description">');
  if (INDEXABLE.has(c.pattern) && c.expect[role].status === 200) {
    if (!page.canonical) problems.push('no canonical link');
    else if (new URL(page.canonical).pathname !== c.url.split('?')[0]) problems.push(`canonical ${page.canonical}`);
  }
  const missing = missingKeyTexts(page, keys);
  if (missing.length) problems.push(`missing texts: ${missing.join(', ')}`);
  if (lang !== 'ko-KR') {
    const korean = koreanInterfaceText(page, c.allowKorean);
    if (korean.length) problems.push(`Korean in ${lang}: ${korean.slice(0, 6).join(' | ')}`);
    const note = unexplainedKorean(page);
    if (note) problems.push(note);
  }
  const trade = tradePricesShown(page);
  if (role !== 'buyer' && trade.length) problems.push(`trade prices shown to a ${role}: ${trade.join(', ')}`);
  if (role === 'buyer' && TRADE_PRICE_PAGES.has(c.pattern) && c.expect[role].status === 200 && !trade.length)
    problems.push('no trade price shown to the buyer');
  if (comingSoonShown(page, lang)) problems.push('says "coming soon" on a page that exists');
  return problems;
}

describe('HTML sweep', () => {
  for (const role of ROLES) {
    it(`every page × five languages as ${role}`, { timeout: 300_000 }, async () => {
      const visits = cases.filter((c) => !(c.endsSession && role !== 'visitor'));
      const jobs = visits.flatMap((c) => LANGUAGES.map((lang) => ({ c, lang })));
      const report: string[] = [];
      let next = 0;
      const worker = async () => {
        for (let j = jobs[next++]; j; j = jobs[next++]) {
          const problems = await check(j.c, role, j.lang).catch((e: unknown) => [`visit failed: ${String(e)}`]);
          if (problems.length) report.push(`${j.c.url} [${j.lang}, ${role}]\n    - ${problems.join('\n    - ')}`);
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      expect(jobs.length).toBeGreaterThan(0);
      expect(report, `\n${report.join('\n')}\n`).toEqual([]);
    });
  }

  it('fails a page given a missing text, a trade price for a visitor, Korean in English or a "coming soon"', async () => {
    const c = cases.find((x) => x.url === '/about') ?? {
      pattern: '/about',
      url: '/about',
      expect: { visitor: { status: 200 }, pending: { status: 200 }, buyer: { status: 200 } },
    };
    const { html } = await get('/about', 'en-US', undefined);
    expect(judge(html, c, 'visitor', 'en-US')).toEqual([]);
    const plant = (extra: string) => html.replace('</main>', `${extra}</main>`);
    expect(judge(plant('<p>catalog.tradePrice</p>'), c, 'visitor', 'en-US')).toEqual(['missing texts: catalog.tradePrice']);
    expect(judge(plant('<span class="price price-trade">₩10,000</span>'), c, 'visitor', 'en-US')).toEqual([
      'trade prices shown to a visitor: .price-trade',
    ]);
    expect(judge(plant('<button>장바구니</button>'), c, 'visitor', 'en-US')).toEqual(['Korean in en-US: 장바구니']);
    expect(judge(plant('<button lang="ko">장바구니</button>'), c, 'visitor', 'en-US')).toEqual([]);
    expect(judge(plant(`<div lang="ko">${'가나다라 '.repeat(60)}</div>`), c, 'visitor', 'en-US')[0]).toMatch(
      /^Korean content without the note/,
    );
    expect(judge(plant('<p role="alert">Coming soon.</p>'), c, 'visitor', 'en-US')).toEqual(['says "coming soon" on a page that exists']);
  });

  it('covers every page route of routes.ts', () => {
    if (sweepLimited()) return;
    const swept = new Set(cases.map((c) => c.pattern));
    const declared = pagePatterns();
    expect(declared.length, 'routes.ts declares pages').toBeGreaterThan(50);
    expect(declared.filter((p) => !swept.has(p))).toEqual([]);
  });
});
