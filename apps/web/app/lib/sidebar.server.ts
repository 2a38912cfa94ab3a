import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Language } from '@podo/i18n';
import { webMessages } from '@podo/i18n/resources';
import { FilterFields, type FacetsView } from '../components/catalog/filter-sidebar';
import { createI18n, I18nProvider } from './i18n';
import { unpack, type Packed } from './packed';

/** Rendered filter forms kept (oldest dropped first): the first pages of the lists people open most. */
const MAX_ENTRIES = 200;
const cache = new Map<string, string>();

/**
 * The filter form's inside for a list URL, rendered once per language, URL and facet counts: about 800 elements
 * that every visitor of the URL gets alike (the counts come from the API's 30 s facet cache). renderToString writes
 * the same markup as the page's own render, so the browser hydrates it as usual.
 */
export function sidebarHtml(lang: Language, packed: Packed<FacetsView>, sp: URLSearchParams): string {
  const key = `${lang}\n${sp.toString()}\n${packed}`;
  let html = cache.get(key);
  if (html === undefined) {
    const facets = unpack(packed);
    const i18n = createI18n(lang, webMessages[lang]);
    html = renderToString(createElement(I18nProvider, { i18n }, createElement(FilterFields, { facets, sp, lang })));
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, html);
  }
  return html;
}
