import type { AppLoadContext } from 'react-router';
import type { Language } from '@podo/i18n';
import type { MenuData } from '../components/mega-menu';
import { createCatalogApi } from './catalog-api';

/** How long the header menu lookups stay cached per language: the menu is on every page, its data rarely changes. */
export const MENU_TTL_MS = 60_000;
/** After a failed lookup, try again this soon (the header shows its plain links meanwhile). */
const RETRY_MS = 5_000;

interface Entry {
  at: number;
  ttl: number;
  value: Promise<MenuData | null>;
}
const cache = new Map<Language, Entry>();

/**
 * The three mega-menu columns (kinds, production areas by country, grape types) in one language, trimmed to what
 * the menu shows: ids and names, areas and types without wines left out, countries without areas left out.
 */
async function fetchMenu(context: AppLoadContext, lang: Language): Promise<MenuData> {
  const api = createCatalogApi({ fetch: context.apiFetch, lang });
  const [kinds, countries, types] = await Promise.all([api.kinds(), api.productionAreas(), api.types()]);
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

/** Menu data for the shell loader, shared by concurrent requests and cached per language; null while the API fails. */
export function loadMenu(context: AppLoadContext, lang: Language, now = Date.now()): Promise<MenuData | null> {
  const hit = cache.get(lang);
  if (hit && now - hit.at < hit.ttl) return hit.value;
  const entry: Entry = { at: now, ttl: MENU_TTL_MS, value: Promise.resolve(null) };
  entry.value = fetchMenu(context, lang).catch((e: unknown) => {
    // Menu failures go to one handler (spec §8): log once, keep the page, retry soon.
    console.warn(`header menu unavailable (${lang}): ${(e as Error).message}`);
    entry.ttl = RETRY_MS;
    return null;
  });
  cache.set(lang, entry);
  return entry.value;
}
