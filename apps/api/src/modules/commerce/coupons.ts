import { sql } from 'drizzle-orm';
import type { TAdminCoupon, TAdminCouponBody } from '@podo/contracts';
import { rowsOf } from '@podo/db';
import { apiMessages } from '@podo/i18n/resources';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';
import { getLookups } from '../wines';
import { couponTargets, couponView, type CouponRow } from './wallet';

/** The start of a Korean day, and the start of the day after (a coupon valid "until the 31st" ends at midnight). */
const kstDay = (day: string, after = 0) => new Date(Date.parse(`${day}T00:00:00+09:00`) + after * 86_400_000);

const COUPON_SELECT = sql`select c.id, c.name, c.scope, c.kind, c.amount, c.rate_bp, c.min_amount, c.max_discount,
    c.product_id, c.kind_id, c.starts_at, c.ends_at, p.name_ko, p.name_original,
    (select count(*)::int from member_coupons mc where mc.coupon_id = c.id) as issued,
    (select count(*)::int from member_coupons mc where mc.coupon_id = c.id and mc.used_at is not null) as used
  from coupons c left join products p on p.id = c.product_id`;

type AdminRow = CouponRow & { issued: number; used: number };

async function views(ctx: ServiceCtx, rows: AdminRow[]): Promise<TAdminCoupon[]> {
  const target = await couponTargets(ctx, rows);
  return rows.map((r) => ({ ...couponView(r, ctx.lang, target(r)), issued: r.issued, used: r.used }));
}

/** GET /admin/coupons. */
export async function listAdminCoupons(ctx: ServiceCtx): Promise<TAdminCoupon[]> {
  return views(ctx, rowsOf<AdminRow>(await ctx.db.execute(sql`${COUPON_SELECT} order by c.created_at desc, c.id desc limit 500`)));
}

/** POST /admin/coupons: checks the wine or kind it is for, then stores the definition. */
export async function createCoupon(ctx: ServiceCtx, body: TAdminCouponBody): Promise<TAdminCoupon> {
  if (body.idProduct !== undefined) {
    const found = rowsOf(await ctx.db.execute(sql`select 1 from products where id = ${body.idProduct}`));
    if (found.length === 0) throw new AppError('PRODUCT_NOT_FOUND');
  }
  if (body.idKind !== undefined && !(await getLookups(ctx.db)).kinds.has(body.idKind)) {
    throw new AppError('UNKNOWN_FILTER_VALUE', { field: apiMessages[ctx.lang].fields.idKind, value: String(body.idKind) });
  }
  const isRate = body.kind === 'RATE';
  const [row] = rowsOf<{ id: number }>(
    await ctx.db
      .execute(sql`insert into coupons (name, scope, kind, amount, rate_bp, min_amount, max_discount, product_id, kind_id, starts_at, ends_at)
      values (${JSON.stringify(body.name)}::jsonb, ${body.scope}, ${body.kind}, ${isRate ? 0 : body.amount}, ${isRate ? Math.round(body.rate * 100) : 0},
        ${body.minAmount}, ${isRate ? body.maxDiscount : null}, ${body.idProduct ?? null}, ${body.idKind ?? null},
        ${kstDay(body.startsOn).toISOString()}::timestamptz, ${kstDay(body.endsOn, 1).toISOString()}::timestamptz)
      returning id`),
  );
  const [view] = await views(ctx, rowsOf<AdminRow>(await ctx.db.execute(sql`${COUPON_SELECT} where c.id = ${row!.id}`)));
  return view!;
}

/**
 * POST /admin/coupons/:id/issue: one coupon per approved buyer among the recipients; members who already hold it
 * are counted, not given a second one (the unique index decides, also for two admins issuing at once).
 */
export async function issueCoupon(
  ctx: ServiceCtx,
  couponId: number,
  to: { userIds?: number[] | undefined; level?: string | undefined; allBuyers?: true | undefined },
): Promise<{ issued: number; already: number }> {
  const [coupon] = rowsOf<{ ended: boolean }>(
    await ctx.db.execute(sql`select ends_at <= now() as ended from coupons where id = ${couponId}`),
  );
  if (!coupon) throw new AppError('NOT_FOUND');
  if (coupon.ended) throw new AppError('COUPON_EXPIRED');
  if (to.level !== undefined) {
    const known = rowsOf(await ctx.db.execute(sql`select 1 from buyer_levels where code = ${to.level}`));
    if (known.length === 0) throw new AppError('UNKNOWN_FILTER_VALUE', { field: apiMessages[ctx.lang].fields.level, value: to.level });
  }
  const who =
    to.userIds !== undefined
      ? sql`u.id = any(${sql.param(to.userIds)}::int[])`
      : to.level !== undefined
        ? sql`u.buyer_level = ${to.level}`
        : sql`true`;
  const [r] = rowsOf<{ recipients: number; issued: number }>(
    await ctx.db.execute(sql`with recipients as (
        select u.id from users u where ${who} and u.status = 'APPROVED' and u.role in ('BUYER', 'ADMIN')
      ), given as (
        insert into member_coupons (coupon_id, user_id) select ${couponId}, id from recipients
        on conflict (coupon_id, user_id) do nothing returning 1
      )
      select (select count(*)::int from recipients) as recipients, (select count(*)::int from given) as issued`),
  );
  return { issued: r?.issued ?? 0, already: (r?.recipients ?? 0) - (r?.issued ?? 0) };
}
