import { and, desc, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businessProfiles, socialIdentities, uploadedFiles, users, verificationCodes, withdrawals } from '@podo/db';
import { hashPassword } from '../../lib/passwords';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTestApp, TEST_JWT_SECRET, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';
import { first, group } from '../../../../../tests/helpers/items';
import { staffSignIn } from '../../../../../tests/helpers/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, lang = 'ko-KR') =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'accept-language': lang }, payload: { email, password } });

/** A login from a given socket address, optionally claiming another one in X-Forwarded-For. */
const loginFrom = (app: TestApp, remoteAddress: string, email: string, password: string, forwardedFor?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    remoteAddress,
    headers: { 'accept-language': 'en-US', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { email, password },
  });

describe('login and me', () => {
  it('logs the demo buyer in and returns the user from /me (field data)', async () => {
    const r = await login('Buyer@Example.com', 'Buyer!2345');
    expect(r.statusCode).toBe(200);
    const { accessToken, expiresAt } = r.json().data;
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: 'buyer@example.com', role: 'BUYER', status: 'APPROVED', fullName: '김바이어' });
    expect(me.json().data.passwordHash).toBeUndefined();
  });

  it('shows a member on /me exactly as the admin list shows them, every field filled', async () => {
    // /me reads one member with a prepared statement of its own; the admin list reads members with loadMembers.
    const db = t.db.db;
    const email = 'me-view@example.com';
    const [u] = await db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword('MeView!2345'),
        fullName: '보기 회원',
        mobile: '010-2345-6789',
        birthday: '19900102',
        role: 'BUYER',
        status: 'APPROVED',
        emailVerifiedAt: new Date('2026-01-02T03:04:05.678Z'),
        marketingAgreedAt: new Date('2026-02-03T04:05:06.789Z'),
        passwordChangedAt: new Date('2025-01-01T00:00:00.123Z'),
        passwordReminderAt: new Date('2026-03-01T00:00:00.000Z'),
        createdAt: new Date('2024-12-31T23:59:59.999Z'),
      })
      .returning({ id: users.id });
    const id = u!.id;
    const [file] = await db
      .insert(uploadedFiles)
      .values({
        purpose: 'BUSINESS_CERT',
        originalName: '사업자등록증.pdf',
        mime: 'application/pdf',
        size: 12_345,
        sha256: 'a'.repeat(64),
        storageKey: 'k/me-view',
        ownerUserId: id,
      })
      .returning({ id: uploadedFiles.id });
    await db.insert(businessProfiles).values({
      userId: id,
      companyName: '보기 와인바',
      businessNumber: '1234567891',
      representative: '보기',
      businessType: 'RESTAURANT',
      taxEmail: 'tax@example.com',
      certificateFileId: file!.id,
      pendingChanges: { companyName: '새 와인바' },
      pendingSince: new Date('2026-04-05T06:07:08.901Z'),
    });
    await db.insert(socialIdentities).values([
      {
        userId: id,
        provider: 'kakao',
        providerUserId: 'me-view-k',
        email: 'k@example.com',
        createdAt: new Date('2026-05-01T00:00:00.001Z'),
      },
      { userId: id, provider: 'naver', providerUserId: 'me-view-n', email: null, createdAt: new Date('2026-05-02T00:00:00.002Z') },
    ]);

    const token = (await login(email, 'MeView!2345')).json().data.accessToken as string;
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode, me.body).toBe(200);
    const admin = await staffSignIn(t, 'admin@example.com', 'Admin!2345');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/members?query=${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().data as { email: string }[]).find((m) => m.email === email);
    const { passwordChangeDue, ...shown } = me.json().data;
    expect(shown).toEqual(listed);
    expect(passwordChangeDue).toBe(true);
    expect(shown).toMatchObject({
      birthday: '19900102',
      emailVerified: true,
      marketingAgreed: true,
      hasPassword: true,
      cartCount: 0,
      passwordChangedAt: '2025-01-01T00:00:00.123Z',
      createdAt: '2024-12-31T23:59:59.999Z',
      business: {
        certificate: { id: file!.id, name: '사업자등록증.pdf', size: 12_345, mime: 'application/pdf' },
        pendingChanges: { companyName: '새 와인바' },
        pendingSince: '2026-04-05T06:07:08.901Z',
      },
      sns: [
        { provider: 'kakao', email: 'k@example.com', linkedAt: '2026-05-01T00:00:00.001Z' },
        { provider: 'naver', email: null, linkedAt: '2026-05-02T00:00:00.002Z' },
      ],
    });
  });

  it('refuses a wrong password and an unknown e-mail with the same localized message', async () => {
    const wrong = await login('buyer@example.com', 'Wrong!2345', 'en-US');
    const unknown = await login('nobody@example.com', 'Wrong!2345', 'en-US');
    for (const r of [wrong, unknown]) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'LOGIN_FAILED', message: 'The information you entered is incorrect.' });
    }
  });

  it('authenticates only by the Authorization header, and refuses forged and expired tokens', async () => {
    const { accessToken } = (await login('buyer@example.com', 'Buyer!2345')).json().data;
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: `podo-brand-access-token=${accessToken}` },
    });
    expect(viaCookie.statusCode).toBe(401);
    expect(viaCookie.json().code).toBe('UNAUTHORIZED');

    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const token of [forged, expired, 'garbage', `${accessToken}x`]) {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
      });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 'TOKEN_INVALID', message: 'Your login has expired or is not valid. Please log in again.' });
    }
  });
});

