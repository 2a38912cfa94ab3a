import { useCallback, useMemo, useState } from 'react';
import * as ReactDOM from 'react-dom';
import { data, redirect, useLocation, useNavigation } from 'react-router';
import { FastLink } from '../components/fast-link';
import { SortForm } from '../components/catalog/sort-form';
import { useTranslation } from 'react-i18next';
import { PRODUCT_PAGE_SIZE } from '@podo/contracts/list-keys';
import type { TLeftFilter, TProductPage } from '@podo/contracts/catalog';
import type { Route } from './+types/product._index';
import type { WebMessages } from '@podo/i18n/resources';
import { ApiError } from '../lib/api';
import { catalogApi, publicOrigin, toggleAction } from '../lib/catalog.server';
import { requestLanguage, requestToken } from '../lib/request.server';
import { sidebarHtml } from '../lib/sidebar.server';
import { anonymousCardsHtml } from '../lib/cards.server';
import { absoluteUrl, seoMeta } from '../lib/meta';
import { useRoot } from '../lib/site';
import { pack, unpack, usePacked } from '../lib/packed';
import { EmptyState } from '../components/ui';
import { HydrateLater } from '../lib/hydrate-later';
import { countryOfName, facetsView, FilterSidebar, type FacetsView } from '../components/catalog/filter-sidebar';
import {
  apiQueryOf,
  CANONICAL_KEYS,
  changeFilters,
  clearFilters,
  listOf,
  normalizeListParams,
  pageOf,
  qs,
} from '../components/catalog/list-state';
import { Pagination } from '../components/catalog/pagination';
import { CountText, formatKrw } from '../components/catalog/price';
import { cardView, ProductCard, thumbnailOf } from '../components/catalog/product-card';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { groupDigits } from '../lib/format';

/** Cards per row at the widest layout: the first row loads its pictures at once (the largest paint). */
const FIRST_ROW = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // One URL per list: repeated parameters of a plain form post, price separators and empty fields are cleaned.
  const clean = normalizeListParams(url.searchParams);
  if (clean.toString() !== new URLSearchParams(url.search).toString()) throw redirect(`/product${qs(clean)}`);

  const api = catalogApi(request, context);
  const query = apiQueryOf(clean, PRODUCT_PAGE_SIZE);
  const { page: _p, size: _s, sort: _o, ...filters } = query;
  // Every call is awaited together: a promise left pending while another call throws would reject unhandled.
  let list: TProductPage;
  let facets: TLeftFilter;
  let sorts: Awaited<ReturnType<typeof api.productSortTypes>>['_embedded']['items'];
  let error: string | null = null;
  try {
    [list, facets, sorts] = await Promise.all([
      api.products({ query }),
      api.leftFilter({ query: { ...filters, serviceType: 'BRAND' } }).then((r) => r.data),
      api.productSortTypes().then((r) => r._embedded.items),
    ]);
  } catch (e) {
    // A filter the API refuses (bad number, reversed range): say why and show the whole catalogue's choices.
    if (!(e instanceof ApiError) || !e.isClientError) throw e;
    error = e.message;
    [facets, sorts] = await Promise.all([
      api.leftFilter({ query: { serviceType: 'BRAND' } }).then((r) => r.data),
      api.productSortTypes().then((r) => r._embedded.items),
    ]);
    list = { _embedded: { items: [] }, page: { size: PRODUCT_PAGE_SIZE, number: 1, totalElements: 0, totalPages: 0 } };
  }
  // Only what the page shows travels in its HTML; the cards and facets as JSON text (lib/packed.ts).
  const body = {
    page: list.page,
    items: pack(list._embedded.items.map(cardView)),
    facets: pack(facetsView(facets)),
    total: facets.total,
    sorts,
    error,
    origin: publicOrigin(request, context),
  };
  // The filter form's HTML, cached per URL (lib/sidebar.server.ts): read by the server render only (a data request
  // for a client navigation never renders it), and not serialized.
  const lang = requestLanguage(request);
  Object.defineProperty(body, 'sidebarHtml', { get: () => sidebarHtml(context, lang, body.facets, clean), enumerable: false });
  // So are an anonymous visitor's cards (lib/cards.server.ts); a member's show their own hearts and prices.
  if (!requestToken(request, context)) {
    const here = url.pathname + url.search;
    Object.defineProperty(body, 'cardsHtml', {
      get: () => anonymousCardsHtml(context, lang, here, body.items, FIRST_ROW),
      enumerable: false,
    });
  }
  return error ? data(body, { status: 400 }) : body;
}

/** Wish toggles of product cards anywhere on the site post here (`/product?index`). */
export async function action({ request, context }: Route.ActionArgs) {
  return toggleAction(request, context);
}

