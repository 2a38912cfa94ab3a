import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** A member's saved shipping addresses (spec §3 "Shipping address"); at most one is the default. */
export const shipAddresses = pgTable(
  'ship_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The recipient. */
    fullName: varchar('full_name', { length: 50 }).notNull(),
    /** Korean mobile number as 010-1234-5678. */
    mobile: varchar('mobile', { length: 20 }).notNull(),
    /** Five-digit postal code (국가기초구역번호). */
    postalCode: varchar('postal_code', { length: 5 }).notNull(),
    /** Road-name address as found by the address search. */
    address1: varchar('address1', { length: 200 }).notNull(),
    /** Building, floor, unit. */
    address2: varchar('address2', { length: 200 }).notNull().default(''),
    /** A note for the driver (e.g. 'leave at the bar entrance'). */
    message: varchar('message', { length: 200 }).notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ship_addresses_user_idx').on(t.userId, t.createdAt),
    // The database itself refuses a second default, whatever the code does.
    uniqueIndex('ship_addresses_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
