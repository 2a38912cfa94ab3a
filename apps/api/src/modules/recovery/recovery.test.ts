import { createServer, type AddressInfo } from 'node:net';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleBuckets, users, verificationCodes } from '@podo/db';
import { hashPassword } from '../../lib/passwords';
import { loginThrottleKey } from '../../lib/throttle';
import { startSmsServer, type TestSmsServer } from '../../../../../tests/helpers/sms-server';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTestApp, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';
import { first, group } from '../../../../../tests/helpers/items';

let t: TestApp;
let smtp: TestSmtpServer;
let sms: TestSmsServer;

const HONG = { email: 'hong@example.com', fullName: '홍길동', mobile: '010-5555-0001', password: 'Grape!2345' };
const HONG_WORK = { email: 'hong.work@example.com', fullName: '홍길동', mobile: '010-5555-0001', password: 'Grape!2345' };
const KIM = { email: 'kim@example.com', fullName: '김철수', mobile: '010-5555-0002', password: 'Merlot!2345' };
const LEE = { email: 'lee@example.com', fullName: '이영희', mobile: '010-5555-0003', password: 'Syrah!2345' };

beforeAll(async () => {
  [smtp, sms] = await Promise.all([startSmtpServer(), startSmsServer()]);
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@podo.test',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: sms.url,
    PUBLIC_URL: 'https://wine.example/',
  });
  const rows = await Promise.all(
    [HONG, HONG_WORK, KIM, LEE].map(async (u, i) => ({
      email: u.email,
      fullName: u.fullName,
      mobile: u.mobile,
      passwordHash: await hashPassword(u.password),
      status: 'APPROVED' as const,
      role: 'BUYER' as const,
      createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
    })),
  );
  await t.db.db.insert(users).values(rows);
  // A member who left: same name and number, but never found.
  await t.db.db.insert(users).values({
    email: 'withdrawn-999@invalid',
    fullName: HONG.fullName,
    mobile: HONG.mobile,
    passwordHash: 'x',
    status: 'WITHDRAWN',
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([smtp?.close(), sms?.close()]);
});

let ipSeq = 0;
function post(url: string, payload: Record<string, unknown>, lang = 'ko-KR') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: { 'accept-language': lang },
    remoteAddress: `10.2.0.${++ipSeq}`,
  });
}
const login = (email: string, password: string) => post('/login', { email, password });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
const digits = (m: string) => m.replace(/-/g, '');
const codeIn = (text: string) => group(/\[(\d{6})\]/.exec(text));
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The answer without its timestamp (which differs by the clock only). */
function shape(r: { statusCode: number; json(): { data?: { expiresAt?: string } } }) {
  const body = r.json();
  return { status: r.statusCode, body: { ...body, data: { ...body.data, expiresAt: typeof body.data?.expiresAt } } };
}
const releaseCooldown = (purpose: string, target: string) =>
  t.db.db.delete(throttleBuckets).where(eq(throttleBuckets.key, `code:cool:${purpose}:${target}`));

