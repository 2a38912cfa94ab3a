import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleBuckets, verificationCodes } from '@podo/db';
import { createAccountTestApp, freshIp, type AccountTestApp } from '../../../../../tests/helpers/accounts';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { smsCapWindows } from '../../lib/notify';
import { at, first, present } from '../../../../../tests/helpers/items';

/** Waits past the next hour when it is less than 20 s away: the hourly window must not change during a test. */
async function clearOfHourEdge() {
  const left = 3600_000 - (Date.now() % 3600_000);
  if (left < 20_000) await new Promise((r) => setTimeout(r, left + 500));
}

let seq = 0;
const nextMobile = () => `010-7${String(process.pid % 1000).padStart(3, '0')}-${String(++seq).padStart(4, '0')}`;

describe('global SMS cap (3 an hour, 5 a day here)', () => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await createAccountTestApp({ SMS_CAP_PER_HOUR: '3', SMS_CAP_PER_DAY: '5' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, lang = 'en-US') =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: { 'accept-language': lang }, remoteAddress: freshIp() });
  const count = async (key: string) => (await t.db.db.select().from(throttleBuckets).where(eq(throttleBuckets.key, key)))[0]?.count ?? 0;
  const windows = () => {
    const key = (name: 'hour' | 'day') =>
      present(
        smsCapWindows(t.config).find((w) => w.name === name),
        `the ${name} window`,
      ).key;
    return { hour: key('hour'), day: key('day') };
  };
  /** The admin's notices, handed over from the outbox first. */
  const capNotices = async () => {
    await t.deliver();
    return t.smtp.messages.filter((m) => m.to === 'admin@example.com' && m.subject.includes('문자 발송 한도'));
  };

  it('does not count an SMS the provider failed to take', async () => {
    await clearOfHourEdge();
    t.sms.failNext(500);
    const r = await post('/cert', { mode: 'SIGNUP_MOBILE', mobile: nextMobile() });
    expect(r.json().code).toBe('SERVICE_UNAVAILABLE');
    expect(await count(windows().hour)).toBe(0);
    expect(await count(windows().day)).toBe(0);
  });

  it('lets exactly the cap through from parallel requests of many addresses, refuses the rest, and tells the admin once', async () => {
    await clearOfHourEdge();
    const sent = t.sms.messages.length;
    const mobiles = Array.from({ length: 8 }, nextMobile);
    const answers = await Promise.all(mobiles.map((mobile) => post('/cert', { mode: 'SIGNUP_MOBILE', mobile })));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ code: 'SMS_UNAVAILABLE', message: 'Text messages cannot be sent right now. Please try again later.' });
    }
    expect(t.sms.messages.length - sent).toBe(3);
    expect(await count(windows().hour)).toBe(3);

    // The refused numbers have no code that works, and can ask again later without a cooldown.
    for (const [i, r] of answers.entries()) {
      if (r.statusCode === 200) continue;
      const mobile = at(mobiles, i);
      const open = await t.db.db.select().from(verificationCodes).where(eq(verificationCodes.target, mobile));
      expect(open.every((c) => c.consumedAt !== null)).toBe(true);
      expect(await count(`code:cool:SIGNUP_MOBILE:${mobile}`)).toBe(0);
    }

    // One notice, in the admin's language, however many requests were refused.
    expect(await capNotices()).toHaveLength(1);
    expect(first(await capNotices()).subject).toBe('[포도 와인] 문자 발송 한도 도달');
    expect(first(await capNotices()).text).toContain('이번 한 시간의 문자 발송 한도(3건)에 도달해');
    expect(first(await capNotices()).text).toMatch(/\d{4}-\d\d-\d\d \d\d:00 KST까지/);

    const later = await post('/cert', { mode: 'CERT_MOBILE', mobile: nextMobile() }, 'ko-KR');
    expect(later.json()).toEqual({
      code: 'SMS_UNAVAILABLE',
      message: '지금은 문자 메시지를 보낼 수 없습니다. 잠시 후 다시 시도해 주세요.',
    });
    expect(t.sms.messages.length - sent).toBe(3);
    expect(await capNotices()).toHaveLength(1);
  });

  it('still sends e-mail codes; recovery by SMS says to use e-mail, alike for a member and for unknown details', async () => {
    await clearOfHourEdge();
    const mail = await post('/cert', { mode: 'SIGNUP_EMAIL', email: 'capped@example.com' });
    expect(mail.statusCode).toBe(200);
    await t.smtp.waitFor((m) => m.to === 'capped@example.com');

    const buyer = { email: 'buyer@example.com', mobile: '010-1234-5678', fullname: '김바이어' };
    const nobody = { email: 'nobody@example.com', mobile: nextMobile(), fullname: '아무개' };
    const sent = t.sms.messages.length;
    for (const who of [buyer, nobody]) {
      const reset = await post('/find/password/mobile', who);
      expect(reset.statusCode).toBe(503);
      expect(reset.json()).toEqual({
        code: 'SMS_UNAVAILABLE_USE_EMAIL',
        message: 'Text messages cannot be sent right now. Please reset your password by e-mail instead.',
      });
      const find = await post('/find/account/mobile', { fullname: who.fullname, mobile: who.mobile });
      expect(find.statusCode).toBe(503);
      expect(find.json().code).toBe('SMS_UNAVAILABLE');
    }
    const byMail = await post('/find/password/email', { email: buyer.email, fullname: buyer.fullname });
    expect(byMail.statusCode).toBe(200);
    await t.smtp.waitFor((m) => m.to === buyer.email && /\[\d{6}\]/.test(m.text));
    await new Promise((r) => setTimeout(r, 200)); // background deliveries, had there been any
    expect(t.sms.messages.length).toBe(sent);
    expect(await capNotices()).toHaveLength(1);
  });

  it('caps the day too: a new hour sends until the daily cap, gives the hour back, and tells the admin once more', async () => {
    await clearOfHourEdge();
    // A new hour, as the clock would bring it: the hourly count starts again, the day's stays at 3.
    await t.db.db.delete(throttleBuckets).where(like(throttleBuckets.key, 'sms:cap:%hour%'));
    const sent = t.sms.messages.length;
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await post('/cert', { mode: 'SIGNUP_MOBILE', mobile: nextMobile() })).statusCode);
    expect(codes).toEqual([200, 200, 503]);
    expect(t.sms.messages.length - sent).toBe(2);
    expect(await count(windows().day)).toBe(5);
    expect(await count(windows().hour)).toBe(2);
    const day = (await capNotices()).filter((m) => m.text.includes('오늘의 문자 발송 한도(5건)'));
    expect(day).toHaveLength(1);
  });
});

describe('SMS cap notices to ADMIN_EMAIL', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, SMS_CAP_PER_HOUR: '0', ADMIN_EMAIL: 'ops@podo.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('with a cap of 0 sends no SMS at all and tells ADMIN_EMAIL (only) once', async () => {
    await clearOfHourEdge();
    for (let i = 0; i < 3; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cert',
        payload: { mode: 'SIGNUP_MOBILE', mobile: nextMobile() },
        remoteAddress: freshIp(),
      });
      expect(r.json().code).toBe('SMS_UNAVAILABLE');
    }
    await t.deliver();
    await smtp.waitFor((m) => m.to === 'ops@podo.test');
    expect(smtp.messages.map((m) => m.to)).toEqual(['ops@podo.test']);
    expect(first(smtp.messages).text).toContain('(0건)');
  });
});
