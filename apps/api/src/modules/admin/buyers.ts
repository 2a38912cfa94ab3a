import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { maskEmail, maskMobile, maskName, MEMBER_STATUSES, type MemberStatus } from '@podo/contracts';
import type { TAdminBuyerRow, ZAdminBuyerQuery } from '@podo/contracts/ops/admin';
import { rowsOf, type Database } from '@podo/db';

type Query = z.output<typeof ZAdminBuyerQuery>;

/** `%` and `_` typed by staff are searched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(q: Query): SQL[] {
  const out: SQL[] = [sql`u.role <> 'ADMIN'`];
  if (q.level) out.push(sql`u.buyer_level = ${q.level}`);
  if (q.credit !== undefined) out.push(q.credit ? sql`u.credit_limit is not null` : sql`u.credit_limit is null`);
  const text = q.q?.trim();
  if (text) {
    const like = `%${likeEscape(text)}%`;
    const digits = text.replace(/\D/g, '');
    const alternatives = [
      sql`b.company_name ilike ${like}`,
      sql`u.full_name ilike ${like}`,
      sql`u.email ilike ${like}`,
      // Numbers as typed with or without dashes: 123-45-67891, 010 1234 5678, 5678.
      ...(digits.length >= 4 && digits.length === text.replace(/[\s-]/g, '').length
        ? [sql`b.business_number like ${`%${digits}%`}`, sql`replace(u.mobile, '-', '') like ${`%${digits}%`}`]
        : []),
    ];
    out.push(sql`(${sql.join(alternatives, sql` or `)})`);
  }
  return out;
}

const and = (conds: SQL[]) => sql.join(conds, sql` and `);

const ORDER = {
  newest: sql`u.created_at desc, u.id desc`,
  oldest: sql`u.created_at asc, u.id asc`,
  company: sql`b.company_name asc nulls last, u.id asc`,
} as const;

interface BuyerSql {
  id: number;
  status: MemberStatus;
  role: string;
  buyer_level: string | null;
  company_name: string | null;
  business_number: string | null;
  business_type: string | null;
  full_name: string;
  email: string;
  mobile: string | null;
  cash_balance: number;
  credit_limit: number | null;
  has_pending: boolean;
  created_at: string | Date;
  last_login_at: string | Date | null;
}

const iso = (v: string | Date) => new Date(v).toISOString();

/** GET /admin/buyers: members (not staff) with their personal data masked, and the counts per status. */
export async function listBuyers(db: Database, q: Query) {
  const base = filters(q);
  const withStatus = q.status ? [...base, sql`u.status = ${q.status}`] : base;
  const from = sql`from users u left join business_profiles b on b.user_id = u.id`;
  const [countRows, rows] = await Promise.all([
    db.execute(sql`select u.status, count(*)::int as n ${from} where ${and(base)} group by u.status`),
    db.execute(sql`
      select u.id, u.status, u.role, u.buyer_level, b.company_name, b.business_number, b.business_type, u.full_name, u.email,
        u.mobile, u.cash_balance, u.credit_limit, b.pending_changes is not null as has_pending, u.created_at, u.last_login_at
      ${from} where ${and(withStatus)} order by ${ORDER[q.sort]} limit ${q.size} offset ${(q.page - 1) * q.size}`),
  ]);
  const counts = Object.fromEntries(MEMBER_STATUSES.map((s) => [s, 0])) as Record<MemberStatus, number>;
  for (const r of rowsOf<{ status: MemberStatus; n: number }>(countRows)) counts[r.status] = r.n;
  const total = q.status ? counts[q.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  const data: TAdminBuyerRow[] = rowsOf<BuyerSql>(rows).map((r) => ({
    id: r.id,
    status: r.status,
    role: r.role,
    level: r.buyer_level,
    companyName: r.company_name,
    businessNumber: r.business_number,
    businessType: r.business_type,
    fullName: maskName(r.full_name),
    email: maskEmail(r.email),
    mobile: r.mobile ? maskMobile(r.mobile) : null,
    cashBalance: r.cash_balance,
    creditLimit: r.credit_limit,
    hasPendingChanges: r.has_pending,
    createdAt: iso(r.created_at),
    lastLoginAt: r.last_login_at ? iso(r.last_login_at) : null,
  }));
  return { data, counts, page: q.page, size: q.size, total };
}
