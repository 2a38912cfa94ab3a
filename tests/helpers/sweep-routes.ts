import routes from '../../apps/web/app/routes';

/** Who visits: nobody logged in, a member waiting for approval, an approved trade buyer. */
export type Role = 'visitor' | 'pending' | 'buyer';
export const ROLES: Role[] = ['visitor', 'pending', 'buyer'];

/** What a visit must end in: the document's status and, after redirects, the path it lands on. */
export interface Outcome {
  status: number;
  /** The pathname (and search, when given with "?") the browser ends on; default: the visited URL. */
  landsOn?: string;
}

export interface SweepCase {
  /** The route pattern of routes.ts this URL belongs to. */
  pattern: string;
  url: string;
  expect: Record<Role, Outcome>;
  /** The visit ends the session (logout): the sweep gives it a session of its own. */
  endsSession?: boolean;
  /** Korean this page may show in other languages: what the visitor typed (a search), never interface text. */
  allowKorean?: RegExp;
}

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/**
 * The page routes of the web app: every route rendered inside the shell layout (resource routes such as PDF files,
 * the sitemap or menu HTML are not pages), as URL patterns ('/', '/product/:pid', '/mypage/profile', '*'), each with
 * the route files that render it (its layouts and its own module, as written in routes.ts: 'routes/cart.tsx').
 */
export function pageRoutes(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (entries: RouteEntry[], prefix: string, inShell: boolean, files: string[]) => {
    for (const r of entries) {
      const shell = inShell || r.file === 'routes/shell.tsx';
      const here = r.path ? `${prefix.replace(/\/$/, '')}/${r.path}` : prefix;
      const chain = [...files, r.file];
      if (shell && (r.index || (r.path && !r.children))) out.set(here || '/', chain);
      if (r.children) walk(r.children, here, shell, chain);
      // A parent route with its own path and children (mypage) renders only through its index child.
    }
  };
  walk(routes as RouteEntry[], '', false, []);
  return out;
}

/** The page routes' URL patterns (pageRoutes). */
export function pagePatterns(): string[] {
  return [...pageRoutes().keys()];
}

/**
 * Which cases a sweep visits: SWEEP_ONLY (URL prefixes, comma-separated) or SWEEP_FILES (files changed under
 * apps/web/app, as `npm run test:changed` passes them: the pages whose route modules or layouts they are).
 */
