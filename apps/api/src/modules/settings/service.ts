import { asc } from 'drizzle-orm';
import { languages, type Database } from '@podo/db';

/** The interface languages in display order. */
export async function listLanguages(db: Database) {
  const rows = await db.select().from(languages).orderBy(asc(languages.sortOrder));
  return rows.map((r) => ({ code: r.code, name: r.nativeName, isDefault: r.isDefault }));
}
