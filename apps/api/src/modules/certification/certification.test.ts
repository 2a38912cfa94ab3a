import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleBuckets, users, verificationCodes, withdrawals } from '@podo/db';
import { startSmsServer, type TestSmsServer } from '../../../../../tests/helpers/sms-server';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { consumeVerified } from './codes';
import { first, group } from '../../../../../tests/helpers/items';

let t: TestApp;
let smtp: TestSmtpServer;
let sms: TestSmsServer;

beforeAll(async () => {
  [smtp, sms] = await Promise.all([startSmtpServer(), startSmsServer()]);
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'PODO WINE <no-reply@podo.test>',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: sms.url,
    SMS_HTTP_TOKEN: 'sms-secret-token',
    SMS_SENDER: '02-555-0199',
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([smtp?.close(), sms?.close()]);
});

// Every test uses its own numbers and client address, so cooldowns and caps never leak between tests.
let seq = 0;
const nextMobile = () => `0109000${String(++seq).padStart(4, '0')}`;
const dashed = (m: string) => `${m.slice(0, 3)}-${m.slice(3, 7)}-${m.slice(7)}`;
const nextIp = () => `10.1.0.${++seq}`;

function post(url: string, payload: unknown, opts: { lang?: string; ip?: string; host?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as Record<string, unknown>,
    headers: { 'accept-language': opts.lang ?? 'ko-KR', ...(opts.host ? { host: opts.host } : {}) },
    remoteAddress: opts.ip ?? '10.0.0.1',
  });
}

