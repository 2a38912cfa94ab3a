import { useTranslation } from 'react-i18next';
import type { Route } from './+types/product.$pid.pdf';
import { catalogApi, idParam, orNotFound } from '../lib/catalog.server';
import { fill, PdfPage, pdfMeta } from '../components/pdf-viewer';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.pid);
  const p = (await orNotFound(catalogApi(request, context).product({ params: { id } }))).data;
  return {
    id: p.id,
    name: p.name,
    other: p.name === p.nameKo ? p.nameOriginal : p.nameKo,
    otherIsKo: p.name !== p.nameKo,
    place: [p.kind.name, p.country.name, p.productionArea.name].filter(Boolean).join(' · '),
    trade: p.tradePrice !== null,
  };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  d
    ? pdfMeta(matches, (m) => fill(m.techSheetTitle, { name: d.name }))
    : [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];

/** /product/{pid}/pdf: the wine's one-page tech sheet, shown in the page and downloadable. */
export default function ProductPdf({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PdfPage
      kind={t('pdf.techSheet')}
      title={d.name}
      other={d.other && d.other !== d.name ? d.other : undefined}
      otherLang={d.otherIsKo ? 'ko' : undefined}
      crumbs={[
        { to: '/', label: t('common.home') },
        { to: '/product', label: t('catalog.breadcrumb') },
        { to: `/product/${d.id}`, label: d.name },
        { label: t('pdf.techSheet') },
      ]}
      back={{ to: `/product/${d.id}`, label: t('pdf.backToWine') }}
      file={`/pdf/product/${d.id}.pdf`}
      facts={[d.place, t('pdf.pageInfo', { pages: t('pdf.onePage') })]}
      note={d.trade ? undefined : t('pdf.tradeNote')}
    />
  );
}