describe('find account by mobile', () => {
  it('calls a blank name missing, in the request language', async () => {
    for (const fullname of ['', '   ']) {
      const r = await post('/find/account/mobile', { fullname, mobile: '010-5555-0998' }, 'en-US');
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Name: This field is required.' });
    }
  });

  it('answers the same whether or not a member matches; only a match receives the SMS', async () => {
    const hit = await post('/find/account/mobile', { fullname: ' 홍길동 ', mobile: '01055550001' });
    const noNumber = await post('/find/account/mobile', { fullname: '홍길동', mobile: '010-5555-0999' });
    const otherName = await post('/find/account/mobile', { fullname: '홍길동', mobile: KIM.mobile });
    expect(shape(hit)).toEqual({
      status: 200,
      body: {
        message: '입력하신 정보와 일치하는 계정이 있으면 인증번호를 보냈습니다.',
        data: { expiresAt: 'string', resendAfterSeconds: 60 },
      },
    });
    expect(shape(noNumber)).toEqual(shape(hit));
    expect(shape(otherName)).toEqual(shape(hit));
    for (const r of [hit, noNumber, otherName]) {
      const ttl = new Date(r.json().data.expiresAt).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(170_000);
    }

    const msg = await sms.waitFor((m) => m.to === digits(HONG.mobile));
    expect(msg.text).toMatch(/^\[포도 와인\] 인증번호 \[\d{6}\]를 입력해 주세요\. \(3분 이내\)$/);
    await pause(150);
    expect(sms.messages.filter((m) => m.to === '01055550999' || m.to === digits(KIM.mobile))).toHaveLength(0);

    // Guessing answers the same too: a code exists for every request, delivered or not.
    const guessHit = await post('/find/account/mobile/confirm', { fullname: '홍길동', mobile: HONG.mobile, code: wrong(codeIn(msg.text)) });
    const guessMiss = await post('/find/account/mobile/confirm', { fullname: '홍길동', mobile: '010-5555-0999', code: '123456' });
    expect(guessHit.json()).toEqual({ code: 'CODE_INVALID', message: '인증번호가 올바르지 않습니다. (남은 시도 4회)' });
    expect(guessMiss.json()).toEqual(guessHit.json());
    // A second request within 60 s is refused alike.
    const again = await post('/find/account/mobile', { fullname: '홍길동', mobile: HONG.mobile });
    const againMiss = await post('/find/account/mobile', { fullname: '홍길동', mobile: '010-5555-0999' });
    expect(again.statusCode).toBe(429);
    expect(againMiss.json().code).toBe(again.json().code);
  });

  it('lists the live accounts of that name and number with masked e-mails, once', async () => {
    await releaseCooldown('FIND_ACCOUNT', HONG.mobile);
    await post('/find/account/mobile', { fullname: '홍길동', mobile: HONG.mobile }, 'en-US');
    const msg = await sms.waitFor((m) => m.to === digits(HONG.mobile) && m.text.startsWith('[PODO WINE]'));
    const body = { fullname: '홍길동', mobile: '010 5555 0001', code: codeIn(msg.text) };
    const r = await post('/find/account/mobile/confirm', body, 'en-US');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      message: 'These accounts are registered with the mobile number.',
      data: {
        accounts: [
          { email: 'ho***@example.com', createdAt: '2025-01-01T00:00:00.000Z' },
          { email: 'ho***@example.com', createdAt: '2025-01-02T00:00:00.000Z' },
        ],
      },
    });
    expect(r.body).not.toContain('hong');
    const reuse = await post('/find/account/mobile/confirm', body);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('CODE_EXPIRED');
  });
});

