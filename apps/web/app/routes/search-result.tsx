import { data, Form } from 'react-router';
import { FastLink } from '../components/fast-link';
import { useTranslation } from 'react-i18next';
import type { TProductPage, TWineryPage } from '@podo/contracts/catalog';
import type { Route } from './+types/search-result';
import { ApiError } from '../lib/api';
import { operations } from '@podo/contracts/operations';
import { createClient } from '../lib/api';
import { tokenUsable } from '../lib/cookies';
import { pageMeta } from '../lib/meta';
import { recentSearchCookie, recentSearchesOf, withRecentSearch } from '../lib/recent-searches';
import { requestLanguage, requestToken } from '../lib/request.server';
import { cardView, ProductCard } from '../components/catalog/product-card';
import { WineryCard } from '../components/catalog/winery-card';
import { SearchIcon } from '../components/icons';
import { MenuLink } from '../components/mega-menu';
import { searchHref } from '../components/search-box';
import { EmptyState } from '../components/ui';
import { groupDigits } from '../lib/format';

export const SEARCH_TABS = ['all', 'wine', 'winery'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
/** Cards per page on a single-kind tab, and the previews on the 'all' tab. */
export const SEARCH_PAGE_SIZE = 24;
export const ALL_TAB_WINES = 8;
export const ALL_TAB_WINERIES = 6;
const QUERY_MAX = 100;

const tabOf = (v: string | null): SearchTab => ((SEARCH_TABS as readonly string[]).includes(v ?? '') ? (v as SearchTab) : 'all');
const pageOf = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

/** `/search-result?q=…&tab=…&page=…`: the same address with some parameters changed (empty ones left out). */
export function searchUrl(q: string, tab: SearchTab = 'all', page = 1) {
  let s = searchHref(q);
  if (tab !== 'all') s += `&tab=${tab}`;
  if (page > 1) s += `&page=${page}`;
  return s;
}

/**
 * Unified search (spec §2 /search-result, issue 4 point 5): wines from GET /brand/wines/products?query= and
 * wineries from GET /wineries?query=, both counted for the tabs; the API does the Korean and accent-insensitive
 * matching. A new search is also recorded in the recent-searches cookie here, so it works without scripts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, QUERY_MAX);
  const tab = tabOf(url.searchParams.get('tab'));
  const page = pageOf(url.searchParams.get('page'));
  if (!q) return { q, tab, page, wines: null, wineries: null };

  const cookieHeader = request.headers.get('cookie');
  const headers = new Headers();
  // Only a fresh search is recorded: switching tabs or pages of it is not a new one (and must not bring back a
  // term the visitor just deleted).
  if (!url.searchParams.has('tab') && !url.searchParams.has('page')) {
    headers.append('Set-Cookie', recentSearchCookie(withRecentSearch(recentSearchesOf(cookieHeader), q), context.secureCookies));
  }

  const token = requestToken(request, context);
  const lang = requestLanguage(request);
  const run = (withToken: boolean) => {
    const api = createClient(operations, { fetch: context.apiFetch, lang, token: withToken ? token : undefined });
    const wineSize = tab === 'wine' ? SEARCH_PAGE_SIZE : tab === 'all' ? ALL_TAB_WINES : 1;
    const winerySize = tab === 'winery' ? SEARCH_PAGE_SIZE : tab === 'all' ? ALL_TAB_WINERIES : 1;
    return Promise.all([
      api.products({ query: { query: q, page: tab === 'wine' ? page : 1, size: wineSize } }),
      api.wineryList({ query: { query: q, page: tab === 'winery' ? page : 1, size: winerySize } }),
    ]);
  };
  let wines: TProductPage;
  let wineries: TWineryPage;
  try {
    [wines, wineries] = await run(tokenUsable(token));
  } catch (e) {
    // A token the API no longer accepts: the shell guard deals with it; show the public results meanwhile.
    if (!(e instanceof ApiError && e.status === 401)) throw e;
    [wines, wineries] = await run(false);
  }
  // Wines travel as their cards (the page's data is in its HTML).
  const cards = { page: wines.page, _embedded: { items: wines._embedded.items.map(cardView) } };
  return data({ q, tab, page, wines: cards, wineries }, { headers });
}

export const meta: Route.MetaFunction = ({ matches, data: d }) => {
  const q = d?.q ?? '';
  return [
    ...pageMeta(matches, (m) => (q ? m.search.resultTitle.replace('{{q}}', q) : m.search.label)),
    { name: 'robots', content: 'noindex' },
  ];
};

const count = (n: number) => groupDigits(n);

/** Prev / numbers / next, as links (they work before the scripts load and can be opened in a new tab). */
function Pager({ q, tab, page, totalPages }: { q: string; tab: SearchTab; page: number; totalPages: number }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, totalPages - 4));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, i) => first + i);
  return (
    <nav className="search-pager" aria-label={t('searchPage.pagination')}>
      {page > 1 ? (
        <FastLink to={searchUrl(q, tab, page - 1)} rel="prev" aria-label={t('searchPage.prev')}>
          ‹
        </FastLink>
      ) : null}
      {pages.map((p) =>
        p === page ? (
          <span key={p} aria-current="page" className="is-current">
            {p}
          </span>
        ) : (
          <FastLink key={p} to={searchUrl(q, tab, p)} aria-label={t('searchPage.page', { page: p })}>
            {p}
          </FastLink>
        ),
      )}
      {page < totalPages ? (
        <FastLink to={searchUrl(q, tab, page + 1)} rel="next" aria-label={t('searchPage.next')}>
          ›
        </FastLink>
      ) : null}
    </nav>
  );
}

