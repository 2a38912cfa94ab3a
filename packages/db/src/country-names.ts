import { sql, type SQL } from 'drizzle-orm';

const LANGS = ['ko-KR', 'en-US', 'zh-CN', 'zh-TW', 'ja-JP'] as const;

/** The name of each country in each interface language, as the API shows it (Intl.DisplayNames). */
export function countryNamesOf(codes: readonly string[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  const display = LANGS.map((lang) => [lang, new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' })] as const);
  for (const code of codes) {
    const names: Record<string, string> = {};
    for (const [lang, d] of display) names[lang] = d.of(code) ?? code;
    out[code] = names;
  }
  return out;
}

/**
 * Writes each country's localized names into `countries.names` where they differ from this server's Intl (a new
 * database, or a Node.js with other ICU data): the cards the database builds read them (migration 0023), and a
 * change rebuilds the cards of that country's wines. Run with the migrations.
 */
export async function syncCountryNames(execute: (q: SQL) => Promise<unknown>): Promise<void> {
  const res = (await execute(sql`select code, names from countries`)) as { rows: { code: string; names: unknown }[] };
  const wanted = countryNamesOf(res.rows.map((r) => r.code.trim()));
  const changed: Record<string, Record<string, string>> = {};
  for (const r of res.rows) {
    const code = r.code.trim();
    if (JSON.stringify(r.names) !== JSON.stringify(normalize(wanted[code]!))) changed[code] = wanted[code]!;
  }
  if (!Object.keys(changed).length) return;
  await execute(sql`update countries c set names = x.names
    from jsonb_each(${JSON.stringify(changed)}::jsonb) x(code, names) where c.code = x.code`);
}

/** As jsonb gives an object back: keys shorter first, then in byte order. */
function normalize(o: Record<string, string>): Record<string, string> {
  const keys = Object.keys(o).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, o[k]!]));
}
