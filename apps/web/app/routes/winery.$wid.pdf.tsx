import { useTranslation } from 'react-i18next';
import type { Route } from './+types/winery.$wid.pdf';
import { catalogApi, idParam, orNotFound } from '../lib/catalog.server';
import { fill, PdfPage, pdfMeta } from '../components/pdf-viewer';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.wid);
  const w = (await orNotFound(catalogApi(request, context).winery({ params: { id } }))).data;
  return {
    id: w.id,
    name: w.name,
    other: w.name === w.nameKo ? w.nameOriginal : w.nameKo,
    otherIsKo: w.name !== w.nameKo,
    place: [w.productionArea?.name, w.country.name].filter(Boolean).join(', '),
    wines: w.productCount,
  };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  d
    ? pdfMeta(matches, (m) => fill(m.winerySheetTitle, { name: d.name }))
    : [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];

/** /winery/{wid}/pdf: the winery's one-page sheet with its wines, shown in the page and downloadable. */
export default function WineryPdf({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PdfPage
      kind={t('pdf.winerySheet')}
      title={d.name}
      other={d.other && d.other !== d.name ? d.other : undefined}
      otherLang={d.otherIsKo ? 'ko' : undefined}
      crumbs={[
        { to: '/', label: t('common.home') },
        { to: '/winery', label: t('winery.title') },
        { to: `/winery/${d.id}`, label: d.name },
        { label: t('pdf.winerySheet') },
      ]}
      back={{ to: `/winery/${d.id}`, label: t('pdf.backToWinery') }}
      file={`/pdf/winery/${d.id}.pdf`}
      facts={[d.place, t('pdf.wineCount', { count: d.wines }), t('pdf.pageInfo', { pages: t('pdf.onePage') })]}
    />
  );
}
