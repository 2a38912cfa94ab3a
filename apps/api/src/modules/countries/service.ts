import { cacheHub, type CacheOptions } from '@podo/cache';
import { countries, type Database } from '@podo/db';
import type { Language } from '@podo/i18n';
import type { TCountry } from '@podo/contracts';

/** One list per language; reference data changes only with a migration, so a list is kept until `countries` is invalidated. */
const COUNTRIES: CacheOptions = { ttlMs: Infinity, max: 10, tags: ['countries'] };

/**
 * Countries with calling codes, named in the requested language and sorted by that name (Korea first,
 * as most members dial +82). Read once per language.
 */
export async function listCountries(db: Database, lang: Language): Promise<TCountry[]> {
  return cacheHub(db)
    .cache<TCountry[]>('countries', COUNTRIES)
    .fetch(lang, async () => {
      const rows = await db.select({ code: countries.code, dialCode: countries.dialCode }).from(countries);
      const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
      const collator = new Intl.Collator(lang);
      return rows
        .map((r) => ({ code: r.code, name: names.of(r.code) ?? r.code, dialCode: r.dialCode }))
        .sort((a, b) => (a.code === 'KR' ? -1 : b.code === 'KR' ? 1 : collator.compare(a.name, b.name)));
    });
}
