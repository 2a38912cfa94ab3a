import { useLocation, useNavigate } from 'react-router';
import { FastLink } from '../components/fast-link';
import { useTranslation } from 'react-i18next';
import type { TProductDetail } from '@podo/contracts/catalog';
import type { Route } from './+types/product.$pid';
import { catalogApi, idParam, orNotFound, publicOrigin } from '../lib/catalog.server';
import { absoluteUrl, seoMeta } from '../lib/meta';
import { useRoot } from '../lib/site';
import { Gallery } from '../components/catalog/gallery';
import { listLink } from '../components/catalog/list-state';
import { cardView, otherName, ProductCard, vintageLabel } from '../components/catalog/product-card';
import { AddToCart } from '../components/commerce/add-to-cart';
import { formatKrw, Price } from '../components/catalog/price';
import { WishButton } from '../components/catalog/toggle-button';
import { WineryCard } from '../components/catalog/winery-card';
import { Breadcrumb } from '../components/catalog/breadcrumb';
import { groupDigits } from '../lib/format';
import { textLang } from '../lib/text-lang';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.pid);
  const product = (await orNotFound(catalogApi(request, context).product({ params: { id } }))).data;
  // The related wines travel as the four cards the page shows (the page's data is in its HTML).
  return { product: { ...product, related: product.related.slice(0, 4).map(cardView) }, origin: publicOrigin(request, context) };
}

