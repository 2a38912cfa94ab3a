import { useLocation } from 'react-router';
import { FastLink } from '../fast-link';
import { useTranslation } from 'react-i18next';
import type { TProductCard } from '@podo/contracts/catalog';
import { useRoot, useUser } from '../../lib/site';
import { CardAddToCart, canOrder } from '../commerce/add-to-cart';
import { Price } from './price';
import { LoginHeart, WishButton } from './toggle-button';
import type { Language } from '@podo/i18n';

/** Bottle pictures are drawn 3:4; the attributes reserve the box so nothing shifts when they load. */
export const BOTTLE_WIDTH = 300;
export const BOTTLE_HEIGHT = 400;

/**
 * The picture a list shows of a wine: our generated bottle art has a WebP thumbnail (a browser builds a whole
 * document on its main thread for every SVG picture, and decodes a WebP off it); any other picture as it is.
 */
export const thumbnailOf = (image: string) => image.replace(/^(\/api\/v1\/media\/wines\/\d+)\.svg$/, '$1.webp');

/** What a card shows of a wine (and a list page needs: the winery for its filter chip). */
export type ProductCardView = Pick<
  TProductCard,
  | 'id'
  | 'name'
  | 'nameKo'
  | 'nameOriginal'
  | 'image'
  | 'scoreMax'
  | 'retailPrice'
  | 'tradePrice'
  | 'vintages'
  | 'inStock'
  | 'isWished'
  | 'orderVintage'
> & {
  kind: Pick<TProductCard['kind'], 'code' | 'name' | 'color'>;
  country: Pick<TProductCard['country'], 'name'>;
  productionArea: Pick<TProductCard['productionArea'], 'name'>;
  winery: Pick<TProductCard['winery'], 'id' | 'name'>;
};

/**
 * A list's wine trimmed to its card (in a loader): the page's data travels in its HTML, and a wine in the API has
 * about twice as many fields (grapes, level, ...) as its card shows.
 */
export function cardView(p: TProductCard): ProductCardView {
  return {
    id: p.id,
    name: p.name,
    nameKo: p.nameKo,
    nameOriginal: p.nameOriginal,
    image: p.image,
    kind: { code: p.kind.code, name: p.kind.name, color: p.kind.color },
    country: { name: p.country.name },
    productionArea: { name: p.productionArea.name },
    winery: { id: p.winery.id, name: p.winery.name },
    scoreMax: p.scoreMax,
    retailPrice: p.retailPrice,
    tradePrice: p.tradePrice,
    vintages: p.vintages,
    inStock: p.inStock,
    // Only a buyer's card orders; a visitor's page does not carry it.
    orderVintage: p.tradePrice !== null ? p.orderVintage : null,
    isWished: p.isWished,
  };
}

/** 'NV' for a non-vintage wine, else the year. */
export const vintageLabel = (year: number | null, nv: string) => (year === null ? nv : String(year));

/** The second name line: the original name under a Korean one, else the Korean name. */
export const otherName = (p: { name: string; nameKo: string; nameOriginal: string }) => (p.name === p.nameKo ? p.nameOriginal : p.nameKo);

/**
 * A wine in a list: bottle picture, kind chip, names (shown language + the other one), country and area,
 * vintages, best critic score, retail price and the trade price for approved buyers, and the wish heart.
 * `eager` loads the picture at once (the first row of a page, whose pictures are the largest paint).
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: ProductCardView;
  eager?: boolean;
  /** The page's first picture: fetched with high priority. */
  priority?: boolean;
}) {
  const { lang } = useRoot();
  const user = useUser();
  const v = product.orderVintage;
  // From the list, the detail page's back link returns through history (filters and scroll position kept).
  const fromList = useLocation().pathname === '/product';
  return (
    <ProductCardBody
      product={product}
      eager={eager}
      priority={priority}
      lang={lang}
      fromList={fromList}
      wish={<WishButton id={product.id} isWished={product.isWished} name={product.name} className="product-card-wish" />}
      order={canOrder(user) && v && product.inStock ? <CardAddToCart productId={product.id} name={product.name} vintage={v} /> : null}
    />
  );
}

/** The heart of a card seen by an anonymous visitor (a link to log in that returns to `here`). */
export function AnonymousWish({ name, here }: { name: string; here: string }) {
  const { t } = useTranslation();
  return <LoginHeart intent="wish" here={here} label={t('catalog.wish', { name })} className="heart-toggle product-card-wish" />;
}

/**
 * The card itself, without the router: the server renders the cards of an anonymous visitor's list page on their
 * own and caches them (lib/cards.server.ts), with AnonymousWish as `wish`.
 */
export function ProductCardBody({
  product: p,
  eager,
  priority,
  lang,
  fromList,
  wish,
  order = null,
}: {
  product: ProductCardView;
  eager: boolean;
  priority: boolean;
  lang: Language;
  fromList: boolean;
  wish: React.ReactNode;
  /** A buyer's "add to cart" (never in the cached cards of anonymous visitors). */
  order?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const href = `/product/${p.id}`;
  const state = fromList ? { fromList: true } : undefined;
  const second = otherName(p);
  const vintages = p.vintages.slice(0, 3).map((y) => vintageLabel(y, t('catalog.nv')));
  return (
    <article className="product-card" data-testid="product-card" data-kind={p.kind.code}>
      <FastLink to={href} state={state} className="product-card-media" tabIndex={-1} aria-hidden="true">
        <img
          src={thumbnailOf(p.image)}
          alt=""
          width={BOTTLE_WIDTH}
          height={BOTTLE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      </FastLink>
      {wish}
      <div className="product-card-body">
        <div className="product-card-tags">
          <span className="kind-chip" style={{ '--kind-color': p.kind.color } as React.CSSProperties}>
            {p.kind.name}
          </span>
          {p.scoreMax > 0 ? (
            <span className="score-badge" title={t('catalog.score')}>
              {p.scoreMax}
              <span className="visually-hidden"> {t('catalog.points')}</span>
            </span>
          ) : null}
        </div>
        <h3 className="product-card-title">
          <FastLink to={href} state={state}>
            {p.name}
          </FastLink>
        </h3>
        {second && second !== p.name ? (
          <p className={`product-card-original ${second === p.nameKo ? 'is-ko' : ''}`} lang={second === p.nameKo ? 'ko' : undefined}>
            {second}
          </p>
        ) : null}
        <p className="product-card-origin">
          {p.country.name}
          {p.productionArea.name ? ` · ${p.productionArea.name}` : ''}
        </p>
        {vintages.length ? (
          <p className="product-card-vintages">
            <span className="visually-hidden">{t('catalog.vintages')}: </span>
            {vintages.join(' · ')}
            {p.vintages.length > 3 ? ' …' : ''}
          </p>
        ) : null}
        <div className="product-card-prices">
          <Price value={p.retailPrice} lang={lang} label={t('catalog.retailPrice')} className="price-retail" />
          {p.tradePrice !== null ? (
            <Price value={p.tradePrice} lang={lang} label={t('catalog.tradePrice')} showLabel className="price-trade" />
          ) : null}
        </div>
        {!p.inStock ? <span className="stock-badge">{t('catalog.soldOut')}</span> : null}
        {order}
      </div>
    </article>
  );
}
