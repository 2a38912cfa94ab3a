import type { AppLoadContext } from 'react-router';
import type { Route } from './+types/sitemap[.]xml';
import { operations } from '@podo/contracts/operations';
import { createClient } from '../lib/api';
import { publicOrigin } from '../lib/catalog.server';

/** Public pages that exist today (besides the catalogue's own). */
const STATIC_PATHS = [
  '/',
  '/about',
  '/service',
  '/career',
  '/contact',
  '/product',
  '/winery',
  '/store',
  '/magazine',
  '/event',
  '/notice',
  '/faq',
  '/terms?type=TERM',
  '/terms?type=PRIVACY',
];
const PAGE = 100;
const CACHE_MS = 10 * 60 * 1000;
let cache: { origin: string; at: number; xml: Promise<string> } | undefined;

interface Entry {
  id: number;
  /** Sent by the API when it knows when the wine or winery last changed. */
  updatedAt?: string;
  /** When an article or a post came out. */
  publishedAt?: string;
}

/** Every page of a paged call, four requests at a time. */
async function all<T extends Entry>(get: (page: number) => Promise<{ _embedded: { items: T[] }; page: { totalPages: number } }>) {
  const first = await get(1);
  const items = [...first._embedded.items];
  for (let p = 2; p <= first.page.totalPages; p += 4) {
    const batch = await Promise.all([p, p + 1, p + 2, p + 3].filter((n) => n <= first.page.totalPages).map((n) => get(n)));
    for (const b of batch) items.push(...b._embedded.items);
  }
  return items;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const url = (loc: string, lastmod?: string) =>
  `<url><loc>${esc(loc)}</loc>${lastmod ? `<lastmod>${esc(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`;

async function build(origin: string, context: AppLoadContext): Promise<string> {
  const api = createClient(operations, { fetch: context.apiFetch, lang: 'ko-KR' });
  const [products, wineries, magazines, events, notices, careers] = await Promise.all([
    all<Entry>((page) => api.products({ query: { page, size: PAGE, sort: 'NEWEST' } })),
    all<Entry>((page) => api.wineryList({ query: { page, size: PAGE, sort: 'NEWEST' } })),
    all<Entry>((page) => api.magazineList({ query: { page, size: PAGE } })),
    all<Entry>((page) => api.eventList({ query: { page, size: PAGE } })),
    all<Entry>((page) => api.posts({ query: { type: 'NOTICE', page, size: PAGE } })),
    all<Entry>((page) => api.posts({ query: { type: 'CAREER', page, size: PAGE } })),
  ]);
  const newest = (xs: Entry[]) =>
    xs.reduce<string | undefined>((m, x) => (x.updatedAt && (!m || x.updatedAt > m) ? x.updatedAt : m), undefined);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PATHS.map((p) => url(`${origin}${p}`, p === '/product' ? newest(products) : p === '/winery' ? newest(wineries) : undefined)),
    ...products.map((p) => url(`${origin}/product/${p.id}`, p.updatedAt)),
    ...wineries.map((w) => url(`${origin}/winery/${w.id}`, w.updatedAt)),
    ...magazines.map((m) => url(`${origin}/magazine/${m.id}`, m.publishedAt)),
    ...events.map((e) => url(`${origin}/event/${e.id}`, e.publishedAt)),
    ...notices.map((n) => url(`${origin}/notice/${n.id}`, n.publishedAt)),
    ...careers.map((c) => url(`${origin}/career/${c.id}`, c.publishedAt)),
    '</urlset>',
  ];
  return lines.join('\n');
}

/** /sitemap.xml: home, the static pages, the lists, every wine, winery, article, event, notice and position (kept for ten minutes). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(request, context);
  if (!cache || cache.origin !== origin || Date.now() - cache.at > CACHE_MS) {
    const xml = build(origin, context);
    cache = { origin, at: Date.now(), xml };
    // A failed build is not kept.
    xml.catch(() => {
      if (cache?.xml === xml) cache = undefined;
    });
  }
  return new Response(await cache.xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