/** schema.org Product: offers over the vintages on sale as one AggregateOffer in KRW. */
function productJsonLd(p: Omit<TProductDetail, 'related'>, origin: string) {
  const url = `${origin}/product/${p.id}`;
  const prices = p.vintageList.map((v) => v.retailPrice).filter((n) => n > 0);
  const low = prices.length ? Math.min(...prices) : p.retailPrice;
  const high = prices.length ? Math.max(...prices) : p.retailPrice;
  const description = p.description ?? p.tastingNote ?? `${p.name} — ${p.winery.name}, ${p.productionArea.name}, ${p.country.name}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    alternateName: otherName(p) || undefined,
    image: (p.images.length ? p.images : [p.image]).map((src) => absoluteUrl(origin, src)),
    description,
    sku: String(p.id),
    productID: String(p.id),
    url,
    category: p.kind.name,
    brand: { '@type': 'Brand', name: p.winery.name },
    countryOfOrigin: { '@type': 'Country', name: p.country.name },
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'KRW',
      lowPrice: low,
      highPrice: high,
      offerCount: Math.max(1, p.vintageList.length),
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
    },
  };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: '404 | This page could not be found' }, { name: 'robots', content: 'noindex' }];
  const p = d.product;
  const other = otherName(p);
  const place = [p.productionArea.name, p.country.name].filter(Boolean).join(', ');
  const text = p.description ?? p.tastingNote ?? '';
  return seoMeta(matches, {
    // The Korean name joins the title of the Korean page only: elsewhere it would be untranslated text.
    title: other && other !== p.name && other !== p.nameKo ? `${p.name} (${other})` : p.name,
    description: [`${p.kind.name} · ${p.winery.name} · ${place}.`, text].filter(Boolean).join(' '),
    url: `${d.origin}/product/${p.id}`,
    image: absoluteUrl(d.origin, p.images[0] ?? p.image),
    type: 'product',
    jsonLd: [
      productJsonLd(p, d.origin),
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: p.kind.name, item: `${d.origin}${listLink('idKinds', p.kind.id, p.kind.name)}` },
          { '@type': 'ListItem', position: 2, name: p.name, item: `${d.origin}/product/${p.id}` },
        ],
      },
    ],
  });
};

function ProfileBar({ label, value }: { label: string; value: number }) {
  const { t } = useTranslation();
  const pct = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <div className="profile-row">
      <span className="profile-label">{label}</span>
      <span
        className="profile-bar"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={value}
        aria-valuetext={t('catalog.detail.profileValue', { value })}
      >
        <span className="profile-fill" style={{ width: `${pct}%` }} />
      </span>
      <span className="profile-value" aria-hidden="true">
        {value}
      </span>
    </div>
  );
}

/** A wine (spec §2 /product/{pid}): gallery, facts, vintages, tasting profile, notes, winery and related wines. */
export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { product: p } = loaderData;
  const { t } = useTranslation();
  const { lang } = useRoot();
  const location = useLocation();
  const navigate = useNavigate();
  const fromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  const other = otherName(p);
  const images = p.images.length ? p.images : [p.image];
  const showTrade = p.vintageList.some((v) => v.tradePrice !== null);
  const showStock = p.vintageList.some((v) => v.stock !== null);
  const nv = t('catalog.nv');
  const facts: [string, React.ReactNode][] = [
    [t('catalog.detail.kind'), <FastLink to={listLink('idKinds', p.kind.id, p.kind.name)}>{p.kind.name}</FastLink>],
    [t('catalog.detail.country'), <FastLink to={listLink('countryName', p.country.name, p.country.name)}>{p.country.name}</FastLink>],
    [
      t('catalog.detail.area'),
      <FastLink to={listLink('idProductionAreas', p.productionArea.id, p.productionArea.name)}>{p.productionArea.name}</FastLink>,
    ],
    [t('catalog.detail.winery'), <FastLink to={`/winery/${p.winery.id}`}>{p.winery.name}</FastLink>],
  ];
  if (p.level) facts.push([t('catalog.detail.level'), p.level.name]);
  if (p.grapes.length)
    facts.push([
      t('catalog.detail.grapes'),
      <ul className="grape-list" data-testid="grape-list">
        {p.grapes.map((g) => (
          <li key={g.id}>
            <FastLink to={listLink('idTypes', g.id, g.name)}>{g.name}</FastLink>
            {g.percent !== null ? <span className="grape-pct"> {g.percent}%</span> : null}
          </li>
        ))}
      </ul>,
    ]);
  facts.push([t('catalog.detail.sugar'), t(`catalog.sugar.${p.sugarLevel}`, { defaultValue: String(p.sugarLevel) })]);
  if (p.alcohol > 0) facts.push([t('catalog.detail.alcohol'), t('catalog.detail.alcoholValue', { value: p.alcohol })]);
  facts.push([t('catalog.detail.volume'), t('catalog.detail.volumeValue', { value: groupDigits(p.volumeMl) })]);
  if (p.servingTemp) facts.push([t('catalog.detail.servingTemp'), t('catalog.detail.servingTempValue', p.servingTemp)]);
  const notes: [string, string | null, string | undefined][] = [
    [t('catalog.detail.description'), p.description, textLang(p.descriptionLang)],
    [t('catalog.detail.tastingNote'), p.tastingNote, textLang(p.tastingNoteLang)],
    [t('catalog.detail.pairing'), p.pairing, textLang(p.pairingLang)],
    [t('catalog.detail.winemaking'), p.winemaking, textLang(p.winemakingLang)],
  ];

  return (
    <div className="container catalog-page product-detail" data-testid="product-detail">
      <Breadcrumb
        crumbs={[
          { to: '/', label: t('common.home') },
          { to: '/product', label: t('catalog.breadcrumb') },
          { to: listLink('idKinds', p.kind.id, p.kind.name), label: p.kind.name },
          { label: p.name },
        ]}
      />

      <div className="detail-top">
        <div className="detail-gallery">
          <Gallery images={images} name={p.name} />
        </div>
        <div className="detail-summary">
          <div className="product-card-tags">
            <FastLink
              to={listLink('idKinds', p.kind.id, p.kind.name)}
              className="kind-chip"
              style={{ '--kind-color': p.kind.color } as React.CSSProperties}
            >
              {p.kind.name}
            </FastLink>
            {p.level ? <span className="tag-soft">{p.level.name}</span> : null}
            {p.featured.map((f) => (
              <span key={f.id} className="tag-soft">
                {f.name}
              </span>
            ))}
            {p.isVip ? <span className="tag-soft is-vip">VIP</span> : null}
          </div>
          <h1 className="detail-title" data-testid="product-name">
            {p.name}
          </h1>
          {other && other !== p.name ? (
            <p className={`detail-original ${other === p.nameKo ? 'is-ko' : ''}`} lang={other === p.nameKo ? 'ko' : undefined}>
              {other}
            </p>
          ) : null}
          <p className="detail-origin">
            <FastLink to={`/winery/${p.winery.id}`} className="detail-winery">
              {p.winery.name}
            </FastLink>
            <span aria-hidden="true"> · </span>
            <FastLink to={listLink('idProductionAreas', p.productionArea.id, p.productionArea.name)}>{p.productionArea.name}</FastLink>
            <span aria-hidden="true">, </span>
            <FastLink to={listLink('countryName', p.country.name, p.country.name)}>{p.country.name}</FastLink>
          </p>
          {p.scoreMax > 0 ? (
            <p className="detail-score">
              <span className="score-badge is-large">{p.scoreMax}</span>
              <span>{p.scores.find((sc) => sc.score === p.scoreMax)?.critic ?? t('catalog.score')}</span>
            </p>
          ) : null}
          <div className="detail-prices" data-testid="detail-prices">
            <div className="detail-price-row">
              <span className="detail-price-label">{t('catalog.retailPrice')}</span>
              <Price value={p.retailPrice} lang={lang} className="detail-price" />
            </div>
            {p.tradePrice !== null ? (
              <div className="detail-price-row is-trade" data-testid="trade-price">
                <span className="detail-price-label">{t('catalog.tradePrice')}</span>
                <Price value={p.tradePrice} lang={lang} className="detail-price" />
              </div>
            ) : null}
            {!p.inStock ? <span className="stock-badge">{t('catalog.soldOut')}</span> : null}
          </div>
          <AddToCart productId={p.id} name={p.name} vintages={p.vintageList} />
          <div className="detail-actions">
            <WishButton id={p.id} isWished={p.isWished} name={p.name} count={p.wishCount} className="detail-wish" />
            <a href={`/product/${p.id}/pdf`} className="btn btn-outline-primary" data-testid="tech-sheet-link">
              {t('catalog.detail.techSheet')}
            </a>
            <FastLink
              to="/product"
              className="btn btn-link detail-back"
              onClick={(e) => {
                if (!fromList) return;
                e.preventDefault();
                void navigate(-1);
              }}
              data-testid="back-to-list"
            >
              ← {t('catalog.detail.backToList')}
            </FastLink>
          </div>
          <dl className="detail-facts">
            {facts.map(([k, v]) => (
              <div key={k} className="detail-fact">
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      <section className="detail-section" aria-labelledby="vintages-title">
        <h2 id="vintages-title" className="detail-heading">
          {t('catalog.detail.vintages')}
        </h2>
        <div className="table-responsive">
          <table className="vintage-table" data-testid="vintage-table">
            <thead>
              <tr>
                <th scope="col">{t('catalog.detail.year')}</th>
                <th scope="col" className="num">
                  {t('catalog.retailPrice')}
                </th>
                {showTrade ? (
                  <th scope="col" className="num">
                    {t('catalog.tradePrice')}
                  </th>
                ) : null}
                <th scope="col">{t('catalog.detail.stock')}</th>
              </tr>
            </thead>
            <tbody>
              {p.vintageList.map((v) => (
                <tr key={v.id}>
                  <th scope="row">{vintageLabel(v.year, nv)}</th>
                  <td className="num">{formatKrw(v.retailPrice, lang)}</td>
                  {showTrade ? <td className="num">{v.tradePrice !== null ? formatKrw(v.tradePrice, lang) : '—'}</td> : null}
                  <td>
                    <span className={`stock-dot ${v.inStock ? 'is-in' : 'is-out'}`} aria-hidden="true" />
                    {v.inStock ? t('catalog.detail.inStock') : t('catalog.detail.outOfStock')}
                    {showStock && v.stock !== null ? ` (${t('catalog.detail.bottles', { count: v.stock })})` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {!showTrade ? <p className="detail-hint">{t('catalog.detail.tradeOnly')}</p> : null}
      </section>

      <div className="detail-columns">
        {p.profile ? (
          <section className="detail-section" aria-labelledby="profile-title" data-testid="tasting-profile">
            <h2 id="profile-title" className="detail-heading">
              {t('catalog.detail.profile')}
            </h2>
            <ProfileBar label={t('catalog.detail.body')} value={p.profile.body} />
            <ProfileBar label={t('catalog.detail.acidity')} value={p.profile.acidity} />
            <ProfileBar label={t('catalog.detail.tannin')} value={p.profile.tannin} />
            <ProfileBar label={t('catalog.detail.sweetness')} value={p.profile.sweetness} />
          </section>
        ) : null}
        {notes
          .filter(([, text]) => text)
          .map(([title, text, textLanguage]) => (
            <section key={title} className="detail-section detail-note">
              <h2 className="detail-heading">{title}</h2>
              <p lang={textLanguage}>{text}</p>
            </section>
          ))}
        {p.scores.length ? (
          <section className="detail-section" aria-labelledby="scores-title">
            <h2 id="scores-title" className="detail-heading">
              {t('catalog.detail.scores')}
            </h2>
            <ul className="score-list">
              {p.scores.map((s, i) => (
                <li key={`${s.critic}-${i}`}>
                  <span className="score-badge">{s.score}</span>
                  <span>
                    {s.critic}
                    {s.vintageYear ? <span className="text-body-secondary"> · {s.vintageYear}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {p.awards.length ? (
          <section className="detail-section" aria-labelledby="awards-title">
            <h2 id="awards-title" className="detail-heading">
              {t('catalog.detail.awards')}
            </h2>
            <ul className="award-list">
              {p.awards.map((a, i) => (
                <li key={`${a.name}-${i}`}>
                  <span className={`medal medal-${a.medal.toLowerCase()}`}>
                    {t(`catalog.medals.${a.medal}`, { defaultValue: a.medal })}
                  </span>
                  <span>
                    {a.name} <span className="text-body-secondary">({a.year})</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      <section className="detail-section detail-winery" aria-labelledby="winery-title">
        <h2 id="winery-title" className="detail-heading">
          {t('catalog.detail.aboutWinery')}
        </h2>
        <div className="detail-winery-body">
          <div className="detail-winery-card">
            <WineryCard winery={p.wineryCard} />
          </div>
          {p.wineryCard.description ? (
            <div className="detail-winery-text">
              <p lang={textLang(p.wineryCard.descriptionLang)}>{p.wineryCard.description}</p>
              <FastLink to={`/winery/${p.wineryCard.id}`} className="btn btn-outline-secondary btn-sm">
                {t('catalog.detail.moreFromWinery')} →
              </FastLink>
            </div>
          ) : null}
        </div>
      </section>

      {p.related.length ? (
        <section className="detail-section" aria-labelledby="related-title" data-testid="related">
          <h2 id="related-title" className="detail-heading">
            {t('catalog.detail.related')}
          </h2>
          <div className="product-grid is-compact">
            {p.related.slice(0, 4).map((r) => (
              <ProductCard key={r.id} product={r} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