/** Sends a code by SMS and returns it as the phone received it. */
async function smsCode(mode: 'SIGNUP_MOBILE' | 'CERT_MOBILE', mobile: string, lang = 'ko-KR') {
  const before = sms.messages.length;
  const r = await post('/cert', { mode, mobile }, { lang, ip: nextIp() });
  expect(r.statusCode, r.body).toBe(200);
  const msg = await sms.waitFor((m) => sms.messages.indexOf(m) >= before && m.to === mobile);
  return { code: group(/\[(\d{6})\]/.exec(msg.text)), msg, answer: r.json() };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const rowsFor = (target: string) =>
  t.db.db.select().from(verificationCodes).where(eq(verificationCodes.target, target)).orderBy(verificationCodes.id);

describe('POST /cert by SMS', () => {
  it('sends a 6-digit code in Korean by default, through the HTTP provider, and stores only a keyed hash', async () => {
    const mobile = nextMobile();
    const { code, msg, answer } = await smsCode('SIGNUP_MOBILE', mobile);
    expect(answer.message).toBe('인증번호를 발송했습니다.');
    expect(answer.data.resendAfterSeconds).toBe(60);
    const ttl = new Date(answer.data.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(170_000);
    expect(ttl).toBeLessThanOrEqual(180_000);
    expect(msg).toMatchObject({ to: mobile, from: '025550199', authorization: 'Bearer sms-secret-token' });
    expect(msg.text).toBe(`[포도 와인] 인증번호 [${code}]를 입력해 주세요. (3분 이내)`);

    const row = first(await rowsFor(dashed(mobile)));
    expect(row).toMatchObject({ purpose: 'SIGNUP_MOBILE', target: dashed(mobile), attempts: 0, verifiedAt: null });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);

    const ok = await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile: dashed(mobile), code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: '인증이 완료되었습니다.', data: { verified: true } });
    // The same right code again (e.g. typed after the link was opened) is still fine.
    const again = await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code }, { lang: 'en-US' });
    expect(again.json()).toEqual({ message: 'The verification code has been verified.', data: { verified: true } });
  });

  it('writes the SMS and the answer in English for accept-language en-US', async () => {
    const mobile = nextMobile();
    const { code, msg, answer } = await smsCode('CERT_MOBILE', mobile, 'en-US');
    expect(answer.message).toBe('A verification code has been sent.');
    expect(msg.text).toBe(`[PODO WINE] Your verification code is [${code}] (valid 3 min).`);
  });

  it('needs the mobile for SIGNUP_MOBILE and CERT_MOBILE and the e-mail for SIGNUP_EMAIL, with a localized field message', async () => {
    const cases = [
      { body: { mode: 'SIGNUP_MOBILE' }, lang: 'ko-KR', message: '휴대폰 번호: 필수 입력 항목입니다.' },
      { body: { mode: 'CERT_MOBILE', email: 'a@example.com' }, lang: 'en-US', message: 'Mobile number: This field is required.' },
      { body: { mode: 'SIGNUP_EMAIL', mobile: '010-1234-5678' }, lang: 'en-US', message: 'E-mail: This field is required.' },
      {
        body: { mode: 'SIGNUP_MOBILE', mobile: '02-123-4567' },
        lang: 'en-US',
        message: 'Mobile number: Enter a Korean mobile number like 010-1234-5678.',
      },
    ];
    for (const c of cases) {
      for (const url of ['/cert', '/cert/confirm']) {
        const r = await post(url, { ...c.body, ...(url.endsWith('confirm') ? { code: '123456' } : {}) }, { lang: c.lang, ip: nextIp() });
        expect(r.statusCode).toBe(400);
        expect(r.json()).toEqual({ code: 'VALIDATION_FAILED', message: c.message });
      }
    }
    const badMode = await post('/cert', { mode: 'FIND_ACCOUNT', mobile: '010-1234-5678' }, { lang: 'en-US' });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().message).toMatch(/^Verification type: /);
    const badCode = await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile: '010-1234-5678', code: '12345' }, { lang: 'en-US' });
    expect(badCode.json().message).toBe('Verification code: Enter the 6-digit verification code.');
  });

  it('counts wrong codes (remaining attempts in the message); after 5 even the right code is refused', async () => {
    const mobile = dashed(nextMobile());
    const { code } = await smsCode('SIGNUP_MOBILE', mobile.replace(/-/g, ''));
    for (let i = 1; i <= 4; i++) {
      const r = await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code: wrong(code) }, { lang: 'en-US' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'CODE_INVALID', message: `The verification code is incorrect. (${5 - i} attempts left)` });
    }
    const fifth = await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code: wrong(code) });
    expect(fifth.json()).toEqual({
      code: 'CODE_ATTEMPTS_EXCEEDED',
      message: '인증번호 입력 횟수를 초과했습니다. 인증번호를 다시 요청해 주세요.',
    });
    const right = await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
    const row = first(await rowsFor(mobile));
    expect(row.attempts).toBe(5);
    expect(row.verifiedAt).toBeNull();
  });

  it('refuses an expired code', async () => {
    const mobile = dashed(nextMobile());
    const { code } = await smsCode('SIGNUP_MOBILE', mobile.replace(/-/g, ''));
    await t.db.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.target, mobile));
    const r = await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code }, { lang: 'en-US' });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('CODE_EXPIRED');
    expect(r.json().message).toContain('The verification code has expired');
  });

  it('binds a code to its purpose and target', async () => {
    const a = dashed(nextMobile());
    const b = dashed(nextMobile());
    const signup = await smsCode('SIGNUP_MOBILE', a.replace(/-/g, ''));
    const change = await smsCode('CERT_MOBILE', a.replace(/-/g, ''));
    // The sign-up code does not confirm the change-mobile code of the same number (nor the reverse)…
    const cross = await post('/cert/confirm', { mode: 'CERT_MOBILE', mobile: a, code: signup.code });
    const cross2 = await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile: a, code: change.code });
    // …unless both codes happen to be equal (one in a million): then the purposes still differ in the hash.
    if (signup.code !== change.code) {
      expect(cross.json().code).toBe('CODE_INVALID');
      expect(cross2.json().code).toBe('CODE_INVALID');
    }
    // …nor another number, nor the recovery purposes.
    const other = await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile: b, code: signup.code });
    expect(other.json().code).toBe('CODE_EXPIRED');
    const recovery = await post('/find/account/mobile/confirm', { fullname: '아무개', mobile: a, code: signup.code });
    expect(recovery.statusCode).toBe(400);
    // A verified sign-up code cannot be used up as a change-mobile code.
    expect((await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile: a, code: signup.code })).statusCode).toBe(200);
    await expect(consumeVerified(t.db.db, { purpose: 'CERT_MOBILE', target: a })).rejects.toMatchObject({ code: 'CODE_NOT_VERIFIED' });
    await expect(consumeVerified(t.db.db, { purpose: 'SIGNUP_MOBILE', target: b })).rejects.toMatchObject({ code: 'CODE_NOT_VERIFIED' });
    await consumeVerified(t.db.db, { purpose: 'SIGNUP_MOBILE', target: a });
  });

  it('is single use: a verified code is used up once', async () => {
    const mobile = dashed(nextMobile());
    const { code } = await smsCode('SIGNUP_MOBILE', mobile.replace(/-/g, ''));
    await expect(consumeVerified(t.db.db, { purpose: 'SIGNUP_MOBILE', target: mobile })).rejects.toMatchObject({
      code: 'CODE_NOT_VERIFIED',
    });
    expect((await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code })).statusCode).toBe(200);
    await consumeVerified(t.db.db, { purpose: 'SIGNUP_MOBILE', target: mobile });
    await expect(consumeVerified(t.db.db, { purpose: 'SIGNUP_MOBILE', target: mobile })).rejects.toMatchObject({
      code: 'CODE_NOT_VERIFIED',
    });
    // A used code cannot be confirmed again either.
    expect((await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code })).json().code).toBe('CODE_EXPIRED');
  });

  it('answers CODE_COOLDOWN (429) for a resend within 60 s; a later code replaces the earlier one', async () => {
    const digits = nextMobile();
    const mobile = dashed(digits);
    const first = await smsCode('SIGNUP_MOBILE', digits);
    const before = sms.messages.length;
    const again = await post('/cert', { mode: 'SIGNUP_MOBILE', mobile }, { lang: 'en-US', ip: nextIp() });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('CODE_COOLDOWN');
    expect(again.json().message).toMatch(/^A code was just sent\. You can request another in (59|60) seconds\.$/);
    expect(sms.messages.length).toBe(before);

    // Once the cooldown has passed (its window removed here), a new code replaces the first one.
    await t.db.db.delete(throttleBuckets).where(eq(throttleBuckets.key, `code:cool:SIGNUP_MOBILE:${mobile}`));
    const second = await smsCode('SIGNUP_MOBILE', digits);
    if (second.code !== first.code) {
      expect((await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code: first.code })).json().code).toBe('CODE_INVALID');
    }
    expect((await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code: second.code })).statusCode).toBe(200);
  });

  it('caps codes per target per day and per client address per hour (CODE_SEND_LIMIT, 429)', async () => {
    const capped = dashed(nextMobile());
    await t.db.db.insert(throttleBuckets).values({ key: `code:target:${capped}`, count: 10, resetAt: sql`now() + interval '1 day'` });
    const before = sms.messages.length;
    const r = await post('/cert', { mode: 'SIGNUP_MOBILE', mobile: capped }, { lang: 'en-US', ip: nextIp() });
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual({ code: 'CODE_SEND_LIMIT', message: 'Too many codes have been requested. Please try again later.' });

    const busyIp = '203.0.113.77';
    await t.db.db.insert(throttleBuckets).values({ key: `code:ip:${busyIp}`, count: 30, resetAt: sql`now() + interval '1 hour'` });
    const mobile = dashed(nextMobile());
    const fromBusy = await post('/cert', { mode: 'SIGNUP_MOBILE', mobile }, { ip: busyIp });
    expect(fromBusy.statusCode).toBe(429);
    expect(fromBusy.json().code).toBe('CODE_SEND_LIMIT');
    expect(sms.messages.length).toBe(before);
    // The refused request started no cooldown and used none of the number's daily sends.
    const [target] = await t.db.db
      .select()
      .from(throttleBuckets)
      .where(eq(throttleBuckets.key, `code:target:${mobile}`));
    expect(target).toBeUndefined();
    const fromOther = await post('/cert', { mode: 'SIGNUP_MOBILE', mobile }, { ip: '203.0.113.78' });
    expect(fromOther.statusCode).toBe(200);
    await sms.waitFor((m) => m.to === mobile.replace(/-/g, ''));
  });

  it('answers a localized 503 when the SMS provider fails, leaves no usable code, and allows an immediate retry', async () => {
    const digits = nextMobile();
    const mobile = dashed(digits);
    sms.failNext(500);
    const r = await post('/cert', { mode: 'SIGNUP_MOBILE', mobile }, { lang: 'en-US', ip: nextIp() });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again shortly.' });
    const rows = await rowsFor(mobile);
    expect(rows).toHaveLength(1);
    expect(first(rows).consumedAt).not.toBeNull();
    expect((await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code: '000000' })).json().code).toBe('CODE_EXPIRED');

    const retry = await smsCode('SIGNUP_MOBILE', digits);
    expect((await post('/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile, code: retry.code })).statusCode).toBe(200);
  });
});

