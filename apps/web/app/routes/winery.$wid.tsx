import { useLocation } from 'react-router';
import { FastLink } from '../components/fast-link';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/winery.$wid';
import { catalogApi, idParam, orNotFound, publicOrigin } from '../lib/catalog.server';
import { absoluteUrl, seoMeta } from '../lib/meta';
import { listLink, pageOf, qs } from '../components/catalog/list-state';
import { ProductResults } from '../components/catalog/product-results';
import { otherName } from '../components/catalog/product-card';
import { LikeButton } from '../components/catalog/toggle-button';
import { WINERY_IMAGE_HEIGHT, WINERY_IMAGE_WIDTH } from '../components/catalog/winery-card';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { KindTabs } from '../components/catalog/kind-tabs';
import { textLang } from '../lib/text-lang';

const PAGE_SIZE = 12;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.wid);
  const sp = new URL(request.url).searchParams;
  const api = catalogApi(request, context);
  const idKinds = sp.get('idKinds') ?? undefined;
  const [winery, kinds, wines] = await Promise.all([
    orNotFound(api.winery({ params: { id } })).then((r) => r.data),
    orNotFound(api.wineryWineCategories({ query: { idWinery: id } })).then((r) => r._embedded.items),
    orNotFound(api.wineryWines({ params: { idWinery: id }, query: { page: pageOf(sp), size: PAGE_SIZE, idKinds } })),
  ]);
  return { winery, kinds, wines, origin: publicOrigin(request, context) };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];
  const w = d.winery;
  const other = otherName(w);
  const url = `${d.origin}/winery/${w.id}`;
  const place = [w.productionArea?.name, w.country.name].filter(Boolean).join(', ');
  const image = absoluteUrl(d.origin, w.images[0] ?? w.image);
  return seoMeta(matches, {
    // The Korean name joins the title of the Korean page only: elsewhere it would be untranslated text.
    title: other && other !== w.name && other !== w.nameKo ? `${w.name} (${other})` : w.name,
    description: [place ? `${w.name} — ${place}.` : w.name, w.description ?? ''].join(' '),
    url,
    image,
    type: 'profile',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: w.name,
        alternateName: other || undefined,
        url,
        image,
        logo: absoluteUrl(d.origin, w.image),
        description: w.description ?? undefined,
        foundingDate: w.foundedYear ? String(w.foundedYear) : undefined,
        address: { '@type': 'PostalAddress', addressCountry: w.country.code, addressRegion: w.productionArea?.name },
        sameAs: w.website ? [w.website] : undefined,
      },
    ],
  });
};

/** A winery (spec §2 /winery/{wid}): cover, facts, story, like toggle and its wines by kind. */
export default function WineryDetail({ loaderData }: Route.ComponentProps) {
  const { winery: w, wines } = loaderData;
  const { t } = useTranslation();
  const location = useLocation();
  const sp = new URLSearchParams(location.search);
  const active = sp.get('idKinds') ?? '';
  // Kinds this winery makes (a tab the URL names stays, even if empty).
  const kinds = loaderData.kinds.filter((k) => k.qty > 0 || String(k.id) === active);
  const other = otherName(w);
  const cover = w.images[0] ?? w.image;
  const total = kinds.reduce((n, k) => n + k.qty, 0);
  const tab = (id: string) => {
    const next = new URLSearchParams(sp);
    next.delete('page');
    if (id) next.set('idKinds', id);
    else next.delete('idKinds');
    return `/winery/${w.id}${qs(next)}#winery-wines`;
  };
  let host = '';
  try {
    host = w.website ? new URL(w.website).host : '';
  } catch {
    host = w.website ?? '';
  }

  return (
    <div className="container catalog-page winery-detail" data-testid="winery-detail">
      <Breadcrumb crumbs={[{ to: '/', label: t('common.home') }, { to: '/winery', label: t('winery.title') }, { label: w.name }]} />
      <div className="winery-hero">
        <div className="winery-cover">
          <img src={cover} alt={w.name} width={WINERY_IMAGE_WIDTH} height={WINERY_IMAGE_HEIGHT} fetchPriority="high" decoding="async" />
        </div>
        <div className="winery-intro">
          <h1 className="detail-title" data-testid="winery-name">
            {w.name}
          </h1>
          {other && other !== w.name ? (
            <p className={`detail-original ${other === w.nameKo ? 'is-ko' : ''}`} lang={other === w.nameKo ? 'ko' : undefined}>
              {other}
            </p>
          ) : null}
          <p className="detail-origin">
            <FastLink to={listLink('countryName', w.country.name, w.country.name)}>{w.country.name}</FastLink>
            {w.productionArea ? (
              <>
                <span aria-hidden="true"> · </span>
                <FastLink to={listLink('idProductionAreas', w.productionArea.id, w.productionArea.name)}>{w.productionArea.name}</FastLink>
              </>
            ) : null}
          </p>
          <div className="winery-head-actions">
            <LikeButton id={w.id} isLiked={w.isLiked} likeCount={w.likeCount} name={w.name} className="detail-like" />
            <a href={`/winery/${w.id}/pdf`} className="btn btn-outline-primary" data-testid="winery-pdf-link">
              {t('winery.techSheet')}
            </a>
          </div>
          <dl className="detail-facts">
            {w.foundedYear ? (
              <div className="detail-fact">
                <dt>{t('winery.founded')}</dt>
                <dd>{t('winery.foundedValue', { year: w.foundedYear })}</dd>
              </div>
            ) : null}
            <div className="detail-fact">
              <dt>{t('winery.wines')}</dt>
              <dd>
                <FastLink to={listLink('idWineries', w.id, w.name)}>{t('winery.wineCount', { count: w.productCount })}</FastLink>
              </dd>
            </div>
            {w.website ? (
              <div className="detail-fact">
                <dt>{t('winery.website')}</dt>
                <dd>
                  <a href={w.website} target="_blank" rel="noopener noreferrer">
                    {host}
                    <span className="visually-hidden"> ({t('common.newWindow')})</span>
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      </div>

      {w.description ? (
        <section className="detail-section winery-story" aria-labelledby="winery-about-title">
          <h2 id="winery-about-title" className="detail-heading">
            {t('winery.about')}
          </h2>
          <p lang={textLang(w.descriptionLang)}>{w.description}</p>
        </section>
      ) : null}

      <section className="detail-section" id="winery-wines" aria-labelledby="winery-wines-title" data-testid="winery-wines">
        <h2 id="winery-wines-title" className="detail-heading">
          {t('winery.wines')}
        </h2>
        <KindTabs kinds={kinds} active={active} total={total} href={tab} />
        <ProductResults wines={wines} />
      </section>
      <p className="mt-4">
        <FastLink to="/winery" className="btn btn-link px-0">
          ← {t('winery.backToList')}
        </FastLink>
      </p>
    </div>
  );
}
