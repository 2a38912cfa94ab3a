import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EVENT_STATUSES } from '@podo/contracts';
import type { Route } from './+types/event._index';
import { eventsLoader } from '../lib/content.server';
import { absoluteUrl, rootMessages, seoMeta } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { Pagination } from '../components/catalog/pagination';
import { BoardEmpty, CategoryTabs, SearchForm } from '../components/content/boards';
import { EventCard } from '../components/content/articles';
import { EmptyState } from '../components/ui';

export const loader = ({ request, context }: Route.LoaderArgs) => eventsLoader(request, context);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const m = rootMessages(matches)?.event;
  if (!d || !m) return [];
  const canonical = new URLSearchParams();
  if (d.status) canonical.set('status', d.status);
  if (d.page.page.number > 1) canonical.set('page', String(d.page.page.number));
  const first = d.page._embedded.items[0];
  return seoMeta(matches, {
    title: d.status ? `${m.title} · ${m.statuses[d.status as keyof typeof m.statuses] ?? ''}` : m.title,
    description: m.lead,
    url: `${d.origin}/event${canonical.size ? `?${canonical}` : ''}`,
    image: first ? absoluteUrl(d.origin, first.coverUrl.replace(/\.svg$/, '.png')) : undefined,
  });
};

/** Events: state tabs (running, coming, ended), search and sort, event cards and pages. */
export default function Events({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { sorts, page, status, query, sort } = loaderData;
  const items = page._embedded.items;
  const tabs = EVENT_STATUSES.map((s) => ({ id: s, name: t(`event.statuses.${s}`) }));
  return (
    <div className="container page-body content-page" data-testid="event-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('event.title') }]} />
      <h1 className="page-title">{t('event.title')}</h1>
      <p className="text-body-secondary">{t('event.lead')}</p>
      <CategoryTabs categories={tabs} current={status} query={query} label={t('event.states')} param="status" keep={{ sort }} />
      <SearchForm query={query} idCategory={null} label={t('event.search')} keep={{ status: status ?? '' }}>
        <select name="sort" defaultValue={sort || 'CURRENT'} className="form-select" aria-label={t('catalog.sort')}>
          {sorts.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
      </SearchForm>
      <p className="small text-body-secondary" role="status" data-testid="event-count">
        {t('event.count', { count: page.page.totalElements })}
      </p>
      {items.length === 0 ? (
        query || status !== null ? (
          <EmptyState />
        ) : (
          <BoardEmpty />
        )
      ) : (
        <div className="content-grid">
          {items.map((e) => (
            <EventCard key={e.id} e={e} />
          ))}
        </div>
      )}
      <Pagination page={page.page.number} totalPages={page.page.totalPages} search={search} />
    </div>
  );
}
