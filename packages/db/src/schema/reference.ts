import { boolean, char, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

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
});
