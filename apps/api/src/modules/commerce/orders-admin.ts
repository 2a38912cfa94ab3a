import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { maskName, orderActionsFor, ORDER_STATUSES, type OrderStatus, type OrderType, type PaymentMethod } from '@podo/contracts';
import type { TAdminDashboard, TAdminOrderRow, ZAdminOrderQuery } from '@podo/contracts/ops/commerce';
import { can, type StaffRole } from '@podo/contracts/staff';
import { rowsOf, type Database } from '@podo/db';
import { apiMessages } from '@podo/i18n/resources';
import type { Language } from '@podo/i18n';
import type { ServiceCtx } from '../../deps';
import { kstDate } from './delivery-date';
import { statusName } from './orders';

type Query = z.output<typeof ZAdminOrderQuery>;

/** The first Korea day a period quick filter covers (today included). */
export function periodStart(period: NonNullable<Query['period']>, now = new Date()): string {
  const today = kstDate(now);
  if (period === 'today') return today;
  const d = new Date(`${today}T00:00:00Z`);
  if (period === '15d') d.setUTCDate(d.getUTCDate() - 15);
  else d.setUTCMonth(d.getUTCMonth() - Number(period.slice(0, -1)));
  return d.toISOString().slice(0, 10);
}

/** `%` and `_` typed by staff are searched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(q: Query, now: Date): SQL[] {
  const out: SQL[] = [];
  const start = q.startDate ?? (q.period ? periodStart(q.period, now) : undefined);
  if (start) out.push(sql`o.created_at >= ${`${start}T00:00:00+09:00`}::timestamptz`);
  if (q.endDate) out.push(sql`o.created_at < (${`${q.endDate}T00:00:00+09:00`}::timestamptz + interval '1 day')`);
  if (q.type) out.push(sql`o.type = ${q.type}`);
  if (q.paymentMethod) out.push(sql`o.payment_method = ${q.paymentMethod}`);
  if (q.buyerId) out.push(sql`o.user_id = ${q.buyerId}`);
  if (q.overdue !== undefined)
    out.push(
      q.overdue
        ? sql`(o.status = 'AWAITING_DEPOSIT' and o.deposit_deadline < now())`
        : sql`not (o.status = 'AWAITING_DEPOSIT' and o.deposit_deadline < now())`,
    );
  const text = q.q?.trim();
  if (text) {
    // An order number (or its start) is looked up by its unique index; anything else by the names on the order.
    if (/^\d{4,8}(-\d{0,10})?$/.test(text)) out.push(sql`o.oid like ${`${likeEscape(text)}%`}`);
    else {
      const pattern = `%${likeEscape(text)}%`;
      out.push(
        sql`(o.deposit->>'depositorName' ilike ${pattern} or o.buyer->>'companyName' ilike ${pattern} or o.buyer->>'fullName' ilike ${pattern})`,
      );
    }
  }
  return out;
}

const where = (conds: SQL[]) => (conds.length ? sql.join(conds, sql` and `) : sql`true`);

const ORDER_BY = {
  newest: sql`o.created_at desc, o.id desc`,
  oldest: sql`o.created_at asc, o.id asc`,
  amount: sql`o.total desc, o.id desc`,
} as const;

/** The columns of a list row (AdminOrderSql), from `orders o`. */
const ROW_SELECT = sql`
  select o.id, o.oid, o.type, o.status, o.payment_method, o.user_id, o.buyer->>'companyName' as company_name,
    o.buyer->>'fullName' as full_name, o.deposit->>'depositorName' as depositor_name, o.total, o.pay_amount,
    o.created_at, o.deposit_deadline, (o.status = 'AWAITING_DEPOSIT' and o.deposit_deadline < now()) as overdue,
    (select count(*)::int from order_lines l where l.order_id = o.id) as line_count
  from orders o`;

/** Rows per statement of an export: each statement short, whatever the export's size. */
const EXPORT_BATCH = 1000;

/**
 * Every order the filters select (the state included), newest first, in batches read by keyset (created_at, id):
 * an export of any size holds one batch in memory at a time.
 */
