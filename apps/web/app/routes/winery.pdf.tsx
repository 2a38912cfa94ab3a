import { data } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/winery.pdf';
import { ApiError } from '../lib/api';
import { catalogApi } from '../lib/catalog.server';
import { qs } from '../components/catalog/list-state';
import { PdfPage, pdfMeta } from '../components/pdf-viewer';

/** The most wineries one portfolio PDF lists (PDF_MAX_ITEMS in apps/api/src/modules/pdf/service.ts). */
const PDF_MAX = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const sp = new URL(request.url).searchParams;
  // The winery list's filters: text and countries.
  const filters = new URLSearchParams();
  for (const k of ['query', 'countryCodes']) {
    const v = sp.get(k)?.trim();
    if (v) filters.set(k, v);
  }
  const api = catalogApi(request, context);
  let total = 0;
  let error: string | null = null;
  let countries: string[] = [];
  try {
    const [list, all] = await Promise.all([
      api.wineryList({ query: { ...Object.fromEntries(filters), size: 1 } }),
      filters.has('countryCodes') ? api.wineryCountries().then((r) => r._embedded.countries) : Promise.resolve([]),
    ]);
    total = list.page.totalElements;
    const codes = (filters.get('countryCodes') ?? '').toUpperCase().split(',');
    countries = all.filter((c) => codes.includes(c.countryCode)).map((c) => c.name);
  } catch (e) {
    if (!(e instanceof ApiError) || !e.isClientError) throw e;
    error = e.message;
  }
  const heading = [...countries, filters.get('query') ? `“${filters.get('query')}”` : ''].filter(Boolean).join(' · ') || null;
  const body = { heading, filters: qs(filters), total, error, file: `/pdf/winery.pdf${qs(filters)}` };
  return error ? data(body, { status: 400 }) : body;
}

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  pdfMeta(matches, (m) => (d?.heading ? `${m.wineryPortfolio} · ${d.heading}` : m.wineryPortfolio));

/** /winery/pdf: the portfolio PDF of the wineries the winery list shows (its text and countries). */
export default function WineryPortfolioPdf({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const list = `/winery${d.filters}`;
  const problem =
    d.error ??
    (d.total === 0 ? t('pdf.emptyWineries') : d.total > PDF_MAX ? t('pdf.tooManyWineries', { max: PDF_MAX, count: d.total }) : null);
  return (
    <PdfPage
      kind={t('pdf.wineryPortfolio')}
      title={d.heading ?? t('pdf.allWineries')}
      crumbs={[{ to: '/', label: t('common.home') }, { to: list, label: t('winery.title') }, { label: t('pdf.wineryPortfolio') }]}
      back={{ to: list, label: t('pdf.backToList') }}
      file={d.file}
      facts={d.error ? [] : [t('pdf.wineryCount', { count: d.total }), 'A4']}
      problem={problem}
    />
  );
}
