import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Small key/value facts about this installation (e.g. when demo data was loaded). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
