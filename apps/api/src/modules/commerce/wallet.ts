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

/** GET /commerce/coupons: usable first (soonest to end), then used and expired. */
export async function listCoupons(ctx: ServiceCtx, userId: number, state?: CouponState): Promise<TMemberCoupon[]> {
  const rows = rowsOf<{
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
    starts_at: string;
    ends_at: string;
    used_at: string | null;
    oid: string | null;
    state: CouponState;
    name_ko: string | null;
    name_original: string | null;
  }>(
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
  const lookups = rows.some((r) => r.kind_id !== null) ? await getLookups(ctx.db) : null;
  const t = apiMessages[ctx.lang].commerce.couponTargets;
  return rows.map((r) => {
    const kind = r.kind_id !== null ? lookups?.kinds.get(r.kind_id) : undefined;
    const target =
      r.scope === 'ORDER'
        ? t.ORDER
        : r.name_ko !== null && r.name_original !== null
          ? displayName(r.name_ko, r.name_original, ctx.lang)
          : interpolate(t.KIND, { kind: kind ? loc(kind.name, ctx.lang) : '' });
    return {
      id: r.id,
      name: r.name[ctx.lang] ?? r.name['ko-KR'],
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
      state: r.state,
      usedAt: r.used_at ? new Date(r.used_at).toISOString() : null,
      oid: r.oid,
    };
  });
}

/** An admin's charge or adjustment of a buyer's cash, in one transaction with its ledger entry. */
export async function adjustCash(ctx: ServiceCtx, userId: number, body: { type: 'CHARGE' | 'ADJUST'; amount: number; memo: string }) {
  return ctx.db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!u) throw new AppError('NOT_FOUND');
    await moveCash(tx, userId, body.amount, body.type, null, body.memo);
    const [after] = await tx.select({ balance: users.cashBalance }).from(users).where(eq(users.id, userId));
    return { balance: after?.balance ?? 0 };
  });
}