export function selectedCases(cases: SweepCase[], env = process.env): SweepCase[] {
  const only = env.SWEEP_ONLY?.split(',').filter(Boolean);
  const files = env.SWEEP_FILES?.split(',')
    .filter(Boolean)
    .map((f) => f.replace(/^apps\/web\/app\//, ''));
  const routesOf = pageRoutes();
  return cases.filter(
    (c) => (!only || only.some((o) => c.url.startsWith(o))) && (!files || (routesOf.get(c.pattern) ?? []).some((f) => files.includes(f))),
  );
}

/** Whether the run sweeps only some pages (then the coverage check does not apply). */
export const sweepLimited = (env = process.env) => !!(env.SWEEP_ONLY || env.SWEEP_FILES);

const all = (o: Outcome): Record<Role, Outcome> => ({ visitor: o, pending: o, buyer: o });
const ok = all({ status: 200 });
const notFound = all({ status: 404 });

/** Members-only pages: a visitor is sent to the login page, which brings them back afterwards. */
const membersOnly = (path: string): Record<Role, Outcome> => ({
  visitor: { status: 200, landsOn: `/account/login?redirect=${encodeURIComponent(path)}` },
  pending: { status: 200 },
  buyer: { status: 200 },
});

/** Pages for visitors only: a logged-in member is sent to the my page. */
const visitorsOnly: Record<Role, Outcome> = {
  visitor: { status: 200 },
  pending: { status: 200, landsOn: '/mypage' },
  buyer: { status: 200, landsOn: '/mypage' },
};

export interface SampleIds {
  productId: number;
  wineryId: number;
  /** An order of the demo buyer. */
  oid: string;
  /** A demo notice and a demo open position. */
  noticeId: number;
  careerId: number;
  /** A demo magazine article and a demo event. */
  magazineId: number;
  eventId: number;
  /** An inquiry of the demo buyer. */
  qnaId: number;
}

async function firstId(base: string, url: string, token?: string): Promise<number> {
  const r = await fetch(`${base}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
  return ((await r.json()) as { _embedded: { items: { id: number }[] } })._embedded.items[0]!.id;
}

/** Real ids for the URLs with parameters, read from the server's demo data through the API. */
export async function sampleIds(base: string, buyerToken: string): Promise<SampleIds> {
  const [productId, wineryId, noticeId, careerId, magazineId, eventId, qnaId] = await Promise.all([
    firstId(base, '/api/v1/brand/wines/products?size=1'),
    firstId(base, '/api/v1/wineries?size=1'),
    firstId(base, '/api/v1/posts?size=1'),
    firstId(base, '/api/v1/posts?type=CAREER&size=1'),
    firstId(base, '/api/v1/magazines?size=1'),
    firstId(base, '/api/v1/events?size=1'),
    firstId(base, '/api/v1/qnas?size=1', buyerToken),
  ]);
  const latest = await fetch(`${base}/api/v1/commerce/orders/latest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyerToken}` },
  });
  if (latest.status !== 200) throw new Error(`the demo buyer has no order (${latest.status})`);
  const oid = ((await latest.json()) as { data: { oid: string } }).data.oid;
  return { productId, wineryId, oid, noticeId, careerId, magazineId, eventId, qnaId };
}

/** The buyer's own pages: a visitor logs in first, a member waiting for approval is told why they cannot order. */
const buyersOnly = membersOnly;
/** One order of the buyer: a visitor logs in first, anyone else finds no such order. */
const buyersOrder = (path: string): Record<Role, Outcome> => ({ ...membersOnly(path), pending: { status: 404 } });

/**
 * The URLs visited for each route pattern. A pattern without parameters is visited as is and must answer 200 to
 * everyone unless listed here; a pattern with parameters must be listed (the sweep fails for one that is not), so a
 * new page joins the sweep by being in routes.ts.
 */
export function sweepCases(ids: SampleIds): { cases: SweepCase[]; unlisted: string[] } {
  const special: Record<string, Omit<SweepCase, 'pattern'>[]> = {
    '/product': [
      { url: '/product', expect: ok },
      { url: '/product?idKinds=1&sort=PRICE_ASC', expect: ok },
    ],
    '/product/:pid': [
      { url: `/product/${ids.productId}`, expect: ok },
      { url: '/product/99999999', expect: notFound },
    ],
    '/product/:pid/pdf': [{ url: `/product/${ids.productId}/pdf`, expect: ok }],
    // An unknown wine shows the error page; an unknown winery shows the same one (not visited twice).
    '/winery/:wid': [{ url: `/winery/${ids.wineryId}`, expect: ok }],
    '/winery/:wid/pdf': [{ url: `/winery/${ids.wineryId}/pdf`, expect: ok }],
    '/search-result': [
      { url: `/search-result?q=${encodeURIComponent('피노')}`, expect: ok, allowKorean: /피노/ },
      { url: '/search-result?q=zzzzqqqq', expect: ok },
    ],
    // Back from the provider after the visitor cancelled: the page says so. (Without a query the page starts a
    // login by leaving for the provider, which is no page to check.)
    '/oauth2/:provider': [{ url: '/oauth2/kakao?error=access_denied&state=sweep', expect: ok }],
    '/account/login': [
      { url: '/account/login', expect: visitorsOnly },
      // Where a members-only page sends a visitor: the login page saying why.
      {
        url: `/account/login?redirect=${encodeURIComponent('/mypage/profile')}`,
        expect: {
          ...visitorsOnly,
          pending: { status: 200, landsOn: '/mypage/profile' },
          buyer: { status: 200, landsOn: '/mypage/profile' },
        },
      },
    ],
    '/account/signup': [{ url: '/account/signup', expect: visitorsOnly }],
    '/account/logout': [{ url: '/account/logout', expect: all({ status: 200, landsOn: '/' }), endsSession: true }],
    '/*': [{ url: '/this-page-does-not-exist', expect: notFound }],
    '/store': [
      { url: '/store', expect: ok },
      { url: `/store?siNms=${encodeURIComponent('부산광역시')}&options=TASTING&sort=NAME`, expect: ok, allowKorean: /부산광역시/ },
      { url: '/store?query=zzzzqqqq', expect: ok },
    ],
    '/notice/:id': [
      { url: `/notice/${ids.noticeId}`, expect: ok },
      { url: '/notice/99999999', expect: notFound },
    ],
    '/career/:id': [
      { url: `/career/${ids.careerId}`, expect: ok },
      // A notice's id is no position.
      { url: `/career/${ids.noticeId}`, expect: notFound },
    ],
    '/magazine/:id': [
      { url: `/magazine/${ids.magazineId}`, expect: ok },
      { url: '/magazine/99999999', expect: notFound },
    ],
    '/event/:id': [
      { url: `/event/${ids.eventId}`, expect: ok },
      { url: '/event/99999999', expect: notFound },
    ],
    '/mypage/qna/:id': [
      // The demo buyer's inquiry is the sweep's sample; the member waiting for approval finds no such inquiry.
      { url: `/mypage/qna/${ids.qnaId}`, expect: { ...membersOnly(`/mypage/qna/${ids.qnaId}`), pending: { status: 404 } } },
    ],
    '/mypage/notices/:id': [{ url: `/mypage/notices/${ids.noticeId}`, expect: membersOnly(`/mypage/notices/${ids.noticeId}`) }],
    '/cart': [{ url: '/cart', expect: buyersOnly('/cart') }],
    '/checkout': [{ url: '/checkout', expect: buyersOnly('/checkout') }],
    '/order/complete/:oid': [{ url: `/order/complete/${ids.oid}`, expect: buyersOrder(`/order/complete/${ids.oid}`) }],
    '/mypage/orders/:oid/statement': [
      { url: `/mypage/orders/${ids.oid}/statement`, expect: buyersOrder(`/mypage/orders/${ids.oid}/statement`) },
    ],
    '/mypage/orders/:oid': [
      { url: `/mypage/orders/${ids.oid}`, expect: buyersOrder(`/mypage/orders/${ids.oid}`) },
      { url: '/mypage/orders/20990101-999999', expect: { ...buyersOrder('/mypage/orders/20990101-999999'), buyer: { status: 404 } } },
    ],
  };
  const cases: SweepCase[] = [];
  const unlisted: string[] = [];
  for (const pattern of pagePatterns()) {
    const listed = special[pattern];
    if (listed) cases.push(...listed.map((c) => ({ ...c, pattern })));
    else if (pattern.startsWith('/mypage')) cases.push({ pattern, url: pattern, expect: membersOnly(pattern) });
    else if (/[:*]/.test(pattern)) unlisted.push(pattern);
    else cases.push({ pattern, url: pattern, expect: ok });
  }
  return { cases, unlisted };
}

/** Public pages that search engines index (those of sitemap.xml): each has a canonical link to its own path. */
export const INDEXABLE = new Set([
  '/',
  '/about',
  '/service',
  '/career',
  '/career/:id',
  '/contact',
  '/product',
  '/product/:pid',
  '/winery',
  '/winery/:wid',
  '/store',
  '/magazine',
  '/magazine/:id',
  '/event',
  '/event/:id',
  '/notice',
  '/notice/:id',
  '/faq',
  '/terms',
]);

/** Pages where an approved buyer sees trade prices (and nobody else does): the sweep checks both sides. */
export const TRADE_PRICE_PAGES = new Set(['/product', '/product/:pid']);

/**
 * Pages whose content differs for a signed-in member beyond the header: prices and ordering (wine cards, the wine,
 * search results, a winery's wines), which show the buyer's trade prices and the pending member's notes.
 */
const ROLE_CONTENT_PATTERNS = new Set(['/', '/product', '/product/:pid', '/search-result', '/winery/:wid', ...TRADE_PRICE_PAGES]);

/**
 * Whether the browser sweep visits a case as `role`. Visitors: every page. The pending member and the buyer: the
 * pages whose content is theirs (ROLE_CONTENT_PATTERNS, the member pages, those that answer them differently);
 * elsewhere their page is the visitor's with a signed-in header, which those pages show. The HTML sweep reads every
 * page as every role.
 */
export function sweptAs(c: SweepCase, role: Role): boolean {
  if (role === 'visitor') return true;
  const differs = (o: Outcome) => o.status !== c.expect[role].status || o.landsOn !== c.expect[role].landsOn;
  return ROLE_CONTENT_PATTERNS.has(c.pattern) || c.pattern.startsWith('/mypage') || ROLES.some((r) => differs(c.expect[r]));
}

/**
 * How a visit of `c` as `role` ended against what it expects: the problems with its status and where it landed
 * (`landed`: path and search), and whether the sweep checks the page itself (not when a redirect took it to a page
 * the sweep visits at its own address).
 */
export function arrival(c: SweepCase, role: Role, status: number, landed: string): { problems: string[]; checkPage: boolean } {
  const expected = c.expect[role];
  const problems: string[] = [];
  if (status !== expected.status) problems.push(`status ${status}, expected ${expected.status}`);
  const want = expected.landsOn ?? c.url;
  const got = want.includes('?') ? landed : landed.split('?')[0];
  if (got !== (want.includes('?') ? want : want.split('?')[0])) problems.push(`landed on ${got}, expected ${want}`);
  return { problems, checkPage: !expected.landsOn || expected.landsOn.split('?')[0] === c.url.split('?')[0] };
}
