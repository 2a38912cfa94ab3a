import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/magazine._index';
import { magazinesLoader } from '../lib/content.server';
import { toggleAction } from '../lib/catalog.server';
import { absoluteUrl, rootMessages, seoMeta } from '../lib/meta';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { Pagination } from '../components/catalog/pagination';
import { BoardEmpty, CategoryTabs, SearchForm } from '../components/content/boards';
import { MagazineCard } from '../components/content/articles';
import { EmptyState } from '../components/ui';

export const loader = ({ request, context }: Route.LoaderArgs) => magazinesLoader(request, context);

/** The like toggle of an article (the heart posts here, with or without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  return toggleAction(request, context);
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const m = rootMessages(matches)?.magazine;
  if (!d || !m) return [];
  const category = d.categories.find((c) => c.id === d.idCategory);
  const canonical = new URLSearchParams();
  if (category) canonical.set('idCategory', String(category.id));
  if (d.page.page.number > 1) canonical.set('page', String(d.page.page.number));
  const first = d.page._embedded.items[0];
  return seoMeta(matches, {
    title: category ? `${m.title} · ${category.name}` : m.title,
    description: m.lead,
    url: `${d.origin}/magazine${canonical.size ? `?${canonical}` : ''}`,
    image: first ? absoluteUrl(d.origin, first.coverUrl.replace(/\.svg$/, '.png')) : undefined,
  });
};

/** The magazine: category tabs, search and sort, article cards and pages. */
export default function Magazines({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { categories, sorts, page, idCategory, query, sort } = loaderData;
  const items = page._embedded.items;
  return (
    <div className="container page-body content-page" data-testid="magazine-page">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { label: t('magazine.title') }]} />
      <h1 className="page-title">{t('magazine.title')}</h1>
      <p className="text-body-secondary">{t('magazine.lead')}</p>
      <CategoryTabs categories={categories} current={idCategory} query={query} label={t('board.categories')} keep={{ sort }} />
      <SearchForm query={query} idCategory={idCategory} label={t('magazine.search')}>
        <select name="sort" defaultValue={sort || 'NEWEST'} className="form-select" aria-label={t('catalog.sort')}>
          {sorts.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
      </SearchForm>
      <p className="small text-body-secondary" role="status" data-testid="magazine-count">
        {t('magazine.count', { count: page.page.totalElements })}
      </p>
      {items.length === 0 ? (
        query || idCategory !== null ? (
          <EmptyState />
        ) : (
          <BoardEmpty />
        )
      ) : (
        <div className="content-grid">
          {items.map((m) => (
            <MagazineCard key={m.id} m={m} />
          ))}
        </div>
      )}
      <Pagination page={page.page.number} totalPages={page.page.totalPages} search={search} />
    </div>
  );
}