describe('POST /cert by e-mail (SIGNUP_EMAIL)', () => {
  it('mails the code and a link that confirms it (Korean; without PUBLIC_URL on the listen address, never the Host)', async () => {
    const r = await post('/cert', { mode: 'SIGNUP_EMAIL', email: 'New.Member@Example.COM' }, { host: 'evil.example:8080', ip: nextIp() });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('인증번호를 발송했습니다.');
    const ttl = new Date(r.json().data.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(590_000);
    expect(ttl).toBeLessThanOrEqual(600_000);

    const mail = await smtp.waitFor((m) => m.to === 'new.member@example.com');
    expect(mail.from).toBe('no-reply@podo.test');
    expect(mail.subject).toBe('[포도 와인] 이메일 인증번호');
    const code = group(/\[(\d{6})\]/.exec(mail.text));
    expect(mail.text).toContain(`인증번호 [${code}]를 10분 안에 입력해 주세요.`);
    // HOST 0.0.0.0 (the default) and PORT 3000.
    const link = `http://localhost:3000/account/certemail?mode=SIGNUP_EMAIL&email=new.member%40example.com&code=${code}`;
    expect(mail.text).toContain(link);
    expect(mail.text).not.toContain('evil.example');

    // What the /account/certemail page does with the link's parameters.
    const q = new URL(link).searchParams;
    const ok = await post('/cert/confirm', { mode: q.get('mode'), email: q.get('email'), code: q.get('code') });
    expect(ok.json()).toEqual({ message: '인증이 완료되었습니다.', data: { verified: true } });
    await consumeVerified(t.db.db, { purpose: 'SIGNUP_EMAIL', target: 'new.member@example.com' });
  });

  it('mails in English for accept-language en-US', async () => {
    const r = await post('/cert', { mode: 'SIGNUP_EMAIL', email: 'english@example.com' }, { lang: 'en-US', ip: nextIp() });
    expect(r.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === 'english@example.com');
    expect(mail.subject).toBe('[PODO WINE] Your e-mail verification code');
    expect(mail.text).toMatch(/^Enter the code \[\d{6}\] within 10 minutes\./);
  });

  it('refuses a registered e-mail (EMAIL_TAKEN) and one that left less than six months ago (REREGISTER_BLOCKED)', async () => {
    const taken = await post('/cert', { mode: 'SIGNUP_EMAIL', email: 'BUYER@example.com' }, { lang: 'en-US', ip: nextIp() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'The email you entered is already registered.' });

    const someone = first(await t.db.db.select().from(users).limit(1));
    const hmac = (e: string) => t.app.deps.tokens.hmac(`email:${e}`);
    await t.db.db.insert(withdrawals).values([
      { userId: someone.id, emailHash: hmac('gone@example.com'), reasonCode: 'PRICE', reregisterAfter: sql`now() + interval '90 days'` },
      { userId: someone.id, emailHash: hmac('long-gone@example.com'), reasonCode: 'PRICE', reregisterAfter: sql`now() - interval '1 day'` },
    ]);
    const blocked = await post('/cert', { mode: 'SIGNUP_EMAIL', email: 'Gone@Example.com' }, { lang: 'en-US', ip: nextIp() });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({
      code: 'REREGISTER_BLOCKED',
      message: 'Accounts that have been withdrawn can not be re-registered for six months.',
    });
    expect(smtp.messages.some((m) => m.to === 'buyer@example.com' || m.to === 'gone@example.com')).toBe(false);
    expect(await rowsFor('gone@example.com')).toHaveLength(0);

    const later = await post('/cert', { mode: 'SIGNUP_EMAIL', email: 'long-gone@example.com' }, { ip: nextIp() });
    expect(later.statusCode).toBe(200);
    await smtp.waitFor((m) => m.to === 'long-gone@example.com');
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('SMTP server down', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, { seed: false });
  });
  afterAll(() => down?.close());

  it('answers a localized 503 (not a 500) and leaves no usable code', async () => {
    const send = (lang: string, email: string) =>
      down.app.inject({
        method: 'POST',
        url: '/api/v1/cert',
        headers: { 'accept-language': lang },
        payload: { mode: 'SIGNUP_EMAIL', email },
      });
    const ko = await send('ko-KR', 'down@example.com');
    expect(ko.statusCode).toBe(503);
    expect(ko.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: '서비스를 일시적으로 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    });
    const rows = await down.db.db.select().from(verificationCodes).where(eq(verificationCodes.target, 'down@example.com'));
    expect(rows).toHaveLength(1);
    expect(first(rows).consumedAt).not.toBeNull();
    const confirm = await down.app.inject({
      method: 'POST',
      url: '/api/v1/cert/confirm',
      payload: { mode: 'SIGNUP_EMAIL', email: 'down@example.com', code: '123456' },
    });
    expect(confirm.json().code).toBe('CODE_EXPIRED');
    // The cooldown was released: asking again at once fails the same way, not with CODE_COOLDOWN.
    const en = await send('en-US', 'down@example.com');
    expect(en.statusCode).toBe(503);
    expect(en.json().message).toBe('The service is temporarily unavailable. Please try again shortly.');
  });
});
