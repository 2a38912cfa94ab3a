import { data } from 'react-router';
import { FastLink } from '../components/fast-link';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/product.pdf';
import { ApiError } from '../lib/api';
import { catalogApi } from '../lib/catalog.server';
import { apiQueryOf, FILTER_KEYS, hasFilters, normalizeListParams, qs } from '../components/catalog/list-state';
import { PdfPage, pdfMeta } from '../components/pdf-viewer';

/** The most wines one portfolio PDF lists (PDF_MAX_ITEMS in apps/api/src/modules/pdf/service.ts). */
const PDF_MAX = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sp = normalizeListParams(url.searchParams);
  const groupBy = sp.get('groupBy') === 'kind' ? 'kind' : 'country';
  // The list's filters (and sort) go to the PDF; the menu heading (`title`) names the page.
  const filters = new URLSearchParams();
  for (const [k, v] of sp) if (FILTER_KEYS.includes(k) || k === 'sort') filters.set(k, v);
  const fileParams = new URLSearchParams(filters);
  if (groupBy === 'kind') fileParams.set('groupBy', 'kind');
  let total = 0;
  let error: string | null = null;
  try {
    const q = apiQueryOf(filters, 1);
    total = (await catalogApi(request, context).products({ query: q })).page.totalElements;
  } catch (e) {
    // A filter the API refuses: say why, as the list does.
    if (!(e instanceof ApiError) || !e.isClientError) throw e;
    error = e.message;
  }
  const body = {
    heading: sp.get('title'),
    filtered: hasFilters(filters),
    filters: qs(filters),
    title: sp.get('title') ?? '',
    groupBy,
    total,
    error,
    file: `/pdf/product.pdf${qs(fileParams)}`,
  };
  return error ? data(body, { status: 400 }) : body;
}

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  pdfMeta(matches, (m) => (d?.heading ? `${m.portfolio} · ${d.heading}` : m.portfolio));

/** /product/pdf: the portfolio PDF of the wines the list shows (its filters in the query string). */
export default function ProductPortfolioPdf({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const list = `/product${d.filters}${d.title ? `${d.filters ? '&' : '?'}title=${encodeURIComponent(d.title)}` : ''}`;
  const problem =
    d.error ?? (d.total === 0 ? t('pdf.empty') : d.total > PDF_MAX ? t('pdf.tooMany', { max: PDF_MAX, count: d.total }) : null);
  const group = (by: 'country' | 'kind') => {
    const p = new URLSearchParams(d.filters);
    if (d.title) p.set('title', d.title);
    if (by === 'kind') p.set('groupBy', 'kind');
    return `/product/pdf${qs(p)}`;
  };
  const controls = problem ? null : (
    <div className="pdf-controls" role="group" aria-label={t('pdf.groupBy')}>
      {(['country', 'kind'] as const).map((by) => (
        <FastLink
          key={by}
          to={group(by)}
          className={`btn ${d.groupBy === by ? 'btn-secondary' : 'btn-outline-secondary'}`}
          aria-current={d.groupBy === by ? 'true' : undefined}
          data-testid={`pdf-group-${by}`}
        >
          {by === 'kind' ? t('pdf.byKind') : t('pdf.byCountry')}
        </FastLink>
      ))}
    </div>
  );
  return (
    <PdfPage
      kind={t('pdf.portfolio')}
      title={d.heading ?? (d.filtered ? t('pdf.portfolio') : t('pdf.allWines'))}
      crumbs={[{ to: '/', label: t('common.home') }, { to: list, label: t('catalog.breadcrumb') }, { label: t('pdf.portfolio') }]}
      back={{ to: list, label: t('pdf.backToList') }}
      file={d.file}
      facts={d.error ? [] : [t('pdf.wineCount', { count: d.total }), ...(d.filtered && !d.heading ? [t('pdf.filtered')] : []), 'A4']}
      controls={controls}
      problem={problem}
    />
  );
}