describe('login bookkeeping', () => {
  it('records the time of the last login', async () => {
    await t.db.db.update(users).set({ lastLoginAt: null }).where(eq(users.email, 'pending@example.com'));
    const r = await login('pending@example.com', 'Pending!2345');
    expect(r.statusCode).toBe(200);
    const row = first(await t.db.db.select().from(users).where(eq(users.email, 'pending@example.com')));
    expect(Date.now() - row.lastLoginAt!.getTime()).toBeLessThan(60_000);
  });

  it('lets a pending member log in and see the status', async () => {
    const { accessToken } = (await login('pending@example.com', 'Pending!2345')).json().data;
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.json().data).toMatchObject({ role: 'MEMBER', status: 'PENDING', mobile: '010-2345-6789' });
    expect(me.json().data.business).toMatchObject({ businessNumber: '1112223339', certificate: null });
  });
});

describe('login throttling', () => {
  beforeEach(async () => {
    await t.db.db.execute(sql`delete from throttle_buckets where key like 'login:%'`);
  });
  /** Moves the (account, address) counters back in time, as if the client had waited that long. */
  const wait = (seconds: number) =>
    t.db.db.execute(sql`update throttle_buckets set reset_at = reset_at - make_interval(secs => ${seconds}) where key like 'login:pair:%'`);

  it('does not let many wrong passwords from one address keep the owner out from another', async () => {
    const attacker = '10.20.0.1';
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) codes.push((await loginFrom(t, attacker, 'buyer@example.com', 'Wrong!2345')).json().code);
    expect(codes).toEqual([...Array(3).fill('LOGIN_FAILED'), ...Array(9).fill('LOGIN_LOCKED')]);
    const owner = await loginFrom(t, '10.20.0.2', 'Buyer@Example.com', 'Buyer!2345');
    expect(owner.statusCode, owner.body).toBe(200);
    // Nor the owner's own next wrong password from home: it is one plain failure.
    expect((await loginFrom(t, '10.20.0.2', 'buyer@example.com', 'Wrong!2345')).json().code).toBe('LOGIN_FAILED');
  });

  it('slows one address down on one account: 3 tries, then waits of 2, 4, 8 … seconds up to 15 minutes', async () => {
    const ip = '10.21.0.1';
    const attempt = (password = 'Wrong!2345') => loginFrom(t, ip, 'pending@example.com', password);
    for (let i = 0; i < 3; i++) expect((await attempt()).json().code).toBe('LOGIN_FAILED');
    const slowed = await attempt('Pending!2345'); // even the right password has to wait
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ code: 'LOGIN_LOCKED', message: 'Too many log-in attempts. Please try again in 1 min.' });
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(2);
    for (const delay of [2, 4, 8]) {
      await wait(delay);
      expect((await attempt()).json().code).toBe('LOGIN_FAILED');
      const next = await attempt();
      expect(next.statusCode).toBe(429);
      expect(Number(next.headers['retry-after'])).toBeGreaterThan(delay);
      expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(delay * 2);
    }
    // Other accounts from the same address are not slowed down.
    expect((await loginFrom(t, ip, 'admin@example.com', 'Admin!2345')).statusCode).toBe(200);
    // The wait never exceeds 15 minutes.
    await t.db.db.execute(sql`update throttle_buckets set count = 40 where key like 'login:pair:%'`);
    const capped = await attempt();
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(capped.json().message).toBe('Too many log-in attempts. Please try again in 15 min.');
    // After the wait the right password works, and the failures of this address are forgotten.
    await wait(15 * 60);
    expect((await attempt('Pending!2345')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt()).json().code).toBe('LOGIN_FAILED');
  });

  it('counts parallel guesses of one address exactly: 10 at once give 3 failures and 7 waits', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => loginFrom(t, '10.22.0.1', 'admin@example.com', 'Wrong!2345')));
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'LOGIN_FAILED')).toHaveLength(3);
    expect(codes.filter((c) => c === 'LOGIN_LOCKED')).toHaveLength(7);
  });

  it('locks a client address after 20 failures; a spoofed X-Forwarded-For does not reset it without TRUST_PROXY', async () => {
    const ip = '10.23.0.1';
    for (let i = 0; i < 20; i++) {
      const r = await loginFrom(t, ip, `nobody${i}@example.com`, 'Wrong!2345', `198.51.100.${i + 1}`);
      expect(r.json().code).toBe('LOGIN_FAILED');
    }
    const spoofed = await loginFrom(t, ip, 'buyer@example.com', 'Buyer!2345', '198.51.100.200');
    expect(spoofed.statusCode).toBe(429);
    expect(spoofed.json().code).toBe('LOGIN_LOCKED');
    // A different client is not affected.
    expect((await loginFrom(t, '10.23.0.2', 'buyer@example.com', 'Buyer!2345')).statusCode).toBe(200);
  });

  it('uses X-Forwarded-For as the client address with TRUST_PROXY=true', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const proxy = '10.24.0.1';
      for (let i = 0; i < 20; i++) await loginFrom(proxied, proxy, `nobody${i}@example.com`, 'Wrong!2345', '203.0.113.7');
      const same = await loginFrom(proxied, proxy, 'buyer@example.com', 'Buyer!2345', '203.0.113.7');
      expect(same.statusCode).toBe(429);
      // Every client behind the proxy has its own budget.
      const other = await loginFrom(proxied, proxy, 'buyer@example.com', 'Buyer!2345', '203.0.113.8');
      expect(other.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it.runIf(usingPostgres())('keeps exact counts across connections on PostgreSQL', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginFrom(t, '10.25.0.1', `race${i}@example.com`, 'Wrong!2345')),
    );
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(10);
    const pair = await Promise.all(Array.from({ length: 12 }, () => loginFrom(t, '10.25.0.2', 'buyer@example.com', 'Wrong!2345')));
    expect(pair.filter((r) => r.statusCode === 429)).toHaveLength(9);
  });

  it('keeps a member who re-enters the password while logged in throttled apart from the login', async () => {
    const { accessToken } = (await loginFrom(t, '10.26.0.1', 'pending@example.com', 'Pending!2345')).json().data;
    const match = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/me/match-password',
        remoteAddress: '10.26.0.2',
        headers: { authorization: `Bearer ${accessToken}`, 'accept-language': 'en-US' },
        payload: { email: 'pending@example.com', password },
      });
    for (let i = 0; i < 5; i++) expect((await match(`Wrong#Pass${i}`)).json().code).toBe('PASSWORD_INCORRECT');
    expect((await match('Pending!2345')).json().code).toBe('LOGIN_LOCKED');
    expect((await loginFrom(t, '10.26.0.3', 'pending@example.com', 'Pending!2345')).statusCode).toBe(200);
  });
});

