import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, ORDER_ACTION_NAMES, ORDER_TRANSITIONS } from '@podo/contracts';
import { operations, type Operation } from '@podo/contracts/operations';
import { rowsOf } from '@podo/db';
import { auth, loginToken, staffToken } from '../../../../../tests/helpers/accounts';
import { postgresOnly } from '../../../../../tests/helpers/postgres-only';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let buyer: string;
let buyerId: number;
let shipId: number;
const staff = { admin: '', sales: '', warehouse: '' };
const wine = { product: 0, vintage: 0 };

const one = async <T>(query: ReturnType<typeof sql>) => {
  const [row] = rowsOf<T>(await t.db.db.execute(query));
  if (!row) throw new Error('no row');
  return row;
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { catalog: true });
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  for (const role of ['admin', 'sales', 'warehouse'] as const) staff[role] = await staffToken(t, `${role}@example.com`);
  buyerId = (await one<{ id: number }>(sql`select id from users where email = 'buyer@example.com'`)).id;
  shipId = (await one<{ id: number }>(sql`select id from ship_addresses where user_id = ${buyerId} and is_default`)).id;
  const v = await one<{ product_id: number; id: number }>(sql`
    select v.product_id, v.id from product_vintages v join products p on p.id = v.product_id and p.is_published
    where v.is_on_sale order by v.id limit 1`);
  Object.assign(wine, { product: v.product_id, vintage: v.id });
  await t.db.db.execute(sql`update product_vintages set stock = 10000, order_step = 1, min_qty = 1 where id = ${wine.vintage}`);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...auth(token), 'accept-language': 'ko-KR' }, payload });
const act = (oid: string, action: string, token: string, body: object = {}) => call('POST', `/admin/orders/${oid}/${action}`, token, body);
const stock = async () => (await one<{ stock: number }>(sql`select stock from product_vintages where id = ${wine.vintage}`)).stock;

