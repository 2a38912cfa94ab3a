import { useMatches, useRouteLoaderData } from 'react-router';
import type { TPublicSiteConfig } from '@podo/config/shared';
import type { Language } from '@podo/i18n';
import type { TMe } from '@podo/contracts';

interface RootData {
  lang: Language;
  site: TPublicSiteConfig;
}

/** Site config (safe subset, in the current language) and language, from the root loader. */
export function useRoot(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('root loader data missing');
  return data;
}

export function useUser(): TMe | null {
  const data = useRouteLoaderData('routes/shell') as { user: TMe | null } | undefined;
  return data?.user ?? null;
}

/** Page wrapper flags (spec §2): each defaults to true; a route turns one off with handle.page. */
export interface PageOptions {
  mobileTab: boolean;
  subPage: boolean;
  footer: boolean;
}
export interface RouteHandle {
  page?: Partial<PageOptions>;
}

export function usePageOptions(): PageOptions {
  const matches = useMatches();
  const options: PageOptions = { mobileTab: true, subPage: true, footer: true };
  for (const m of matches) Object.assign(options, (m.handle as RouteHandle | undefined)?.page);
  return options;
}

/** Paths whose pages exist today; links elsewhere say '준비 중입니다.' instead of leading to a 404. */
const READY_PATHS = new Set([
  '/',
  '/about',
  '/terms',
  '/contact',
  '/store',
  '/service',
  '/career',
  '/notice',
  '/faq',
  '/magazine',
  '/event',
  '/mypage/notices',
  '/mypage/faq',
  '/mypage/qna',
  '/mypage/qna/new',
  '/account/login',
  '/account/signup',
  '/account/certemail',
  '/account/findemail',
  '/account/findpw',
  '/account/resetpw',
  '/account/withdrawal-complete',
  '/mypage',
  '/mypage/profile',
  '/mypage/password',
  '/mypage/mobile',
  '/mypage/sns',
  '/mypage/grade',
  '/mypage/orders',
  '/mypage/cancellations',
  '/mypage/ships',
  '/mypage/cash',
  '/mypage/coupons',
  '/cart',
  '/checkout',
  '/mypage/leave',
  '/search-result',
  '/product',
  '/product/pdf',
  '/winery',
  '/winery/pdf',
]);
/** Pages with an id: a wine and a winery (and their PDF pages), and the PDF files. */
const READY_PATTERNS = [
  /^\/product\/\d+(\/pdf)?$/,
  /^\/winery\/\d+(\/pdf)?$/,
  /^\/pdf\//,
  /^\/mypage\/orders\/[\d-]+(\/statement)?$/,
  /^\/order\/complete\/[\d-]+$/,
  /^\/notice\/\d+$/,
  /^\/career\/\d+$/,
  /^\/magazine\/\d+$/,
  /^\/event\/\d+$/,
  /^\/mypage\/notices\/\d+$/,
  /^\/mypage\/qna\/\d+$/,
];
export function isReadyPath(to: string): boolean {
  if (/^[a-z]+:/i.test(to)) return true;
  const path = to.split(/[?#]/)[0] || '/';
  return READY_PATHS.has(path) || READY_PATTERNS.some((r) => r.test(path));
}
