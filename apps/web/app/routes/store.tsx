import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TStoreCard } from '@podo/contracts';
import type { WebMessages } from '@podo/i18n/resources';
import type { Route } from './+types/store';
import { storesLoader } from '../lib/stores.server';
import { seoMeta } from '../lib/meta';
import { useRoot } from '../lib/site';
import { FastLink } from '../components/fast-link';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { Pagination } from '../components/catalog/pagination';
import { CountText } from '../components/catalog/price';
import { SortForm } from '../components/catalog/sort-form';
import { pageOf, qs } from '../components/catalog/list-state';
import { EmptyState } from '../components/ui';
import { htmlLangOf } from '../components/content/blocks';
import { groupDigits } from '../lib/format';

export const loader = ({ request, context }: Route.LoaderArgs) => storesLoader(request, context);

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as { messages?: Pick<WebMessages, 'store'>; site?: { brandName: string } };
  const m = root?.messages?.store;
  if (!d || !m) return [];
  const sp = new URLSearchParams(location.search);
  // The region and company lists are pages of their own; text, services and order are views of them.
  const canonical = new URLSearchParams();
  for (const k of ['siNms', 'idCompanies']) if (sp.get(k)) canonical.set(k, sp.get(k)!);
  if (pageOf(sp) > 1) canonical.set('page', String(pageOf(sp)));
  const si = sp.get('siNms');
  const total = d.siNms.reduce((n, s) => n + s.qty, 0);
  return seoMeta(matches, {
    title: si && d.siNms.some((s) => s.siNm === si) ? `${m.title} · ${si}` : m.title,
    description: m.metaDescription.replace('{{count}}', String(total)).replace('{{brand}}', root.site?.brandName ?? ''),
    url: `${d.origin}/store${qs(canonical)}`,
  });
};

/** A link to /store with `key` set to `value` (or removed), back to the first page. */
function useStoreHref() {
  const { search } = useLocation();
  return (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    if (value) next.set(key, value);
    else next.delete(key);
    return `/store${qs(next)}`;
  };
}

