import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@podo/db';
import { auth, loginToken, multipartBody, staffToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { normalizeName } from './deposits';

let t: TestApp;
let buyer: string;
let sales: string;
const wine = { product: 0, vintage: 0 };
let shipId = 0;

/**
 * A KB국민은행-style export in CP949 (as Korean banks write CSV): a title, the account, a blank line, then the
 * columns 거래일시, 적요, 보낸분/받는분, 출금액(원), 입금액(원), 잔액(원). Deposits on 2026-11-29: 와인바포도 1,000,010;
 * (주)비스트로한남 200,020; a card payment (a withdrawal); 홍길동 777,030; 모르는회사 123,450.
 */
const KB_CSV_CP949 = Buffer.from(
  'W0tCsbm5zsC6x+BdILDFt6Gzu7+qwbbIuAqw6MHCufjIoywxMjM0MDEtMDQtNTY3ODkwCgqwxbehwM+9wyzA+7/kLLq4s7260C+53rTCutAsw+Kx3b7XKL/4KSzA1LHdvtcov/gpLMDcvtcov/gpCjIwMjYuMTEuMjkgMTA6MDI6MTEsxbjH4MDMw7wsv83AzrnZxve1tSwwLCIxLDAwMCwwMTAiLCI1LDAwMCwwMDAiCjIwMjYuMTEuMjkgMTE6MTU6NDAsxbjH4MDMw7wsKMHWKbrxvbrGrrfOx9GzsiwwLCIyMDAsMDIwIiwiNSwyMDAsMDAwIgoyMDI2LjExLjI5IDEyOjAwOjAwLMSrteWw4cGmLLD8uK668SwiNTAsMDAwIiwwLCI1LDE1MCwwMDAiCjIwMjYuMTEuMjkgMTM6MzA6MDAsxbjH4MDMw7wsyKux5rW/LDAsIjc3NywwMzAiLCI1LDkyNywwMDAiCjIwMjYuMTEuMjkgMTQ6MDA6MDAsxbjH4MDMw7wsuPC4o7TCyLi75ywwLCIxMjMsNDUwIiwiNiwwNTAsNDUwIgo=',
  'base64',
);

const one = async <T>(query: ReturnType<typeof sql>) => {
  const [row] = rowsOf<T>(await t.db.db.execute(query));
  if (!row) throw new Error('no row');
  return row;
};

beforeAll(async () => {
  t = await createTestApp({}, { catalog: true });
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  sales = await staffToken(t, 'sales@example.com');
  const v = await one<{ product_id: number; id: number }>(sql`
    select v.product_id, v.id from product_vintages v join products p on p.id = v.product_id and p.is_published
    where v.is_on_sale order by v.id limit 1`);
  Object.assign(wine, { product: v.product_id, vintage: v.id });
  await t.db.db.execute(sql`update product_vintages set stock = 10000, order_step = 1, min_qty = 1 where id = ${wine.vintage}`);
  shipId = (
    await one<{ id: number }>(
      sql`select s.id from ship_addresses s join users u on u.id = s.user_id where u.email = 'buyer@example.com' and s.is_default`,
    )
  ).id;
});
afterAll(() => t?.close());

/** A bank-transfer order awaiting `pay` won from `depositor`, placed at `placed` (Korea time) and due at `due`. */
async function awaiting(pay: number, depositor: string, placed: string, due = '2026-12-01T23:59:59+09:00'): Promise<string> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v1/commerce/orders',
    headers: auth(buyer),
    payload: {
      products: [{ idProduct: wine.product, qty: 1 }],
      type: 'DELIVERY',
      paymentMethod: 'BANK_TRANSFER',
      idShip: shipId,
      depositorName: '임시',
    },
  });
  expect(r.statusCode, r.body).toBe(201);
  const oid = r.json().data.oid as string;
  await t.db.db
    .execute(sql`update orders set pay_amount = ${pay}, cash_used = total - ${pay}, deposit = jsonb_set(deposit, '{depositorName}', to_jsonb(${depositor}::text)),
    created_at = ${placed}::timestamptz, deposit_deadline = ${due}::timestamptz where oid = ${oid}`);
  return oid;
}

const upload = (bytes: Buffer, name = 'statement.csv', type = 'text/csv', token = sales) => {
  const body = multipartBody({ name, type, bytes });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/deposits/statement',
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
};

