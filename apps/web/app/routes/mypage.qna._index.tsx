import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QNA_STATUSES } from '@podo/contracts';
import type { Route } from './+types/mypage.qna._index';
import { qnasLoader } from '../lib/qna.server';
import { pageMeta } from '../lib/meta';
import { useRoot } from '../lib/site';
import { FastLink } from '../components/fast-link';
import { Pagination } from '../components/catalog/pagination';
import { BoardEmpty, CategoryTabs, SearchForm } from '../components/content/boards';
import { kstDateTime } from '../components/commerce/order-view';
import { EmptyState } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.mypage.qna),
  { name: 'robots', content: 'noindex' },
];
export const loader = ({ request, context }: Route.LoaderArgs) => qnasLoader(request, context);

/** The member's 1:1 inquiries: state tabs, search, and each with its state; a button to write a new one. */
export default function MyQnas({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const { search } = useLocation();
  const { page, status, query } = loaderData;
  const items = page._embedded.items;
  const deleted = new URLSearchParams(search).get('deleted') === '1';
  return (
    <section className="mypage-panel board-panel" aria-labelledby="qna-title" data-testid="qna-list">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="qna-title" className="h5 fw-bold mb-0">
          {t('mypage.qna')}
        </h2>
        <FastLink to="/mypage/qna/new" className="btn btn-primary" data-testid="qna-new">
          {t('qna.write')}
        </FastLink>
      </div>
      <p className="small text-body-secondary">{t('qna.lead')}</p>
      {deleted ? (
        <p className="alert alert-success py-2" role="status">
          {t('qna.deleted')}
        </p>
      ) : null}
      <CategoryTabs
        categories={QNA_STATUSES.map((s) => ({ id: s, name: t(`qna.statuses.${s}`) }))}
        current={status}
        query={query}
        label={t('qna.states')}
        param="status"
      />
      <SearchForm query={query} idCategory={null} label={t('qna.search')} keep={{ status: status ?? '' }} />
      {items.length === 0 ? (
        query || status ? (
          <EmptyState />
        ) : (
          <BoardEmpty />
        )
      ) : (
        <ul className="board-list list-unstyled">
          {items.map((q) => (
            <li key={q.id} className="board-row qna-row" data-testid="qna-row">
              <span className={`qna-state is-${q.status.toLowerCase()}`}>{q.statusName}</span>
              <FastLink to={`/mypage/qna/${q.id}`} className="board-title">
                <span className="text-body-secondary">[{q.category.name}]</span> <span translate="no">{q.title}</span>
                {q.fileCount ? <span className="visually-hidden"> ({t('qna.fileCount', { count: q.fileCount })})</span> : null}
              </FastLink>
              <time className="board-date" dateTime={q.createdAt}>
                {kstDateTime(q.createdAt, lang, false)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.page.number} totalPages={page.page.totalPages} search={search} />
    </section>
  );
}