describe('reset password by e-mail', () => {
  it('mails a code and link when e-mail and name match; same answer and no mail otherwise', async () => {
    const hit = await post('/find/password/email', { email: 'LEE@example.com', fullname: '이영희' });
    const wrongName = await post('/find/password/email', { email: KIM.email, fullname: '이영희' });
    const noAccount = await post('/find/password/email', { email: 'nobody@example.com', fullname: '이영희' });
    expect(hit.json().message).toBe('입력하신 정보와 일치하는 계정이 있으면 비밀번호 재설정 링크를 메일로 보냈습니다.');
    expect(shape(wrongName)).toEqual(shape(hit));
    expect(shape(noAccount)).toEqual(shape(hit));
    const mail = await smtp.waitFor((m) => m.to === LEE.email);
    expect(mail.subject).toBe('[포도 와인] 비밀번호 재설정');
    const code = codeIn(mail.text);
    expect(mail.text).toContain(`비밀번호 재설정 인증번호는 [${code}]입니다. 30분 안에`);
    expect(mail.text).toContain(`https://wine.example/account/resetpw?email=lee%40example.com&code=${code}`);
    await pause(150);
    expect(smtp.messages.filter((m) => m.to === KIM.email || m.to === 'nobody@example.com')).toHaveLength(0);
  });

  it('resets end to end: common password refused, old token and old password stop working, lock cleared', async () => {
    const oldLogin = await login(HONG.email, HONG.password);
    expect(oldLogin.statusCode).toBe(200);
    const oldToken = oldLogin.json().data.accessToken as string;
    const before = first(await t.db.db.select().from(users).where(eq(users.email, HONG.email)));
    await t.db.db
      .update(users)
      .set({ passwordReminderAt: sql`now() + interval '10 days'`, passwordChangedAt: sql`now() - interval '400 days'` })
      .where(eq(users.id, before.id));
    // Under attack: the account's failed logins past the limit (a new address would need an e-mailed code).
    const attacked = { count: 21, resetAt: sql`now() + interval '1 hour'` };
    await t.db.db
      .insert(throttleBuckets)
      .values({ key: loginThrottleKey(HONG.email), ...attacked })
      .onConflictDoUpdate({ target: throttleBuckets.key, set: attacked });

    const sent = await post('/find/password/email', { email: 'Hong@Example.com', fullname: '홍길동' }, 'en-US');
    expect(sent.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === HONG.email);
    expect(mail.subject).toBe('[PODO WINE] Reset your password');
    const link = new URL(/https:\/\/wine\.example\/account\/resetpw\?\S+/.exec(mail.text)![0]);
    const email = link.searchParams.get('email')!;
    const code = link.searchParams.get('code')!;
    expect(email).toBe(HONG.email);

    const common = await post('/reset/password/email', { email, code, password: 'Password1!' }, 'en-US');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is too common and easy to guess. Please choose another one.',
    });
    const weak = await post('/reset/password/email', { email, code, password: 'short' }, 'en-US');
    expect(weak.json().code).toBe('VALIDATION_FAILED');
    const wrongCode = await post('/reset/password/email', { email, code: wrong(code), password: 'Cabernet!77' });
    expect(wrongCode.json().code).toBe('CODE_INVALID');

    const ok = await post('/reset/password/email', { email, code, password: 'Cabernet!77' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: '비밀번호가 재설정되었습니다. 새 비밀번호로 로그인해 주세요.' });

    const after = first(await t.db.db.select().from(users).where(eq(users.id, before.id)));
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(after.passwordReminderAt).toBeNull();
    expect(Date.now() - after.passwordChangedAt.getTime()).toBeLessThan(60_000);
    expect(
      await t.db.db
        .select()
        .from(throttleBuckets)
        .where(eq(throttleBuckets.key, loginThrottleKey(HONG.email))),
    ).toHaveLength(0);

    const old = await me(oldToken);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('TOKEN_INVALID');
    expect((await login(HONG.email, HONG.password)).json().code).toBe('LOGIN_FAILED');
    const fresh = await login('HONG@example.com', 'Cabernet!77');
    expect(fresh.statusCode).toBe(200);
    expect((await me(fresh.json().data.accessToken)).json().data.email).toBe(HONG.email);

    // The code is used up.
    const replay = await post('/reset/password/email', { email, code, password: 'Another!Pw9' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('CODE_EXPIRED');
  });
});

