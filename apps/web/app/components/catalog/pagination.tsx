import { FastLink } from '../fast-link';
import { useTranslation } from 'react-i18next';

/** Page numbers around the current one: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(current: number, total: number, radius = 2): (number | null)[] {
  const pages = new Set<number>([1, total]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  let previous: number | undefined;
  for (const p of sorted) {
    if (previous !== undefined && p - previous > 1) out.push(null);
    out.push(p);
    previous = p;
  }
  return out;
}

/**
 * Pagination with real links (`?page=N`, other parameters kept), so it works without JS and for crawlers;
 * the current page is marked with aria-current. With `nextAfter` (the last item's id) the next-page link continues
 * after that item (`after=`, keyset paging: a deep page costs the server what the first one does).
 */
export function Pagination({
  page,
  totalPages,
  search,
  nextAfter,
}: {
  page: number;
  totalPages: number;
  search: string;
  nextAfter?: number;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const href = (p: number, after?: number) => {
    const sp = new URLSearchParams(search);
    sp.delete('after');
    if (after !== undefined) sp.set('after', String(after));
    if (p <= 1) sp.delete('page');
    else sp.set('page', String(p));
    const s = sp.toString();
    return s ? `?${s}` : '?';
  };
  return (
    <nav className="catalog-pagination" aria-label={t('catalog.pagination')} data-testid="pagination">
      <ul className="pagination-list">
        <li>
          {page > 1 ? (
            <FastLink to={href(page - 1)} className="page-btn" aria-label={t('catalog.prev')} rel="prev">
              ‹
            </FastLink>
          ) : (
            <span className="page-btn is-disabled" aria-hidden="true">
              ‹
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <FastLink
                to={href(p)}
                className={`page-btn ${p === page ? 'is-current' : ''}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('catalog.page', { page: p })}
              >
                {p}
              </FastLink>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <FastLink to={href(page + 1, nextAfter)} className="page-btn" aria-label={t('catalog.next')} rel="next">
              ›
            </FastLink>
          ) : (
            <span className="page-btn is-disabled" aria-hidden="true">
              ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
