import { redirect, useLocation } from 'react-router';
import { FastLink } from '../components/fast-link';
import { SortForm } from '../components/catalog/sort-form';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/winery._index';
import type { WebMessages } from '@podo/i18n/resources';
import { catalogApi, orNotFound, publicOrigin, toggleAction } from '../lib/catalog.server';
import { absoluteUrl, seoMeta } from '../lib/meta';
import { EmptyState } from '../components/ui';
import { pageOf, qs } from '../components/catalog/list-state';
import { Pagination } from '../components/catalog/pagination';
import { CountText } from '../components/catalog/price';
import { WineryCard } from '../components/catalog/winery-card';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { groupDigits } from '../lib/format';

const PAGE_SIZE = 24;
const KEYS = ['countryCodes', 'query', 'sort', 'page'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sp = url.searchParams;
  // Empty fields of the search form and page=1 are dropped, so each list has one URL.
  const clean = new URLSearchParams([...sp].filter(([k, v]) => v.trim() !== '' && !(k === 'page' && v === '1')));
  if (clean.toString() !== new URLSearchParams(url.search).toString()) throw redirect(`/winery${qs(clean)}`);
  const api = catalogApi(request, context);
  const query: Record<string, string | number> = { page: pageOf(sp), size: PAGE_SIZE };
  for (const k of ['countryCodes', 'query', 'sort']) if (sp.get(k)) query[k] = sp.get(k)!;
  const [list, countries, sorts] = await Promise.all([
    orNotFound(api.wineryList({ query })),
    api.wineryCountries().then((r) => r._embedded.countries),
    api.winerySortTypes().then((r) => r._embedded.items),
  ]);
  return { list, countries, sorts, origin: publicOrigin(request, context) };
}

/** Like toggles of winery hearts anywhere on the site post here (`/winery?index`). */
export async function action({ request, context }: Route.ActionArgs) {
  return toggleAction(request, context);
}

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as
    { messages: Pick<WebMessages, 'winery' | 'catalog'>; site: { brandName: string } } | undefined;
  if (!d || !root) return [];
  const sp = new URLSearchParams(location.search);
  const code = sp.get('countryCodes');
  const country = d.countries.find((c) => c.countryCode === code?.toUpperCase());
  const total = d.countries.reduce((n, c) => n + c.qty, 0);
  const title = country ? `${root.messages.winery.title} · ${country.name}` : root.messages.winery.title;
  const canonical = new URLSearchParams();
  if (country) canonical.set('countryCodes', country.countryCode);
  if (pageOf(sp) > 1) canonical.set('page', String(pageOf(sp)));
  const first = d.list._embedded.items[0];
  return seoMeta(matches, {
    title,
    description: root.messages.winery.metaDescription
      .replace('{{count}}', String(country?.qty ?? total))
      .replace('{{brand}}', root.site.brandName),
    url: `${d.origin}/winery${qs(canonical)}`,
    image: first ? absoluteUrl(d.origin, first.image) : undefined,
  });
};

/** The winery list (spec §2 /winery): country tabs with counts, search, sort and pagination. */
export default function WineryList({ loaderData }: Route.ComponentProps) {
  const { list, countries, sorts } = loaderData;
  const { t } = useTranslation();
  const location = useLocation();
  const sp = new URLSearchParams(location.search);
  const code = sp.get('countryCodes')?.toUpperCase() ?? '';
  const total = countries.reduce((n, c) => n + c.qty, 0);
  const tab = (c: string) => {
    const next = new URLSearchParams(sp);
    next.delete('page');
    if (c) next.set('countryCodes', c);
    else next.delete('countryCodes');
    return `/winery${qs(next)}`;
  };
  const sort = sp.get('sort') ?? sorts[0]?.code ?? '';
  const items = list._embedded.items;

  return (
    <div className="container catalog-page" data-testid="winery-list">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('winery.title') }]} />
      <header className="catalog-head">
        <h1 className="catalog-title">{t('winery.title')}</h1>
        <p className="catalog-count" data-testid="result-count">
          <CountText text={(count) => t('winery.total', { count })} count={list.page.totalElements} />
        </p>
      </header>

      <nav className="country-tabs" aria-label={t('winery.countries')} data-testid="country-tabs">
        <FastLink to={tab('')} className={`country-tab ${code ? '' : 'is-active'}`} aria-current={code ? undefined : 'page'}>
          {t('winery.all')} ({groupDigits(total)})
        </FastLink>
        {countries.map((c) => (
          <FastLink
            key={c.countryCode}
            to={tab(c.countryCode)}
            className={`country-tab ${code === c.countryCode ? 'is-active' : ''}`}
            aria-current={code === c.countryCode ? 'page' : undefined}
            data-testid={`country-tab-${c.countryCode}`}
          >
            {c.name} ({groupDigits(c.qty)})
          </FastLink>
        ))}
      </nav>

      <div className="catalog-toolbar winery-toolbar">
        <form method="get" action="/winery" role="search" className="winery-search" data-testid="winery-search">
          {code ? <input type="hidden" name="countryCodes" value={code} /> : null}
          {sp.get('sort') ? <input type="hidden" name="sort" value={sp.get('sort') ?? ''} /> : null}
          <label htmlFor="winery-query" className="visually-hidden">
            {t('winery.searchLabel')}
          </label>
          <div className="input-group">
            <input
              id="winery-query"
              className="form-control"
              type="search"
              name="query"
              maxLength={100}
              defaultValue={sp.get('query') ?? ''}
              key={sp.get('query') ?? ''}
              placeholder={t('winery.searchPlaceholder')}
            />
            <button type="submit" className="btn btn-primary">
              {t('winery.search')}
            </button>
          </div>
        </form>
        <SortForm
          action="/winery"
          id="winery-sort"
          label={t('winery.sort')}
          value={sort}
          options={sorts}
          params={new URLSearchParams([...sp].filter(([k]) => KEYS.includes(k)))}
          testId="winery-sort"
        />
        <a
          href={`/winery/pdf${qs(new URLSearchParams([...sp].filter(([k]) => k === 'query' || k === 'countryCodes')))}`}
          className="btn btn-sm btn-link catalog-pdf d-none d-md-inline-block"
          data-testid="winery-portfolio-pdf"
        >
          {t('winery.portfolioPdf')}
        </a>
      </div>

      {/* The cards' titles are h3: the list has its h2, as on /product. */}
      <h2 className="visually-hidden">{t('winery.listTitle')}</h2>
      {items.length ? (
        <div className="winery-grid" data-testid="winery-grid">
          {items.map((w, i) => (
            <WineryCard key={w.id} winery={w} eager={i < 4} />
          ))}
        </div>
      ) : (
        <EmptyState />
      )}
      <Pagination page={list.page.number} totalPages={list.page.totalPages} search={location.search} />
    </div>
  );
}
