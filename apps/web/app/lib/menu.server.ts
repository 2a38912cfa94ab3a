import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AppLoadContext } from 'react-router';
import type { Language } from '@podo/i18n';
import { webMessages } from '@podo/i18n/resources';
import type { MenuData } from '../components/mega-menu';
import { DrawerItems, MegaColumns } from '../components/menu-markup';
import { operations } from '@podo/contracts/operations';
import { createClient } from './api';
import { createI18n } from './i18n';
import type { MenuHtml } from './menu-html';

/** How long the header menu lookups stay cached per language: the menu is on every page, its data rarely changes. */
export const MENU_TTL_MS = 60_000;
/** After a failed lookup, try again this soon (the header shows its plain links meanwhile). */
const RETRY_MS = 5_000;
/** Per language, in the API's cache hub: a catalogue write (tag `catalog`) or `menu` drops it at once. */
const MENU = { ttlMs: MENU_TTL_MS, max: 10, tags: ['catalog', 'menu'] };

/**
 * The three mega-menu columns (kinds, production areas by country, grape types) in one language, trimmed to what
 * the menu shows: ids and names, areas and types without wines left out, countries without areas left out.
 */
async function fetchMenu(context: AppLoadContext, lang: Language): Promise<MenuData> {
  const api = createClient(operations, { fetch: context.apiFetch, lang });
  const query = { serviceType: 'BRAND' } as const;
  const [kinds, countries, types] = await Promise.all([
    api.kinds({ query }).then((r) => r._embedded.items),
    api.productionAreas({ query }).then((r) => r._embedded.countries),
    api.grapeTypes({ query }).then((r) => r.types.content),
  ]);
  return {
    kinds: kinds.filter((k) => k.qty > 0).map((k) => ({ id: k.id, name: k.name, color: k.color })),
    countries: countries
      .map((c) => ({
        code: c.countryCode,
        name: c.name,
        areas: c.productionAreas.filter((a) => a.qty > 0).map((a) => ({ id: a.id, name: a.name })),
      }))
      .filter((c) => c.areas.length > 0),
    types: types.filter((t) => t.qty > 0).map((t) => ({ id: t.id, name: t.name })),
  };
}

/**
 * The menu's HTML (mega-menu panel and drawer section) in one language. Rendered here once instead of by every
 * page: it is about 750 elements, half of a product list page. Its key names the language and the content, so
 * the browser can keep the HTML it has and fetch another one only when the key changes.
 */
export function renderMenu(lang: Language, menu: MenuData | null): MenuHtml {
  const { t } = createI18n(lang, webMessages[lang]);
  const unavailable = menu ? '' : renderToStaticMarkup(createElement('p', { className: 'mega-unavailable' }, t('menu.unavailable')));
  const mega = `<div class="mega-cols">${renderToStaticMarkup(createElement(MegaColumns, { menu, t }))}</div>${unavailable}`;
  const drawer = renderToStaticMarkup(createElement(DrawerItems, { menu, t }));
  const hash = createHash('sha256').update(mega).update('\0').update(drawer).digest('base64url').slice(0, 12);
  return { key: `${lang}.${hash}`, mega, drawer };
}

/** Menu HTML for the root loader, shared by concurrent requests and cached per language (without items while the API fails). */
export function loadMenu(context: AppLoadContext, lang: Language): Promise<MenuHtml> {
  const menu = context.cache.cache<MenuHtml>('menu', MENU).fetch(lang, async (entry) => {
    try {
      return renderMenu(lang, await fetchMenu(context, lang));
    } catch (e) {
      // Menu failures go to one handler (spec §8): log once, keep the page, retry soon.
      // (A 429 or 503 of the API comes as a page error, data(message, status), not as an Error.)
      console.warn(`header menu unavailable (${lang}): ${(e as Error).message ?? (e as { data?: unknown }).data}`);
      entry.ttl(RETRY_MS);
      return renderMenu(lang, null);
    }
  });
  return Promise.resolve(menu);
}