async function place(type: 'DELIVERY' | 'PICKUP' = 'DELIVERY', qty = 2): Promise<string> {
  const r = await call('POST', '/commerce/orders', buyer, {
    products: [{ idProduct: wine.product, qty }],
    type,
    paymentMethod: 'BANK_TRANSFER',
    ...(type === 'DELIVERY' ? { idShip: shipId } : {}),
    depositorName: '와인바 포도',
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data.oid;
}

describe('order actions (ORDER_ACTIONS)', () => {
  it('are each an operation with the permission of the table, and every move is one of the state machine', () => {
    for (const name of ORDER_ACTION_NAMES) {
      const def = ORDER_ACTIONS[name];
      const op = (Object.values(operations) as Operation[]).find((o) => o.path === `/admin/orders/:oid/${name}`);
      expect(op, name).toBeDefined();
      expect(op!.permission).toBe(def.permission);
      for (const from of def.from) expect(ORDER_TRANSITIONS[from], `${name} from ${from}`).toContain(def.to);
    }
  });

  it('sales confirms the deposit, the warehouse prepares and ships with a tracking number the buyer sees and is mailed', async () => {
    const oid = await place();
    // Each role only what its permission allows.
    expect((await act(oid, 'confirm-deposit', staff.warehouse)).json().code).toBe('PERMISSION_DENIED');
    expect((await act(oid, 'cancel', staff.warehouse, { reason: 'x' })).json().code).toBe('PERMISSION_DENIED');
    const paid = await act(oid, 'confirm-deposit', staff.sales, { note: '국민은행 14:02 입금' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'PAID', statusName: '결제 완료' });
    expect((await act(oid, 'prepare', staff.sales)).json().code).toBe('PERMISSION_DENIED');
    // Not before it is being prepared.
    const early = await act(oid, 'ship', staff.warehouse, { carrier: 'CJ', trackingNumber: '640012345678' });
    expect([early.statusCode, early.json().code]).toEqual([409, 'ORDER_STATE_INVALID']);
    expect((await act(oid, 'prepare', staff.warehouse)).json().data.status).toBe('PREPARING');
    const bad = await act(oid, 'ship', staff.warehouse, { carrier: 'CJ', trackingNumber: '12 34' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, '운송장 번호: 영문, 숫자, 하이픈으로 6~30자를 입력해 주세요.']);
    expect((await act(oid, 'ship', staff.warehouse, { carrier: 'UPS', trackingNumber: '640012345678' })).statusCode).toBe(400);
    const shipped = await act(oid, 'ship', staff.warehouse, { carrier: 'CJ', trackingNumber: '6400-1234-5678' });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const seen = (await call('GET', `/commerce/orders/${oid}`, buyer)).json().data;
    expect(seen).toMatchObject({
      status: 'SHIPPED',
      statusName: '배송 중',
      shipment: {
        carrier: 'CJ',
        carrierName: 'CJ대한통운',
        trackingNumber: '6400-1234-5678',
        trackingUrl: 'https://trace.cjlogistics.com/next/tracking.html?wblNo=6400-1234-5678',
      },
    });
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/v1/commerce/orders/${oid}`,
      headers: { ...auth(buyer), 'accept-language': 'en-US' },
    });
    expect(en.json().data.shipment.carrierName).toBe('CJ Logistics');
    await t.deliver();
    const mail = await smtp.waitFor((m) => m.subject.includes(oid) && m.text.includes('운송장'));
    expect(mail.text).toContain(
      '택배사: CJ대한통운\n운송장 번호: 6400-1234-5678\n배송 조회: https://trace.cjlogistics.com/next/tracking.html?wblNo=6400-1234-5678',
    );

    expect((await act(oid, 'deliver', staff.warehouse)).json().data.status).toBe('DELIVERED');
    expect((await act(oid, 'cancel', staff.sales, { reason: '늦음' })).json().code).toBe('ORDER_STATE_INVALID');
    const events = (await call('GET', `/commerce/orders/${oid}`, buyer)).json().data.events.map((e: { status: string }) => e.status);
    expect(events.slice(-4)).toEqual(['PAID', 'PREPARING', 'SHIPPED', 'DELIVERED']);
  });

  it('a pick-up order is made ready and picked up, with the names a pick-up has; shipping actions do not apply', async () => {
    const oid = await place('PICKUP');
    await act(oid, 'confirm-deposit', staff.sales);
    await act(oid, 'prepare', staff.warehouse);
    expect((await act(oid, 'ship', staff.warehouse, { carrier: 'CJ', trackingNumber: '640012345678' })).json().code).toBe(
      'ORDER_STATE_INVALID',
    );
    const ready = await act(oid, 'ready-for-pickup', staff.warehouse);
    expect(ready.json().data).toMatchObject({ status: 'SHIPPED', statusName: '픽업 준비 완료', shipment: null });
    await t.deliver();
    expect((await smtp.waitFor((m) => m.text.includes(oid) && m.text.includes('창고에서 찾아가실 수 있습니다'))).to).toContain(
      'buyer@example.com',
    );
    expect((await act(oid, 'deliver', staff.warehouse)).json().code).toBe('ORDER_STATE_INVALID');
    expect((await act(oid, 'picked-up', staff.warehouse)).json().data.statusName).toBe('픽업 완료');
  });

  it('cancelling returns the stock once and needs a reason the buyer is told', async () => {
    const before = await stock();
    const oid = await place('DELIVERY', 3);
    expect(await stock()).toBe(before - 3);
    expect((await act(oid, 'cancel', staff.sales, {})).json().code).toBe('VALIDATION_FAILED');
    const r = await act(oid, 'cancel', staff.sales, { reason: '입금 기한 연장 불가' });
    expect(r.json().data.status).toBe('CANCELLED');
    expect(await stock()).toBe(before);
    expect((await act(oid, 'cancel', staff.admin, { reason: '다시' })).json().code).toBe('ORDER_STATE_INVALID');
    expect(await stock()).toBe(before);
  });
});

describe('order actions under concurrency', postgresOnly('two sessions racing for one order row'), () => {
  it('two members of staff confirming the same deposit: one wins, the other is told', async () => {
    for (let i = 0; i < 5; i++) {
      const oid = await place();
      const answers = await Promise.all([act(oid, 'confirm-deposit', staff.sales), act(oid, 'confirm-deposit', staff.admin)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const { n } = await one<{ n: number }>(
        sql`select count(*)::int as n from order_events e join orders o on o.id = e.order_id where o.oid = ${oid} and e.to_status = 'PAID'`,
      );
      expect(n).toBe(1);
    }
  });

  it('a cancellation racing a shipment: exactly one happens, and the stock comes back only if it was the cancellation', async () => {
    for (let i = 0; i < 5; i++) {
      const before = await stock();
      const oid = await place('DELIVERY', 4);
      await act(oid, 'confirm-deposit', staff.sales);
      await act(oid, 'prepare', staff.warehouse);
      const [ship, cancel] = await Promise.all([
        act(oid, 'ship', staff.warehouse, { carrier: 'LOTTE', trackingNumber: `3100000000${i}` }),
        act(oid, 'cancel', staff.sales, { reason: '고객 요청' }),
      ]);
      expect([ship.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const { status } = await one<{ status: string }>(sql`select status from orders where oid = ${oid}`);
      expect(status).toBe(ship.statusCode === 200 ? 'SHIPPED' : 'CANCELLED');
      expect(await stock()).toBe(status === 'CANCELLED' ? before : before - 4);
    }
  });
});

describe("the back office's order list and dashboard", () => {
  it('filters by state, search, payment, period and dates, with counts per state under the other filters; names masked', async () => {
    const a = await place();
    const b = await place();
    await act(b, 'confirm-deposit', staff.sales);
    const list = async (qs: string, token = staff.warehouse) => {
      const r = await call('GET', `/admin/orders?${qs}`, token);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const today = await list('period=today&size=100');
    expect(today.data.map((o: { oid: string }) => o.oid)).toEqual(expect.arrayContaining([a, b]));
    const row = today.data.find((o: { oid: string }) => o.oid === a);
    expect(row).toMatchObject({
      status: 'AWAITING_DEPOSIT',
      statusName: '입금 대기',
      companyName: '와인바 포도',
      buyerName: '김**어',
      depositorName: '와인바 포도',
      lineCount: 1,
      overdue: false,
      actions: ['confirm-deposit', 'cancel'],
    });
    expect(JSON.stringify(today.data)).not.toContain('김바이어');
    const sum = Object.values(today.counts as Record<string, number>).reduce((x, y) => x + y, 0);
    expect(today.total).toBe(sum);

    const paid = await list('period=today&status=PAID&size=100');
    expect(paid.data.every((o: { status: string }) => o.status === 'PAID')).toBe(true);
    expect(paid.total).toBe(today.counts.PAID);
    expect(paid.counts).toEqual(today.counts); // the state does not narrow the counts
    expect((await list(`q=${a}`)).data.map((o: { oid: string }) => o.oid)).toEqual([a]);
    expect((await list(`q=${a.slice(0, 8)}&size=100`)).data.every((o: { oid: string }) => o.oid.startsWith(a.slice(0, 8)))).toBe(true);
    expect((await list('q=포도&period=today&size=100')).total).toBe(sum);
    expect((await list('q=없는상호&period=today')).total).toBe(0);
    expect((await list('endDate=2020-01-31')).total).toBe(0);
    expect(
      (await list('paymentMethod=CREDIT&period=today')).data.every((o: { paymentMethod: string }) => o.paymentMethod === 'CREDIT'),
    ).toBe(true);
    const byAmount = (await list('sort=amount&size=5')).data.map((o: { total: number }) => o.total);
    expect(byAmount).toEqual([...byAmount].sort((x, y) => y - x));
    const page2 = await list('size=1&page=2');
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0].oid).toBe((await list('size=2')).data[1].oid);
    expect((await call('GET', '/admin/orders?sort=price', staff.warehouse)).json().code).toBe('VALIDATION_FAILED');

    // Overdue: the deadline passed.
    await t.db.db.execute(sql`update orders set deposit_deadline = now() - interval '1 hour' where oid = ${a}`);
    const overdue = await list('overdue=true&size=100');
    expect(overdue.data.map((o: { oid: string }) => o.oid)).toContain(a);
    expect(overdue.data.every((o: { overdue: boolean }) => o.overdue)).toBe(true);
  });

  it('exports the filtered list as CSV with a BOM and as an Excel workbook, the same rows as the list', async () => {
    const listed = (await call('GET', '/admin/orders?period=today&size=100', staff.warehouse)).json();
    const csv = await call('GET', '/admin/orders/export?format=csv&period=today', staff.warehouse);
    expect(csv.statusCode, csv.body.slice(0, 200)).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="export.csv"; filename\*=UTF-8''%EC%A3%BC%EB%AC%B8%EB%AA%A9%EB%A1%9D-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = parseCsv(csv.rawPayload.subarray(3).toString('utf8')) as string[][];
    expect(lines[0]).toEqual([
      '주문번호',
      '주문일시',
      '상태',
      '수령 방법',
      '결제 수단',
      '상호',
      '주문자',
      '입금자명',
      '품목 수',
      '합계',
      '결제할 금액',
      '입금 기한',
    ]);
    expect(lines.slice(1).map((l) => l[0])).toEqual(listed.data.map((o: { oid: string }) => o.oid));
    const first = listed.data[0];
    expect(lines[1]).toEqual(expect.arrayContaining([first.oid, first.statusName, '김**어', String(first.total), String(first.payAmount)]));
    expect(lines[1]![1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const xlsx = await call('GET', '/admin/orders/export?period=today&status=PAID', staff.warehouse);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('주문목록');
    const paid = listed.data.filter((o: { status: string }) => o.status === 'PAID');
    expect(ws.rowCount).toBe(1 + paid.length);
    if (paid.length) {
      expect(ws.getRow(2).getCell(1).value).toBe(paid[0].oid);
      expect(ws.getRow(2).getCell(10).value).toBe(paid[0].total); // a number, shown as #,##0
      expect(ws.getRow(2).getCell(10).numFmt).toBe('#,##0');
    }
    expect((await call('GET', '/admin/orders/export?format=pdf', staff.warehouse)).statusCode).toBe(400);
  });

  it("counts today's work, only what the role may open", async () => {
    const sales = (await call('GET', '/admin/dashboard', staff.sales)).json().data;
    const warehouse = (await call('GET', '/admin/dashboard', staff.warehouse)).json().data;
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from orders where status = 'AWAITING_DEPOSIT'`);
    expect(sales.depositsAwaited).toBe(n);
    expect(sales.applications).toBeGreaterThanOrEqual(1); // the demo applicant
    expect(typeof sales.inquiriesOpen).toBe('number');
    expect(typeof sales.messagesFailed).toBe('number');
    expect(warehouse).toMatchObject({
      applications: null,
      businessChanges: null,
      inquiriesOpen: null,
      messagesFailed: null,
      depositsAwaited: n,
    });
    expect(typeof warehouse.toShip).toBe('number');
  });
});
