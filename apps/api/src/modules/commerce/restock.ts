import { sql } from 'drizzle-orm';
import type { Database } from '@podo/db';
import { localized } from '@podo/config';
import { rowsOf } from '@podo/db';
import { matchLanguage } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import type { ServiceCtx } from '../../deps';
import { queueMessages, type Outgoing } from '../../lib/outbox';
import { siteOrigin } from '../certification';
import { forgetCarts } from './cart';

/** The job that tells the waiting members (commerce/jobs.ts). */
export const RESTOCK_JOB = 'notify-restock';

/**
 * Queues the restock notices for wines whose stock came back, in `db` (the transaction that put the bottles back):
 * the job exists only if the stock does. Nothing is queued when nobody waits. Whether a job was queued.
 */
export async function queueRestockNotices(ctx: ServiceCtx, db: Database, productIds: readonly number[]): Promise<boolean> {
  if (productIds.length === 0) return false;
  const waiting = rowsOf(
    await db.execute(sql`select 1 from restock_subscriptions
      where notified_at is null and product_id = any(${sql.param([...productIds])}::int[]) limit 1`),
  );
  if (waiting.length === 0) return false;
  await ctx.jobs.send(db, RESTOCK_JOB, { productIds: [...productIds] });
  return true;
}

/**
 * Tells everyone waiting for these wines that they are back (e-mail, and SMS when a provider is set). The waiting
 * rows are claimed by one UPDATE … RETURNING in the transaction that writes the notices to the outbox: whichever
 * process claims a row writes its notice, no other can, so each subscriber hears once per restock even with several
 * server processes, and a claim never commits without its notice.
 */
export async function notifyRestocked(ctx: ServiceCtx, productIds: readonly number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const claimed = await ctx.db.transaction(async (tx) => {
    const rows = rowsOf<{
      user_id: number;
      product_id: number;
      email: string;
      mobile: string | null;
      lang: string;
      full_name: string;
      name_ko: string;
      name_original: string;
    }>(
      await tx.execute(sql`
        with back as (
          select distinct v.product_id from product_vintages v join products p on p.id = v.product_id
          where v.product_id = any(${sql.param([...productIds])}::int[]) and v.stock > 0 and v.is_on_sale and p.is_published
        ), claimed as (
          update restock_subscriptions r set notified_at = now()
          where r.notified_at is null and r.product_id in (select product_id from back)
          returning r.user_id, r.product_id
        )
        select c.user_id, c.product_id, u.email, u.mobile, u.lang, u.full_name, p.name_ko, p.name_original
        from claimed c join users u on u.id = c.user_id join products p on p.id = c.product_id
        where u.status = 'APPROVED'`),
    );
    const messages: Outgoing[] = rows.flatMap((row) => {
      const lang = matchLanguage(row.lang) ?? 'ko-KR';
      const m = apiMessages[lang].mail;
      const params = {
        brand: localized(ctx.config.site.brandName, lang),
        name: row.full_name,
        wine: lang === 'ko-KR' ? row.name_ko : row.name_original,
        link: `${siteOrigin(ctx.config)}/product/${row.product_id}`,
      };
      const subject = interpolate(m.restockSubject, params);
      return [
        { channel: 'mail' as const, purpose: 'restock', to: row.email, subject, text: interpolate(m.restockText, params) },
        // A text message only where a provider is set (the log provider would only fill the log twice).
        ...(row.mobile && ctx.config.sms.provider === 'http'
          ? [{ channel: 'sms' as const, purpose: 'restock', to: row.mobile, text: subject }]
          : []),
      ];
    });
    await queueMessages(ctx, tx, messages);
    return rows;
  });
  // Their carts show the notice as sent.
  forgetCarts(
    ctx.db,
    claimed.map((r) => r.user_id),
  );
  return claimed.length;
}
