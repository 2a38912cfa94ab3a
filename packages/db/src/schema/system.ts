import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Small key/value facts about this installation (e.g. when demo data was loaded). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const OUTBOX_CHANNELS = ['mail', 'sms'] as const;
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Every e-mail and SMS the site sends, written in the transaction of the change that causes it and delivered by the
 * `deliver-message` job (codes: delivered in the request). `sending` is a claim that lapses at `claimed_until`, so a
 * worker that died mid-send leaves the message to the next attempt; `sent` is never sent again.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: varchar('channel', { length: 10 }).$type<OutboxChannel>().notNull(),
    /** What caused it: order-placed, restock, member-approved, code, … (the operator's list groups by it). */
    purpose: varchar('purpose', { length: 40 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: varchar('status', { length: 10 }).$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_messages_channel', sql`${t.channel} in ('mail', 'sms')`),
    check('outbox_messages_status', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    // The counts per state, the operator's list of one state and the housekeeping's age checks.
    index('outbox_messages_status_updated').on(t.status, t.updatedAt),
  ],
);
