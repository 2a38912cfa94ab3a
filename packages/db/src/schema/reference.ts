import { boolean, char, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';

/** Interface languages offered by the site (reference data, filled by a migration). */
export const languages = pgTable('languages', {
  code: varchar('code', { length: 10 }).primaryKey(),
  nativeName: varchar('native_name', { length: 40 }).notNull(),
  sortOrder: integer('sort_order').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
});

/** ISO 3166-1 countries with calling codes (reference data; names are localized at read time). */
export const countries = pgTable('countries', {
  code: char('code', { length: 2 }).primaryKey(),
  dialCode: varchar('dial_code', { length: 6 }).notNull(),
  /**
   * The name in each interface language, as the server's Intl.DisplayNames writes it (syncCountryNames, run with
   * the migrations): the wine cards the database builds (product_cards) read it.
   */
  names: jsonb('names').$type<Partial<Record<string, string>>>(),
});
