import { FastLink } from '../fast-link';
import { useTranslation } from 'react-i18next';
import type { TWineryCard } from '@podo/contracts/catalog';
import { otherName } from './product-card';
import { LikeButton } from './toggle-button';

/** Winery pictures are drawn 4:3. */
export const WINERY_IMAGE_WIDTH = 400;
export const WINERY_IMAGE_HEIGHT = 300;

/** A winery in a list: picture, names, country and area, number of wines and the like heart with its count. */
export function WineryCard({ winery: w, eager = false }: { winery: TWineryCard; eager?: boolean }) {
  const { t } = useTranslation();
  const href = `/winery/${w.id}`;
  const second = otherName(w);
  return (
    <article className="winery-card" data-testid="winery-card">
      <FastLink to={href} className="winery-card-media" tabIndex={-1} aria-hidden="true">
        <img
          src={w.image}
          alt=""
          width={WINERY_IMAGE_WIDTH}
          height={WINERY_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </FastLink>
      <div className="winery-card-body">
        <h3 className="winery-card-title">
          <FastLink to={href}>{w.name}</FastLink>
        </h3>
        {second && second !== w.name ? (
          <p className={`winery-card-original ${second === w.nameKo ? 'is-ko' : ''}`} lang={second === w.nameKo ? 'ko' : undefined}>
            {second}
          </p>
        ) : null}
        <p className="winery-card-origin">
          {w.country.name}
          {w.productionArea ? ` · ${w.productionArea.name}` : ''}
        </p>
        <div className="winery-card-foot">
          <span className="winery-card-count">{t('winery.wineCount', { count: w.productCount })}</span>
          <LikeButton id={w.id} isLiked={w.isLiked} likeCount={w.likeCount} name={w.name} className="winery-card-like" />
        </div>
      </div>
    </article>
  );
}
