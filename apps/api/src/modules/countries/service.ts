import { countries, type Database } from '@podo/db';
import type { Language } from '@podo/i18n';
import type { TCountry } from '@podo/contracts';

let rowsCache: { code: string; dialCode: string }[] | undefined;
const byLanguage = new Map<Language, TCountry[]>();

/**
 * Countries with calling codes, named in the requested language and sorted by that name (Korea first,
 * as most members dial +82). Reference data only changes with a migration, so it is read once.
 */
export async function listCountries(db: Database, lang: Language): Promise<TCountry[]> {
  const cached = byLanguage.get(lang);
  if (cached) return cached;
  rowsCache ??= (await db.select().from(countries)).map((r) => ({ code: r.code, dialCode: r.dialCode }));
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(lang);
  const list = rowsCache
    .map((r) => ({ code: r.code, name: names.of(r.code) ?? r.code, dialCode: r.dialCode }))
    .sort((a, b) => (a.code === 'KR' ? -1 : b.code === 'KR' ? 1 : collator.compare(a.name, b.name)));
  byLanguage.set(lang, list);
  return list;
}
