import { createElement } from 'react';
import type { AppLoadContext } from 'react-router';
import type { Language } from '@podo/i18n';
import { AnonymousWish, ProductCardBody, type ProductCardView } from '../components/catalog/product-card';
import { fragmentCache, renderFragment } from './fragment.server';
import { unpack, type Packed } from './packed';

/** Rendered card grids kept, as for the filter form (lib/sidebar.server.ts). */
const cached = fragmentCache('fragments:cards', 200);

/**
 * The product cards of a list page seen by an anonymous visitor, rendered once per language, URL and cards: about
 * 500 elements that every anonymous visitor of the URL gets alike (prices and hearts are the same for all of them;
 * the list comes from the API's cache of visitors' answers). `eagerCount` cards load their pictures at once, the
 * first with high priority; the page puts their preloads in its <head>.
 */
export function anonymousCardsHtml(
  context: AppLoadContext,
  lang: Language,
  here: string,
  packed: Packed<ProductCardView[]>,
  eagerCount: number,
): string {
  return cached(context, `${lang}\n${here}\n${packed}`, () => {
    const fromList = new URL(here, 'http://x').pathname === '/product';
    return renderFragment(
      lang,
      unpack(packed).map((product, i) =>
        createElement(ProductCardBody, {
          key: product.id,
          product,
          eager: i < eagerCount,
          priority: i === 0,
          lang,
          fromList,
          wish: createElement(AnonymousWish, { name: product.name, here }),
        }),
      ),
    );
  });
}
