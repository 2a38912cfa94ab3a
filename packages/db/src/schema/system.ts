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

export const AUDIT_KINDS = ['change', 'view', 'export'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/**
 * The back office's trail: every change staff make and every view or export of a member's personal data, written by
 * the route helper in the transaction of the change (issue 36, decision 024). Append-only: triggers refuse UPDATE,
 * DELETE and TRUNCATE (migration 0028), so nothing in the product can rewrite it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The member of staff (null: the admin CLI on the server's machine). */
    actorId: integer('actor_id'),
    /** Their e-mail at the time, or `cli`: the row stays readable whatever becomes of the account. */
    actorLabel: varchar('actor_label', { length: 254 }).notNull(),
    actorRole: varchar('actor_role', { length: 20 }).notNull(),
    ip: varchar('ip', { length: 45 }).notNull(),
    /** What was done: `member.approve`, `order.status`, … (declared on the operation). */
    action: varchar('action', { length: 60 }).notNull(),
    kind: varchar('kind', { length: 10 }).$type<AuditKind>().notNull(),
    subjectType: varchar('subject_type', { length: 30 }).notNull(),
    subjectId: varchar('subject_id', { length: 60 }),
    /** The member whose data it was, when it was a member's. */
    whoseId: integer('whose_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    check('audit_log_kind', sql`${t.kind} in ('change', 'view', 'export')`),
    index('audit_log_at').on(t.at),
    index('audit_log_actor_at').on(t.actorId, t.at),
    index('audit_log_whose_at').on(t.whoseId, t.at),
    index('audit_log_subject').on(t.subjectType, t.subjectId),
  ],
);
