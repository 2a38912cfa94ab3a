import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation } from '@podo/contracts/operations';
import { rowsOf } from '@podo/db';
import {
  auth,
  createAccountTestApp,
  loginToken,
  multipartBody,
  staffToken,
  signUp,
  type AccountTestApp,
} from '../../../../../tests/helpers/accounts';

let t: AccountTestApp;
let admin: string;
let adminId: number;
let buyer: string;
let buyerId: number;

const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.db.execute(query));
const one = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => {
  const [row] = await q<T>(query);
  if (!row) throw new Error('no row');
  return row;
};

beforeAll(async () => {
  t = await createAccountTestApp({}, { catalog: true });
  admin = await staffToken(t, 'admin@example.com');
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  adminId = (await one<{ id: number }>(sql`select id from users where email = 'admin@example.com'`)).id;
  buyerId = (await one<{ id: number }>(sql`select id from users where email = 'buyer@example.com'`)).id;
});
afterAll(() => t?.close());

const IP = '10.20.30.40';
const call = (method: Operation['method'], url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: auth(token), payload, remoteAddress: IP });

interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_label: string;
  actor_role: string;
  ip: string;
  action: string;
  kind: string;
  subject_type: string;
  subject_id: string | null;
  whose_id: number | null;
  before: unknown;
  after: unknown;
}
const lastId = async () => (await one<{ id: number | null }>(sql`select max(id)::int as id from audit_log`)).id ?? 0;
const rowsAfter = (id: number) => q<AuditRow>(sql`select * from audit_log where id > ${id} order by id`);

/** A pending member who signed up with a certificate. */
async function applicant() {
  const m = await signUp(t);
  return (await one<{ id: number }>(sql`select id from users where email = ${m.email}`)).id;
}

/** An order of the demo buyer moved (in the database) to `status`. */
async function orderIn(status: string, type: 'DELIVERY' | 'PICKUP' = 'DELIVERY'): Promise<string> {
  const oid = await order(type);
  await t.db.db.execute(sql`update orders set status = ${status} where oid = ${oid}`);
  return oid;
}

