import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { outboxMessages, type Database, type OutboxChannel, type OutboxStatus } from '@podo/db';
import type { ServiceCtx } from '../deps';
import { AppError } from './errors';
import { sendCappedSms } from './notify';

/**
 * The outbox: every e-mail and SMS is a row of `outbox_messages`, written in the transaction of the change that
 * causes it, and handed over by the `deliver-message` job (jobs/outbox.ts) with retries and backoff. A message is
 * claimed before it is sent and marked sent after the server took it, so a retry never repeats a confirmed send; a
 * worker that died between the two leaves a claim that lapses, and the next attempt sends it (with the same
 * Message-ID, which lets a mail system drop the copy). Codes are sent in the request instead (sendNow): they are
 * worth nothing after their short deadline.
 */
export const DELIVER_JOB = 'deliver-message';

/** How long a claim keeps other attempts off a message: longer than the longest hand-over (notify.ts deadlines). */
const CLAIM_SECONDS = 120;

export type Outgoing =
  | { channel: 'mail'; purpose: string; to: string; subject: string; text: string }
  | { channel: 'sms'; purpose: string; to: string; text: string };

type Row = typeof outboxMessages.$inferSelect;

/** What the outbox needs of a service context. */
export type OutboxCtx = Pick<ServiceCtx, 'db' | 'jobs' | 'notifier' | 'config' | 'log'>;

const values = (m: Outgoing, body = m.text) => ({
  channel: m.channel,
  purpose: m.purpose,
  recipient: m.to,
  subject: m.channel === 'mail' ? m.subject : null,
  body,
});

/**
 * Writes messages in `db` (pass the transaction of the change that causes them) and queues their delivery: they go
 * out only if it commits, and then surely, however long the mail server is down (until the job's last retry).
 */
