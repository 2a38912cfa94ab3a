import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import type { Language } from '@podo/i18n';
import { webMessages } from '@podo/i18n/resources';
import { AnonymousWish, ProductCardBody, type ProductCardView } from '../components/catalog/product-card';
import { createI18n, I18nProvider } from './i18n';
import { unpack, type Packed } from './packed';

/** Rendered card grids kept (oldest dropped first), as for the filter form (lib/sidebar.server.ts). */
const MAX_ENTRIES = 200;
const cache = new Map<string, string>();

/**
 * The product cards of a list page seen by an anonymous visitor, rendered once per language, URL and cards: about
 * 500 elements that every anonymous visitor of the URL gets alike (prices and hearts are the same for all of them;
 * the list comes from the API's 5 s cache). renderToString writes the same markup as the page's own render, so the
 * browser hydrates it as usual. `eagerCount` cards load their pictures at once, the first with high priority.
 */
export function anonymousCardsHtml(lang: Language, here: string, packed: Packed<ProductCardView[]>, eagerCount: number): string {
  const key = `${lang}\n${here}\n${packed}`;
  let html = cache.get(key);
  if (html === undefined) {
    const i18n = createI18n(lang, webMessages[lang]);
    const fromList = new URL(here, 'http://x').pathname === '/product';
    const cards = unpack(packed).map((product, i) =>
      createElement(ProductCardBody, {
        key: product.id,
        product,
        eager: i < eagerCount,
        priority: i === 0,
        lang,
        fromList,
        wish: createElement(AnonymousWish, { name: product.name, here }),
      }),
    );
    html = renderToString(createElement(I18nProvider, { i18n }, createElement(Fragment, null, cards)))
      // React writes the preloads of eager pictures first; in the page they belong to the <head> (the list asks).
      .replace(/^(?:<link [^>]*\/>)+/, '');
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, html);
  }
  return html;
}
