import { createElement } from 'react';
import type { AppLoadContext } from 'react-router';
import type { Language } from '@podo/i18n';
import { FilterFields, type FacetsView } from '../components/catalog/filter-sidebar';
import { fragmentCache, renderFragment } from './fragment.server';
import { unpack, type Packed } from './packed';

/** Rendered filter forms kept: the first pages of the lists people open most. */
const cached = fragmentCache('fragments:sidebar', 200);

/**
 * The filter form's inside for a list URL, rendered once per language, URL and facet counts: about 800 elements
 * that every visitor of the URL gets alike (the counts come from the API's facet cache).
 */
export function sidebarHtml(context: AppLoadContext, lang: Language, packed: Packed<FacetsView>, sp: URLSearchParams): string {
  return cached(context, `${lang}\n${sp.toString()}\n${packed}`, () =>
    renderFragment(lang, createElement(FilterFields, { facets: unpack(packed), sp, lang })),
  );
}
