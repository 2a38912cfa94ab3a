import { sql } from 'drizzle-orm';
import { integer, pgEnum, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('member_role', ['MEMBER', 'BUYER', 'ADMIN']);
export const memberStatusEnum = pgEnum('member_status', ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN']);

/** Members, trade buyers and admins. The accounts issue extends this with business details. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    fullName: varchar('full_name', { length: 100 }).notNull(),
    mobile: varchar('mobile', { length: 20 }),
    role: roleEnum('role').notNull().default('MEMBER'),
    status: memberStatusEnum('status').notNull().default('PENDING'),
    /** Bumped on password change/reset/leave so earlier tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`)],
);
