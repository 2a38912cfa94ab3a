import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, socialIdentities, users, withdrawals } from '@podo/db';
import {
  auth,
  createAccountTestApp,
  FILES,
  freshContact,
  freshIp,
  loginToken,
  requestCode,
  signUp,
  uploadCertificate,
  type AccountTestApp,
} from '../../../../../tests/helpers/accounts';
import { TEST_JWT_SECRET } from '../../../../../tests/helpers/test-app';
import { TokenService } from '../../lib/auth';
import { first } from '../../../../../tests/helpers/items';

let t: AccountTestApp;
beforeAll(async () => {
  t = await createAccountTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown, lang = 'en-US') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: payload as object | undefined,
    headers: { 'accept-language': lang, ...(token ? auth(token) : {}) },
    remoteAddress: freshIp(),
  });
const me = async (token: string) => (await call('GET', '/me', token)).json().data;
const userRow = async (email: string) => first(await t.db.db.select().from(users).where(eq(users.email, email)));

describe('(T) routes', () => {
  it('answer 401 UNAUTHORIZED without a bearer token', async () => {
    const routes: [Method, string, unknown?][] = [
      ['POST', '/me/match-password', { email: 'a@b.co', password: 'x' }],
      ['PUT', '/me/change-password', { email: 'a@b.co', password: 'x', newPassword: 'Abcdef#123' }],
      ['POST', '/me/password-campaign/snooze'],
      ['PUT', '/change-mobile', { mode: 'CERT_MOBILE', mobile: '010-1111-2222', code: '123456' }],
      ['PUT', '/change-user', { fullName: 'x' }],
      ['POST', '/leave-user', { password: 'x', leaveTerms: true, leaveReason: 'PRICE' }],
      ['GET', '/me/certificate'],
      ['GET', '/me'],
    ];
    for (const [method, url, body] of routes) {
      const r = await call(method, url, null, body);
      expect(r.statusCode, url).toBe(401);
      expect(r.json(), url).toEqual({ code: 'UNAUTHORIZED', message: 'Please log in.' });
    }
  });
});