export async function* adminOrderBatches(
  ctx: ServiceCtx,
  q: Omit<Query, 'page' | 'size' | 'sort'>,
  now = new Date(),
): AsyncGenerator<TAdminOrderRow[]> {
  const conds = filters({ ...q, sort: 'newest', page: 1, size: 1 }, now);
  if (q.status) conds.push(sql`o.status = ${q.status}`);
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const page: SQL[] = [...conds, ...(after ? [sql`(o.created_at, o.id) < (${after.at}::timestamptz, ${after.id})`] : [])];
    const rows: AdminOrderSql[] = rowsOf<AdminOrderSql>(
      await ctx.db.execute(sql`${ROW_SELECT} where ${where(page)} order by o.created_at desc, o.id desc limit ${EXPORT_BATCH}`),
    );
    if (rows.length === 0) return;
    yield rows.map((r) => adminRow(ctx.lang, r));
    const last: AdminOrderSql = rows.at(-1)!;
    after = { at: iso(last.created_at), id: last.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** GET /admin/orders: one page of orders, and the counts per state under the same filters (but the state). */
export async function listAdminOrders(ctx: ServiceCtx, q: Query, now = new Date()) {
  const base = filters(q, now);
  const withStatus = q.status ? [...base, sql`o.status = ${q.status}`] : base;
  const [countRows, rows] = await Promise.all([
    ctx.db.execute(sql`select o.status, count(*)::int as n from orders o where ${where(base)} group by o.status`),
    ctx.db.execute(
      sql`${ROW_SELECT} where ${where(withStatus)} order by ${ORDER_BY[q.sort]} limit ${q.size} offset ${(q.page - 1) * q.size}`,
    ),
  ]);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const r of rowsOf<{ status: OrderStatus; n: number }>(countRows)) counts[r.status] = r.n;
  const total = q.status ? counts[q.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { data: rowsOf<AdminOrderSql>(rows).map((r) => adminRow(ctx.lang, r)), counts, page: q.page, size: q.size, total };
}

interface AdminOrderSql {
  id: number;
  oid: string;
  type: OrderType;
  status: OrderStatus;
  payment_method: PaymentMethod;
  user_id: number;
  company_name: string | null;
  full_name: string | null;
  depositor_name: string | null;
  total: number;
  pay_amount: number;
  created_at: string | Date;
  deposit_deadline: string | Date | null;
  overdue: boolean;
  line_count: number;
}

const iso = (v: string | Date) => new Date(v).toISOString();

function adminRow(lang: Language, r: AdminOrderSql): TAdminOrderRow {
  const n = apiMessages[lang].commerce;
  return {
    oid: r.oid,
    type: r.type,
    typeName: n.orderTypes[r.type],
    status: r.status,
    statusName: statusName(n, r.type, r.status),
    paymentMethod: r.payment_method,
    paymentMethodName: n.paymentMethods[r.payment_method],
    buyerId: r.user_id,
    companyName: r.company_name,
    buyerName: maskName(r.full_name ?? ''),
    depositorName: r.depositor_name,
    lineCount: r.line_count,
    total: r.total,
    payAmount: r.pay_amount,
    createdAt: iso(r.created_at),
    depositDeadline: r.deposit_deadline ? iso(r.deposit_deadline) : null,
    overdue: r.overdue,
    actions: orderActionsFor(r.type, r.status),
  };
}

/** GET /admin/dashboard: today's work, each count only for a role that may open its list. */
export async function adminDashboard(db: Database, role: StaffRole, now = new Date()): Promise<TAdminDashboard> {
  const today = kstDate(now);
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`select
      (select count(*)::int from users where status = 'PENDING' and role = 'MEMBER') as applications,
      (select count(*)::int from business_profiles where pending_changes is not null) as business_changes,
      (select count(*)::int from orders where status = 'AWAITING_DEPOSIT') as deposits_awaited,
      (select count(*)::int from orders where status = 'AWAITING_DEPOSIT' and deposit_deadline < now()) as deposits_overdue,
      (select count(*)::int from orders where status = 'PAID') as to_prepare,
      (select count(*)::int from orders where status = 'PREPARING' and type = 'DELIVERY') as to_ship,
      (select count(*)::int from orders where type = 'PICKUP' and status in ('PAID', 'PREPARING', 'SHIPPED')
        and requested_date = ${today}::date) as pickups_today,
      (select count(*)::int from qnas where answer is null) as inquiries_open,
      (select count(*)::int from outbox_messages where status = 'failed') as messages_failed`),
  );
  const r = row ?? {};
  const when = (permission: Parameters<typeof can>[1], v: number | undefined) => (can(role, permission) ? (v ?? 0) : null);
  return {
    applications: when('buyers:read', r.applications),
    businessChanges: when('buyers:read', r.business_changes),
    depositsAwaited: when('orders:read', r.deposits_awaited),
    depositsOverdue: when('orders:read', r.deposits_overdue),
    toPrepare: when('orders:read', r.to_prepare),
    toShip: when('orders:read', r.to_ship),
    pickupsToday: when('orders:read', r.pickups_today),
    inquiriesOpen: when('inquiries:read', r.inquiries_open),
    messagesFailed: when('outbox:read', r.messages_failed),
  };
}
