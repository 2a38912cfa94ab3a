import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TSignupBody } from '@podo/contracts';
import { DEMO_STAFF, rowsOf } from '@podo/db';
import { Secret, TOTP } from 'otpauth';
import { startSmsServer, type TestSmsServer } from './sms-server';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';
import { createTestApp, type TestApp } from './test-app';

/**
 * Small real files of each certificate type (1 × 1 white images, as sharp writes them: images are decoded and
 * re-encoded on upload, so magic bytes alone are not enough), plus a fake.
 */
export const FILES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4//8/AAX+Av5Y8msOAAAAAElFTkSuQmCC',
    'base64',
  ),
  jpeg: Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z',
    'base64',
  ),
  webp: Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAUAmJaQAA3AA/vz0AAA=', 'base64'),
  pdf: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  text: Buffer.from('just some text pretending to be a photo\n'),
};

/** A multipart/form-data body with one file part (and optional text fields), as a browser sends it. */
export function multipartBody(
  file: { field?: string; name: string; type: string; bytes: Buffer } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----podo${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An app on a fresh database with a temporary DATA_DIR and real local SMTP and SMS servers receiving the codes. */
export interface AccountTestApp extends TestApp {
  sms: TestSmsServer;
  smtp: TestSmtpServer;
  dataDir: string;
}

export async function createAccountTestApp(
  env: Record<string, string> = {},
  opts: Parameters<typeof createTestApp>[1] = {},
): Promise<AccountTestApp> {
  const [sms, smtp] = await Promise.all([startSmsServer(), startSmtpServer()]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podo-accounts-'));
  const t = await createTestApp(
    {
      DATA_DIR: dataDir,
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: sms.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://shop.test',
      ...env,
    },
    opts,
  );
  return {
    ...t,
    sms,
    smtp,
    dataDir,
    async close() {
      await t.close();
      await Promise.all([sms.close(), smtp.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A mobile number and an e-mail nobody in the test has used (codes have per-target limits and cooldowns). */
export function freshContact(prefix = 'member') {
  return {
    email: `${prefix}-${randomBytes(4).toString('hex')}@example.com`,
    mobile: `010-${randomInt(2000, 9999)}-${randomInt(1000, 9999)}`,
  };
}

/** A client address of its own, so the per-address limits of one test do not touch another. */
export const freshIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** The six-digit code of a certification SMS or e-mail (the last one in the text). */
export const codeIn = (text: string) => {
  const code = [...text.matchAll(/\[(\d{6})\]/g)].at(-1)?.[1];
  if (code === undefined) throw new Error(`no code in: ${text}`);
  return code;
};

/** Asks for a code through POST /cert and reads it from the SMS or e-mail the API sent to the local servers. */
export async function requestCode(
  t: AccountTestApp,
  body: { mode: 'SIGNUP_MOBILE' | 'SIGNUP_EMAIL' | 'CERT_MOBILE'; mobile?: string; email?: string },
  ip = freshIp(),
): Promise<string> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/v1/cert', payload: body, remoteAddress: ip });
  if (sent.statusCode !== 200) throw new Error(`POST /cert answered ${sent.statusCode}: ${sent.body}`);
  if (body.mode === 'SIGNUP_EMAIL') {
    const mail = await t.smtp.waitFor((m) => m.to === body.email && !usedMessages.has(m));
    usedMessages.add(mail);
    return codeIn(mail.text);
  }
  const digits = body.mobile!.replace(/-/g, '');
  const sms = await t.sms.waitFor((m) => m.to === digits && !usedMessages.has(m));
  usedMessages.add(sms);
  return codeIn(sms.text);
}
const usedMessages = new WeakSet<object>();

/** Requests and confirms a code (POST /cert, then POST /cert/confirm with the code that arrived). */
export async function verifyCode(
  t: AccountTestApp,
  body: { mode: 'SIGNUP_MOBILE' | 'SIGNUP_EMAIL' | 'CERT_MOBILE'; mobile?: string; email?: string },
  ip = freshIp(),
): Promise<string> {
  const code = await requestCode(t, body, ip);
  const ok = await t.app.inject({ method: 'POST', url: '/api/v1/cert/confirm', payload: { ...body, code }, remoteAddress: ip });
  if (ok.statusCode !== 200) throw new Error(`POST /cert/confirm answered ${ok.statusCode}: ${ok.body}`);
  return code;
}

/** Uploads a certificate through POST /signup/certificate; returns the file id. */
export async function uploadCertificate(
  t: TestApp,
  file = { name: 'certificate.pdf', type: 'application/pdf', bytes: FILES.pdf },
  ip = freshIp(),
) {
  const { payload, headers } = multipartBody(file);
  const r = await t.app.inject({ method: 'POST', url: '/api/v1/signup/certificate', payload, headers, remoteAddress: ip });
  if (r.statusCode !== 201) throw new Error(`upload answered ${r.statusCode}: ${r.body}`);
  return r.json().data.id as string;
}

/** A complete, valid sign-up body for this contact (certificate still to be given). */
export function signupBody(
  contact: { email: string; mobile: string },
  certificateFileId: string,
  over: Partial<TSignupBody> = {},
): TSignupBody {
  return {
    email: contact.email,
    password: 'Grape#Harvest92',
    passwordConfirm: 'Grape#Harvest92',
    fullName: '정회원',
    mobile: contact.mobile,
    birthday: '19900101',
    agreeTerms: true,
    agreePrivacy: true,
    agreeMarketing: false,
    business: {
      companyName: '테스트 와인바',
      businessNumber: '123-45-67891',
      representative: '정회원',
      businessType: 'WINE_BAR',
      taxEmail: 'tax@example.com',
    },
    certificateFileId,
    ...over,
  };
}

/** The whole sign-up through the API: both codes verified, certificate uploaded, POST /signup. */
export async function signUp(t: AccountTestApp, over: Partial<TSignupBody> = {}) {
  const contact = { ...freshContact(), ...(over.email ? { email: over.email } : {}), ...(over.mobile ? { mobile: over.mobile } : {}) };
  const ip = freshIp();
  await verifyCode(t, { mode: 'SIGNUP_MOBILE', mobile: contact.mobile }, ip);
  await verifyCode(t, { mode: 'SIGNUP_EMAIL', email: contact.email }, ip);
  const fileId = await uploadCertificate(t, undefined, ip);
  const body = signupBody(contact, fileId, over);
  const r = await t.app.inject({ method: 'POST', url: '/api/v1/signup', payload: body, remoteAddress: ip });
  if (r.statusCode !== 201) throw new Error(`sign-up answered ${r.statusCode}: ${r.body}`);
  return { ...contact, password: body.password, fileId, token: r.json().data.accessToken as string, ip };
}

/** Logs in through the API and returns the access token. */
export async function loginToken(t: TestApp, email: string, password: string, ip = freshIp()): Promise<string> {
  const r = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: ip });
  if (r.statusCode !== 200) throw new Error(`login answered ${r.statusCode}: ${r.body}`);
  return r.json().data.accessToken;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The code a demo member of staff's authenticator app shows for a step the server has not seen used yet (a code is
 * good once: the step must be later than the last one used; one step of drift either way is accepted). Waits for
 * the next step when the account used all three already.
 */
export async function nextTotpCode(t: TestApp, email: string, secret = DEMO_STAFF[email]?.totpSecret): Promise<string> {
  if (!secret) throw new Error(`no authenticator secret for ${email}`);
  const [row] = rowsOf<{ last: string | null }>(
    await t.db.db.execute(
      sql`select a.totp_last_step::text as last from staff_accounts a join users u on u.id = a.user_id where lower(u.email) = lower(${email})`,
    ),
  );
  const last = row?.last === null || row?.last === undefined ? -Infinity : Number(row.last);
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / 30);
    const step = [now - 1, now, now + 1].find((s) => s > last);
    if (step !== undefined) return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Signs a demo member of staff in as the back office does: the password, then the authenticator's code. */
export async function staffSignIn(t: TestApp, email: string, password: string, ip = freshIp()): Promise<string> {
  const token = await loginToken(t, email, password, ip);
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v1/staff/second-factor',
    payload: { code: await nextTotpCode(t, email) },
    headers: auth(token),
    remoteAddress: ip,
  });
  if (r.statusCode !== 200) throw new Error(`second factor answered ${r.statusCode}: ${r.body}`);
  return token;
}

/**
 * A member of staff signed in with the second factor given, as the back office's sign-in leaves them (the sign-in
 * itself, password then authenticator code, is tested in modules/staff/staff.test.ts).
 */
export async function staffToken(t: TestApp, email: string): Promise<string> {
  const [u] = rowsOf<{ id: number; ver: number }>(
    await t.db.db.execute(sql`select id, token_version as ver from users where lower(email) = lower(${email})`),
  );
  if (!u) throw new Error(`no member ${email}`);
  const { token, jti } = await t.app.deps.tokens.sign({ sub: String(u.id), ver: u.ver }, 3600);
  await t.db.db.execute(sql`insert into staff_sessions (jti, user_id, ip, verified_at) values (${jti}, ${u.id}, '127.0.0.1', now())`);
  return token;
}