/** What to try when nothing was found (or nothing was asked yet): tips, suggested words, the whole portfolio. */
function Suggestions() {
  const { t } = useTranslation();
  const words = t('searchPage.suggestions')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <div className="search-suggestions" data-testid="search-suggestions">
      <ul className="search-tips">
        <li>{t('searchPage.tipSpelling')}</li>
        <li>{t('searchPage.tipShorter')}</li>
        <li>{t('searchPage.tipNames')}</li>
      </ul>
      <h2 className="search-suggest-title">{t('searchPage.suggestTitle')}</h2>
      <ul className="list-unstyled search-suggest">
        {words.map((w) => (
          <li key={w}>
            <FastLink to={searchHref(w)}>{w}</FastLink>
          </li>
        ))}
      </ul>
      <p className="mt-4 mb-0">
        <MenuLink to="/product" className="btn btn-outline-primary">
          {t('searchPage.browseAll')}
        </MenuLink>
      </p>
    </div>
  );
}

export default function SearchResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { q, tab, page, wines, wineries } = loaderData;
  const wineTotal = wines?.page.totalElements ?? 0;
  const wineryTotal = wineries?.page.totalElements ?? 0;
  const tabs: { key: SearchTab; label: string; qty: number }[] = [
    { key: 'all', label: t('searchPage.tabAll'), qty: wineTotal + wineryTotal },
    { key: 'wine', label: t('searchPage.tabWine'), qty: wineTotal },
    { key: 'winery', label: t('searchPage.tabWinery'), qty: wineryTotal },
  ];
  const nothing = wineTotal + wineryTotal === 0;

  const wineGrid = wines?._embedded.items.length ? (
    <div className="search-grid search-grid-wines">
      {wines._embedded.items.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < 2} />
      ))}
    </div>
  ) : null;
  const wineryGrid = wineries?._embedded.items.length ? (
    <div className="search-grid search-grid-wineries">
      {wineries._embedded.items.map((w) => (
        <WineryCard key={w.id} winery={w} />
      ))}
    </div>
  ) : null;

  return (
    <div className="container page-body search-page" data-testid="search-page">
      <h1 className="page-title">{q ? t('search.resultTitle', { q }) : t('search.label')}</h1>
      <Form
        method="get"
        action="/search-result"
        role="search"
        aria-label={t('searchPage.formLabel')}
        className="search-page-form"
        onSubmit={(e) => {
          const input = e.currentTarget.elements.namedItem('q') as HTMLInputElement;
          if (!input.value.trim()) e.preventDefault(); // search runs only for non-empty text
        }}
      >
        <label className="visually-hidden" htmlFor="search-page-q">
          {t('search.label')}
        </label>
        <input
          id="search-page-q"
          key={q}
          name="q"
          type="search"
          className="form-control"
          defaultValue={q}
          placeholder={t('search.placeholder')}
          maxLength={QUERY_MAX}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn btn-primary">
          <SearchIcon size={18} />
          <span className="visually-hidden">{t('search.submit')}</span>
        </button>
      </Form>

      {!q ? (
        <>
          <p className="text-body-secondary">{t('search.enterQuery')}</p>
          <Suggestions />
        </>
      ) : (
        <>
          <nav className="nav app-tabs search-tabs" aria-label={t('searchPage.tabs')} data-testid="search-tabs">
            {tabs.map((x) => (
              <FastLink
                key={x.key}
                to={searchUrl(q, x.key)}
                className={`nav-link ${x.key === tab ? 'active' : ''}`}
                aria-current={x.key === tab ? 'page' : undefined}
                preventScrollReset
                data-tab={x.key}
              >
                {x.label} ({count(x.qty)})
              </FastLink>
            ))}
          </nav>

          {nothing ? (
            <>
              <EmptyState />
              <Suggestions />
            </>
          ) : tab === 'all' ? (
            <>
              {wineGrid ? (
                <section className="search-section" aria-labelledby="search-wines">
                  <div className="search-section-head">
                    <h2 id="search-wines">
                      {t('searchPage.tabWine')} <span className="search-count">({count(wineTotal)})</span>
                    </h2>
                    {wineTotal > ALL_TAB_WINES ? (
                      <FastLink to={searchUrl(q, 'wine')} className="search-see-all">
                        {t('searchPage.seeAllWines', { count: wineTotal })}
                      </FastLink>
                    ) : null}
                  </div>
                  {wineGrid}
                </section>
              ) : null}
              {wineryGrid ? (
                <section className="search-section" aria-labelledby="search-wineries">
                  <div className="search-section-head">
                    <h2 id="search-wineries">
                      {t('searchPage.tabWinery')} <span className="search-count">({count(wineryTotal)})</span>
                    </h2>
                    {wineryTotal > ALL_TAB_WINERIES ? (
                      <FastLink to={searchUrl(q, 'winery')} className="search-see-all">
                        {t('searchPage.seeAllWineries', { count: wineryTotal })}
                      </FastLink>
                    ) : null}
                  </div>
                  {wineryGrid}
                </section>
              ) : null}
            </>
          ) : tab === 'wine' ? (
            <section className="search-section" aria-label={t('searchPage.tabWine')}>
              {wineGrid ?? <EmptyState />}
              <Pager q={q} tab={tab} page={page} totalPages={wines?.page.totalPages ?? 0} />
              {wineTotal > 0 ? (
                <p className="search-more-filters">
                  <MenuLink to={`/product?query=${encodeURIComponent(q)}`}>{t('searchPage.refine')}</MenuLink>
                </p>
              ) : null}
            </section>
          ) : (
            <section className="search-section" aria-label={t('searchPage.tabWinery')}>
              {wineryGrid ?? <EmptyState />}
              <Pager q={q} tab={tab} page={page} totalPages={wineries?.page.totalPages ?? 0} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
