import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOTTLE_HEIGHT, BOTTLE_WIDTH } from './product-card';

/**
 * Picture gallery of a wine: the main picture and thumbnails (a tab list: arrow keys, Home and End move between
 * them). The first picture is the page's largest paint, so it loads eagerly with high priority.
 */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  const go = (i: number, focus = false) => {
    const n = (i + count) % count;
    setCurrent(n);
    if (focus) thumbs.current[n]?.focus();
  };
  if (!count) return null;
  return (
    <div className="gallery" data-testid="gallery" aria-roledescription="carousel" aria-label={t('catalog.detail.gallery')}>
      <div className="gallery-main" id="gallery-main" role={count > 1 ? 'tabpanel' : undefined}>
        <img
          src={images[current]}
          alt={t('catalog.detail.image', { name, n: current + 1 })}
          width={BOTTLE_WIDTH}
          height={BOTTLE_HEIGHT}
          fetchPriority={current === 0 ? 'high' : undefined}
          decoding="async"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className="gallery-nav is-prev"
              aria-label={t('catalog.detail.prevImage')}
              onClick={() => go(current - 1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="gallery-nav is-next"
              aria-label={t('catalog.detail.nextImage')}
              onClick={() => go(current + 1)}
            >
              ›
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="gallery-thumbs" role="tablist" aria-label={t('catalog.detail.gallery')}>
          {images.map((src, i) => (
            <button
              key={src + i}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              role="tab"
              aria-selected={i === current}
              aria-controls="gallery-main"
              tabIndex={i === current ? 0 : -1}
              aria-label={t('catalog.detail.showImage', { n: i + 1 })}
              className={`gallery-thumb ${i === current ? 'is-active' : ''}`}
              data-testid="gallery-thumb"
              onClick={() => go(i)}
              onKeyDown={(e) => {
                const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
                if (step) {
                  e.preventDefault();
                  go(i + step, true);
                } else if (e.key === 'Home' || e.key === 'End') {
                  e.preventDefault();
                  go(e.key === 'Home' ? 0 : count - 1, true);
                }
              }}
            >
              <img src={src} alt="" width={60} height={80} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