describe('login under attack: the e-mailed code', () => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // No PUBLIC_URL: links in mails use the listen address, whatever Host the request names.
    app = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@podo.test', HOST: '0.0.0.0', PORT: '3456' });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const attempt = (ip: string, password: string, code?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: ip,
      headers: { 'accept-language': 'en-US', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { email: 'buyer@example.com', password, ...(code ? { code } : {}) },
    });
  const mails = () => smtp.messages.filter((m) => m.to === 'buyer@example.com');
  const loginCodes = () =>
    app.db.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, 'LOGIN_EMAIL'), eq(verificationCodes.target, 'buyer@example.com')));

  it('past 20 failures on the account, the right password from a new address needs the code; a known address does not', async () => {
    const home = '10.30.0.1';
    expect((await attempt(home, 'Buyer!2345')).statusCode).toBe(200);
    // 21 failures from seven addresses, three each (what their delays allow).
    for (let a = 0; a < 7; a++) {
      for (let i = 0; i < 3; i++) expect((await attempt(`10.31.0.${a + 1}`, 'Wrong!2345')).json().code).toBe('LOGIN_FAILED');
    }
    // Where the owner logged in before, nothing changes.
    expect((await attempt(home, 'Buyer!2345')).statusCode).toBe(200);

    // From a new address a wrong password is a plain failure and sends nothing.
    const travel = '10.32.0.1';
    const wrong = await attempt(travel, 'Wrong!2345');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'LOGIN_FAILED', message: 'The information you entered is incorrect.' });
    expect(mails()).toHaveLength(0);
    expect(await loginCodes()).toHaveLength(0);

    // The right password: a code is mailed (once: a second send waits for the cooldown).
    const asked = await attempt(travel, 'Buyer!2345');
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({
      code: 'LOGIN_CODE_REQUIRED',
      message: 'For your security, we have e-mailed you a log-in code. Enter it within 10 minutes to log in.',
    });
    expect(mails()).toHaveLength(1);
    const mail = first(mails());
    expect(mail.subject).toBe('[PODO WINE] Your log-in code');
    expect(mail.text).toContain('http://localhost:3456/account/findpw');
    expect(mail.text).not.toContain('evil.example');
    const code = group(/\[(\d{6})\]/.exec(mail.text));
    const row = first(await loginCodes());
    expect(row.codeHash).not.toContain(code);
    expect((await attempt(travel, 'Buyer!2345')).json().code).toBe('CODE_COOLDOWN');
    expect(mails()).toHaveLength(1);

    // A wrong code is refused; a right code with a wrong password is a plain failure (and does not use the code up).
    const other = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await attempt(travel, 'Buyer!2345', other)).json().code).toBe('CODE_INVALID');
    expect((await attempt(travel, 'Wrong!2345', code)).json().code).toBe('LOGIN_FAILED');
    const ok = await attempt(travel, 'Buyer!2345', code);
    expect(ok.statusCode, ok.body).toBe(200);
    // The code is used up, and the address is known from now on.
    expect((await attempt(travel, 'Buyer!2345')).statusCode).toBe(200);
    expect(mails()).toHaveLength(1);
  });
});

