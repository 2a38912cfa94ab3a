import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/search-result';
import { pageMeta } from '../lib/meta';
import { EmptyState } from '../components/ui';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, (m) => m.search.label),
  { name: 'robots', content: 'noindex' },
];

/** Unified search page; the catalogue search itself arrives with the wine portfolio. */
export default function SearchResult() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <div className="container page-body">
      <h1 className="page-title">{q ? t('search.resultTitle', { q }) : t('search.label')}</h1>
      {q ? <EmptyState /> : <p className="text-body-secondary">{t('search.enterQuery')}</p>}
    </div>
  );
}
