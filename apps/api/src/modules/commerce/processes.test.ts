import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../../../../tests/helpers/api-process';
import { postgresOnly } from '../../../../../tests/helpers/postgres-only';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTempDatabase, TEST_JWT_SECRET } from '../../../../../tests/helpers/test-app';
import { sendJob, stockedSingleVintageWine } from '../../../../../tests/helpers/jobs';

/**
 * The ordering invariants with two server processes on one PostgreSQL database: stock never oversold whichever
 * process takes the order, overdue orders cancelled once by the cancel-overdue-orders job whichever worker runs it,
 * and the restock notice that cancellation causes sent once.
 */
describe('ordering with two server processes', postgresOnly('starts two server processes on one PostgreSQL database'), () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let dataDir: string;
  let smtp: TestSmtpServer;
  let a: ApiProcess;
  let b: ApiProcess;
  let db: pg.Client;
  beforeAll(async () => {
    temp = await createTempDatabase();
    smtp = await startSmtpServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'podo-orders-'));
    const env = {
      DATABASE_URL: temp.url,
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      DEMO_DATA: 'true',
      SMTP_URL: smtp.url,
      JOBS_POLL_SECONDS: '0.5',
    };
    // One after the other: the first migrates and loads the demo data.
    a = await startApiProcess(env);
    b = await startApiProcess(env);
    db = new pg.Client({ connectionString: temp.url });
    await db.connect();
  }, 180_000);
  afterAll(async () => {
    await db?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await temp?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (server: ApiProcess, url: string, token: string, body?: unknown) =>
    fetch(`${server.baseUrl}/api/v1${url}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'ko-KR',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  async function login(server: ApiProcess, email: string, i: number) {
    const r = await fetch(`${server.baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.66.0.${i}` },
      body: JSON.stringify({ email, password: 'Buyer!2345' }),
    });
    if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
  }

  it('sells 5 bottles to 5 of 20 buyers spread over both processes, cancels the unpaid orders once, and tells the waiting buyer once', async () => {
    await db.query(`
      insert into users (email, password_hash, full_name, role, status, buyer_level, lang)
      select 'proc' || g || '@example.com', password_hash, full_name, 'BUYER', 'APPROVED', 'GENERAL', 'ko-KR'
      from users, generate_series(1, 20) g where email = 'buyer@example.com'`);
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => login(i % 2 ? b : a, `proc${i + 1}@example.com`, i + 1)));
    const wine = await stockedSingleVintageWine(db, 5);

    const body = {
      products: [{ idProduct: wine.product_id, qty: 1 }],
      type: 'PICKUP',
      paymentMethod: 'BANK_TRANSFER',
      depositorName: '포도',
    };
    const answers = await Promise.all(tokens.map((t, i) => post(i % 2 ? a : b, '/commerce/orders', t, body)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect((await db.query('select stock from product_vintages where id = $1', [wine.id])).rows[0]?.stock).toBe(0);

    // A buyer waits for the sold-out wine.
    const waiting = tokens[19] ?? '';
    expect((await post(a, `/cart/restock-noti/product/B2B/${wine.product_id}/B2B`, waiting)).status).toBe(200);

    // The deadlines pass, and the sweep runs now (it also runs every minute); each order is cancelled once.
    await db.query(`update orders set deposit_deadline = now() - interval '1 minute' where status = 'AWAITING_DEPOSIT'`);
    await sendJob(temp.url, 'cancel-overdue-orders');
    await expect
      .poll(async () => Number((await db.query(`select count(*) n from orders where status = 'AWAITING_DEPOSIT'`)).rows[0]?.n), {
        timeout: 15_000,
      })
      .toBe(0);
    const events = await db.query<{ n: string }>(
      `select count(*) n from order_events e join orders o on o.id = e.order_id where e.to_status = 'CANCELLED' and o.user_id in (select id from users where email like 'proc%')`,
    );
    expect(Number(events.rows[0]?.n)).toBe(5);
    expect((await db.query('select stock from product_vintages where id = $1', [wine.id])).rows[0]?.stock).toBe(5);
    await smtp.waitFor((m) => m.to === 'proc20@example.com' && m.subject.includes('재입고 알림'));
    // Both processes had the chance to send it again.
    await new Promise((r) => setTimeout(r, 2500));
    expect(smtp.messages.filter((m) => m.to === 'proc20@example.com' && m.subject.includes('재입고 알림'))).toHaveLength(1);
  }, 120_000);
});
