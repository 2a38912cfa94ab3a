import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@podo/db';
import { fakeRecaptcha } from '../../../../../tests/helpers/recaptcha-server';
import { startSmtpServer, type TestSmtpServer } from '../../../../../tests/helpers/smtp-server';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

const valid = {
  companyName: '와인바 포도',
  fullName: '박소믈',
  mobile: '01055556666',
  email: 'sommelier@example.com',
  content: '거래 조건과 샘플 테이스팅 일정을 문의드립니다.',
  privacyAgree: true,
};

describe('contact inquiries without reCAPTCHA keys', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, ADMIN_EMAIL: 'sales@podo-wine.example', CONTACT_LIMIT_PER_HOUR: '3' }, { seed: false });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const post = (body: object, ip = '10.1.1.1', lang = 'ko-KR') =>
    t.app.inject({ method: 'POST', url: '/api/v1/contacts', payload: body, headers: { 'accept-language': lang }, remoteAddress: ip });
  const count = async () => rowsOf<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from contacts`))[0]?.n ?? 0;
  const human = () => ({ ...valid, renderedAt: Date.now() - 20_000 });

  it('stores an inquiry and e-mails it to the importer', async () => {
    const r = await post(human(), '10.1.1.1', 'en-US');
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ message: 'Your inquiry is registered.' });
    await t.deliver();
    const mail = await smtp.waitFor((m) => m.subject.includes(`#${r.json().data.id}`));
    expect(mail.to).toBe('sales@podo-wine.example');
    expect(mail.text).toContain('휴대전화: 010-5555-6666');
    expect(mail.text).toContain('샘플 테이스팅');
    const [row] = rowsOf<{ business_type: string; mailed_at: unknown }>(await t.db.db.execute(sql`select * from contacts`));
    expect(row).toMatchObject({ business_type: 'BRAND' });
    expect(row?.mailed_at).not.toBeNull();
  });

  it('refuses bad input with the field named, in the caller’s language, and stores nothing', async () => {
    const before = await count();
    const message = async (body: object, lang = 'en-US') =>
      (await post({ ...human(), ...body }, '10.1.1.2', lang)).json().message as string;
    expect(await message({ companyName: '' })).toBe('Company name: Please enter a brand name or company name.');
    expect(await message({ companyName: '' }, 'ko-KR')).toBe('상호명: 브랜드명 또는 회사명을 입력해 주세요.');
    expect(await message({ mobile: '0212345678' })).toMatch(/^Mobile number: /);
    expect(await message({ privacyAgree: false })).toBe('Privacy consent: Please agree to the required items.');
    expect(await message({ content: '짧음' })).toBe('Message: Please write at least 10 characters.');
    expect(await count()).toBe(before);
  });

  it('keeps robots out: the hidden field, a form sent too fast, too many from one address', async () => {
    const before = await count();
    expect((await post({ ...human(), website: 'http://spam.example' }, '10.1.1.3')).json().code).toBe('CONTACT_SPAM');
    expect((await post({ ...valid, renderedAt: Date.now() - 500 }, '10.1.1.3')).json().code).toBe('CONTACT_SPAM');
    expect((await post(valid, '10.1.1.3')).json().code).toBe('CONTACT_SPAM');
    expect(await count()).toBe(before);
    // Three an hour per address, also when sent at once.
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(human(), '10.1.1.4')));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().code).toBe('CONTACT_LIMIT');
    expect(refused.headers['retry-after']).toBe('3600');
    expect((await post(human(), '10.1.1.5')).statusCode).toBe(201);
  });

  it('says the captcha check is off without keys', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/captcha/google-check?token=x' });
    expect(r.statusCode).toBe(503);
  });
});

describe('contact inquiries with reCAPTCHA', () => {
  const google = fakeRecaptcha();
  let t: TestApp;
  beforeAll(async () => {
    if (!google.server.listening) await once(google.server, 'listening');
    t = await createTestApp(
      { RECAPTCHA_SITE_KEY: 'test-site', RECAPTCHA_SECRET_KEY: 'test-secret', RECAPTCHA_VERIFY_URL: google.url() },
      { seed: false },
    );
  });
  afterAll(async () => {
    await t.close();
    google.server.close();
  });
  const post = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      payload: body,
      headers: { 'accept-language': 'en-US' },
      remoteAddress: '10.2.2.2',
    });

  it('checks the token with Google, sending the secret and the address', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/captcha/google-check?token=good-token' })).json()).toEqual({
      data: { success: true },
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/captcha/google-check?token=bad' })).json()).toEqual({
      data: { success: false },
    });
    expect(google.calls.at(-1)?.get('secret')).toBe('test-secret');
    const ok = await post({ ...valid, captchaToken: 'good-token' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(google.calls.at(-1)?.get('remoteip')).toBe('10.2.2.2');
    const bad = await post({ ...valid, captchaToken: 'bad' });
    expect(bad.json()).toEqual({ code: 'CAPTCHA_FAILED', message: 'The robot check failed. Please check it again.' });
    expect((await post(valid)).json().code).toBe('CAPTCHA_FAILED');
  });

  it('answers 503 when Google does not answer well, and lets no inquiry through', async () => {
    google.down.on = true;
    try {
      expect((await post({ ...valid, captchaToken: 'good-token' })).statusCode).toBe(503);
    } finally {
      google.down.on = false;
    }
  });
});