/** One row of filter tabs (전체, then each value with its count) as links: works without JavaScript. */
function FilterTabs({
  label,
  param,
  current,
  entries,
  testId,
}: {
  label: string;
  param: string;
  current: string;
  entries: { value: string; name: string; qty: number; lang?: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  const href = useStoreHref();
  const total = entries.reduce((n, e) => n + e.qty, 0);
  return (
    <nav className="country-tabs store-tabs" aria-label={label} data-testid={testId}>
      <FastLink to={href(param, null)} className={`country-tab ${current ? '' : 'is-active'}`} aria-current={current ? undefined : 'page'}>
        {t('store.all')} ({groupDigits(total)})
      </FastLink>
      {entries.map((e) => (
        <FastLink
          key={e.value}
          to={href(param, e.value)}
          className={`country-tab ${current === e.value ? 'is-active' : ''}`}
          aria-current={current === e.value ? 'page' : undefined}
        >
          <span lang={e.lang}>{e.name}</span> ({groupDigits(e.qty)})
        </FastLink>
      ))}
    </nav>
  );
}

function StoreCard({ store }: { store: TStoreCard }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const nameLang = htmlLangOf(store.nameLang, lang);
  const q = encodeURIComponent(store.address);
  return (
    <li className="store-card" data-testid="store-card" data-si={store.siNm}>
      <p className="store-company">{store.company.name}</p>
      <h3 className="store-name" lang={nameLang}>
        {store.name}
      </h3>
      <dl className="store-facts">
        <dt>{t('store.address')}</dt>
        <dd lang="ko">{store.address}</dd>
        <dt>{t('store.phone')}</dt>
        <dd>
          <a href={`tel:${store.phone.replace(/-/g, '')}`}>{store.phone}</a>
        </dd>
        <dt>{t('store.hours')}</dt>
        <dd lang={htmlLangOf(store.hoursLang, lang)}>{store.hours}</dd>
      </dl>
      {store.options.length ? (
        <ul className="store-options list-unstyled" aria-label={t('store.options')}>
          {store.options.map((o) => (
            <li key={o.code} className="board-chip">
              {o.name}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="store-actions">
        {store.wineCount > 0 ? (
          <FastLink
            // The list's heading: the store's name where it is in the page's language.
            to={`/product?idStore=${store.id}&title=${encodeURIComponent(nameLang ? t('store.wines') : store.name)}`}
            className="btn btn-primary btn-sm"
            data-testid="store-wines"
          >
            {t('store.wines')} ({t('store.wineCount', { count: store.wineCount })})
            <span className="visually-hidden">
              {' '}
              – <span lang={nameLang}>{store.name}</span>
            </span>
          </FastLink>
        ) : (
          <span className="store-no-wines small text-body-secondary">{t('store.noWines')}</span>
        )}
        <div className="store-maps">
          <a href={`https://map.kakao.com/link/search/${q}`} target="_blank" rel="noopener noreferrer" data-testid="store-map-kakao">
            {t('store.map')} <span className="store-map-service">({t('store.kakaoMap')})</span>
            <span className="visually-hidden">
              {' '}
              – <span lang={nameLang}>{store.name}</span>
            </span>
          </a>
          <a href={`https://map.naver.com/p/search/${q}`} target="_blank" rel="noopener noreferrer" data-testid="store-map-naver">
            {t('store.naverMap')}
            <span className="visually-hidden">
              {' '}
              – <span lang={nameLang}>{store.name}</span>
            </span>
          </a>
        </div>
      </div>
    </li>
  );
}

/** "Where to buy" (매장 찾기): stores by region, company, services and text, as links and GET forms. */
export default function Stores({ loaderData }: Route.ComponentProps) {
  const { list, siNms, companies, options, sorts } = loaderData;
  const { t } = useTranslation();
  const { lang } = useRoot();
  const location = useLocation();
  const sp = new URLSearchParams(location.search);
  const href = useStoreHref();
  const chosen = (sp.get('options') ?? '').split(',').filter(Boolean);
  const toggle = (code: string) => {
    const next = chosen.includes(code) ? chosen.filter((c) => c !== code) : [...chosen, code];
    return href('options', next.join(','));
  };
  const filtered = ['siNms', 'idCompanies', 'options', 'query'].some((k) => sp.get(k));
  const items = list._embedded.items;
  return (
    <div className="container catalog-page store-page" data-testid="store-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('store.title') }]} />
      <header className="catalog-head">
        <h1 className="catalog-title">{t('store.title')}</h1>
        <p className="catalog-count" data-testid="result-count">
          <CountText text={(count) => t('store.total', { count })} count={list.page.totalElements} />
        </p>
      </header>
      <p className="text-body-secondary store-lead">{t('store.lead')}</p>

      <FilterTabs
        label={t('store.regions')}
        param="siNms"
        current={sp.get('siNms') ?? ''}
        entries={siNms.map((s) => ({ value: s.siNm, name: s.siNm, qty: s.qty, lang: lang === 'ko-KR' ? undefined : 'ko' }))}
        testId="store-regions"
      />
      <FilterTabs
        label={t('store.companies')}
        param="idCompanies"
        current={sp.get('idCompanies') ?? ''}
        entries={companies.map((c) => ({ value: String(c.id), name: c.name, qty: c.qty }))}
        testId="store-companies"
      />

      <div className="catalog-toolbar winery-toolbar store-toolbar">
        <form method="get" action="/store" role="search" className="winery-search" data-testid="store-search">
          {['siNms', 'idCompanies', 'options', 'sort'].map((k) =>
            sp.get(k) ? <input key={k} type="hidden" name={k} value={sp.get(k) ?? ''} /> : null,
          )}
          <label htmlFor="store-query" className="visually-hidden">
            {t('store.searchLabel')}
          </label>
          <div className="input-group">
            <input
              id="store-query"
              className="form-control"
              type="search"
              name="query"
              maxLength={50}
              defaultValue={sp.get('query') ?? ''}
              key={sp.get('query') ?? ''}
              placeholder={t('store.searchPlaceholder')}
            />
            <button type="submit" className="btn btn-primary">
              {t('store.search')}
            </button>
          </div>
        </form>
        <SortForm
          action="/store"
          id="store-sort"
          label={t('store.sort')}
          value={sp.get('sort') ?? sorts[0]?.code ?? ''}
          options={sorts}
          params={sp}
          testId="store-sort"
        />
      </div>

      <nav className="store-option-chips" aria-label={t('store.options')} data-testid="store-options">
        {options.map((o) => {
          const on = chosen.includes(o.code);
          return (
            <FastLink
              key={o.code}
              to={toggle(o.code)}
              className={`store-option ${on ? 'is-active' : ''}`}
              data-testid={`store-option-${o.code}`}
            >
              {on ? <span aria-hidden="true">✓ </span> : null}
              {o.name}
              {on ? <span className="visually-hidden"> ({t('store.selected')})</span> : null}
            </FastLink>
          );
        })}
        {filtered ? (
          <FastLink to="/store" className="store-clear">
            {t('store.clearFilters')}
          </FastLink>
        ) : null}
      </nav>

      <h2 className="visually-hidden">{t('store.listTitle')}</h2>
      {items.length ? (
        <ul className="store-grid list-unstyled" data-testid="store-grid">
          {items.map((s) => (
            <StoreCard key={s.id} store={s} />
          ))}
        </ul>
      ) : (
        <EmptyState />
      )}
      <Pagination page={list.page.number} totalPages={list.page.totalPages} search={location.search} />
    </div>
  );
}