describe('withdrawn accounts', () => {
  /** A member who signs up (straight into the table) and leaves through the API. */
  async function leftMember(email: string, password: string) {
    await t.db.db
      .insert(users)
      .values({ email, fullName: '떠난회원', passwordHash: await hashPassword(password), status: 'APPROVED', role: 'BUYER' });
    const { accessToken } = (await loginFrom(t, '10.40.0.1', email, password)).json().data;
    const left = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leave-user',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { password, leaveTerms: true, leaveReason: 'PRICE' },
    });
    expect(left.statusCode, left.body).toBe(200);
    return first(await t.db.db.select({ userId: withdrawals.userId }).from(withdrawals).orderBy(desc(withdrawals.id)).limit(1)).userId;
  }

  it('answers a wrong password exactly like any wrong password; only the right one may tell that the member left', async () => {
    const id = await leftMember('left@example.com', 'Leaving!2345');
    const wrongLeft = await loginFrom(t, '10.40.0.2', 'left@example.com', 'Wrong!2345');
    const wrongLive = await loginFrom(t, '10.40.0.3', 'buyer@example.com', 'Wrong!2345');
    const unknown = await loginFrom(t, '10.40.0.4', 'never@example.com', 'Wrong!2345');
    for (const r of [wrongLeft, wrongLive, unknown]) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'LOGIN_FAILED', message: 'The information you entered is incorrect.' });
    }
    // The hash kept at leaving lets the right password (only) say so.
    expect((await loginFrom(t, '10.40.0.6', 'left@example.com', 'Wrong!2345')).json().code).toBe('LOGIN_FAILED');
    const right = await loginFrom(t, '10.40.0.7', 'left@example.com', 'Leaving!2345');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ code: 'ACCOUNT_WITHDRAWN', message: 'This account has been withdrawn.' });
    // Once re-registration is open again the kept hash is forgotten, and login answers like any unknown e-mail.
    await t.db.db.execute(sql`update withdrawals set reregister_after = now() - interval '1 second' where user_id = ${id}`);
    expect((await loginFrom(t, '10.40.0.8', 'left@example.com', 'Leaving!2345')).json().code).toBe('LOGIN_FAILED');
  });
});
