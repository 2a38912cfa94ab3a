import { and, desc, eq, sql } from 'drizzle-orm';
import type { CashStatus, TMemberCoupon } from '@podo/contracts';
import { cashEntries, orders, rowsOf, users } from '@podo/db';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';
import { moveCash } from './orders';
import { displayName, getLookups, loc } from '../wines';

/** GET /commerce/cashes: the ledger, newest first, with the balance (the sum of DONE entries). */
export async function listCash(ctx: ServiceCtx, userId: number, q: { status?: CashStatus; page: number; size: number }) {
  const where = and(eq(cashEntries.userId, userId), q.status ? eq(cashEntries.status, q.status) : undefined);
  const [items, [count], [user]] = await Promise.all([
    ctx.db
      .select({ e: cashEntries, oid: orders.oid })
      .from(cashEntries)
      .leftJoin(orders, eq(orders.id, cashEntries.orderId))
      .where(where)
      .orderBy(desc(cashEntries.createdAt), desc(cashEntries.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(cashEntries)
      .where(where),
    ctx.db.select({ balance: users.cashBalance }).from(users).where(eq(users.id, userId)),
  ]);
  const n = apiMessages[ctx.lang].commerce.cashTypes;
  const total = count?.n ?? 0;
  return {
    balance: user?.balance ?? 0,
    items: items.map(({ e, oid }) => ({
      id: e.id,
      type: e.type,
      typeName: n[e.type],
      status: e.status,
      amount: e.amount,
      oid,
      memo: e.memo,
      expiresAt: e.expiresAt?.toISOString() ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
    page: { number: q.page, size: q.size, totalElements: total, totalPages: Math.ceil(total / q.size) },
  };
}

export async function cashAvailable(ctx: ServiceCtx, userId: number): Promise<number> {
  const [user] = await ctx.db.select({ balance: users.cashBalance }).from(users).where(eq(users.id, userId));
  return user?.balance ?? 0;
}

type CouponState = TMemberCoupon['state'];

/** The columns of a coupon definition that its views read. */
export interface CouponRow {
  id: number;
  name: Record<string, string> & { 'ko-KR': string };
  scope: TMemberCoupon['scope'];
  kind: TMemberCoupon['kind'];
  amount: number;
  rate_bp: number;
  min_amount: number;
  max_discount: number | null;
  product_id: number | null;
  kind_id: number | null;
  starts_at: string | Date;
  ends_at: string | Date;
  /** The wine of a PRODUCT coupon for one wine. */
  name_ko: string | null;
  name_original: string | null;
}

/** What each coupon is for, in words: "주문 전체", a wine's name, "레드 와인". */
export async function couponTargets(ctx: ServiceCtx, rows: CouponRow[]): Promise<(r: CouponRow) => string> {
  const lookups = rows.some((r) => r.kind_id !== null) ? await getLookups(ctx.db) : null;
  const t = apiMessages[ctx.lang].commerce.couponTargets;
  return (r) => {
    if (r.scope === 'ORDER') return t.ORDER;
    if (r.name_ko !== null && r.name_original !== null) return displayName(r.name_ko, r.name_original, ctx.lang);
    const kind = r.kind_id !== null ? lookups?.kinds.get(r.kind_id) : undefined;
    return interpolate(t.KIND, { kind: kind ? loc(kind.name, ctx.lang) : '' });
  };
}

export function couponView(r: CouponRow, lang: ServiceCtx['lang'], target: string) {
  return {
    id: r.id,
    name: r.name[lang] ?? r.name['ko-KR'],
    scope: r.scope,
    kind: r.kind,
    amount: r.amount,
    rate: r.rate_bp / 100,
    minAmount: r.min_amount,
    maxDiscount: r.max_discount,
    idProduct: r.product_id,
    idKind: r.kind_id,
    target,
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: new Date(r.ends_at).toISOString(),
  };
}

/** GET /commerce/coupons: usable first (soonest to end), then used and expired. */
export async function listCoupons(ctx: ServiceCtx, userId: number, state?: CouponState): Promise<TMemberCoupon[]> {
  const rows = rowsOf<CouponRow & { used_at: string | null; oid: string | null; state: CouponState }>(
    await ctx.db.execute(sql`
      select * from (
        select mc.id, c.name, c.scope, c.kind, c.amount, c.rate_bp, c.min_amount, c.max_discount, c.product_id, c.kind_id,
          c.starts_at, c.ends_at, mc.used_at, o.oid, p.name_ko, p.name_original,
          case when mc.used_at is not null then 'USED' when c.ends_at <= now() then 'EXPIRED' else 'USABLE' end as state
        from member_coupons mc join coupons c on c.id = mc.coupon_id
        left join orders o on o.id = mc.order_id
        left join products p on p.id = c.product_id
        where mc.user_id = ${userId}
      ) x ${state ? sql`where x.state = ${state}` : sql``}
      order by case x.state when 'USABLE' then 0 when 'USED' then 1 else 2 end, x.ends_at, x.id`),
  );
  const target = await couponTargets(ctx, rows);
  return rows.map((r) => {
    return {
      ...couponView(r, ctx.lang, target(r)),
      state: r.state,
      usedAt: r.used_at ? new Date(r.used_at).toISOString() : null,
      oid: r.oid,
    };
  });
}

/** An admin's charge or adjustment of a buyer's cash, in one transaction with its ledger entry. */
export async function adjustCash(
  ctx: ServiceCtx,
  userId: number,
  body: { type: 'CHARGE' | 'ADJUST'; amount: number; memo: string; expiresOn?: string | undefined },
  now = new Date(),
) {
  // The end of the given Korean day.
  const expiresAt = body.expiresOn === undefined ? null : new Date(Date.parse(`${body.expiresOn}T00:00:00+09:00`) + 86_400_000);
  if (expiresAt !== null && !(expiresAt > now)) throw new AppError('CASH_EXPIRY_PAST');
  return ctx.db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!u) throw new AppError('NOT_FOUND');
    await moveCash(tx, userId, body.amount, body.type, null, body.memo, expiresAt);
    const [after] = await tx.select({ balance: users.cashBalance }).from(users).where(eq(users.id, userId));
    return { balance: after?.balance ?? 0 };
  });
}

/** A ledger entry as the expiry reads it. */
export interface LedgerEntry {
  type: string;
  amount: number;
  expiresAt: Date | null;
  createdAt: Date;
}

/**
 * How much of a member's lapsing charges is left unused at `now` and not expired yet. The ledger is replayed in
 * order: each credit is a lot (a refund or an adjustment never lapses); each debit takes from the lots still valid
 * at its time, the one lapsing first first (the buyer's best), then from lots that lapsed but were not swept yet.
 * What the lots lapsed by `now` still hold, less the EXPIRE entries already written, is due.
 */
export function lapsedAmount(entries: readonly LedgerEntry[], now: Date): number {
  const lots: { left: number; until: number }[] = [];
  let expired = 0;
  for (const e of entries) {
    if (e.type === 'EXPIRE') {
      expired -= e.amount;
      continue;
    }
    if (e.amount > 0) {
      lots.push({ left: e.amount, until: e.expiresAt?.getTime() ?? Infinity });
      continue;
    }
    const at = e.createdAt.getTime();
    let need = -e.amount;
    const order = [...lots].filter((l) => l.left > 0).sort((a, b) => Number(a.until <= at) - Number(b.until <= at) || a.until - b.until);
    for (const l of order) {
      if (need === 0) break;
      const take = Math.min(l.left, need);
      l.left -= take;
      need -= take;
    }
  }
  const due = lots.filter((l) => l.until <= now.getTime()).reduce((s, l) => s + l.left, 0);
  return Math.max(0, due - expired);
}

/**
 * The sweep's expiry: charges whose validity ended are claimed (lapsed_at, by one server process), and each of
 * their members gets one EXPIRE entry for what is left (never more than the balance), in the same transaction.
 * Returns the won expired.
 */
export async function expireCash(ctx: ServiceCtx, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await ctx.db.transaction(async (tx) => {
      const claimed = rowsOf<{ user_id: number }>(
        await tx.execute(sql`update cash_entries set lapsed_at = ${now.toISOString()}::timestamptz
          where id in (select id from cash_entries
                        where expires_at <= ${now.toISOString()}::timestamptz and lapsed_at is null
                        order by expires_at, id limit 50 for update skip locked)
          returning user_id`),
      );
      if (claimed.length === 0) return null;
      let sum = 0;
      for (const id of [...new Set(claimed.map((r) => r.user_id))].sort((a, b) => a - b)) {
        const [u] = await tx.select({ balance: users.cashBalance }).from(users).where(eq(users.id, id)).for('update');
        if (!u) continue;
        const ledger = await tx
          .select({
            type: cashEntries.type,
            amount: cashEntries.amount,
            expiresAt: cashEntries.expiresAt,
            createdAt: cashEntries.createdAt,
          })
          .from(cashEntries)
          .where(and(eq(cashEntries.userId, id), eq(cashEntries.status, 'DONE')))
          .orderBy(cashEntries.createdAt, cashEntries.id);
        const amount = Math.min(u.balance, lapsedAmount(ledger, now));
        if (amount > 0) {
          await moveCash(tx, id, -amount, 'EXPIRE', null);
          sum += amount;
        }
      }
      return sum;
    });
    if (expired === null) return total;
    total += expired;
  }
}
