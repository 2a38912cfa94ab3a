import { Form, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TCategory, TFaq, TPost, TPostPage } from '@podo/contracts';
import { FastLink } from '../fast-link';
import { Pagination } from '../catalog/pagination';
import { kstDateTime } from '../commerce/order-view';
import { useRoot } from '../../lib/site';
import { Blocks, htmlLang } from './blocks';

/** An empty board (the spec's 'There is no contents'). */
export function BoardEmpty() {
  const { t } = useTranslation();
  return (
    <p className="empty-state text-center text-body-secondary py-5" role="status" data-testid="board-empty">
      {t('board.empty')}
    </p>
  );
}

/**
 * Tabs as links (all, then each choice) under the query parameter `param` (a category by default), keeping the
 * search text and any `keep` parameters (a sort).
 */
export function CategoryTabs({
  categories,
  current,
  query,
  label,
  param = 'idCategory',
  keep = {},
}: {
  categories: { id: number | string; name: string }[];
  current: number | string | null;
  query: string;
  label: string;
  param?: string;
  keep?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const href = (id: number | string | null) => {
    const sp = new URLSearchParams();
    if (id !== null) sp.set(param, String(id));
    if (query) sp.set('query', query);
    for (const [k, v] of Object.entries(keep)) if (v) sp.set(k, v);
    const s = sp.toString();
    return s ? `?${s}` : '?';
  };
  return (
    <nav className="board-tabs" aria-label={label}>
      {[{ id: null, name: t('board.all') }, ...categories].map((c) => (
        <FastLink key={c.id ?? 'all'} to={href(c.id)} className="board-tab" aria-current={c.id === current ? 'page' : undefined}>
          {c.name}
        </FastLink>
      ))}
    </nav>
  );
}

/** A GET search form that keeps the other parameters of the list (its tab, its sort) as hidden fields. */
export function SearchForm({
  query,
  idCategory,
  label,
  keep = {},
  children,
}: {
  query: string;
  idCategory: number | null;
  label: string;
  keep?: Record<string, string>;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="board-search" role="search">
      {idCategory !== null ? <input type="hidden" name="idCategory" value={idCategory} /> : null}
      {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <input
        type="search"
        name="query"
        defaultValue={query}
        maxLength={50}
        className="form-control"
        aria-label={label}
        placeholder={label}
      />
      {children}
      <button type="submit" className="btn btn-outline-primary">
        {t('board.search')}
      </button>
    </Form>
  );
}

/** The notices board: category tabs, search, pinned notices first, pages. `base` is where a notice opens. */
export function NoticeBoard({
  categories,
  page,
  idCategory,
  query,
  base,
}: {
  categories: TCategory[];
  page: TPostPage;
  idCategory: number | null;
  query: string;
  base: string;
}) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const { search } = useLocation();
  const items = page._embedded.items;
  return (
    <div className="board" data-testid="notice-board">
      <CategoryTabs categories={categories} current={idCategory} query={query} label={t('board.categories')} />
      <SearchForm query={query} idCategory={idCategory} label={t('board.searchNotices')} />
      {items.some((p) => p.lang !== lang) ? <p className="document-original-note small">{t('board.originalOnly')}</p> : null}
      {items.length === 0 ? (
        <BoardEmpty />
      ) : (
        <ul className="board-list list-unstyled">
          {items.map((p) => (
            <li key={p.id} className={`board-row ${p.pinned ? 'is-pinned' : ''}`} data-testid="notice-row">
              <span className="board-chip">{p.pinned ? t('board.pinned') : (p.category?.name ?? '')}</span>
              <FastLink to={`${base}/${p.id}`} className="board-title" lang={p.lang !== lang ? htmlLang(p.lang) : undefined}>
                {p.title}
              </FastLink>
              <time className="board-date" dateTime={p.publishedAt}>
                {kstDateTime(p.publishedAt, lang, false)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.page.number} totalPages={page.page.totalPages} search={search} />
    </div>
  );
}

/** One notice, with its neighbours and the way back to the list. */
export function NoticeArticle({ post, base, kind }: { post: TPost; base: string; kind?: string }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  return (
    <article className="notice-article" data-testid="notice-article">
      <header className="notice-head">
        <p className="board-chip mb-2">{post.category?.name ?? kind ?? t('board.notice')}</p>
        <h2 className="notice-title" lang={post.lang !== lang ? htmlLang(post.lang) : undefined}>
          {post.title}
        </h2>
        <time className="small text-body-secondary" dateTime={post.publishedAt}>
          {kstDateTime(post.publishedAt, lang, false)}
        </time>
      </header>
      {post.lang !== lang ? <p className="document-original-note small">{t('terms.originalOnly')}</p> : null}
      <div className="notice-body" lang={post.lang !== lang ? htmlLang(post.lang) : undefined}>
        <Blocks blocks={post.body} />
      </div>
      <nav className="notice-nav" aria-label={t('board.neighbours')}>
        {post.newer ? (
          <FastLink to={`${base}/${post.newer.id}`} rel="prev">
            <span className="notice-nav-label">{t('board.newer')}</span>{' '}
            <span lang={post.lang !== lang ? htmlLang(post.lang) : undefined}>{post.newer.title}</span>
          </FastLink>
        ) : null}
        {post.older ? (
          <FastLink to={`${base}/${post.older.id}`} rel="next">
            <span className="notice-nav-label">{t('board.older')}</span>{' '}
            <span lang={post.lang !== lang ? htmlLang(post.lang) : undefined}>{post.older.title}</span>
          </FastLink>
        ) : null}
      </nav>
      <FastLink to={base} className="btn btn-outline-primary mt-3">
        {t('board.toList')}
      </FastLink>
    </article>
  );
}

/** FAQ: category tabs, search, and each question as a disclosure (works without JavaScript). */
export function FaqBoard({
  categories,
  faqs,
  idCategory,
  query,
}: {
  categories: TCategory[];
  faqs: TFaq[];
  idCategory: number | null;
  query: string;
}) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  return (
    <div className="board" data-testid="faq-board">
      <CategoryTabs categories={categories} current={idCategory} query={query} label={t('board.categories')} />
      <SearchForm query={query} idCategory={idCategory} label={t('board.searchFaq')} />
      {faqs.some((f) => f.lang !== lang) ? <p className="document-original-note small">{t('board.originalOnly')}</p> : null}
      {faqs.length === 0 ? (
        <BoardEmpty />
      ) : (
        <div className="faq-list">
          {faqs.map((f) => (
            <details key={f.id} className="faq-item" data-testid="faq-item">
              <summary>
                <span className="faq-q" aria-hidden="true">
                  Q
                </span>
                <span className="faq-category">{f.category.name}</span>
                <span className="faq-question" lang={f.lang !== lang ? htmlLang(f.lang) : undefined}>
                  {f.question}
                </span>
              </summary>
              <div className="faq-answer" lang={f.lang !== lang ? htmlLang(f.lang) : undefined}>
                <Blocks blocks={f.answer} />
              </div>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