export const meta: Route.MetaFunction = ({ data: d, matches, location }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as
    { messages: Pick<WebMessages, 'catalog'>; site: { brandName: string } } | undefined;
  if (!d || !root) return [];
  const m = root.messages.catalog;
  const sp = new URLSearchParams(location.search);
  const heading = sp.get('title') || m.title;
  const count = groupDigits(d.page.totalElements);
  const brand = root.site.brandName;
  const fill = (s: string, v: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => v[k] ?? '');
  const description = sp.get('title')
    ? fill(m.metaFiltered, { title: heading, count, brand })
    : fill(m.metaDescription, { count: groupDigits(d.total), brand });
  const canonical = new URLSearchParams();
  for (const k of CANONICAL_KEYS) if (sp.get(k)) canonical.set(k, sp.get(k)!);
  const page = pageOf(sp);
  const items = unpack(d.items);
  const first = items[0];
  return seoMeta(matches, {
    title: page > 1 ? `${heading} (${fill(m.page, { page: String(page) })})` : heading,
    description,
    url: `${d.origin}/product${qs(canonical)}`,
    image: first ? absoluteUrl(d.origin, first.image) : undefined,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: heading,
        numberOfItems: d.page.totalElements,
        itemListElement: items.map((p, i) => ({
          '@type': 'ListItem',
          position: (d.page.number - 1) * d.page.size + i + 1,
          url: `${d.origin}/product/${p.id}`,
          name: p.name,
        })),
      },
    ],
  });
};

interface Chip {
  key: string;
  label: string;
  to: string;
}

/** Chips for the active filters, each linking to the list without it. */
function useChips(sp: URLSearchParams, facets: FacetsView, wineryNames: Map<number, string>): Chip[] {
  const { t } = useTranslation();
  const { lang } = useRoot();
  return useMemo(() => {
    const chips: Chip[] = [];
    const without = (key: string, value?: string) =>
      `/product${qs(
        changeFilters(sp, (n) => {
          if (value === undefined) n.delete(key);
          else {
            const rest = listOf(n, key).filter((v) => v !== value);
            if (rest.length) n.set(key, rest.join(','));
            else n.delete(key);
          }
        }),
      )}`;
    const areas = new Map(facets.countries.flatMap((c) => c.productionAreas.map((a) => [a.id, a.name] as const)));
    const lists: [string, (id: string) => string | undefined][] = [
      ['idKinds', (id) => facets.kinds.find((k) => String(k.id) === id)?.name],
      ['countryCodes', (code) => facets.countries.find((c) => c.countryCode === code.toUpperCase())?.name],
      ['idProductionAreas', (id) => areas.get(Number(id))],
      ['idTypes', (id) => facets.types.find((g) => String(g.id) === id)?.name],
      ['idLevels', (id) => facets.levels.find((l) => String(l.id) === id)?.name],
      ['idFeatured', (id) => facets.featured.find((f) => String(f.id) === id)?.name],
      ['sugarLevels', (v) => facets.sugarLevels.find((s) => String(s.value) === v)?.name],
      ['volumes', (v) => facets.volumes.find((s) => String(s.value) === v)?.name],
      ['idWineries', (id) => wineryNames.get(Number(id))],
    ];
    const q = sp.get('query');
    if (q) chips.push({ key: 'query', label: t('catalog.queryChip', { query: q }), to: without('query') });
    const cn = sp.get('countryName');
    if (cn) chips.push({ key: 'countryName', label: countryOfName(facets, cn)?.name ?? cn, to: without('countryName') });
    for (const [key, name] of lists)
      for (const v of listOf(sp, key)) chips.push({ key: `${key}-${v}`, label: name(v) ?? `#${v}`, to: without(key, v) });
    const range = (a: string, b: string, label: string, show: (s: string) => string) => {
      const lo = sp.get(a);
      const hi = sp.get(b);
      if (!lo && !hi) return;
      const text = `${lo ? show(lo) : ''} ~ ${hi ? show(hi) : ''}`.trim();
      chips.push({
        key: a,
        label: `${label} ${text}`,
        to: `/product${qs(
          changeFilters(sp, (n) => {
            n.delete(a);
            n.delete(b);
          }),
        )}`,
      });
    };
    range('priceMin', 'priceMax', t('catalog.price'), (s) => formatKrw(Number(s), lang));
    range('alcoholMin', 'alcoholMax', t('catalog.alcohol'), (s) => `${s}%`);
    range('scoreMin', 'scoreMax', t('catalog.score'), (s) => s);
    if (sp.get('vip') === 'true') chips.push({ key: 'vip', label: t('catalog.vip'), to: without('vip') });
    return chips;
  }, [sp, facets, wineryNames, t, lang]);
}

