import { FastLink } from '../fast-link';
import { useTranslation } from 'react-i18next';

/** One step of a breadcrumb: a link, or the current page when it has no `to`. */
export interface Crumb {
  to?: string;
  label: string;
  /** The label's language when it is not the page's (a Korean original). */
  lang?: string;
}

/** The breadcrumb of the portfolio pages: the steps in order, the last one (without `to`) is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('common.breadcrumb')} className="catalog-breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          <li key={i} aria-current={c.to ? undefined : 'page'} className={c.to ? undefined : 'text-truncate'} lang={c.lang}>
            {c.to ? <FastLink to={c.to}>{c.label}</FastLink> : c.label}
          </li>
        ))}
      </ol>
    </nav>
  );
}
