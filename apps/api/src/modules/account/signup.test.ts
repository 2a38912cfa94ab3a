import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, uploadedFiles, users, verificationCodes } from '@podo/db';
import { CERTIFICATE_MAX_BYTES } from '@podo/contracts';
import {
  auth,
  createAccountTestApp,
  FILES,
  freshContact,
  freshIp,
  multipartBody,
  signUp,
  signupBody,
  uploadCertificate,
  verifyCode,
  type AccountTestApp,
} from '../../../../../tests/helpers/accounts';
import { usingPostgres } from '../../../../../tests/helpers/test-app';
import { first } from '../../../../../tests/helpers/items';

let t: AccountTestApp;
beforeAll(async () => {
  t = await createAccountTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, opts: { lang?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: { 'accept-language': opts.lang ?? 'en-US' },
    remoteAddress: opts.ip ?? freshIp(),
  });
const upload = (file: Parameters<typeof multipartBody>[0], ip = freshIp(), fields: Record<string, string> = {}) => {
  const { payload, headers } = multipartBody(file, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/signup/certificate',
    payload,
    headers: { ...headers, 'accept-language': 'en-US' },
    remoteAddress: ip,
  });
};
const db = () => t.db.db;

describe('POST /valid-email and /valid-mobile', () => {
  it('answers available for a free e-mail, EMAIL_TAKEN (409) for a registered one in any letter case', async () => {
    const free = await post('/valid-email', { email: 'Someone.New@Example.com' });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ data: { available: true }, message: 'This e-mail address is available.' });
    const taken = await post('/valid-email', { email: 'BUYER@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'The email you entered is already registered.' });
    const bad = await post('/valid-email', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('always answers available for a mobile number, with a notice when another account uses it', async () => {
    const used = await post('/valid-mobile', { mobile: '01012345678' }); // the demo buyer's, typed without dashes
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({
      data: { available: true },
      message: 'This mobile number is already registered to another account. You can still continue.',
    });
    const free = await post('/valid-mobile', { mobile: '010-9999-0001' }, { lang: 'ko-KR' });
    expect(free.json()).toEqual({ data: { available: true }, message: '사용할 수 있는 휴대폰 번호입니다.' });
    const bad = await post('/valid-mobile', { mobile: '02-123-4567' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Mobile number: Enter a Korean mobile number like 010-1234-5678.');
  });
});

describe('availability check limit', () => {
  it('allows 20 checks per address an hour for each call, then CHECK_LIMIT (429, Retry-After), free and taken alike', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 20; i++) {
      // Free and taken addresses count the same.
      const r = await post('/valid-email', { email: i % 2 ? `free${i}@example.com` : 'buyer@example.com' }, { ip });
      expect(r.statusCode).toBe(i % 2 ? 200 : 409);
    }
    for (const email of ['free99@example.com', 'buyer@example.com']) {
      const over = await post('/valid-email', { email }, { ip });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ code: 'CHECK_LIMIT', message: 'Too many checks from this address. Please try again in 60 min.' });
      const retry = Number(over.headers['retry-after']);
      expect(retry).toBeGreaterThan(59 * 60);
      expect(retry).toBeLessThanOrEqual(60 * 60);
    }
    // The mobile check has its own budget, and so does every other address.
    expect((await post('/valid-mobile', { mobile: '010-9999-0002' }, { ip })).statusCode).toBe(200);
    expect((await post('/valid-email', { email: 'free99@example.com' }, { ip: '10.77.0.2' })).statusCode).toBe(200);
    for (let i = 1; i < 20; i++) await post('/valid-mobile', { mobile: '010-9999-0002' }, { ip });
    expect((await post('/valid-mobile', { mobile: '010-9999-0002' }, { ip })).json().code).toBe('CHECK_LIMIT');
  });
});

describe('POST /signup/certificate', () => {
  it('accepts JPEG, PNG, WEBP and PDF by their bytes, stores them under DATA_DIR/uploads and records size and SHA-256', async () => {
    const cases = [
      { name: 'scan.jpg', type: 'image/jpeg', bytes: FILES.jpeg, mime: 'image/jpeg', saved: 'scan.jpg' },
      // The browser's claim does not matter: the bytes decide, also the extension of the name.
      { name: 'photo', type: 'application/octet-stream', bytes: FILES.png, mime: 'image/png', saved: 'photo.png' },
      { name: 'cert.webp', type: 'image/webp', bytes: FILES.webp, mime: 'image/webp', saved: 'cert.webp' },
      { name: '사업자등록증.pdf', type: 'application/pdf', bytes: FILES.pdf, mime: 'application/pdf', saved: '사업자등록증.pdf' },
    ];
    for (const c of cases) {
      const r = await upload({ name: c.name, type: c.type, bytes: c.bytes });
      expect(r.statusCode, r.body).toBe(201);
      const { data } = r.json();
      const row = first(await db().select().from(uploadedFiles).where(eq(uploadedFiles.id, data.id)));
      // Images are stored re-encoded (lib/uploads.test.ts), PDFs as they came: size and SHA-256 are of the stored bytes.
      const stored = readFileSync(path.join(t.dataDir, 'uploads', row.storageKey));
      if (c.mime === 'application/pdf') expect(stored.equals(c.bytes)).toBe(true);
      expect(data).toEqual({ id: expect.any(String), name: c.saved, size: stored.length, mime: c.mime });
      expect(row).toMatchObject({ purpose: 'CERTIFICATE', ownerUserId: null, size: stored.length, mime: c.mime });
      expect(row.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    }
  });

  it('accepts a file of exactly the 10 MB limit (the 1 MB JSON body limit does not apply)', async () => {
    const bytes = Buffer.concat([FILES.pdf, Buffer.alloc(CERTIFICATE_MAX_BYTES - FILES.pdf.length)]);
    const r = await upload({ name: 'scan.pdf', type: 'application/pdf', bytes });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.size).toBe(CERTIFICATE_MAX_BYTES);
  });

  it('refuses a text file named .jpg, an empty upload, a request without a file and an oversized file', async () => {
    const fake = await upload({ name: 'certificate.jpg', type: 'image/jpeg', bytes: FILES.text });
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ code: 'FILE_TYPE_NOT_ALLOWED', message: 'Only JPG, PNG or WEBP images and PDF files can be uploaded.' });

    const html = await upload({ name: 'x.pdf', type: 'application/pdf', bytes: Buffer.from('<html><script>alert(1)</script>') });
    expect(html.json().code).toBe('FILE_TYPE_NOT_ALLOWED');

    const empty = await upload({ name: 'empty.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 'FILE_REQUIRED', message: 'No files uploaded.' });

    const fieldsOnly = await upload(null, freshIp(), { note: 'no file here' });
    expect(fieldsOnly.json().code).toBe('FILE_REQUIRED');
    const json = await post('/signup/certificate', { file: 'not a file' });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('FILE_REQUIRED');

    const big = Buffer.concat([FILES.pdf, Buffer.alloc(CERTIFICATE_MAX_BYTES)]);
    const tooLarge = await upload({ name: 'big.pdf', type: 'application/pdf', bytes: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'The file is too large. Files up to 10 MB can be uploaded.' });
  });

  it('keeps multipart to this route: other calls refuse it as an unsupported media type', async () => {
    const { payload, headers } = multipartBody(null, { email: 'a@b.co', password: 'x' });
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload, headers });
    expect(r.statusCode).toBe(415);
    expect(r.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('limits uploads to 20 per client address an hour', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await upload({ name: 'c.png', type: 'image/png', bytes: FILES.png }, ip)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(codes[20]).toBe(429);
    expect((await upload({ name: 'c.png', type: 'image/png', bytes: FILES.png }, freshIp())).statusCode).toBe(201);
  });
});

describe('POST /signup', () => {
  it('signs up a PENDING member with both codes used up, the certificate claimed and a one-day token', async () => {
    const contact = freshContact('signup');
    const ip = freshIp();
    await verifyCode(t, { mode: 'SIGNUP_MOBILE', mobile: contact.mobile }, ip);
    await verifyCode(t, { mode: 'SIGNUP_EMAIL', email: contact.email }, ip);
    const fileId = await uploadCertificate(t, { name: '사업자등록증.pdf', type: 'application/pdf', bytes: FILES.pdf });
    const body = signupBody({ ...contact, email: contact.email.toUpperCase() }, fileId, { agreeMarketing: true });
    const r = await post('/signup', body, { ip });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().message).toBe('Your application is complete. You can order once your buyer account is approved.');
    const { accessToken, expiresAt } = r.json().data;
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: auth(accessToken) });
    expect(me.json().data).toMatchObject({
      email: contact.email,
      fullName: '정회원',
      mobile: contact.mobile,
      birthday: '19900101',
      role: 'MEMBER',
      status: 'PENDING',
      emailVerified: true,
      marketingAgreed: true,
      rejectReason: null,
      passwordChangeDue: false,
      business: {
        companyName: '테스트 와인바',
        businessNumber: '1234567891',
        representative: '정회원',
        businessType: 'WINE_BAR',
        taxEmail: 'tax@example.com',
        certificate: { id: fileId, name: '사업자등록증.pdf', size: FILES.pdf.length, mime: 'application/pdf' },
      },
    });
    const row = first(await db().select().from(users).where(eq(users.email, contact.email)));
    expect(row.mobileVerifiedAt).not.toBeNull();
    expect(row.termsAgreedAt).not.toBeNull();
    expect(row.privacyAgreedAt).not.toBeNull();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const file = first(await db().select().from(uploadedFiles).where(eq(uploadedFiles.id, fileId)));
    expect(file.ownerUserId).toBe(row.id);
    const open = await db()
      .select()
      .from(verificationCodes)
      .where(sql`${verificationCodes.target} in (${contact.email}, ${contact.mobile}) and ${verificationCodes.consumedAt} is null`);
    expect(open).toEqual([]);

    // The member can log in with the new password.
    const login = await post('/login', { email: contact.email, password: body.password });
    expect(login.statusCode).toBe(200);
  });

  it('needs both verified codes, and uses each only once', async () => {
    const contact = freshContact('nocode');
    const ip = freshIp();
    const fileId = await uploadCertificate(t);
    const none = await post('/signup', signupBody(contact, fileId), { ip });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: 'CODE_NOT_VERIFIED', message: 'Please complete the verification first.' });

    await verifyCode(t, { mode: 'SIGNUP_MOBILE', mobile: contact.mobile }, ip);
    const mobileOnly = await post('/signup', signupBody(contact, fileId), { ip });
    expect(mobileOnly.json().code).toBe('CODE_NOT_VERIFIED');
    // The failed attempt used nothing up: the mobile code and the file still work.
    await verifyCode(t, { mode: 'SIGNUP_EMAIL', email: contact.email }, ip);
    const ok = await post('/signup', signupBody(contact, fileId), { ip });
    expect(ok.statusCode, ok.body).toBe(201);

    // A second account with the same (already used) mobile code is refused.
    const other = { ...freshContact('again'), mobile: contact.mobile };
    await verifyCode(t, { mode: 'SIGNUP_EMAIL', email: other.email }, ip);
    const reuse = await post('/signup', signupBody(other, await uploadCertificate(t)), { ip });
    expect(reuse.json().code).toBe('CODE_NOT_VERIFIED');
  });

  it('refuses a taken e-mail, a common or personal password, and a certificate that is unknown or already claimed', async () => {
    const member = await signUp(t);
    const contact = freshContact('refused');
    const ip = freshIp();
    await verifyCode(t, { mode: 'SIGNUP_MOBILE', mobile: contact.mobile }, ip);
    await verifyCode(t, { mode: 'SIGNUP_EMAIL', email: contact.email }, ip);
    const fileId = await uploadCertificate(t);

    const taken = await post('/signup', signupBody({ ...contact, email: member.email }, fileId), { ip });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');

    for (const password of ['Qwer1234!', 'P@ssw0rd1', '1q2w3e4r!', 'iloveyou1!', `${contact.email.split('@')[0]}#1A`]) {
      const r = await post('/signup', signupBody(contact, fileId, { password, passwordConfirm: password }), { ip });
      expect(r.statusCode, password).toBe(400);
      expect(r.json(), password).toEqual({
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common and easy to guess. Please choose another one.',
      });
    }

    const unknown = await post('/signup', signupBody(contact, '00000000-0000-4000-8000-000000000000'), { ip });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('FILE_REQUIRED');
    const claimed = await post('/signup', signupBody(contact, member.fileId), { ip });
    expect(claimed.json().code).toBe('FILE_REQUIRED');

    // Nothing of the refused attempts stuck: the same codes and file still sign up.
    const ok = await post('/signup', signupBody(contact, fileId), { ip });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('validates the body field by field, in the request language', async () => {
    const contact = freshContact('invalid');
    const fileId = '00000000-0000-4000-8000-000000000000';
    const cases: [Record<string, unknown>, string][] = [
      [
        { business: { ...signupBody(contact, fileId).business, businessNumber: '123-45-67890' } },
        'Business registration number: Enter a valid 10-digit business registration number.',
      ],
      [{ passwordConfirm: 'Other#Pass99' }, 'Confirm password: The passwords do not match.'],
      [
        { password: 'short1!', passwordConfirm: 'short1!' },
        'Password: Use 8 to 50 characters with a letter, a digit and one of # ? ! @ $ % ^ & * -.',
      ],
      [{ agreeTerms: false }, 'Terms of use: Please agree to the required items.'],
      [{ birthday: '19990231' }, 'Date of birth: Enter your date of birth as 8 digits (e.g. 19990101).'],
      [{ birthday: `${new Date().getFullYear() - 18}0101` }, 'Date of birth: You must be 19 or older to sign up.'],
      [{ certificateFileId: '' }, 'Business registration certificate: Please upload the business registration certificate.'],
    ];
    for (const [over, message] of cases) {
      const r = await post('/signup', { ...signupBody(contact, fileId), ...over });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    }
  });

  it.runIf(usingPostgres())('answers EMAIL_TAKEN, not 500, when another sign-up takes the e-mail while this one runs', async () => {
    const contact = freshContact('race');
    const ip = freshIp();
    await verifyCode(t, { mode: 'SIGNUP_MOBILE', mobile: contact.mobile }, ip);
    await verifyCode(t, { mode: 'SIGNUP_EMAIL', email: contact.email }, ip);
    const fileId = await uploadCertificate(t);

    // A competing sign-up has inserted the same e-mail but not committed yet: ours passes the check and then
    // waits on the unique index; when the other commits, ours must fail cleanly.
    const url = t.config.databaseUrl!;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`insert into users (email, password_hash, full_name) values ($1, 'x', 'other')`, [contact.email.toUpperCase()]);
      const pending = post('/signup', signupBody(contact, fileId), { ip });
      const watcher = new pg.Client({ connectionString: url });
      await watcher.connect();
      for (let i = 0; i < 200; i++) {
        const { rows } = await watcher.query(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await watcher.end();
      await other.query('commit');
      const r = await pending;
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('EMAIL_TAKEN');
    } finally {
      await other.end();
    }
    // The rolled-back sign-up left its codes and file unused.
    const file = first(await db().select().from(uploadedFiles).where(eq(uploadedFiles.id, fileId)));
    expect(file.ownerUserId).toBeNull();
    expect(await db().select().from(businessProfiles).where(eq(businessProfiles.certificateFileId, fileId))).toEqual([]);
  });

  it('stores every upload under the temporary DATA_DIR only', () => {
    expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(true);
    expect(readdirSync(path.join(t.dataDir, 'uploads')).length).toBeGreaterThan(0);
  });
});