export async function queueMessages(ctx: Pick<ServiceCtx, 'jobs'>, db: Database, messages: readonly Outgoing[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(outboxMessages)
    .values(messages.map((m) => values(m)))
    .returning({ id: outboxMessages.id });
  for (const { id } of rows) await ctx.jobs.send(db, DELIVER_JOB, { id });
  return rows.map((r) => r.id);
}

/** The Message-ID of an outbox e-mail: the same for every attempt. */
export function messageIdOf(ctx: Pick<ServiceCtx, 'config'>, id: number): string {
  const domain = /@([^>\s]+)/.exec(ctx.config.mail.from)?.[1] ?? 'localhost';
  return `<outbox.${id}@${domain}>`;
}

async function handOver(ctx: OutboxCtx, row: Pick<Row, 'id' | 'channel' | 'recipient' | 'subject'>, text: string): Promise<void> {
  if (row.channel === 'mail') {
    await ctx.notifier.sendMail({ to: row.recipient, subject: row.subject ?? '', text, messageId: messageIdOf(ctx, row.id) });
  } else await sendCappedSms(ctx, { to: row.recipient, text }, ctx.log);
}

const errorText = (e: unknown) => String((e as Error)?.message ?? e).slice(0, 1000);

/** What became of one queued message in a delivery attempt (see deliverQueued). */
export type DeliveryOutcome = { status: 'sent' | 'skipped' | 'deferred' } | { status: 'error'; error: unknown };

/**
 * One delivery attempt of a queued message (the job's handler). `sent` when it went out now, `skipped` when there
 * was nothing to do (already sent, failed for good, or gone), `deferred` when another attempt holds a live claim on
 * it (a new job looks again when that claim ends, so this attempt's retries are not spent waiting). Throws when the
 * hand-over failed: the job retries, and on the last attempt the message is marked failed.
 */
export async function deliverQueued(ctx: OutboxCtx, id: number, lastAttempt: boolean): Promise<'sent' | 'skipped' | 'deferred'> {
  const [outcome] = await deliverMany(ctx, [{ id, lastAttempt }]);
  if (outcome!.status === 'error') throw outcome!.error;
  return outcome!.status;
}

/**
 * Delivery attempts of several queued messages (a batch of jobs), each as deliverQueued, with one statement to claim
 * them all and one to mark the sent ones: per message, the worker's database work was most of a delivery's cost.
 * The hand-overs run side by side (the SMTP transport keeps a few connections).
 */
export async function deliverMany(ctx: OutboxCtx, items: readonly { id: number; lastAttempt: boolean }[]): Promise<DeliveryOutcome[]> {
  const ids = items.map((i) => i.id);
  const claimed = await ctx.db
    .update(outboxMessages)
    .set({
      status: 'sending',
      attempts: sql`${outboxMessages.attempts} + 1`,
      claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(outboxMessages.id, ids),
        sql`(${outboxMessages.status} = 'pending' or (${outboxMessages.status} = 'sending' and ${outboxMessages.claimedUntil} < now()))`,
      ),
    )
    .returning();
  const rows = new Map(claimed.map((r) => [r.id, r]));
  const unclaimed = ids.filter((id) => !rows.has(id));
  const held = new Map<number, Date | null>();
  if (unclaimed.length) {
    const now = await ctx.db
      .select({ id: outboxMessages.id, status: outboxMessages.status, claimedUntil: outboxMessages.claimedUntil })
      .from(outboxMessages)
      .where(inArray(outboxMessages.id, unclaimed));
    for (const r of now) if (r.status === 'sending') held.set(r.id, r.claimedUntil);
  }
  const outcomes = await Promise.all(
    items.map(async ({ id, lastAttempt }): Promise<DeliveryOutcome> => {
      // A message named twice in one batch (a retry and a deferred look) is handed over, or deferred, once.
      const row = rows.get(id);
      rows.delete(id);
      if (!row) {
        if (!held.has(id)) return { status: 'skipped' };
        const until = held.get(id);
        held.delete(id);
        await ctx.jobs.send(ctx.db, DELIVER_JOB, { id }, { startAfter: new Date((until?.getTime() ?? Date.now()) + 1000) });
        return { status: 'deferred' };
      }
      try {
        await handOver(ctx, row, row.body);
        return { status: 'sent' };
      } catch (error) {
        await ctx.db
          .update(outboxMessages)
          .set({ status: lastAttempt ? 'failed' : 'pending', lastError: errorText(error), claimedUntil: null, updatedAt: sql`now()` })
          .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending')));
        return { status: 'error', error };
      }
    }),
  );
  const sent = items.filter((_, i) => outcomes[i]!.status === 'sent').map((i) => i.id);
  if (sent.length) await markSent(ctx, sent);
  return outcomes;
}

/**
 * Records a confirmed hand-over. Tried a few times: a database hiccup here must not make the job fail and send the
 * message again. Should every try fail, the claim lapses into `sending` and the housekeeping job marks it failed
 * for a person to decide (it may well have arrived).
 */
async function markSent(ctx: OutboxCtx, ids: number[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.db
        .update(outboxMessages)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null, claimedUntil: null, updatedAt: sql`now()` })
        .where(inArray(outboxMessages.id, ids));
      return;
    } catch (err) {
      if (attempt >= 4) {
        ctx.log.error({ err, outboxIds: ids }, `outbox messages ${ids.join(', ')} were handed over but could not be marked sent`);
        return;
      }
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
}

/**
 * Sends a message in the request, once, and records it (codes: a code that is not delivered now is of no use later,
 * so a failure fails the request with the DeliveryError of notify.ts instead of waiting in the queue). `secret` (the
 * code) is kept out of the stored text.
 */
