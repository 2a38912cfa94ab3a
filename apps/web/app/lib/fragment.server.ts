import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
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

/** A cache of rendered fragments by key, holding at most `max` (the oldest is dropped first). */
export function fragmentCache(max: number) {
  const cache = new Map<string, string>();
  return (key: string, render: () => string): string => {
    let html = cache.get(key);
    if (html === undefined) {
      html = render();
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(key, html);
    }
    return html;
  };
}