describe('passwords', () => {
  it('match-password confirms the current password, and refuses a wrong one or another e-mail', async () => {
    const m = await signUp(t);
    const ok = await call('POST', '/me/match-password', m.token, { email: m.email.toUpperCase(), password: m.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your password has been confirmed.' });
    const wrong = await call('POST', '/me/match-password', m.token, { email: m.email, password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'PASSWORD_INCORRECT', message: 'The current password is incorrect.' });
    const other = await call('POST', '/me/match-password', m.token, { email: 'buyer@example.com', password: 'Buyer!2345' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
  });

  it('limits wrong current passwords per member, so a stolen token cannot guess it, without locking the login', async () => {
    const m = await signUp(t);
    for (let i = 0; i < 5; i++) {
      const r = await call('POST', '/me/match-password', m.token, { email: m.email, password: `Wrong#Pass${i}` });
      expect(r.json().code).toBe('PASSWORD_INCORRECT');
    }
    const locked = await call('POST', '/me/match-password', m.token, { email: m.email, password: m.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('LOGIN_LOCKED');
    expect((await call('POST', '/login', null, { email: m.email, password: m.password })).statusCode).toBe(200);
  });

  it('change-password refuses a wrong, the same or a common password, then changes it and retires every older token', async () => {
    const m = await signUp(t);
    const second = await loginToken(t, m.email, m.password);
    const change = (newPassword: string, password = m.password, token = m.token) =>
      call('PUT', '/me/change-password', token, { email: m.email, password, newPassword });

    expect((await change('Another#Pass77', 'Wrong#Pass1')).json().code).toBe('PASSWORD_INCORRECT');
    const same = await change(m.password);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ code: 'PASSWORD_SAME', message: 'The new password must be different from the current one.' });
    expect((await change('Qwer1234!')).json().code).toBe('PASSWORD_TOO_COMMON');
    expect((await change('P@ssw0rd!')).json().code).toBe('PASSWORD_TOO_COMMON');
    const weak = await change('onlyletters');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_FAILED');

    await t.db.db
      .update(users)
      .set({ passwordReminderAt: new Date(Date.now() + 86_400_000) })
      .where(eq(users.email, m.email));
    const before = await userRow(m.email);
    const r = await change('Another#Pass77');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.message).toBe('Your password has been changed. Other devices will need to log in again.');
    expect(body.data).toEqual({ accessToken: expect.any(String), expiresAt: expect.any(String) });
    expect(new Date(body.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    for (const old of [m.token, second]) {
      const r2 = await call('GET', '/me', old);
      expect(r2.statusCode).toBe(401);
      expect(r2.json().code).toBe('TOKEN_INVALID');
    }
    expect((await call('GET', '/me', body.data.accessToken)).statusCode).toBe(200);
    const after = await userRow(m.email);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(after.passwordChangedAt.getTime()).toBeGreaterThanOrEqual(before.passwordChangedAt.getTime());
    expect(after.passwordReminderAt).toBeNull();
    expect((await call('POST', '/login', null, { email: m.email, password: m.password })).json().code).toBe('LOGIN_FAILED');
    expect((await call('POST', '/login', null, { email: m.email, password: 'Another#Pass77' })).statusCode).toBe(200);
  });

  it('snoozes the password campaign for 30 days', async () => {
    const m = await signUp(t);
    await t.db.db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(users.email, m.email));
    expect((await me(m.token)).passwordChangeDue).toBe(true);
    const r = await call('POST', '/me/password-campaign/snooze', m.token, undefined, 'ko-KR');
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe('다음에 변경하도록 알려 드릴게요.');
    const until = new Date(r.json().data.remindAfter).getTime();
    expect(Math.round((until - Date.now()) / 86_400_000)).toBe(30);
    expect((await me(m.token)).passwordChangeDue).toBe(false);
  });
});

describe('PUT /change-mobile', () => {
  it('changes the number with a CERT_MOBILE code sent to the new number, usable once', async () => {
    const m = await signUp(t);
    const { mobile } = freshContact();
    const code = await requestCode(t, { mode: 'CERT_MOBILE', mobile });
    const { password } = m;
    const wrong = await call('PUT', '/change-mobile', m.token, {
      mode: 'CERT_MOBILE',
      mobile,
      code: code === '000000' ? '111111' : '000000',
      password,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CODE_INVALID');
    // A code for another number does not work for this one.
    const elsewhere = await call('PUT', '/change-mobile', m.token, { mode: 'CERT_MOBILE', mobile: freshContact().mobile, code, password });
    expect(elsewhere.json().code).toBe('CODE_EXPIRED');

    const ok = await call('PUT', '/change-mobile', m.token, { mode: 'CERT_MOBILE', mobile: mobile.replace(/-/g, ''), code, password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Your mobile number has been changed.');
    expect(ok.json().data.mobile).toBe(mobile);
    const again = await call('PUT', '/change-mobile', m.token, { mode: 'CERT_MOBILE', mobile, code, password });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CODE_EXPIRED');
    const bad = await call('PUT', '/change-mobile', m.token, { mode: 'SIGNUP_MOBILE', mobile, code, password });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('PUT /change-user', () => {
  it('updates name, birthday and marketing consent (PROFILE_UPDATED, data = the new me)', async () => {
    const m = await signUp(t);
    const r = await call('PUT', '/change-user', m.token, { fullName: '  새이름 ', birthday: '19800202', agreeMarketing: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('Your details have been saved.');
    expect(r.json().data).toMatchObject({ fullName: '새이름', birthday: '19800202', marketingAgreed: true, status: 'PENDING' });
    const off = await call('PUT', '/change-user', m.token, { agreeMarketing: false });
    expect(off.json().data.marketingAgreed).toBe(false);
    const bad = await call('PUT', '/change-user', m.token, { birthday: '2000-01-01' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets a pending member change the business number and certificate, but not an approved buyer', async () => {
    const m = await signUp(t);
    const newFile = await uploadCertificate(t, { name: 'new.png', type: 'image/png', bytes: FILES.png });
    const r = await call('PUT', '/change-user', m.token, {
      business: { businessNumber: '1112223339' },
      certificateFileId: newFile,
      password: m.password,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('Your details have been saved.');
    expect(r.json().data.business).toMatchObject({ businessNumber: '1112223339', certificate: { id: newFile, mime: 'image/png' } });
    expect(r.json().data.status).toBe('PENDING');

    // A file already claimed cannot be used again, by anyone.
    const other = await signUp(t);
    const stolen = await call('PUT', '/change-user', other.token, { certificateFileId: newFile, password: other.password });
    expect(stolen.json().code).toBe('FILE_REQUIRED');

    await t.db.db.update(users).set({ status: 'APPROVED', role: 'BUYER' }).where(eq(users.email, m.email));
    const locked = await call('PUT', '/change-user', m.token, { business: { businessNumber: '1234567891' } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('BUSINESS_LOCKED');
    const lockedFile = await call('PUT', '/change-user', m.token, { certificateFileId: await uploadCertificate(t) });
    expect(lockedFile.json().code).toBe('BUSINESS_LOCKED');
    // Other business details, and the same number sent back by the form, are fine (for an approved buyer they
    // wait for admin review: business-changes.test.ts).
    const ok = await call('PUT', '/change-user', m.token, {
      business: { businessNumber: '111-22-23339', companyName: '새 상호' },
      password: m.password,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'APPROVED',
      business: { companyName: '테스트 와인바', businessNumber: '1112223339', pendingChanges: { companyName: '새 상호' } },
    });
    const invalid = await call('PUT', '/change-user', m.token, { business: { businessNumber: '1112223330' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_FAILED');
  });

  it('puts a rejected application back to review when the business details change (RESUBMITTED)', async () => {
    const m = await signUp(t);
    await t.db.db.update(users).set({ status: 'REJECTED', rejectReason: '사업자등록증이 흐립니다' }).where(eq(users.email, m.email));
    expect((await me(m.token)).rejectReason).toBe('사업자등록증이 흐립니다');
    const nameOnly = await call('PUT', '/change-user', m.token, { fullName: '정정' });
    expect(nameOnly.json()).toMatchObject({ message: 'Your details have been saved.', data: { status: 'REJECTED' } });
    const same = await call('PUT', '/change-user', m.token, { business: { companyName: '테스트 와인바' } });
    expect(same.json().data.status).toBe('REJECTED');

    const r = await call('PUT', '/change-user', m.token, { certificateFileId: await uploadCertificate(t), password: m.password }, 'ko-KR');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('거래처 승인을 다시 요청했습니다.');
    expect(r.json().data).toMatchObject({ status: 'PENDING', rejectReason: null });
  });

  it('creates the business profile of a member who has none only from complete details', async () => {
    const token = await loginToken(t, 'admin@example.com', 'Admin!2345');
    const partial = await call('PUT', '/change-user', token, { business: { companyName: '본사' } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().code).toBe('VALIDATION_FAILED');
    const full = await call('PUT', '/change-user', token, {
      business: {
        companyName: '본사',
        businessNumber: '1234567891',
        representative: '박관리',
        businessType: 'DISTRIBUTOR',
        taxEmail: 'HQ@example.com',
      },
      password: 'Admin!2345',
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data.business).toMatchObject({ companyName: '본사', taxEmail: 'hq@example.com', certificate: null });
  });
});

describe('GET /me/certificate', () => {
  it('downloads the own certificate with its type and a UTF-8 file name; 404 without one', async () => {
    const m = await signUp(t);
    const fileId = await uploadCertificate(t, { name: '사업자 등록증 (원본).jpg', type: 'image/jpeg', bytes: FILES.jpeg });
    await call('PUT', '/change-user', m.token, { certificateFileId: fileId, password: m.password });
    const r = await call('GET', '/me/certificate', m.token);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/jpeg');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="___ ___ (__).jpg"; filename*=UTF-8''${encodeURIComponent('사업자 등록증 ').replace(/'/g, '%27')}%28${encodeURIComponent('원본')}%29.jpg`,
    );
    expect(r.headers['cache-control']).toBe('private, no-store');
    // The stored JPEG as re-encoded on upload (lib/uploads.test.ts), whole.
    expect(r.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(r.rawPayload.length).toBe(Number(r.headers['content-length']));
    expect(r.headers['x-content-type-options']).toBe('nosniff');

    const buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
    const none = await call('GET', '/me/certificate', buyer);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('NOT_FOUND');
  });
});

describe('POST /leave-user', () => {
  it('checks the password, anonymizes the member, remembers the e-mail for six months and retires every token', async () => {
    const m = await signUp(t);
    const row = await userRow(m.email);
    await t.db.db.insert(socialIdentities).values({ userId: row.id, provider: 'kakao', providerUserId: `k-${row.id}`, email: m.email });

    const wrong = await call('POST', '/leave-user', m.token, { password: 'Wrong#Pass1', leaveTerms: true, leaveReason: 'PRICE' });
    expect(wrong.json().code).toBe('PASSWORD_INCORRECT');
    const noTerms = await call('POST', '/leave-user', m.token, { password: m.password, leaveTerms: false, leaveReason: 'PRICE' });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().message).toBe('Leaving notice: Please agree to the required items.');

    const r = await call('POST', '/leave-user', m.token, { password: m.password, leaveTerms: true, leaveReason: '  배송이 너무 느려요  ' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ message: 'You have left the service.' });

    const left = first(await t.db.db.select().from(users).where(eq(users.id, row.id)));
    expect(left).toMatchObject({
      email: `withdrawn-${row.id}@invalid`,
      fullName: '',
      mobile: null,
      birthday: null,
      marketingAgreedAt: null,
      status: 'WITHDRAWN',
      tokenVersion: row.tokenVersion + 1,
    });
    expect(left.withdrawnAt).not.toBeNull();
    expect(left.passwordHash).not.toBe(row.passwordHash);
    const [biz] = await t.db.db.select().from(businessProfiles).where(eq(businessProfiles.userId, row.id));
    expect(biz).toMatchObject({ representative: '', taxEmail: '', businessNumber: '1234567891' });
    expect(await t.db.db.select().from(socialIdentities).where(eq(socialIdentities.userId, row.id))).toEqual([]);
    const w = first(await t.db.db.select().from(withdrawals).where(eq(withdrawals.userId, row.id)));
    expect(w).toMatchObject({ reasonCode: 'OTHER', reasonText: '배송이 너무 느려요' });
    expect(w.emailHash).toBe(new TokenService(new TextEncoder().encode(TEST_JWT_SECRET)).hmac(`email:${m.email}`));
    const months = (w.reregisterAfter.getTime() - w.withdrawnAt.getTime()) / (30.44 * 86_400_000);
    expect(months).toBeGreaterThan(5.9);
    expect(months).toBeLessThan(6.1);

    expect((await call('GET', '/me', m.token)).json().code).toBe('TOKEN_INVALID');
    // A wrong password answers like any other; only the right one tells that the member left.
    const wrongLogin = await call('POST', '/login', null, { email: m.email, password: 'Wrong#Pass1' });
    expect(wrongLogin.statusCode).toBe(400);
    expect(wrongLogin.json()).toEqual({ code: 'LOGIN_FAILED', message: 'The information you entered is incorrect.' });
    const login = await call('POST', '/login', null, { email: m.email, password: m.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ code: 'ACCOUNT_WITHDRAWN', message: 'This account has been withdrawn.' });
    expect(w.passwordHash).toBe(row.passwordHash);
    const again = await call('POST', '/valid-email', null, { email: m.email });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'REREGISTER_BLOCKED',
      message: 'Accounts that have been withdrawn can not be re-registered for six months.',
    });
  });

  it('keeps a preset reason as its code', async () => {
    const m = await signUp(t);
    const r = await call('POST', '/leave-user', m.token, { password: m.password, leaveTerms: true, leaveReason: 'CLOSED_BUSINESS' });
    expect(r.statusCode).toBe(200);
    const id = (await t.db.db.select().from(withdrawals)).find((w) => w.reasonCode === 'CLOSED_BUSINESS');
    expect(id?.reasonText).toBeNull();
  });
});