describe('deposits from a bank statement', () => {
  it('normalizes names as banks and buyers write them', () => {
    expect(normalizeName('(주) 와인바 포도')).toBe(normalizeName('와인바포도'));
    expect(normalizeName('주식회사 비스트로-한남')).toBe('비스트로한남');
    expect(normalizeName('㈜ＰＯＤＯ Wine')).toBe('podowine');
  });

  it("reads a bank's CP949 CSV and proposes each deposit's order: by the amount, then the sender's name; each order once", async () => {
    const a = await awaiting(1_000_010, '와인바 포도', '2026-11-28T10:00:00+09:00');
    const twin = await awaiting(1_000_010, '와인바 포도', '2026-11-28T11:00:00+09:00'); // the same amount and name, placed later
    const b = await awaiting(200_020, '비스트로한남 본점', '2026-11-27T09:00:00+09:00');
    const afterIt = await awaiting(200_020, '비스트로한남', '2026-11-30T09:00:00+09:00'); // placed after the deposit
    const c = await awaiting(777_030, '김철수', '2026-11-28T15:00:00+09:00', '2026-11-28T23:59:59+09:00'); // due the day before

    const r = await upload(KB_CSV_CP949);
    expect(r.statusCode, r.body).toBe(200);
    const { data, matched, unmatched, skipped } = r.json();
    expect({ matched, unmatched, skipped }).toEqual({ matched: 3, unmatched: 1, skipped: 1 });
    expect(
      data.map((d: { line: number; date: string; depositor: string; amount: number }) => [d.line, d.date, d.depositor, d.amount]),
    ).toEqual([
      [5, '2026-11-29', '와인바포도', 1_000_010],
      [6, '2026-11-29', '(주)비스트로한남', 200_020],
      [8, '2026-11-29', '홍길동', 777_030],
      [9, '2026-11-29', '모르는회사', 123_450],
    ]);
    const [wb, bistro, hong, unknown] = data;
    expect(wb).toMatchObject({ candidates: 2, match: { oid: a, strength: 'exact', depositorName: '와인바 포도', late: false } });
    expect(bistro).toMatchObject({ candidates: 1, match: { oid: b, strength: 'partial' } });
    expect(hong).toMatchObject({ candidates: 1, match: { oid: c, strength: 'amount', late: true } });
    expect(unknown).toMatchObject({ candidates: 0, match: null });
    expect(JSON.stringify(data)).not.toContain(twin);
    expect(JSON.stringify(data)).not.toContain(afterIt);

    // A person confirms a proposal: the order is paid, and the next statement no longer proposes it.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${a}/confirm-deposit`,
      headers: auth(sales),
      payload: { note: '통장 2026-11-29 와인바포도 1,000,010원' },
    });
    expect(confirmed.json().data.status).toBe('PAID');
    const again = (await upload(KB_CSV_CP949)).json().data;
    expect(again[0].match).toMatchObject({ oid: twin, strength: 'exact' });
  });

  it('reads an Excel export with its header below a title, dates as dates and amounts as numbers', async () => {
    const d = await awaiting(345_060, '주식회사 한남 와인', '2026-11-20T10:00:00+09:00');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('거래내역');
    ws.addRow(['신한은행 거래내역']);
    ws.addRow([]);
    ws.addRow(['거래일자', '입금', '출금', '내용', '잔액']);
    ws.addRow([new Date(Date.UTC(2026, 10, 21, 9, 30)), 345_060, 0, '한남와인', 1_000_000]);
    ws.addRow([new Date(Date.UTC(2026, 10, 21, 9, 45)), 0, 20_000, '수수료', 980_000]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await upload(bytes, 'statement.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ matched: 1, unmatched: 0, skipped: 1 });
    expect(r.json().data[0]).toMatchObject({
      line: 4,
      date: '2026-11-21',
      depositor: '한남와인',
      amount: 345_060,
      match: { oid: d, strength: 'exact' },
    });
  });

  it('refuses a file that is no statement, and a request without a file', async () => {
    const noColumns = await upload(Buffer.from('name,price\nwine,1000\n'));
    expect([noColumns.statusCode, noColumns.json().code]).toEqual([400, 'STATEMENT_UNREADABLE']);
    const binary = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'x.png', 'image/png');
    expect(binary.json().code).toBe('STATEMENT_UNREADABLE');
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/admin/deposits/statement', headers: auth(sales) });
    expect([none.statusCode, none.json().code]).toEqual([400, 'FILE_REQUIRED']);
  });
});