describe('reset password by mobile', () => {
  it('checks the SMS code, then resets with reset/password/mobile', async () => {
    const hit = await post('/find/password/mobile', { email: KIM.email, mobile: KIM.mobile, fullname: KIM.fullName });
    const miss = await post('/find/password/mobile', { email: KIM.email, mobile: '010-5555-0998', fullname: KIM.fullName });
    expect(shape(miss)).toEqual(shape(hit));
    const msg = await sms.waitFor((m) => m.to === digits(KIM.mobile));
    const code = codeIn(msg.text);
    await pause(100);
    expect(sms.messages.some((m) => m.to === '01055550998')).toBe(false);

    const checked = await post('/find/password/mobile/confirm', { email: KIM.email, mobile: KIM.mobile, code }, 'en-US');
    expect(checked.json()).toEqual({ message: 'The verification code has been verified.', data: { verified: true } });
    // The code is bound to the account's number and e-mail: another e-mail on no such number gets nothing.
    const otherEmail = await post('/reset/password/mobile', { email: LEE.email, mobile: KIM.mobile, code, password: 'Riesling!42' });
    expect(otherEmail.statusCode).toBe(400);
    const ok = await post('/reset/password/mobile', { email: KIM.email, mobile: KIM.mobile, code, password: 'Riesling!42' }, 'en-US');
    expect(ok.json()).toEqual({ message: 'Your password has been reset. Please log in with the new password.' });
    expect((await login(KIM.email, 'Riesling!42')).statusCode).toBe(200);
    expect((await login(KIM.email, KIM.password)).statusCode).toBe(400);
    expect((await login(LEE.email, LEE.password)).statusCode).toBe(200);
  });

  it('resets in one step with find/password/mobile/confirm + password, refusing a common one', async () => {
    await releaseCooldown('RESET_PASSWORD_MOBILE', KIM.mobile);
    const before = sms.messages.length;
    await post('/find/password/mobile', { email: KIM.email, mobile: KIM.mobile, fullname: KIM.fullName });
    const msg = await sms.waitFor((m) => sms.messages.indexOf(m) >= before && m.to === digits(KIM.mobile));
    const body = { email: KIM.email, mobile: KIM.mobile, code: codeIn(msg.text) };
    const common = await post('/find/password/mobile/confirm', { ...body, password: 'Qwer1234!' });
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    const ok = await post('/find/password/mobile/confirm', { ...body, password: 'Gamay!2024x' });
    expect(ok.json()).toEqual({ message: '비밀번호가 재설정되었습니다. 새 비밀번호로 로그인해 주세요.' });
    expect((await login(KIM.email, 'Gamay!2024x')).statusCode).toBe(200);
  });

  it.skipIf(!usingPostgres())('10 parallel resets with one verified code: exactly one succeeds', async () => {
    await releaseCooldown('RESET_PASSWORD_MOBILE', KIM.mobile);
    const before = sms.messages.length;
    await post('/find/password/mobile', { email: KIM.email, mobile: KIM.mobile, fullname: KIM.fullName });
    const msg = await sms.waitFor((m) => sms.messages.indexOf(m) >= before && m.to === digits(KIM.mobile));
    const body = { email: KIM.email, mobile: KIM.mobile, code: codeIn(msg.text) };
    expect((await post('/find/password/mobile/confirm', body)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post('/reset/password/mobile', { ...body, password: `Pinot!${1000 + i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    // A loser that checks the code before the winner uses it up is told to verify first; one that checks it
    // afterwards finds no open code and is told to request a new one. Either way it changes nothing.
    for (const a of answers.filter((a) => a.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(['CODE_NOT_VERIFIED', 'CODE_EXPIRED']).toContain(a.json().code);
    }
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

describe('reset links without PUBLIC_URL', () => {
  let bare: TestApp;
  beforeAll(async () => {
    // Behind a proxy that is trusted, so even X-Forwarded-Host would count as the request's host.
    bare = await createTestApp({ SMTP_URL: smtp.url, HOST: '127.0.0.1', PORT: '4123', TRUST_PROXY: 'true' });
  });
  afterAll(() => bare?.close());

  it('point to the configured listen address, never to the Host or X-Forwarded-Host of the request', async () => {
    const r = await bare.app.inject({
      method: 'POST',
      url: '/api/v1/find/password/email',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      payload: { email: 'pending@example.com', fullname: '이대기' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === 'pending@example.com');
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:4123\/account\/resetpw\?email=pending%40example\.com&code=\d{6}/);
    expect(mail.text).not.toContain('evil.example');
  });
});

describe('recovery while the SMTP server is down', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => down?.close());

  it('answers exactly as usual (no 503 that would reveal the account) and the undelivered code stops working', async () => {
    const ask = (email: string, fullname: string) =>
      down.app.inject({ method: 'POST', url: '/api/v1/find/password/email', payload: { email, fullname } });
    const member = await ask('buyer@example.com', '김바이어');
    const nobody = await ask('nobody@example.com', '김바이어');
    expect(shape(member)).toEqual(shape(nobody));
    expect(member.statusCode).toBe(200);

    const open = () =>
      down.db.db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.target, 'buyer@example.com'), isNull(verificationCodes.consumedAt)));
    for (let i = 0; i < 100 && (await open()).length > 0; i++) await pause(50);
    expect(await open()).toHaveLength(0);
    const all = await down.db.db.select().from(verificationCodes).where(eq(verificationCodes.target, 'buyer@example.com'));
    expect(all).toHaveLength(1);
    expect(first(all).consumedAt).not.toBeNull();
  });
});
