import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../../../tests/helpers/api-process';
import { sendJob, stockedSingleVintageWine } from '../../../../tests/helpers/jobs';
import { postgresOnly } from '../../../../tests/helpers/postgres-only';
import { createTempDatabase, TEST_JWT_SECRET } from '../../../../tests/helpers/test-app';
import { JOBS } from '.';

/**
 * The job queue with real worker processes on one PostgreSQL database: a schedule's occurrence is one job whichever
 * worker sees it first, and a job whose worker is killed in the middle is run again by another, its effect once.
 */
describe('background jobs across worker processes', postgresOnly('starts worker processes on one PostgreSQL database'), () => {
  let temp: Awaited<ReturnType<typeof createTempDatabase>>;
  let dataDir: string;
  let db: pg.Client;
  const started: ApiProcess[] = [];
  const env = () => ({
    DATABASE_URL: temp.url,
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    DEMO_DATA: 'true',
    PROCESS_ROLE: 'both',
    JOBS_POLL_SECONDS: '0.5',
    JOBS_SUPERVISE_SECONDS: '2',
  });
  const start = async () => {
    const p = await startApiProcess(env());
    started.push(p);
    return p;
  };
  beforeAll(async () => {
    temp = await createTempDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'podo-jobs-'));
    db = new pg.Client({ connectionString: temp.url });
    await db.connect();
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    await Promise.all(started.map((p) => p.stop()));
    await temp?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a killed worker’s job again on another worker: every overdue order is cancelled once, its stock back once', async () => {
    const a = await start();
    const login = await fetch(`${a.baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@example.com', password: 'Buyer!2345' }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const wine = await stockedSingleVintageWine(db, 1000);
    // Only this test's orders are overdue (the demo's waiting ones are paid).
    await db.query(`update orders set status = 'PAID' where status = 'AWAITING_DEPOSIT'`);

    const N = 120;
    for (let i = 0; i < N; i += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${a.baseUrl}/api/v1/commerce/orders`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              products: [{ idProduct: wine.product_id, qty: 1 }],
              type: 'PICKUP',
              paymentMethod: 'BANK_TRANSFER',
              depositorName: '작업시험',
            }),
          }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    }
    expect((await db.query('select stock from product_vintages where id = $1', [wine.id])).rows[0]?.stock).toBe(1000 - N);

    const cancelled = async () =>
      Number(
        (await db.query(`select count(*) n from orders where status = 'CANCELLED' and deposit->>'depositorName' = '작업시험'`)).rows[0]?.n,
      );
    await db.query(`update orders set deposit_deadline = now() - interval '1 minute' where status = 'AWAITING_DEPOSIT'`);
    const jobId = await sendJob(temp.url, 'cancel-overdue-orders');
    // Killed as soon as it has cancelled a few: the rest are left for the retry.
    await expect.poll(cancelled, { timeout: 20_000, interval: 20 }).toBeGreaterThan(3);
    await a.kill();
    const atKill = await cancelled();
    expect(atKill).toBeLessThan(N);

    // Another worker sees the job's heartbeat stop and runs it again.
    const b = await start();
    await expect
      .poll(cancelled, { timeout: 40_000, interval: 250 })
      .toBe(N)
      .catch(async (e: unknown) => {
        const row = await db.query(
          'select state, retry_count, heartbeat_on, heartbeat_seconds, started_on, now() from pgboss.job where id = $1',
          [jobId],
        );
        throw new Error(`${String(e)}\njob: ${JSON.stringify(row.rows[0])}\n${b.output()}`);
      });
    const events = await db.query<{ n: string; orders: string }>(
      `select count(*) n, count(distinct e.order_id) orders from order_events e join orders o on o.id = e.order_id
       where e.to_status = 'CANCELLED' and e.actor = 'SYSTEM' and o.deposit->>'depositorName' = '작업시험'`,
    );
    expect(events.rows[0]).toEqual({ n: String(N), orders: String(N) });
    expect((await db.query('select stock from product_vintages where id = $1', [wine.id])).rows[0]?.stock).toBe(1000);
    // The killed job itself is retried (after its retry delay) and completes; the every-minute occurrence on the new
    // worker may have done the rest of the work first.
    const job = async () =>
      (await db.query<{ state: string; retry_count: number }>('select state, retry_count from pgboss.job where id = $1', [jobId])).rows[0];
    await expect.poll(job, { timeout: 30_000, interval: 500 }).toEqual({ state: 'completed', retry_count: 1 });
  }, 120_000);

  it('makes each occurrence of a schedule one job whichever of two workers sees it, and keeps one schedule per job', async () => {
    // The worker of the first test and one more.
    await start();
    // The next minute's occurrence of the every-minute sweep: one job, run once, whichever worker saw it first.
    const minute = Math.ceil((Date.now() + 1000) / 60_000) * 60_000;
    const runs = async () =>
      (
        await db.query<{ state: string }>(
          `select state from pgboss.job where name = 'cancel-overdue-orders'
           and created_on >= to_timestamp($1 / 1000.0) - interval '1 second' and created_on < to_timestamp($1 / 1000.0) + interval '59 seconds'`,
          [minute],
        )
      ).rows;
    await new Promise((r) => setTimeout(r, minute - Date.now()));
    await expect.poll(runs, { timeout: 20_000, interval: 250 }).toEqual([{ state: 'completed' }]);
    // Both workers have checked the schedule since (every 2 s): still one.
    await new Promise((r) => setTimeout(r, 4000));
    expect(await runs()).toEqual([{ state: 'completed' }]);
    const schedules = await db.query<{ name: string; n: string; timezone: string }>(
      'select name, count(*) n, min(timezone) timezone from pgboss.schedule group by name order by name',
    );
    expect(schedules.rows).toEqual(
      JOBS.filter((j) => j.schedule)
        .map((j) => ({ name: j.name, n: '1', timezone: 'Asia/Seoul' }))
        .sort((x, y) => x.name.localeCompare(y.name)),
    );
  }, 90_000);
});
