import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { AppLoadContext } from 'react-router';
import type { Language } from '@podo/i18n';
import { webMessages } from '@podo/i18n/resources';
import { createI18n, I18nProvider } from './i18n';

/**
 * A part of a page rendered on its own, in `lang`: the same markup as the page's own render, so the browser
 * hydrates it as usual. React writes the preloads it hoists (e.g. of eager pictures) first; in a page they belong
 * to the <head>, so they are left out here and the page asks for them.
 */
export function renderFragment(lang: Language, children: ReactNode): string {
  const i18n = createI18n(lang, webMessages[lang]);
  return renderToString(createElement(I18nProvider, { i18n }, children)).replace(/^(?:<link [^>]*\/>)+/, '');
}

/**
 * A cache of rendered fragments by key, holding at most `max` (the oldest is dropped first), in the hub of the
 * load context. Keys hold the data rendered, so no write makes an entry stale and entries need no tags.
 */
export function fragmentCache(name: string, max: number) {
  const options = { ttlMs: Infinity, max };
  return (context: AppLoadContext, key: string, render: () => string): string => {
    const cache = context.cache.cache<string>(name, options);
    let html = cache.get(key);
    if (html === undefined) {
      html = render();
      cache.set(key, html);
    }
    return html;
  };
}
