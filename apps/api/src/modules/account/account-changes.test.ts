import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, socialIdentities, users, verificationCodes } from '@podo/db';
import {
  auth,
  createAccountTestApp,
  freshContact,
  freshIp,
  staffToken,
  requestCode,
  signUp,
  type AccountTestApp,
} from '../../../../../tests/helpers/accounts';
import { startFakeOAuth, type FakeOAuth, type FakeProfile, type FakeProvider } from '../../../../../tests/helpers/fake-oauth';
import { first } from '../../../../../tests/helpers/items';

// docs/accounts.md "Changes that need the member, not only a token" and "Business changes after approval".

let t: AccountTestApp;
let fake: FakeOAuth;
let admin: string;
beforeAll(async () => {
  fake = await startFakeOAuth();
  t = await createAccountTestApp({ ...fake.env('kakao'), ...fake.env('google') });
  admin = await staffToken(t, 'admin@example.com');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string | null, payload?: unknown, lang = 'en-US') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: payload as object | undefined,
    headers: { 'accept-language': lang, ...(token ? auth(token) : {}) },
    remoteAddress: freshIp(),
  });
const me = async (token: string) => (await call('GET', '/me', token)).json().data;
const rowOf = async (email: string) => first(await t.db.db.select().from(users).where(eq(users.email, email)));
const digits = (mobile: string) => mobile.replace(/-/g, '');
const changeMobile = (token: string, body: Record<string, unknown>, lang = 'en-US') =>
  call('PUT', '/change-mobile', token, { mode: 'CERT_MOBILE', ...body }, lang);

/** A signed-up member approved by the admin (a BUYER), with the interface language they last used. */
async function buyer(lang = 'ko-KR') {
  const m = await signUp(t);
  const { id } = await rowOf(m.email);
  const r = await call('POST', `/admin/members/${id}/approve`, admin);
  if (r.statusCode !== 200) throw new Error(r.body);
  await t.db.db.update(users).set({ lang }).where(eq(users.id, id));
  return { ...m, id };
}