/** The wine list (spec §2 /product): filters in the URL, chips, sort, pagination. */
export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { page, sorts, error } = loaderData;
  const items = usePacked(loaderData.items);
  // Server render only: the cached cards of an anonymous visitor (the browser renders and hydrates the cards).
  const cardsHtml = (loaderData as { cardsHtml?: string }).cardsHtml;
  // The page's own render of the first row's pictures puts their preloads in the <head>; cached cards (server only,
  // where react-dom is React's: the browser's Preact has no preload) ask for them.
  if (import.meta.env.SSR && cardsHtml !== undefined)
    items
      .slice(0, FIRST_ROW)
      .forEach((p, i) => ReactDOM.preload?.(thumbnailOf(p.image), { as: 'image', fetchPriority: i === 0 ? 'high' : undefined }));
  const facets = usePacked(loaderData.facets);
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const [drawer, setDrawer] = useState(false);
  const closeDrawer = useCallback(() => setDrawer(false), []);

  // While a list navigation is under way, the controls already show where it goes.
  const pending = navigation.location?.pathname === '/product' ? navigation.location : null;
  const sp = useMemo(() => new URLSearchParams((pending ?? location).search), [pending, location]);
  const current = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const wineryNames = useMemo(() => new Map(items.map((p) => [p.winery.id, p.winery.name] as const)), [items]);
  const chips = useChips(sp, facets, wineryNames);
  const heading = current.get('title') || t('catalog.title');
  const sort = sp.get('sort') ?? sorts[0]?.code ?? '';
  const keep = [...current].filter(([k]) => k !== 'sort' && k !== 'page' && k !== 'after');
  const pdfHref = `/product/pdf${qs(new URLSearchParams(keep.filter(([k]) => k !== 'title')))}`;

  return (
    <div className="container catalog-page" data-testid="product-list">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('catalog.breadcrumb') }]} />
      <header className="catalog-head">
        <h1 className="catalog-title" data-testid="catalog-title">
          {heading}
        </h1>
        <p className="catalog-count" data-testid="result-count" aria-live="polite">
          <CountText text={(count) => t('catalog.total', { count })} count={page.totalElements} />
        </p>
      </header>

      <div className="catalog-layout">
        <FilterSidebar
          facets={facets}
          sp={sp}
          open={drawer}
          onClose={closeDrawer}
          html={(loaderData as { sidebarHtml?: string }).sidebarHtml}
        />

        <section className="catalog-results" aria-labelledby="catalog-results-title" aria-busy={pending ? true : undefined}>
          <h2 id="catalog-results-title" className="visually-hidden">
            {heading}
          </h2>
          <div className="catalog-toolbar">
            <a
              href="#catalog-filters"
              className="btn btn-outline-secondary filters-open d-lg-none"
              aria-controls="catalog-filters"
              aria-expanded={drawer}
              data-testid="filters-open"
              onClick={(e) => {
                e.preventDefault();
                setDrawer(true);
              }}
            >
              {t('catalog.filters')}
              {chips.length ? <span className="filters-badge">{chips.length}</span> : null}
            </a>
            <SortForm
              action="/product"
              id="catalog-sort"
              label={t('catalog.sort')}
              value={sort}
              options={sorts}
              params={current}
              testId="sort-select"
            />
            <a href={pdfHref} className="btn btn-sm btn-link catalog-pdf d-none d-md-inline-block">
              {t('catalog.portfolioPdf')}
            </a>
          </div>

          {chips.length ? (
            <div className="filter-chips" aria-label={t('catalog.activeFilters')} role="group" data-testid="filter-chips">
              {chips.map((c) => (
                <FastLink
                  key={c.key}
                  to={c.to}
                  preventScrollReset
                  className="filter-chip"
                  aria-label={t('catalog.removeFilter', { label: c.label })}
                  data-testid="filter-chip"
                >
                  <span>{c.label}</span>
                  <span className="chip-x" aria-hidden="true">
                    ×
                  </span>
                </FastLink>
              ))}
              <FastLink
                to={`/product${qs(clearFilters(current))}`}
                preventScrollReset
                className="filter-chip-clear"
                data-testid="chips-clear"
              >
                {t('catalog.clearAll')}
              </FastLink>
            </div>
          ) : null}

          {error ? (
            <div className="alert alert-warning" role="alert" data-testid="filter-error">
              {error}
            </div>
          ) : null}

          {items.length ? (
            // Hydrated when first used: the cards' links work as plain links (FastLink) before that, and 24 cards
            // would make one long task.
            <HydrateLater until="use" root="#catalog-grid">
              {cardsHtml === undefined ? (
                <div id="catalog-grid" className="product-grid" data-testid="product-grid">
                  {items.map((p, i) => (
                    <ProductCard key={p.id} product={p} eager={i < FIRST_ROW} priority={i === 0} />
                  ))}
                </div>
              ) : (
                <div
                  id="catalog-grid"
                  className="product-grid"
                  data-testid="product-grid"
                  dangerouslySetInnerHTML={{ __html: cardsHtml }}
                />
              )}
            </HydrateLater>
          ) : (
            <EmptyState />
          )}

          <Pagination page={page.number} totalPages={page.totalPages} search={location.search} nextAfter={items.at(-1)?.id} />
        </section>
      </div>
    </div>
  );
}