/** A bank-transfer order of the demo buyer, awaiting its deposit. */
async function order(type: 'DELIVERY' | 'PICKUP' = 'DELIVERY'): Promise<string> {
  const wine = await one<{ product_id: number; id: number }>(sql`
    select v.product_id, v.id from product_vintages v join products p on p.id = v.product_id and p.is_published
    where v.is_on_sale order by v.id limit 1`);
  await t.db.db.execute(sql`update product_vintages set stock = 1000, order_step = 1, min_qty = 1 where id = ${wine.id}`);
  const ship = await one<{ id: number }>(sql`select id from ship_addresses where user_id = ${buyerId} and is_default`);
  const r = await call('POST', '/commerce/orders', buyer, {
    products: [{ idProduct: wine.product_id, qty: 1 }],
    type,
    paymentMethod: 'BANK_TRANSFER',
    ...(type === 'DELIVERY' ? { idShip: ship.id } : {}),
    depositorName: '와인바 포도',
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data.oid;
}

/**
 * One successful call of each audited operation, and what its row must say. A new audited operation without a case
 * here fails the first test.
 */
type Case = () => Promise<{
  url: string;
  body?: object;
  multipart?: { name: string; type: string; bytes: Buffer };
  subjectId: string | null;
  whose: number | null;
  before?: unknown;
  after?: unknown;
}>;
const cases: Record<string, Case> = {
  adminMembers: async () => ({ url: '/admin/members?status=PENDING', subjectId: null, whose: null }),
  adminBusinessChanges: async () => ({ url: '/admin/business-changes', subjectId: null, whose: null }),
  adminMember: async () => ({ url: `/admin/members/${buyerId}`, subjectId: String(buyerId), whose: buyerId }),
  adminMemberCertificate: async () => {
    const id = await applicant();
    return { url: `/admin/members/${id}/certificate`, subjectId: String(id), whose: id };
  },
  adminApprove: async () => {
    const id = await applicant();
    return {
      url: `/admin/members/${id}/approve`,
      subjectId: String(id),
      whose: id,
      before: { status: 'PENDING', rejectReason: null },
      after: { status: 'APPROVED' },
    };
  },
  adminReject: async () => {
    const id = await applicant();
    return {
      url: `/admin/members/${id}/reject`,
      body: { reason: '사업자등록증이 흐립니다.' },
      subjectId: String(id),
      whose: id,
      before: { status: 'PENDING', rejectReason: null },
      after: { status: 'REJECTED', rejectReason: '사업자등록증이 흐립니다.' },
    };
  },
  adminApproveChanges: async () => {
    await t.db.db.execute(
      sql`update business_profiles set pending_changes = '{"companyName":"와인바 포도 2호점"}'::jsonb, pending_since = now() where user_id = ${buyerId}`,
    );
    const before = await one<{ company_name: string }>(sql`select company_name from business_profiles where user_id = ${buyerId}`);
    return {
      url: `/admin/members/${buyerId}/business-changes/approve`,
      subjectId: String(buyerId),
      whose: buyerId,
      before: { business: { companyName: before.company_name } },
      after: { business: { companyName: '와인바 포도 2호점' } },
    };
  },
  adminRejectChanges: async () => {
    await t.db.db.execute(
      sql`update business_profiles set pending_changes = '{"representative":"김대표"}'::jsonb, pending_since = now() where user_id = ${buyerId}`,
    );
    return {
      url: `/admin/members/${buyerId}/business-changes/reject`,
      body: { reason: '서류가 없습니다.' },
      subjectId: String(buyerId),
      whose: buyerId,
      before: { pendingChanges: { representative: '김대표' } },
      after: { pendingChanges: null, rejectReason: '서류가 없습니다.' },
    };
  },
  adminVintagePrice: async () => {
    const v = await one<{ id: number; retail_price: number; trade_price: number }>(
      sql`select id, retail_price, trade_price from product_vintages order by id limit 1`,
    );
    return {
      url: `/admin/wines/vintages/${v.id}`,
      body: { tradePrice: v.trade_price + 1000 },
      subjectId: String(v.id),
      whose: null,
      before: { retailPrice: v.retail_price, tradePrice: v.trade_price },
    };
  },
  adminVintageStock: async () => {
    const v = await one<{ id: number; stock: number }>(sql`select id, stock from product_vintages order by id desc limit 1`);
    return {
      url: `/admin/wines/vintages/${v.id}/stock`,
      body: { stock: v.stock + 12 },
      subjectId: String(v.id),
      whose: null,
      before: { stock: v.stock },
    };
  },
  adminAnswerQna: async () => {
    const cat = await one<{ id: number }>(sql`select id from qna_categories order by id limit 1`);
    const qna = await one<{ id: number }>(sql`
      insert into qnas (user_id, category_id, title, content, full_name, email)
      values (${buyerId}, ${cat.id}, '배송 문의', '언제 오나요?', '김구매', 'buyer@example.com') returning id`);
    return {
      url: `/admin/qnas/${qna.id}/answer`,
      body: { answer: '내일 도착합니다.' },
      subjectId: String(qna.id),
      whose: buyerId,
      before: { answer: null },
      after: { answer: '<p>내일 도착합니다.</p>' },
    };
  },
  adminOutboxRetry: async () => {
    const m = await one<{ id: number }>(sql`
      insert into outbox_messages (channel, purpose, recipient, subject, body, status, attempts, last_error)
      values ('mail', 'order-placed', 'buyer@example.com', 's', 'b', 'failed', 8, 'refused') returning id`);
    return {
      url: `/admin/outbox/${m.id}/retry`,
      subjectId: String(m.id),
      whose: null,
      before: { status: 'failed', attempts: 8, purpose: 'order-placed' },
      after: { status: 'pending', attempts: 0, purpose: 'order-placed' },
    };
  },
  adminOrderStatus: async () => {
    const oid = await order();
    return {
      url: `/admin/orders/${oid}/status`,
      body: { status: 'PAID', note: '입금 확인' },
      subjectId: oid,
      whose: buyerId,
      before: { status: 'AWAITING_DEPOSIT' },
      after: { status: 'PAID', note: '입금 확인' },
    };
  },
  adminCash: async () => {
    const { balance } = await one<{ balance: number }>(sql`select cash_balance as balance from users where id = ${buyerId}`);
    return {
      url: `/admin/members/${buyerId}/cash`,
      body: { type: 'CHARGE', amount: 50000, memo: '입금 확인' },
      subjectId: String(buyerId),
      whose: buyerId,
      before: { balance },
      after: { balance: balance + 50000, type: 'CHARGE', amount: 50000, memo: '입금 확인', expiresOn: null },
    };
  },
  adminCreateCoupon: async () => ({
    url: '/admin/coupons',
    body: {
      name: { 'ko-KR': '감사 쿠폰' },
      scope: 'ORDER',
      kind: 'AMOUNT',
      amount: 5000,
      startsOn: '2026-01-01',
      endsOn: '2099-12-31',
    },
    subjectId: '', // the new coupon's id, checked below
    whose: null,
  }),
  adminIssueCoupon: async () => {
    const c = await one<{ id: number }>(sql`
      insert into coupons (name, scope, kind, amount, starts_at, ends_at)
      values ('{"ko-KR":"발급 쿠폰"}'::jsonb, 'ORDER', 'AMOUNT', 3000, now() - interval '1 day', now() + interval '30 days') returning id`);
    return {
      url: `/admin/coupons/${c.id}/issue`,
      body: { userIds: [buyerId] },
      subjectId: String(c.id),
      whose: null,
      after: { to: { userIds: [buyerId] }, issued: 1 },
    };
  },
};

/** A staff account to act on. */
let staffSeq = 0;
async function staffMember(role = 'warehouse') {
  const email = `audit-staff-${++staffSeq}@example.com`;
  const r = await call('POST', '/admin/staff', admin, { email, fullName: '감사직원', role });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data as { id: number; email: string };
}
const staffView = (over: object) => expect.objectContaining({ role: 'warehouse', secondFactor: false, disabled: false, ...over });
Object.assign(cases, {
  adminCreateStaff: async () => ({
    url: '/admin/staff',
    body: { email: 'new-staff@example.com', fullName: '신입직원', role: 'sales' },
    subjectId: '', // the new account's id, checked below
    whose: null,
    after: expect.objectContaining({ email: 'new-staff@example.com', role: 'sales', secondFactor: false }),
  }),
  adminDisableStaff: async () => {
    const m = await staffMember();
    return {
      url: `/admin/staff/${m.id}/disable`,
      subjectId: String(m.id),
      whose: null,
      before: staffView({}),
      after: staffView({ disabled: true }),
    };
  },
  adminEnableStaff: async () => {
    const m = await staffMember();
    await call('POST', `/admin/staff/${m.id}/disable`, admin);
    return {
      url: `/admin/staff/${m.id}/enable`,
      subjectId: String(m.id),
      whose: null,
      before: staffView({ disabled: true }),
      after: staffView({}),
    };
  },
  adminResetStaffSecondFactor: async () => {
    const m = await staffMember();
    await t.db.db.execute(sql`update staff_accounts set totp_secret = 'JBSWY3DPEHPK3PXP' where user_id = ${m.id}`);
    return {
      url: `/admin/staff/${m.id}/reset-second-factor`,
      subjectId: String(m.id),
      whose: null,
      before: staffView({ secondFactor: true }),
      after: staffView({ secondFactor: false }),
    };
  },
  adminStaffRole: async () => {
    const m = await staffMember();
    return {
      url: `/admin/staff/${m.id}`,
      body: { role: 'sales' },
      subjectId: String(m.id),
      whose: null,
      before: staffView({}),
      after: staffView({ role: 'sales' }),
    };
  },
} satisfies Record<string, Case>);
const orderCase =
  (action: string, from: string, to: string, body: object = {}, type: 'DELIVERY' | 'PICKUP' = 'DELIVERY'): Case =>
  async () => {
    const oid = await orderIn(from, type);
    return {
      url: `/admin/orders/${oid}/${action}`,
      body,
      subjectId: oid,
      whose: buyerId,
      before: { status: from },
      after: { status: to, ...(action === 'cancel' ? {} : { note: '' }), ...body },
    };
  };
Object.assign(cases, {
  adminOrdersExport: async () => ({
    url: '/admin/orders/export?format=csv&status=PAID&q=%ED%8F%AC%EB%8F%84',
    subjectId: null,
    whose: null,
    after: { format: 'csv', status: 'PAID', q: '포도' },
  }),
  adminDepositStatement: async () => ({
    url: '/admin/deposits/statement',
    multipart: { name: 'statement.csv', type: 'text/csv', bytes: Buffer.from('거래일시,보낸분,입금액\n2026-11-29,홍길동,"10,000"\n') },
    subjectId: null,
    whose: null,
  }),
  adminOrderConfirmDeposit: orderCase('confirm-deposit', 'AWAITING_DEPOSIT', 'PAID', { note: '국민은행 입금' }),
  adminOrderPrepare: orderCase('prepare', 'PAID', 'PREPARING'),
  adminOrderShip: orderCase('ship', 'PREPARING', 'SHIPPED', { carrier: 'CJ', trackingNumber: '640012345678' }),
  adminOrderDeliver: orderCase('deliver', 'SHIPPED', 'DELIVERED'),
  adminOrderReadyForPickup: orderCase('ready-for-pickup', 'PREPARING', 'SHIPPED', {}, 'PICKUP'),
  adminOrderPickedUp: orderCase('picked-up', 'SHIPPED', 'DELIVERED', {}, 'PICKUP'),
  adminOrderCancel: orderCase('cancel', 'PAID', 'CANCELLED', { reason: '재고 부족' }),
} satisfies Record<string, Case>);

describe('the audit trail', () => {
  it('gets one row per audited staff call, in its transaction: who, from where, what, whose, before and after', async () => {
    const audited = Object.entries(operations).filter(([, op]) => (op as Operation).audit);
    expect(audited.map(([name]) => name).sort()).toEqual(Object.keys(cases).sort());
    for (const [name, op] of audited as [string, Operation][]) {
      const c = await cases[name]!();
      const since = await lastId();
      const form = c.multipart && multipartBody(c.multipart);
      const r = form
        ? await t.app.inject({
            method: op.method,
            url: `/api/v1${c.url}`,
            headers: { ...auth(admin), ...form.headers },
            payload: form.payload,
            remoteAddress: IP,
          })
        : await call(op.method, c.url, admin, c.body);
      expect(r.statusCode, `${name}: ${r.body.slice(0, 300)}`).toBeLessThan(300);
      const rows = await rowsAfter(since);
      expect(rows, name).toHaveLength(1);
      const row = rows[0]!;
      expect(row, name).toMatchObject({
        actor_id: adminId,
        actor_label: 'admin@example.com',
        actor_role: 'admin',
        ip: IP,
        action: op.audit!.action,
        kind: op.audit!.kind,
        subject_type: op.audit!.subject,
        whose_id: c.whose,
      });
      if (name === 'adminCreateCoupon' || name === 'adminCreateStaff') expect(row.subject_id).toBe(String(r.json().data.id));
      else expect(row.subject_id, name).toBe(c.subjectId);
      if (c.before !== undefined) expect(row.before, name).toEqual(c.before);
      if (c.after !== undefined && op.audit!.kind === 'change') expect(row.after, name).toEqual(c.after);
      if (op.audit!.kind === 'change') expect(row.after, name).not.toBeNull();
      else if (op.audit!.kind === 'export') expect([row.before, row.after], name).toEqual([null, { query: c.after }]);
      else expect([row.before, row.after], name).toEqual([null, null]);
    }
  });

  it('gets no row for a change that failed, and a row for a view asked for, found or not', async () => {
    const since = await lastId();
    // The demo buyer is approved already: MEMBER_NOT_PENDING.
    const r = await call('POST', `/admin/members/${buyerId}/approve`, admin);
    expect(r.statusCode).toBe(409);
    expect(await rowsAfter(since)).toEqual([]);
    expect((await call('GET', '/admin/members/999999', admin)).statusCode).toBe(404);
    expect((await rowsAfter(since)).map((row) => [row.action, row.subject_id])).toEqual([['member.view', '999999']]);
  });

  it('cannot be rewritten: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    expect(await lastId()).toBeGreaterThan(0);
    for (const statement of [sql`update audit_log set actor_label = 'someone else'`, sql`delete from audit_log`, sql`truncate audit_log`]) {
      await expect(t.db.db.execute(statement)).rejects.toThrow();
    }
    expect((await one<{ n: number }>(sql`select count(*)::int as n from audit_log where actor_label = 'someone else'`)).n).toBe(0);
  });

  it('is read by staff with audit:read, filtered by member, action and period (Korea days)', async () => {
    const sales = await staffToken(t, 'sales@example.com');
    expect((await call('GET', '/admin/audit', sales)).json().code).toBe('PERMISSION_DENIED');

    const list = await call('GET', '/admin/audit?size=100', admin);
    expect(list.statusCode, list.body).toBe(200);
    const all = list.json();
    expect(all.total).toBeGreaterThanOrEqual(Object.keys(cases).length);
    expect(all.data[0].id).toBeGreaterThan(all.data[1].id); // newest first
    const mine = (await call('GET', `/admin/audit?whoseId=${buyerId}&action=order.status`, admin)).json();
    expect(mine.data.map((e: { action: string; whoseId: number }) => [e.action, e.whoseId])).toEqual([['order.status', buyerId]]);
    expect(mine.data[0]).toMatchObject({ actorLabel: 'admin@example.com', before: { status: 'AWAITING_DEPOSIT' }, ip: IP });
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    expect((await call('GET', `/admin/audit?startDate=${today}&endDate=${today}`, admin)).json().total).toBe(all.total);
    expect((await call('GET', '/admin/audit?endDate=2020-01-01', admin)).json().total).toBe(0);
    const bad = await call('GET', '/admin/audit?startDate=2026-02-31', admin);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('keeps cached members until the change commits: an approved member is a buyer at once, everywhere in the process', async () => {
    const id = await applicant();
    const email = (await one<{ email: string }>(sql`select email from users where id = ${id}`)).email;
    const token = (await t.app.deps.tokens.sign({ sub: String(id), ver: 0 }, 600)).token;
    const cart = () => call('GET', '/cart', token);
    expect((await cart()).json().code).toBe('NOT_APPROVED'); // the member is now cached as pending
    expect((await call('POST', `/admin/members/${id}/approve`, admin)).statusCode).toBe(200);
    expect((await cart()).statusCode, email).toBe(200);
  });
});