describe('PUT /change-mobile needs the member, not only the token', () => {
  it('refuses a change without the current password or with a wrong one, and changes nothing', async () => {
    const m = await signUp(t);
    const { mobile } = freshContact();
    const code = await requestCode(t, { mode: 'CERT_MOBILE', mobile });

    const none = await changeMobile(m.token, { mobile, code });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: 'PASSWORD_REQUIRED', message: 'Please enter your current password to make this change.' });
    const ko = await changeMobile(m.token, { mobile, code }, 'ko-KR');
    expect(ko.json().message).toBe('변경하려면 현재 비밀번호를 입력해 주세요.');
    const wrong = await changeMobile(m.token, { mobile, code, password: 'Wrong#Pass123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PASSWORD_INCORRECT');

    expect((await me(m.token)).mobile).toBe(m.mobile);
    expect(t.sms.messages.filter((s) => s.to === digits(m.mobile) && !/\[\d{6}\]/.test(s.text))).toEqual([]);
    expect(t.smtp.messages.filter((s) => s.to === m.email && /mobile number was changed/.test(s.subject))).toEqual([]);
    // The code was not spent by the refused attempts: the member can still use it.
    const ok = await changeMobile(m.token, { mobile, code, password: m.password });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('with the password changes it; the old number gets an SMS and the member an e-mail, in their language', async () => {
    const m = await signUp(t);
    await t.db.db.update(users).set({ lang: 'en-US' }).where(eq(users.email, m.email));
    const mobile = `010-${randomInt(2000, 9999)}-5678`;
    const code = await requestCode(t, { mode: 'CERT_MOBILE', mobile });
    // Asked in Korean: the notices still go out in the member's own language.
    const r = await changeMobile(m.token, { mobile, code, password: m.password }, 'ko-KR');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('휴대폰 번호가 변경되었습니다.');
    expect(r.json().data.mobile).toBe(mobile);
    expect((await rowOf(m.email)).mobile).toBe(mobile);

    await t.deliver();
    const sms = await t.sms.waitFor((s) => s.to === digits(m.mobile) && /changed/.test(s.text));
    expect(sms.text).toBe('[PODO WINE] The mobile number of your account was changed. If it was not you, contact us at 02-555-0199.');
    const mail = await t.smtp.waitFor((x) => x.to === m.email && /mobile number/.test(x.subject));
    expect(mail.subject).toBe('[PODO WINE] Your mobile number was changed');
    expect(mail.text).toContain(`New number: ${mobile.slice(0, 4)}****-5678`);
    expect(mail.text).toContain('contact us at 02-555-0199');
    // The new number only ever got its code.
    expect(t.sms.messages.filter((s) => s.to === digits(mobile)).every((s) => /\[\d{6}\]/.test(s.text))).toBe(true);
  });
});

describe('business details', () => {
  it('of a member not yet approved change at once, but only with the password', async () => {
    const m = await signUp(t);
    const body = { business: { companyName: '정정한 상호' } };
    const refused = await call('PUT', '/change-user', m.token, body);
    expect(refused.json().code).toBe('PASSWORD_REQUIRED');
    expect((await me(m.token)).business.companyName).toBe('테스트 와인바');
    const ok = await call('PUT', '/change-user', m.token, { ...body, password: m.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.business).toMatchObject({ companyName: '정정한 상호', pendingChanges: null, pendingSince: null });
    // Name, birthday and consent need no password.
    expect((await call('PUT', '/change-user', m.token, { fullName: '김정정' })).statusCode).toBe(200);
  });

  it('of an approved buyer need the password, then wait for review while the approved ones stay; approval applies them', async () => {
    const m = await buyer();
    const change = { business: { companyName: '새 상호', taxEmail: 'New-Tax@Example.com', businessNumber: '123-45-67891' } };
    const none = await call('PUT', '/change-user', m.token, change);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('PASSWORD_REQUIRED');
    expect((await call('PUT', '/change-user', m.token, { ...change, password: 'Wrong#Pass123' })).json().code).toBe('PASSWORD_INCORRECT');
    expect((await me(m.token)).business).toMatchObject({ companyName: '테스트 와인바', pendingChanges: null });

    const r = await call('PUT', '/change-user', m.token, { ...change, password: m.password });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(
      'Your business detail changes will apply after an administrator reviews them. Until then you keep ordering under your approved details.',
    );
    const waiting = {
      status: 'APPROVED',
      role: 'BUYER',
      business: {
        companyName: '테스트 와인바',
        taxEmail: 'tax@example.com',
        businessNumber: '1234567891',
        pendingChanges: { companyName: '새 상호', taxEmail: 'new-tax@example.com' },
        pendingSince: expect.any(String),
      },
    };
    expect(r.json().data).toMatchObject(waiting);
    expect(await me(m.token)).toMatchObject(waiting);
    // The form sends the requested values back with other edits: nothing new for review, no password needed.
    const again = await call('PUT', '/change-user', m.token, { fullName: '새이름', business: { companyName: '새 상호' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ message: 'Your details have been saved.', data: { fullName: '새이름', ...waiting } });

    const list = await call('GET', '/admin/business-changes', admin);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.find((x: { email: string }) => x.email === m.email);
    expect(listed.business.pendingChanges).toEqual({ companyName: '새 상호', taxEmail: 'new-tax@example.com' });
    expect((await call('GET', '/admin/business-changes', m.token)).json().code).toBe('ADMIN_ONLY');

    const ok = await call('POST', `/admin/members/${m.id}/business-changes/approve`, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('The business detail changes have been approved.');
    const applied = { companyName: '새 상호', taxEmail: 'new-tax@example.com', pendingChanges: null, pendingSince: null };
    expect(ok.json().data.business).toMatchObject(applied);
    expect((await me(m.token)).business).toMatchObject(applied);
    await t.deliver();
    const mail = await t.smtp.waitFor((x) => x.to === m.email && /사업자 정보 변경/.test(x.subject));
    expect(mail.subject).toBe('[포도 와인] 사업자 정보 변경 승인 안내');
    expect(mail.text).toContain('- 상호명: 테스트 와인바 → 새 상호');
    expect(mail.text).toContain('- 세금계산서 이메일: tax@example.com → new-tax@example.com');
    expect(mail.text).toContain('http://shop.test/mypage/profile');

    const twice = await call('POST', `/admin/members/${m.id}/business-changes/approve`, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ code: 'NO_PENDING_CHANGES', message: 'This member has no business detail changes waiting for review.' });
    expect((await call('POST', '/admin/members/999999/business-changes/approve', admin)).statusCode).toBe(404);
    const after = await call('GET', '/admin/business-changes', admin);
    expect(after.json().data.map((x: { email: string }) => x.email)).not.toContain(m.email);
  });

  it('rejected by the admin are dropped with a reason the member is mailed, in their language', async () => {
    const m = await buyer('en-US');
    const r = await call('PUT', '/change-user', m.token, {
      business: { representative: '새대표', businessType: 'RETAIL' },
      password: m.password,
    });
    expect(r.json().data.business.pendingChanges).toEqual({ representative: '새대표', businessType: 'RETAIL' });

    const noReason = await call('POST', `/admin/members/${m.id}/business-changes/reject`, admin, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const reason = '대표자 변경을 확인할 서류가 필요합니다.';
    const rejected = await call('POST', `/admin/members/${m.id}/business-changes/reject`, admin, { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().message).toBe('The business detail changes have been rejected.');
    const kept = { representative: '정회원', businessType: 'WINE_BAR', pendingChanges: null, pendingSince: null };
    expect(rejected.json().data).toMatchObject({ status: 'APPROVED', business: kept });
    expect((await me(m.token)).business).toMatchObject(kept);
    await t.deliver();
    const mail = await t.smtp.waitFor((x) => x.to === m.email && /business detail changes/.test(x.subject));
    expect(mail.subject).toBe('[PODO WINE] About your business detail changes');
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect((await call('POST', `/admin/members/${m.id}/business-changes/reject`, admin, { reason })).json().code).toBe(
      'NO_PENDING_CHANGES',
    );
  });
});

describe('members without a password: a social re-authentication instead', () => {
  let n = 0;
  const redirectFor = (p: FakeProvider) => `http://shop.test/oauth2/${p}`;

  /** A BUYER who signs in only with Kakao (no usable password), with business details and a token. */
  async function socialMember() {
    const { email, mobile } = freshContact('social');
    const u = first(
      await t.db.db
        .insert(users)
        .values({ email, passwordHash: '!social-only', fullName: '소셜회원', mobile, role: 'BUYER', status: 'APPROVED' })
        .returning(),
    );
    await t.db.db.insert(businessProfiles).values({
      userId: u.id,
      companyName: '소셜 와인바',
      businessNumber: '1234567891',
      representative: '소셜회원',
      businessType: 'WINE_BAR',
      taxEmail: 'tax@example.com',
    });
    const kakao: FakeProfile = { id: `55${Date.now()}${++n}`, email, emailVerified: true };
    await t.db.db.insert(socialIdentities).values({ userId: u.id, provider: 'kakao', providerUserId: kakao.id, email });
    const token = (await t.app.deps.tokens.sign({ sub: String(u.id), ver: u.tokenVersion }, 3600)).token;
    return { id: u.id, email, mobile, token, kakao };
  }

  /** start (purpose reauth) → the provider, logged in as `profile` → POST /auth/{provider}/reauth. */
  async function reauth(token: string | null, provider: FakeProvider, profile: FakeProfile, lang = 'en-US') {
    fake.setUser(provider, profile);
    const s = await call('GET', `/auth/${provider}/start?purpose=reauth&redirectUri=${encodeURIComponent(redirectFor(provider))}`, null);
    expect(s.statusCode, s.body).toBe(200);
    const back = await fetch(s.json().data.authorizeUrl, { redirect: 'manual' });
    const location = new URL(back.headers.get('location') ?? '');
    const body = { code: location.searchParams.get('code'), state: location.searchParams.get('state'), redirectUri: redirectFor(provider) };
    return call('POST', `/auth/${provider}/reauth`, token, body, lang);
  }
  const proofOf = async (member: { token: string; kakao: FakeProfile }) => {
    const r = await reauth(member.token, 'kakao', member.kakao);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.reauthToken as string;
  };

  it('asks the provider for a fresh login', async () => {
    const at = async (p: FakeProvider) => {
      const s = await call('GET', `/auth/${p}/start?purpose=reauth&redirectUri=${encodeURIComponent(redirectFor(p))}`, null);
      return new URL(s.json().data.authorizeUrl).searchParams;
    };
    expect((await at('kakao')).get('prompt')).toBe('login');
    expect((await at('google')).get('prompt')).toBe('select_account');
    const login = await call('GET', `/auth/kakao/start?redirectUri=${encodeURIComponent(redirectFor('kakao'))}`, null);
    expect(new URL(login.json().data.authorizeUrl).searchParams.get('prompt')).toBeNull();
  });

  it('a proof from the linked account changes the mobile number, once; a used, expired or foreign proof is refused', async () => {
    const a = await socialMember();
    const b = await socialMember();
    expect(await me(a.token)).toMatchObject({ hasPassword: false });
    const { mobile } = freshContact();
    const code = await requestCode(t, { mode: 'CERT_MOBILE', mobile });

    const none = await changeMobile(a.token, { mobile, code });
    expect(none.json()).toEqual({
      code: 'REAUTH_REQUIRED',
      message: 'Please confirm it is you with your linked social account to make this change.',
    });
    // There is no password to give instead.
    expect((await changeMobile(a.token, { mobile, code, password: '!social-only' })).json().code).toBe('REAUTH_REQUIRED');

    const r = await reauth(a.token, 'kakao', a.kakao, 'ko-KR');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('본인 확인이 완료되었습니다. 5분 안에 변경을 마쳐 주세요.');
    const ttl = new Date(r.json().data.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    const expired = r.json().data.reauthToken as string;
    await t.db.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verificationCodes.purpose, 'REAUTH'), eq(verificationCodes.target, `user:${a.id}`)));
    const invalid = { code: 'REAUTH_INVALID', message: 'Your identity confirmation has expired or is not valid. Please confirm again.' };
    expect((await changeMobile(a.token, { mobile, code, reauthToken: expired })).json()).toEqual(invalid);
    // Another member's proof, or a made-up one, is no proof for this member.
    const foreign = await proofOf(b);
    expect((await changeMobile(a.token, { mobile, code, reauthToken: foreign })).json()).toEqual(invalid);
    expect((await changeMobile(a.token, { mobile, code, reauthToken: 'x'.repeat(43) })).json()).toEqual(invalid);
    expect((await rowOf(a.email)).mobile).toBe(a.mobile);

    const proof = await proofOf(a);
    const ok = await changeMobile(a.token, { mobile, code, reauthToken: proof });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.mobile).toBe(mobile);
    await t.deliver();
    await t.sms.waitFor((s) => s.to === digits(a.mobile) && /변경되었습니다/.test(s.text));
    // Used up: the next change needs a new re-authentication.
    const next = freshContact().mobile;
    const code2 = await requestCode(t, { mode: 'CERT_MOBILE', mobile: next });
    expect((await changeMobile(a.token, { mobile: next, code: code2, reauthToken: proof })).json()).toEqual(invalid);
    // The foreign proof was not spent by the refused use: B can still use it.
    expect((await call('PUT', '/change-user', b.token, { business: { companyName: 'B 와인바' }, reauthToken: foreign })).statusCode).toBe(
      200,
    );
  });

  it('works only with an account linked to this very member, and only for a logged-in member', async () => {
    const a = await socialMember();
    const b = await socialMember();
    const before = first(await t.db.db.select({ c: sql<number>`count(*)::int` }).from(verificationCodes)).c;
    const stranger = await reauth(a.token, 'kakao', { id: `99${Date.now()}`, email: a.email, emailVerified: true });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({
      code: 'REAUTH_OTHER_ACCOUNT',
      message: 'This social account is not linked to your membership. Please confirm with a linked one.',
    });
    expect((await reauth(a.token, 'kakao', b.kakao)).json().code).toBe('REAUTH_OTHER_ACCOUNT');
    expect((await reauth(null, 'kakao', a.kakao)).statusCode).toBe(401);
    expect(first(await t.db.db.select({ c: sql<number>`count(*)::int` }).from(verificationCodes)).c).toBe(before);
    // Nothing was linked along the way.
    expect((await me(a.token)).sns.map((s: { provider: string }) => s.provider)).toEqual(['kakao']);
  });

  it('business changes, and linking another social account, need the proof too', async () => {
    const a = await socialMember();
    const change = { business: { companyName: '소셜 와인바 2호점' } };
    expect((await call('PUT', '/change-user', a.token, change)).json().code).toBe('REAUTH_REQUIRED');
    const r = await call('PUT', '/change-user', a.token, { ...change, reauthToken: await proofOf(a) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.business).toMatchObject({ companyName: '소셜 와인바', pendingChanges: { companyName: '소셜 와인바 2호점' } });

    // A stolen token must not link an account of its own and re-authenticate with that.
    const google = async () => {
      fake.setUser('google', { id: `g${Date.now()}`, email: 'attacker@example.com', emailVerified: true });
      const s = await call('GET', `/auth/google/start?redirectUri=${encodeURIComponent(redirectFor('google'))}`, null);
      const back = new URL((await fetch(s.json().data.authorizeUrl, { redirect: 'manual' })).headers.get('location') ?? '');
      return {
        snsType: 'google',
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        redirectUri: redirectFor('google'),
      };
    };
    const link = await call('PUT', '/change-sns', a.token, await google());
    expect(link.json().code).toBe('REAUTH_REQUIRED');
    expect(await t.db.db.select().from(socialIdentities).where(eq(socialIdentities.userId, a.id))).toHaveLength(1);
    const linked = await call('PUT', '/change-sns', a.token, { ...(await google()), reauthToken: await proofOf(a) });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(
      linked
        .json()
        .data.sns.map((s: { provider: string }) => s.provider)
        .sort(),
    ).toEqual(['google', 'kakao']);
  });
});
