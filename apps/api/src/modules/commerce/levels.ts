import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TBuyerLevel, TNextMonthLevel } from '@podo/contracts';
import { appSettings, buyerLevels, rowsOf, users } from '@podo/db';
import type { ServiceCtx } from '../../deps';
import { writeInvalidating } from '../../lib/cache';
import { VIEWERS_TAG } from '../session';

/** GET /commerce/buyer-levels: the levels, entry level first, named in the caller's language. */
export async function listBuyerLevels(ctx: ServiceCtx): Promise<TBuyerLevel[]> {
  const rows = await ctx.db.select().from(buyerLevels).orderBy(asc(buyerLevels.rank));
  return rows.map((r) => ({
    code: r.code,
    name: r.name[ctx.lang] ?? r.name['ko-KR'],
    rank: r.rank,
    discountRate: r.discountBp / 100,
    minMonthlyPaid: r.minMonthlyPaid,
  }));
}

/** The first moment of a Korean calendar month, `offset` months from the one `now` falls in. */
export function kstMonthStart(now: Date, offset = 0): Date {
  const kst = new Date(now.getTime() + 9 * 3_600_000);
  return new Date(Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth() + offset, 1) - 9 * 3_600_000);
}

/** What each buyer paid in [from, to): orders paid in that period and not cancelled, KRW incl. VAT. */
const paidSql = (from: Date, to: Date) => sql`
  select o.user_id, coalesce(sum(o.total), 0)::bigint as paid from orders o
  where o.paid_at >= ${from.toISOString()}::timestamptz and o.paid_at < ${to.toISOString()}::timestamptz
    and o.status <> 'CANCELLED'
  group by o.user_id`;

/** The highest level whose criterion `paid` meets. */
function levelFor(levels: { code: string; minMonthlyPaid: number }[], paid: number): string {
  let code = levels[0]?.code ?? 'GENERAL';
  for (const l of levels) if (paid >= l.minMonthlyPaid) code = l.code;
  return code;
}

/**
 * Sets every approved buyer's level from what they paid in the previous Korean month, once per month across all
 * server processes (the month's key in app_settings is claimed by one transaction). Returns how many buyers changed
 * level, or null when this month was already evaluated.
 */
export async function evaluateLevels(ctx: ServiceCtx, now = new Date()): Promise<number | null> {
  const from = kstMonthStart(now, -1);
  const to = kstMonthStart(now, 0);
  const key = `buyer_levels_evaluated:${to.toISOString().slice(0, 7)}`;
  const levels = (await listBuyerLevels(ctx)).map((l) => ({ code: l.code, minMonthlyPaid: l.minMonthlyPaid }));
  // Trade prices on cards depend on the level: the catalogue's caches go when a level changed.
  return writeInvalidating(
    ctx.db,
    (changed: number | null) => (changed ? ['catalog', VIEWERS_TAG] : []),
    async (tx) => {
      const claimed = await tx
        .insert(appSettings)
        .values({ key, value: now.toISOString() })
        .onConflictDoNothing()
        .returning({ key: appSettings.key });
      if (claimed.length === 0) return null;
      const paid = new Map(
        rowsOf<{ user_id: number; paid: string | number }>(await tx.execute(paidSql(from, to))).map((r) => [r.user_id, Number(r.paid)]),
      );
      const buyers = await tx
        .select({ id: users.id, level: users.buyerLevel })
        .from(users)
        .where(and(eq(users.status, 'APPROVED'), inArray(users.role, ['BUYER', 'ADMIN'])));
      let changed = 0;
      for (const b of buyers) {
        const next = levelFor(levels, paid.get(b.id) ?? 0);
        if (next === b.level) continue;
        await tx
          .update(users)
          .set({ buyerLevel: next, updatedAt: sql`now()` })
          .where(eq(users.id, b.id));
        changed++;
      }
      return changed;
    },
  );
}

/** GET /commerce/buyer-levels/next-month: the level this month's payments earn so far, and what the next one needs. */
export async function nextMonthLevel(ctx: ServiceCtx, userId: number, current: string | null, now = new Date()): Promise<TNextMonthLevel> {
  const levels = await listBuyerLevels(ctx);
  const [row] = rowsOf<{ user_id: number; paid: string | number }>(
    await ctx.db.execute(sql`select * from (${paidSql(kstMonthStart(now, 0), kstMonthStart(now, 1))}) p where p.user_id = ${userId}`),
  );
  const paid = Number(row?.paid ?? 0);
  const code = levelFor(levels, paid);
  const level = levels.find((l) => l.code === code) ?? null;
  const higher = levels.find((l) => l.minMonthlyPaid > paid) ?? null;
  return {
    current,
    paidThisMonth: paid,
    nextMonth: level,
    nextLevel: higher ? { level: higher, remaining: higher.minMonthlyPaid - paid } : null,
    evaluatedAt: kstMonthStart(now, 1).toISOString(),
  };
}
