import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, users } from '@podo/db';
import {
  auth,
  createAccountTestApp,
  FILES,
  freshIp,
  loginToken,
  staffToken,
  signUp,
  type AccountTestApp,
} from '../../../../../tests/helpers/accounts';
import { createTestApp, TEST_JWT_SECRET } from '../../../../../tests/helpers/test-app';
import { TokenService } from '../../lib/auth';
import { signCliAdminToken } from '../session/guards';
import { first } from '../../../../../tests/helpers/items';

let t: AccountTestApp;
let admin: string;
let buyer: string;
beforeAll(async () => {
  t = await createAccountTestApp();
  admin = await staffToken(t, 'admin@example.com');
  buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: unknown,
  extra: { ip?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    payload: payload as object | undefined,
    headers: { 'accept-language': 'en-US', ...(token ? auth(token) : {}), ...extra.headers },
    remoteAddress: extra.ip ?? freshIp(),
  });
const idOf = async (email: string) => first(await t.db.db.select().from(users).where(eq(users.email, email))).id;

describe('admin access', () => {
  it('needs a token (401) of an ADMIN (403 ADMIN_ONLY otherwise)', async () => {
    const none = await call('GET', '/members', null);
    expect(none.statusCode).toBe(401);
    const pendingToken = await loginToken(t, 'pending@example.com', 'Pending!2345');
    for (const token of [buyer, pendingToken]) {
      for (const [method, url] of [
        ['GET', '/members'],
        ['GET', '/members/1'],
        ['GET', '/members/1/certificate'],
        ['POST', '/members/1/approve'],
      ] as const) {
        const r = await call(method, url, token);
        expect(r.statusCode, url).toBe(403);
        expect(r.json(), url).toEqual({ code: 'ADMIN_ONLY', message: 'Only administrators can do this.' });
      }
    }
  });

  it("accepts the admin CLI's token only from loopback without a proxy header", async () => {
    const cli = await signCliAdminToken(t.app.deps.tokens);
    expect((await call('GET', '/members', cli, undefined, { ip: '127.0.0.1' })).statusCode).toBe(200);
    expect((await call('GET', '/members', cli, undefined, { ip: '::1' })).statusCode).toBe(200);
    const remote = await call('GET', '/members', cli, undefined, { ip: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().code).toBe('ADMIN_ONLY');
    const proxied = await call('GET', '/members', cli, undefined, { ip: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(proxied.statusCode).toBe(403);
    // Signed with another secret it is just an invalid token.
    const forged = await signCliAdminToken(new TokenService(new TextEncoder().encode(`${TEST_JWT_SECRET}-other`)));
    expect((await call('GET', '/members', forged, undefined, { ip: '127.0.0.1' })).statusCode).toBe(401);
    // The CLI subject is no member: it does not work on member routes.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: auth(cli), remoteAddress: '127.0.0.1' });
    expect(me.statusCode).toBe(401);
  });
});

describe('members list and detail', () => {
  it('lists newest first, filters by status and searches e-mail, name and company, with paging', async () => {
    const m = await signUp(t, {
      fullName: '검색대상',
      business: {
        companyName: '유일한상호 주식회사',
        businessNumber: '1234567891',
        representative: '검색대상',
        businessType: 'HOTEL',
        taxEmail: 'tax@example.com',
      },
    });
    const all = await call('GET', '/members', admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, size: 20 });
    expect(all.json().total).toBeGreaterThanOrEqual(4);
    expect(all.json().data[0].email).toBe(m.email);
    expect(all.json().data[0].passwordChangeDue).toBeUndefined();

    const pending = await call('GET', '/members?status=PENDING', admin);
    expect(pending.json().data.every((x: { status: string }) => x.status === 'PENDING')).toBe(true);
    expect(pending.json().data.map((x: { email: string }) => x.email)).toEqual(expect.arrayContaining([m.email, 'pending@example.com']));

    for (const q of ['유일한상호', '검색대', m.email.slice(0, 12).toUpperCase()]) {
      const r = await call('GET', `/members?query=${encodeURIComponent(q)}`, admin);
      expect(
        r.json().data.map((x: { email: string }) => x.email),
        q,
      ).toEqual([m.email]);
    }
    const literal = await call('GET', `/members?query=${encodeURIComponent('%')}`, admin);
    expect(literal.json().total).toBe(0);

    const page2 = await call('GET', '/members?size=1&page=2', admin);
    expect(page2.json()).toMatchObject({ page: 2, size: 1 });
    expect(page2.json().data).toHaveLength(1);
    expect(page2.json().data[0].email).toBe(all.json().data[1].email);
    const bad = await call('GET', '/members?status=NOPE', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('shows one member, 404 for an unknown id', async () => {
    const id = await idOf('pending@example.com');
    const r = await call('GET', `/members/${id}`, admin);
    expect(r.json().data).toMatchObject({
      id,
      email: 'pending@example.com',
      status: 'PENDING',
      business: { companyName: '비스트로 이대기' },
    });
    const missing = await call('GET', '/members/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await call('GET', '/members/abc', admin)).statusCode).toBe(400);
  });

  it("downloads a member's certificate; 404 when there is none", async () => {
    const m = await signUp(t);
    const r = await call('GET', `/members/${await idOf(m.email)}/certificate`, admin);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="certificate\.pdf"/);
    expect(r.rawPayload.equals(FILES.pdf)).toBe(true);
    const none = await call('GET', `/members/${await idOf('pending@example.com')}/certificate`, admin);
    expect(none.statusCode).toBe(404);
  });
});

describe('approve and reject', () => {
  it('approves a pending member as a BUYER, records the review and mails them', async () => {
    const m = await signUp(t);
    const id = await idOf(m.email);
    const adminId = await idOf('admin@example.com');
    const r = await call('POST', `/members/${id}/approve`, admin);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('The member has been approved as a buyer.');
    expect(r.json().data).toMatchObject({ id, role: 'BUYER', status: 'APPROVED' });
    const row = first(await t.db.db.select().from(users).where(eq(users.id, id)));
    expect(row.reviewedBy).toBe(adminId);
    expect(Date.now() - row.reviewedAt!.getTime()).toBeLessThan(60_000);

    await t.deliver();
    const mail = await t.smtp.waitFor((x) => x.to === m.email && x.subject.includes('거래처 승인 완료'));
    expect(mail.text).toContain('테스트 와인바');
    expect(mail.text).toContain('http://shop.test/account/login');

    const again = await call('POST', `/members/${id}/approve`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'MEMBER_NOT_PENDING', message: 'This member is not waiting for review.' });
    expect((await call('POST', `/members/${id}/reject`, admin, { reason: 'x' })).json().code).toBe('MEMBER_NOT_PENDING');
    expect((await call('POST', '/members/999999/approve', admin)).statusCode).toBe(404);
    expect((await call('POST', `/members/${adminId}/approve`, admin)).json().code).toBe('MEMBER_NOT_PENDING');
  });

  it('writes the approval mail in the language the member last logged in with', async () => {
    const m = await signUp(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'accept-language': 'en-US' },
      payload: { email: m.email, password: m.password },
      remoteAddress: m.ip,
    });
    expect(login.statusCode).toBe(200);
    expect((await call('POST', `/members/${await idOf(m.email)}/approve`, admin)).statusCode).toBe(200);
    await t.deliver();
    const mail = await t.smtp.waitFor((x) => x.to === m.email && x.subject.includes('Your buyer account is approved'));
    expect(mail.text).toContain('is now an approved buyer');
  });

  it('rejects a pending member with a reason they see and receive; a rejected one can still be approved', async () => {
    const m = await signUp(t);
    const id = await idOf(m.email);
    expect((await call('POST', `/members/${id}/reject`, admin, { reason: '   ' })).json().code).toBe('VALIDATION_FAILED');
    const r = await call('POST', `/members/${id}/reject`, admin, { reason: '사업자등록증 사본이 흐립니다.' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      message: 'The application has been rejected.',
      data: { status: 'REJECTED', role: 'MEMBER', rejectReason: '사업자등록증 사본이 흐립니다.' },
    });
    await t.deliver();
    const mail = await t.smtp.waitFor((x) => x.to === m.email && x.subject.includes('반려'));
    expect(mail.text).toContain('사유: 사업자등록증 사본이 흐립니다.');

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: auth(m.token) });
    expect(me.json().data).toMatchObject({ status: 'REJECTED', rejectReason: '사업자등록증 사본이 흐립니다.' });
    expect((await call('POST', `/members/${id}/reject`, admin, { reason: 'again' })).json().code).toBe('MEMBER_NOT_PENDING');

    const approved = await call('POST', `/members/${id}/approve`, admin);
    expect(approved.json().data).toMatchObject({ status: 'APPROVED', role: 'BUYER', rejectReason: null });
  });

  it('keeps the decision when the e-mail cannot be sent', async () => {
    // An SMTP port where nothing listens: the mail fails, the approval stands.
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const token = await staffToken(broken, 'admin@example.com');
      const id = first(await broken.db.db.select().from(users).where(eq(users.email, 'pending@example.com'))).id;
      const r = await broken.app.inject({ method: 'POST', url: `/api/v1/admin/members/${id}/approve`, headers: auth(token) });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.status).toBe('APPROVED');
      // The mail waits in the outbox: the failed attempt is recorded, and a retry is due.
      await broken.deliver();
      const [mail] = await broken.db.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'pending@example.com'));
      expect(mail).toMatchObject({ purpose: 'member-approved', status: 'pending', attempts: 1 });
      expect(mail?.lastError).toMatch(/SMTP delivery failed/);
    } finally {
      await broken.close();
    }
  });
});
