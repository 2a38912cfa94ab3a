import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { outboxMessages, rowsOf } from '@podo/db';
import { serviceCtx } from '../deps';
import { auth, loginToken, staffToken } from '../../../../tests/helpers/accounts';
import { postgresOnly } from '../../../../tests/helpers/postgres-only';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/smtp-server';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { deliverMany, deliverQueued } from './outbox';

const inquiry = (n: number) => ({
  companyName: `와인바 포도 ${n}호점`,
  fullName: '박소믈',
  mobile: '01055556666',
  email: 'sommelier@example.com',
  content: '거래 조건과 샘플 테이스팅 일정을 문의드립니다.',
  privacyAgree: true,
  renderedAt: Date.now() - 20_000,
});

const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1];

describe('the outbox', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let admin: string;
  let n = 0;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, ADMIN_EMAIL: 'sales@podo-wine.example', MAIL_FROM: 'PODO <no-reply@podo.test>' });
    admin = await staffToken(t, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Sends a contact inquiry (which writes the importer's mail to the outbox); the outbox row. */
  async function contact() {
    n += 1;
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/contacts', payload: inquiry(n), remoteAddress: `10.9.0.${n}` });
    expect(r.statusCode, r.body).toBe(201);
    const [row] = await t.db.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.subject} like ${`%#${r.json().data.id}:%`}`);
    if (!row) throw new Error('no outbox row for the inquiry');
    return row;
  }
  const rowOf = async (id: number) => (await t.db.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];
  const call = (method: 'GET' | 'POST', url: string, lang = 'en-US') =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { ...auth(admin), 'accept-language': lang } });

  it('writes a message with its change and hands it over once, however many attempts take it up', async () => {
    const row = await contact();
    expect(row).toMatchObject({
      channel: 'mail',
      purpose: 'contact',
      recipient: 'sales@podo-wine.example',
      status: 'pending',
      attempts: 0,
    });
    // Nothing is sent in the request.
    expect(smtp.messages.filter((m) => m.subject.includes(row.subject ?? '?'))).toHaveLength(0);

    const ctx = serviceCtx(t.app.deps, t.app.log);
    const outcomes = await Promise.all(
      [deliverQueued(ctx, row.id, false), deliverQueued(ctx, row.id, false)].map((p) => p.catch(() => 'busy')),
    );
    // One attempt sent it; the other found it sent or still claimed (and would be retried, to find it sent).
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(await t.deliver()).toBe(1); // the queued job: finds it sent
    expect(await deliverQueued(ctx, row.id, false)).toBe('skipped');
    // An attempt that finds another's live claim leaves it a job for when the claim ends, and spends no retry.
    await t.db.db.execute(
      sql`update outbox_messages set status = 'sending', claimed_until = now() + interval '1 minute' where id = ${row.id}`,
    );
    expect(await deliverQueued(ctx, row.id, false)).toBe('deferred');
    expect(await t.deliver()).toBe(0); // not before the claim ends
    await t.db.db.execute(sql`update outbox_messages set status = 'sent', claimed_until = null where id = ${row.id}`);
    const mails = smtp.messages.filter((m) => m.subject === row.subject);
    expect(mails).toHaveLength(1);
    expect(messageIdOf(mails[0]!.raw)).toBe(`<outbox.${row.id}@podo.test>`);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('hands a batch over with one claim: each message once, a sent one skipped, a claimed one deferred', async () => {
    const [a, b, sentBefore, held] = [await contact(), await contact(), await contact(), await contact()];
    const ctx = serviceCtx(t.app.deps, t.app.log);
    await deliverQueued(ctx, sentBefore.id, false);
    await t.db.db.execute(
      sql`update outbox_messages set status = 'sending', claimed_until = now() + interval '1 minute' where id = ${held.id}`,
    );
    const outcomes = await deliverMany(ctx, [
      { id: a.id, lastAttempt: false },
      { id: b.id, lastAttempt: false },
      { id: a.id, lastAttempt: false },
      { id: sentBefore.id, lastAttempt: false },
      { id: held.id, lastAttempt: false },
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['sent', 'sent', 'skipped', 'skipped', 'deferred']);
    for (const row of [a, b, sentBefore]) {
      expect(smtp.messages.filter((m) => m.subject === row.subject)).toHaveLength(1);
      expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1 });
    }
    expect(smtp.messages.filter((m) => m.subject === held.subject)).toHaveLength(0);
    await t.db.db.execute(sql`update outbox_messages set status = 'sent', claimed_until = null where id = ${held.id}`);
    await t.deliver();
  });

  it('keeps a message through a mail server outage, fails it after the last attempt, and sends it again on request', async () => {
    await smtp.stop();
    try {
      const row = await contact(); // the inquiry is taken while the mail server is down
      await t.deliver();
      const waiting = await rowOf(row.id);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
      expect(waiting?.lastError).toMatch(/SMTP delivery failed/);
      // The last attempt fails too: the message is failed for good.
      await expect(deliverQueued(serviceCtx(t.app.deps, t.app.log), row.id, true)).rejects.toThrow(/SMTP/);
      expect(await rowOf(row.id)).toMatchObject({ status: 'failed', attempts: 2 });

      const list = await call('GET', '/admin/outbox');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().counts.failed).toBeGreaterThanOrEqual(1);
      expect(list.json().data.find((m: { id: number }) => m.id === row.id)).toMatchObject({
        status: 'failed',
        purpose: 'contact',
        attempts: 2,
        lastError: expect.stringMatching(/SMTP/),
      });
      expect((await call('GET', '/admin/outbox?status=sent')).json().data.every((m: { status: string }) => m.status === 'sent')).toBe(true);

      await smtp.start();
      const retried = await call('POST', `/admin/outbox/${row.id}/retry`);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().data).toMatchObject({ status: 'pending', attempts: 0 });
      const again = await call('POST', `/admin/outbox/${row.id}/retry`, 'ko-KR');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'OUTBOX_NOT_FAILED',
        message: '실패한 메시지만 다시 보낼 수 있습니다. (현재 상태: pending)',
      });
      expect((await call('POST', '/admin/outbox/999999/retry')).statusCode).toBe(404);
      await t.deliver();
      await smtp.waitFor((m) => m.subject === row.subject);
      expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await smtp.start();
    }
  });

  it('fails a code request at once when the code cannot be delivered, keeps the code out of the record and never resends it', async () => {
    await smtp.stop();
    try {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cert',
        payload: { mode: 'SIGNUP_EMAIL', email: 'newcomer@example.com' },
        headers: { 'accept-language': 'en-US' },
        remoteAddress: '10.9.1.1',
      });
      expect(r.statusCode).toBe(503);
      const [row] = await t.db.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'newcomer@example.com'));
      expect(row).toMatchObject({ purpose: 'code', status: 'failed', attempts: 1 });
      expect(row?.body).toContain('••••••');
      expect(row?.body).not.toMatch(/\d{6}/);
      const retry = await call('POST', `/admin/outbox/${row!.id}/retry`);
      expect(retry.json().code).toBe('OUTBOX_NOT_RETRYABLE');
    } finally {
      await smtp.start();
    }
  });

  it('fails what no attempt will take up, forgets sent messages after 30 days and failed ones after 90 (purge-expired-records)', async () => {
    const rows = rowsOf<{ id: number; label: string }>(
      await t.db.db.execute(sql`
        insert into outbox_messages (channel, purpose, recipient, subject, body, status, updated_at)
        select 'mail', 'purge-test', v.label || '@example.com', v.label, 'x', v.status, now() - make_interval(days => v.days)
        from (values ('sent-31', 'sent', 31), ('sent-29', 'sent', 29), ('failed-91', 'failed', 91), ('failed-89', 'failed', 89),
          ('pending-200', 'pending', 200)) as v(label, status, days)
        returning id, subject as label`),
    );
    rows.push(
      ...rowsOf<{ id: number; label: string }>(
        await t.db.db.execute(sql`
          insert into outbox_messages (channel, purpose, recipient, subject, body, status, claimed_until)
          values ('mail', 'purge-test', 'a@example.com', 'sending-lapsed', 'x', 'sending', now() - interval '3 hours'),
            ('mail', 'purge-test', 'b@example.com', 'sending-live', 'x', 'sending', now() + interval '1 minute')
          returning id, subject as label`),
      ),
    );
    await t.app.deps.jobs.send(t.db.db, 'purge-expired-records');
    expect(await t.app.deps.jobs.drain('purge-expired-records')).toBe(1);
    const left = await t.db.db.select().from(outboxMessages).where(eq(outboxMessages.purpose, 'purge-test'));
    expect(left.map((m) => m.subject).sort()).toEqual(['failed-89', 'pending-200', 'sending-lapsed', 'sending-live', 'sent-29']);
    // What no attempt will take up any more is failed for a person to see: a message waiting for days, a claim that
    // lapsed hours ago. A live claim stays.
    const status = Object.fromEntries(left.map((m) => [m.subject, m.status]));
    expect(status).toMatchObject({ 'pending-200': 'failed', 'sending-lapsed': 'failed', 'sending-live': 'sending', 'sent-29': 'sent' });
    expect(rows).toHaveLength(7);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const counts = (await call('GET', '/admin/outbox')).json().counts;
    const badStatus = await call('GET', '/admin/outbox?status=lost');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().code).toBe('VALIDATION_FAILED');
    expect((await call('GET', '/admin/outbox?size=0')).statusCode).toBe(400);
    const badId = await call('POST', '/admin/outbox/abc/retry', 'ko-KR');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/[가-힣]/);
    expect((await call('GET', '/admin/outbox')).json().counts).toEqual(counts);
  });

  it('is only for administrators', async () => {
    const buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: auth(buyer) });
    expect(r.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox' })).statusCode).toBe(401);
  });
});

describe('order confirmations while the mail server is down', postgresOnly('a worker retrying against a real outage'), () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // A worker in this process: retries after 1 s, then 2, 4 …
    t = await createTestApp(
      { SMTP_URL: smtp.url, PROCESS_ROLE: 'both', JOBS_POLL_SECONDS: '0.5', OUTBOX_RETRY_SECONDS: '1' },
      { catalog: true },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('every one of 20 orders placed during the outage is confirmed once after the server is back', async () => {
    const buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
    const [wine] = rowsOf<{ product_id: number; id: number }>(
      await t.db.db.execute(sql`select v.product_id, v.id from product_vintages v join products p on p.id = v.product_id and p.is_published
        where v.is_on_sale and (select count(*) from product_vintages x where x.product_id = v.product_id) = 1 order by v.id limit 1`),
    );
    await t.db.db.execute(
      sql`update product_vintages set stock = 1000, order_step = 1, min_qty = 1, trade_price = 10000 where id = ${wine!.id}`,
    );
    await smtp.stop();
    const oids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/commerce/orders',
        headers: auth(buyer),
        payload: {
          products: [{ idProduct: wine!.product_id, qty: 1 }],
          type: 'PICKUP',
          paymentMethod: 'BANK_TRANSFER',
          depositorName: '포도상사',
        },
      });
      expect(r.statusCode, r.body).toBe(201);
      oids.push(r.json().data.oid);
    }
    // The worker tries, and fails, while the server is down.
    await expect
      .poll(
        async () =>
          (await t.db.db.select().from(outboxMessages).where(eq(outboxMessages.purpose, 'order-placed'))).filter((m) => m.attempts > 0)
            .length,
        {
          timeout: 15_000,
        },
      )
      .toBe(20);
    expect(smtp.messages).toHaveLength(0);
    await smtp.start();
    await expect
      .poll(() => smtp.messages.filter((m) => oids.some((oid) => m.subject.includes(oid))).length, { timeout: 60_000, interval: 250 })
      .toBe(20);
    // Give every worker a chance to send one again: none does.
    await new Promise((r) => setTimeout(r, 3000));
    for (const oid of oids) expect(smtp.messages.filter((m) => m.subject.includes(oid))).toHaveLength(1);
    const ids = new Set(smtp.messages.map((m) => messageIdOf(m.raw)));
    expect(ids.size).toBe(smtp.messages.length);
    const rows = await t.db.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'order-placed'))
      .orderBy(asc(outboxMessages.id));
    expect(rows.map((r) => r.status)).toEqual(Array(20).fill('sent'));
  });
});
