import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '@podo/db';
import { auth, freshIp, loginToken, nextTotpCode, staffSignIn, staffToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffToken(t, 'admin@example.com');
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.db.execute(sql`delete from throttle_buckets where key like 'login:%' or key like 'staff:%'`);
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { 'accept-language': 'en-US', ...(token ? auth(token) : {}) }, payload });
const codeOf = async (r: ReturnType<typeof call>) => {
  const res = await r;
  return [res.statusCode, res.json().code];
};
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: freshIp() });

describe('staff sign-in: the password, then the authenticator', () => {
  it('refuses every staff call on the password alone, until the app code is given; a code is good once', async () => {
    const r = await login('sales@example.com', 'Sales!2345');
    expect(r.json().data.staff).toEqual({ secondFactor: 'required' });
    const token = r.json().data.accessToken;
    expect(await codeOf(call('GET', '/admin/members', token))).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
    // A role it lacks answers the same: the password alone learns nothing of the permissions.
    expect(await codeOf(call('GET', '/admin/audit', token))).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
    expect((await call('GET', '/staff/session', token)).json().data).toMatchObject({
      email: 'sales@example.com',
      role: 'sales',
      secondFactor: 'required',
      idleMinutes: 30,
    });
    expect(await codeOf(call('POST', '/staff/second-factor', token, { code: '12345' }))).toEqual([400, 'VALIDATION_FAILED']);
    const code = await nextTotpCode(t, 'sales@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await codeOf(call('POST', '/staff/second-factor', token, { code: wrong }))).toEqual([400, 'SECOND_FACTOR_INVALID']);
    const ok = await call('POST', '/staff/second-factor', token, { code: code.slice(0, 3) + ' ' + code.slice(3) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ secondFactor: 'verified', permissions: expect.arrayContaining(['buyers:pii']) });
    expect((await call('GET', '/admin/members', token)).statusCode).toBe(200);
    expect(await codeOf(call('GET', '/admin/audit', token))).toEqual([403, 'PERMISSION_DENIED']);

    // Someone who saw the code cannot use it on another sign-in.
    const other = (await login('sales@example.com', 'Sales!2345')).json().data.accessToken;
    expect(await codeOf(call('POST', '/staff/second-factor', other, { code }))).toEqual([400, 'SECOND_FACTOR_INVALID']);
  });

  it('locks the second step after five wrong codes in 15 minutes', async () => {
    const token = (await login('warehouse@example.com', 'Warehouse!2345')).json().data.accessToken;
    for (let i = 0; i < 5; i++) expect((await call('POST', '/staff/second-factor', token, { code: '000000' })).statusCode).toBe(400);
    const locked = await call('POST', '/staff/second-factor', token, { code: await nextTotpCode(t, 'warehouse@example.com') });
    expect([locked.statusCode, locked.json().code]).toEqual([429, 'LOGIN_LOCKED']);
  });

  it('ends a session after 30 idle minutes; a call within them keeps it alive', async () => {
    const token = await staffSignIn(t, 'admin@example.com', 'Admin!2345');
    const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;
    await t.db.db.execute(sql`update staff_sessions set last_seen_at = now() - interval '29 minutes' where jti = ${jti}`);
    expect((await call('GET', '/admin/members', token)).statusCode).toBe(200);
    const [seen] = rowsOf<{ idle: boolean }>(
      await t.db.db.execute(sql`select last_seen_at > now() - interval '1 minute' as idle from staff_sessions where jti = ${jti}`),
    );
    expect(seen?.idle).toBe(true);
    await t.db.db.execute(sql`update staff_sessions set last_seen_at = now() - interval '31 minutes' where jti = ${jti}`);
    const r = await call('GET', '/admin/members', token);
    expect([r.statusCode, r.json().code]).toEqual([401, 'STAFF_SESSION_EXPIRED']);
    expect(r.json().message).toBe('You were signed out after 30 minutes without activity. Please sign in again.');
    // Logging out ends it too.
    const next = await staffSignIn(t, 'admin@example.com', 'Admin!2345');
    expect((await call('POST', '/logout', next)).statusCode).toBe(200);
    expect((await call('GET', '/admin/members', next)).statusCode).toBe(401);
  });
});

describe('staff accounts', () => {
  it('an admin creates a warehouse account; it sets the app up with a QR code, gets recovery codes, and signs in with one', async () => {
    const created = await call('POST', '/admin/staff', admin, { email: 'picker@example.com', fullName: '김창고', role: 'warehouse' });
    expect(created.statusCode, created.body).toBe(201);
    const { data, temporaryPassword } = created.json();
    expect(data).toMatchObject({ email: 'picker@example.com', role: 'warehouse', secondFactor: false, disabled: false });
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{12}-\d\d$/);
    expect(await codeOf(call('POST', '/admin/staff', admin, { email: 'PICKER@example.com', fullName: '김창고', role: 'sales' }))).toEqual([
      409,
      'EMAIL_TAKEN',
    ]);

    const first = await login('picker@example.com', temporaryPassword);
    expect(first.json().data.staff).toEqual({ secondFactor: 'setup' });
    const token = first.json().data.accessToken;
    expect(await codeOf(call('GET', '/admin/outbox', token))).toEqual([403, 'SECOND_FACTOR_SETUP_REQUIRED']);
    expect(await codeOf(call('POST', '/staff/second-factor', token, { code: '123456' }))).toEqual([409, 'SECOND_FACTOR_NOT_SET']);

    const setup = (await call('POST', '/staff/second-factor/setup', token)).json().data;
    expect(setup.uri).toBe(
      `otpauth://totp/PODO%20WINE:picker%40example.com?issuer=PODO%20WINE&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const app = (ts = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(setup.secret), timestamp: ts });
    expect(await codeOf(call('POST', '/staff/second-factor/enable', token, { code: '000000' }))).toEqual([400, 'SECOND_FACTOR_INVALID']);
    const enabled = await call('POST', '/staff/second-factor/enable', token, { code: app() });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes, session } = enabled.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(session).toMatchObject({
      role: 'warehouse',
      secondFactor: 'verified',
      recoveryCodesLeft: 10,
      permissions: ['orders:read', 'orders:ship', 'stock:edit'],
    });
    expect(await codeOf(call('POST', '/staff/second-factor/setup', token))).toEqual([409, 'SECOND_FACTOR_ACTIVE']);
    // Warehouse: no buyer list, no personal data.
    expect(await codeOf(call('GET', '/admin/members', token))).toEqual([403, 'PERMISSION_DENIED']);
    expect(await codeOf(call('GET', '/admin/members/1', token))).toEqual([403, 'PERMISSION_DENIED']);

    // A lost phone: a recovery code works once.
    const again = (await login('picker@example.com', temporaryPassword)).json().data.accessToken;
    const recovered = await call('POST', '/staff/second-factor', again, { code: recoveryCodes[0].toUpperCase() });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json().data.recoveryCodesLeft).toBe(9);
    const third = (await login('picker@example.com', temporaryPassword)).json().data.accessToken;
    expect(await codeOf(call('POST', '/staff/second-factor', third, { code: recoveryCodes[0] }))).toEqual([400, 'SECOND_FACTOR_INVALID']);
  });

  it('disables an account (its sign-ins end), enables it, resets its app, and changes its role; never its own', async () => {
    const { data, temporaryPassword } = (
      await call('POST', '/admin/staff', admin, { email: 'temp-sales@example.com', fullName: '임시영업', role: 'sales' })
    ).json();
    const token = await loginToken(t, 'temp-sales@example.com', temporaryPassword);
    expect((await call('GET', `/admin/staff`, admin)).json().data.map((s: { email: string }) => s.email)).toEqual(
      expect.arrayContaining(['admin@example.com', 'sales@example.com', 'warehouse@example.com', 'temp-sales@example.com']),
    );

    expect((await call('POST', `/admin/staff/${data.id}/disable`, admin)).json().data.disabled).toBe(true);
    expect(await codeOf(call('GET', '/staff/session', token))).toEqual([401, 'TOKEN_INVALID']);
    const refused = await login('temp-sales@example.com', temporaryPassword);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'STAFF_DISABLED']);
    expect((await call('POST', `/admin/staff/${data.id}/enable`, admin)).json().data.disabled).toBe(false);
    expect((await login('temp-sales@example.com', temporaryPassword)).statusCode).toBe(200);

    await t.db.db.execute(sql`update staff_accounts set totp_secret = 'JBSWY3DPEHPK3PXP' where user_id = ${data.id}`);
    expect((await call('POST', `/admin/staff/${data.id}/reset-second-factor`, admin)).json().data.secondFactor).toBe(false);
    expect((await login('temp-sales@example.com', temporaryPassword)).json().data.staff).toEqual({ secondFactor: 'setup' });

    expect((await call('PATCH', `/admin/staff/${data.id}`, admin, { role: 'warehouse' })).json().data.role).toBe('warehouse');
    expect(await codeOf(call('PATCH', `/admin/staff/${data.id}`, admin, { role: 'boss' }))).toEqual([400, 'VALIDATION_FAILED']);

    const me = (await call('GET', '/staff/session', admin)).json().data.id;
    for (const [method, url] of [
      ['POST', `/admin/staff/${me}/disable`],
      ['POST', `/admin/staff/${me}/reset-second-factor`],
      ['PATCH', `/admin/staff/${me}`],
    ] as const) {
      expect(await codeOf(call(method, url, admin, method === 'PATCH' ? { role: 'sales' } : undefined))).toEqual([409, 'STAFF_SELF']);
    }
    // Only an admin manages staff.
    expect(await codeOf(call('GET', '/admin/staff', await staffToken(t, 'sales@example.com')))).toEqual([403, 'PERMISSION_DENIED']);
  });
});
