import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@podo/db';
import { serviceCtx } from '../../deps';
import { auth, loginToken, staffToken } from '../../../../../tests/helpers/accounts';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { notifyRestocked } from './restock';

let t: TestApp;
let smtp: TestSmtpServer;
let buyer: string;
let admin: string;
let wine: { id: number; vintage: number; name: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  // A worker process: the notices are sent by the notify-restock job.
  t = await createTestApp({ SMTP_URL: smtp.url, PROCESS_ROLE: 'both', JOBS_POLL_SECONDS: '0.5' }, { catalog: true });
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  admin = await staffToken(t, 'admin@example.com');
  const [row] = rowsOf<{ product_id: number; id: number; name_ko: string }>(
    await t.db.db.execute(sql`
      select v.product_id, v.id, p.name_ko from product_vintages v join products p on p.id = v.product_id
      where v.is_on_sale and p.is_published order by v.id limit 1`),
  );
  if (!row) throw new Error('no wine');
  wine = { id: row.product_id, vintage: row.id, name: row.name_ko };
  await t.db.db.execute(sql`update product_vintages set stock = 0 where product_id = ${wine.id}`);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const stock = (n: number) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/admin/wines/vintages/${wine.vintage}/stock`, headers: auth(admin), payload: { stock: n } });
const restockMails = () => smtp.messages.filter((m) => m.subject.includes('재입고 알림'));

describe('restock notices', () => {
  it('tells a waiting buyer once when the wine is back, in their language, with a link to it', async () => {
    const on = await t.app.inject({ method: 'POST', url: `/api/v1/cart/restock-noti/product/B2B/${wine.id}/B2B`, headers: auth(buyer) });
    expect(on.statusCode).toBe(200);
    expect((await stock(0)).json()).toMatchObject({ restockNotices: false });
    const back = await stock(24);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ data: { id: wine.vintage, stock: 24 }, restockNotices: true });
    const mail = await smtp.waitFor((m) => m.subject === `[포도 와인] 재입고 알림: ${wine.name}`);
    expect(mail.to).toBe('buyer@example.com');
    expect(mail.text).toContain(`/product/${wine.id}`);
    // More stock, or the same wine again: no second notice until the buyer asks again.
    expect((await stock(48)).json().restockNotices).toBe(false);
    await stock(0);
    expect((await stock(6)).json().restockNotices).toBe(false);
    await new Promise((r) => setTimeout(r, 1000));
    expect(restockMails()).toHaveLength(1);
    // Only admins set stock, and never below zero.
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/wines/vintages/${wine.vintage}/stock`,
          headers: auth(buyer),
          payload: { stock: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/wines/vintages/${wine.vintage}/stock`,
          headers: auth(admin),
          payload: { stock: -1 },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('sends each notice once when several processes (connections) notice the restock at the same time', async () => {
    await t.app.inject({ method: 'POST', url: `/api/v1/cart/restock-noti/product/B2B/${wine.id}/B2B`, headers: auth(buyer) });
    const ctx = serviceCtx(t.app.deps, t.app.log);
    const counts = await Promise.all(Array.from({ length: 6 }, () => notifyRestocked(ctx, [wine.id])));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    await smtp.waitFor(() => restockMails().length === 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(restockMails()).toHaveLength(2);
  });
});