export async function sendNow(ctx: OutboxCtx, message: Outgoing, secret?: string): Promise<void> {
  const stored = secret ? message.text.replaceAll(secret, '•'.repeat(secret.length)) : message.text;
  const [row] = await ctx.db
    .insert(outboxMessages)
    .values({
      ...values(message, stored),
      status: 'sending',
      attempts: 1,
      claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
    })
    .returning();
  if (!row) throw new Error('outbox insert returned no row');
  try {
    await handOver(ctx, row, message.text);
  } catch (e) {
    await ctx.db
      .update(outboxMessages)
      .set({ status: 'failed', lastError: errorText(e), claimedUntil: null, updatedAt: sql`now()` })
      .where(eq(outboxMessages.id, row.id));
    throw e;
  }
  await markSent(ctx, [row.id]);
}

/**
 * Housekeeping of the outbox. Marks failed what no attempt will take up any more: a claim that lapsed two hours ago
 * (its worker died during the last attempt, or a code's request died mid-send) and a message waiting for two days
 * (its job was lost; retries span about a day). Then forgets messages nobody needs (they hold addresses and order
 * details): sent ones after 30 days, failed ones after 90. How many were forgotten.
 */
export async function purgeOldMessages(db: Database): Promise<number> {
  await db
    .update(outboxMessages)
    .set({
      status: 'failed',
      lastError: 'no attempt finished: the worker stopped, or the job was lost',
      claimedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(
      sql`(${outboxMessages.status} = 'sending' and ${outboxMessages.claimedUntil} < now() - interval '2 hours')
        or (${outboxMessages.status} = 'pending' and ${outboxMessages.updatedAt} < now() - interval '2 days')`,
    );
  const gone = await db
    .delete(outboxMessages)
    .where(
      sql`(${outboxMessages.status} = 'sent' and ${outboxMessages.updatedAt} < now() - interval '30 days')
        or (${outboxMessages.status} = 'failed' and ${outboxMessages.updatedAt} < now() - interval '90 days')`,
    )
    .returning({ id: outboxMessages.id });
  return gone.length;
}

/** A message as the operator sees it (the CLI, the back office). */
export interface OutboxEntry {
  id: number;
  channel: OutboxChannel;
  purpose: string;
  recipient: string;
  subject: string | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

const entry = (r: Row): OutboxEntry => ({
  id: r.id,
  channel: r.channel,
  purpose: r.purpose,
  recipient: r.recipient,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

/** Messages of some states (by default the ones not sent: failed, waiting, being sent), newest first. */
export async function listOutbox(
  db: Database,
  q: { statuses?: OutboxStatus[]; size: number },
): Promise<{ data: OutboxEntry[]; counts: Record<OutboxStatus, number> }> {
  const statuses = q.statuses?.length ? q.statuses : (['failed', 'pending', 'sending'] as OutboxStatus[]);
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.status, statuses))
    .orderBy(desc(outboxMessages.id))
    .limit(q.size);
  return { data: rows.map(entry), counts: await outboxCounts(db) };
}

/** How many messages are in each state (the sent ones too: an index-only count). */
export async function outboxCounts(db: Database): Promise<Record<OutboxStatus, number>> {
  const rows = await db
    .select({ status: outboxMessages.status, n: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .groupBy(outboxMessages.status);
  const counts: Record<OutboxStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/**
 * Sends a failed message again: back to waiting with its attempts cleared, and a new delivery job, in one
 * transaction. NOT_FOUND for an unknown id; OUTBOX_NOT_FAILED unless it failed; a code is never sent again (it
 * expired long ago, and its stored text hides it): OUTBOX_NOT_RETRYABLE.
 */
export async function retryOutbox(ctx: Pick<ServiceCtx, 'db' | 'jobs'>, id: number): Promise<OutboxEntry> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.purpose === 'code') throw new AppError('OUTBOX_NOT_RETRYABLE');
    if (row.status !== 'failed') throw new AppError('OUTBOX_NOT_FAILED', { status: row.status });
    const [updated] = await tx
      .update(outboxMessages)
      .set({ status: 'pending', attempts: 0, claimedUntil: null, updatedAt: sql`now()` })
      .where(eq(outboxMessages.id, id))
      .returning();
    await ctx.jobs.send(tx, DELIVER_JOB, { id });
    return entry(updated!);
  });
}
