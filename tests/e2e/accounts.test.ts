/**
 * Browser journeys of issue 3 (accounts) in Debian Chromium against the built product, started here with its own
 * data dir and real local servers around it: SMTP (mail), an HTTP SMS provider and a fake OAuth provider. Codes
 * are read from the messages those servers receive, exactly as a member reads them.
 *
 * Budget: the API allows 30 codes per client address an hour and every request here comes from 127.0.0.1, so
 * the whole file asks for about 15 codes (members that a journey only needs as a starting point are created
 * through the HTTP API, which also sends real codes).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hydrated, launchBrowser, MOBILE } from '../helpers/browser';
import { startFakeOAuth, type FakeOAuth } from '../helpers/fake-oauth';
import { createBuyer, useServer } from '../helpers/fixtures';
import { freePort, startProductServer, type ProductServer } from '../helpers/product-server';
import { startSmsServer, type TestSmsServer } from '../helpers/sms-server';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';

const root = path.resolve(import.meta.dirname, '../..');
const COOKIE = 'podo-brand-access-token';
const DAY = 86_400;

/** Korean messages the journeys expect (packages/i18n/locales/ko-KR/{api,web}.json). */
const KO = {
  loginFailed: '입력하신 정보가 올바르지 않습니다.',
  withdrawn: '탈퇴한 계정입니다.',
  reregisterBlocked: '탈퇴한 계정은 6개월 동안 다시 가입할 수 없습니다.',
  socialNotLinked: '이 소셜 계정과 연결된 회원이 없습니다. 회원가입 후 마이페이지에서 연결해 주세요.',
  passwordChanged: '비밀번호가 변경되었습니다. 다른 기기에서는 다시 로그인해야 합니다.',
  passwordRule: '8~50자의 영문, 숫자, 특수문자(# ? ! @ $ % ^ & * -)를 모두 포함해 주세요.',
  businessNumber: '올바른 사업자등록번호 10자리를 입력해 주세요.',
  agreeRequired: '필수 약관에 동의해 주세요.',
};

let browser: Browser;
let server: ProductServer;
let smtp: TestSmtpServer;
let sms: TestSmsServer;
let oauth: FakeOAuth;
let base: string;

beforeAll(async () => {
  [smtp, sms, oauth, browser] = await Promise.all([startSmtpServer(), startSmsServer(), startFakeOAuth(), launchBrowser()]);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startProductServer({
    PORT: String(port),
    PUBLIC_URL: base,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'PODO <no-reply@example.com>',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: sms.url,
    ...oauth.env('kakao'),
    ...oauth.env('google'),
  });
  // The fixtures (a buyer of a test's own) work on this file's server and read its SMS and e-mail stand-ins.
  useServer({ base, dataDir: server.dataDir, messages: async (kind) => (kind === 'sms' ? sms.messages : smtp.messages) });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([smtp?.close(), sms?.close(), oauth?.close()]);
});

// ---- helpers ---------------------------------------------------------------------------------------------

/**
 * A page in a fresh context that records page errors and console errors. A public call answering 4xx on purpose
 * makes Chromium log 'Failed to load resource … status of 4xx': those are kept apart (status and path) so a test
 * can assert exactly which ones happened; anything else is an error.
 */
async function open(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, locale: 'ko-KR' });
  const page = await context.newPage();
  const errors: string[] = [];
  const client4xx: string[] = [];
  const watch = (p: Page) => {
    p.on('pageerror', (e) => errors.push(String(e)));
    p.on('console', (m) => {
      if (m.type() !== 'error') return;
      const status = /Failed to load resource: the server responded with a status of (4\d\d)/.exec(m.text());
      if (status) client4xx.push(`${status[1]} ${new URL(m.location().url, base).pathname}`);
      else errors.push(m.text());
    });
  };
  watch(page);
  context.on('page', watch);
  /** The distinct expected 4xx answers, sorted. */
  const seen4xx = () => [...new Set(client4xx)].sort();
  return { context, page, errors, seen4xx };
}

const text = (page: Page, selector: string) => page.locator(selector).textContent();
const pathname = (page: Page) => new URL(page.url()).pathname;

const used = new WeakSet<object>();
const codeIn = (s: string) => {
  const code = [...s.matchAll(/\[(\d{6})\]/g)].at(-1)?.[1];
  if (code === undefined) throw new Error(`no code in: ${s}`);
  return code;
};
/** The next SMS to this number not read before. */
async function nextSms(mobile: string) {
  const digits = mobile.replace(/\D/g, '');
  const m = await sms.waitFor((x) => x.to === digits && !used.has(x), 10_000);
  used.add(m);
  return m;
}
/** The next e-mail to this address not read before. */
async function nextMail(email: string, subject?: RegExp) {
  const m = await smtp.waitFor((x) => x.to === email.toLowerCase() && !used.has(x) && (!subject || subject.test(x.subject)), 10_000);
  used.add(m);
  return m;
}

/** A checksum-valid Korean business registration number (not one of the demo data's). */
function businessNumber(): string {
  for (;;) {
    const digits = `${randomInt(100, 999)}${randomInt(10, 99)}${randomInt(1000, 9999)}`;
    const d = (i: number) => Number(digits.charAt(i));
    const sum = [1, 3, 7, 1, 3, 7, 1, 3, 5].reduce((s, w, i) => s + d(i) * w, 0) + Math.floor((d(8) * 5) / 10);
    const n = `${digits}${(10 - (sum % 10)) % 10}`;
    if (n !== '1234567891' && n !== '1112223339') return `${n.slice(0, 3)}-${n.slice(3, 5)}-${n.slice(5)}`;
  }
}

/** A 1x1 PNG: a real image for the certificate upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface Member {
  email: string;
  mobile: string;
  fullName: string;
  password: string;
}
const fresh = (prefix: string, fullName: string): Member => ({
  email: `${prefix}-${randomBytes(4).toString('hex')}@example.com`,
  mobile: `010-${randomInt(3000, 9999)}-${randomInt(1000, 9999)}`,
  fullName,
  password: 'Grape#Vine2468',
});

async function api(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      'accept-language': 'ko-KR',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { data?: Record<string, unknown>; message?: string; code?: string } | null;
  return { status: res.status, json };
}
async function ok(method: string, url: string, body?: unknown) {
  const r = await api(method, url, body);
  if (r.status >= 300) throw new Error(`${method} ${url} answered ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json;
}

/** A PENDING member signed up through the HTTP API (two real codes, a real upload): the start of a journey. */
async function signUpByApi(m: Member) {
  await ok('POST', '/cert', { mode: 'SIGNUP_MOBILE', mobile: m.mobile });
  await ok('POST', '/cert/confirm', { mode: 'SIGNUP_MOBILE', mobile: m.mobile, code: codeIn((await nextSms(m.mobile)).text) });
  await ok('POST', '/cert', { mode: 'SIGNUP_EMAIL', email: m.email });
  await ok('POST', '/cert/confirm', { mode: 'SIGNUP_EMAIL', email: m.email, code: codeIn((await nextMail(m.email)).text) });
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'certificate.png');
  const up = await fetch(`${base}/api/v1/signup/certificate`, { method: 'POST', body: form });
  expect(up.status).toBe(201);
  const fileId = ((await up.json()) as { data: { id: string } }).data.id;
  await ok('POST', '/signup', {
    email: m.email,
    password: m.password,
    passwordConfirm: m.password,
    fullName: m.fullName,
    mobile: m.mobile,
    birthday: '19900101',
    agreeTerms: true,
    agreePrivacy: true,
    agreeMarketing: false,
    business: {
      companyName: `${m.fullName} 와인바`,
      businessNumber: businessNumber().replace(/-/g, ''),
      representative: m.fullName,
      businessType: 'WINE_BAR',
      taxEmail: m.email,
    },
    certificateFileId: fileId,
  });
  return m;
}

/** Logs in on /account/login (Enter submits). Does not wait for the outcome. */
async function submitLogin(page: Page, email: string, password: string, redirect?: string) {
  await page.goto(`${base}/account/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  await hydrated(page, '#login-password');
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.press('#login-password', 'Enter');
}
async function login(page: Page, email: string, password: string) {
  await submitLogin(page, email, password);
  await page.waitForURL(`${base}/mypage`);
}
async function logout(page: Page) {
  await page.getByTestId('mypage-logout').click();
  await page.waitForURL(`${base}/`);
  expect((await page.context().cookies()).find((c) => c.name === COOKIE)).toBeUndefined();
}
const tokenOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === COOKIE);

/** The login error shown inline (its code and text). */
async function loginError(page: Page) {
  const el = page.getByTestId('login-error');
  await el.waitFor();
  return { code: await el.getAttribute('data-code'), text: (await el.textContent())?.trim() };
}

/** Runs the admin CLI (`npm run admin -- …`) against the running server's DATA_DIR. */
function adminCli(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/admin.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`admin CLI did not finish in 30 s:\n${stdout}${stderr}`));
    }, 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Resolves when the popup has closed (it closes itself after telling the opener). */
const closed = (popup: Page) => (popup.isClosed() ? Promise.resolve() : popup.waitForEvent('close', { timeout: 15_000 }).then(() => {}));

// ---- journeys --------------------------------------------------------------------------------------------

describe('sign-up', () => {
  it('takes a new member through the four steps to my page with the application pending', async () => {
    const { page, context, errors, seen4xx } = await open();
    const m = fresh('signup', '한가입');
    const bizNo = businessNumber();
    await page.goto(`${base}/account/signup`);
    await hydrated(page, '[data-testid=signup-next]');
    const title = page.getByTestId('signup-step-title');
    expect(await title.textContent()).toContain('약관 동의');
    expect(await page.getByTestId('signup-step-1').getAttribute('aria-current')).toBe('step');

    // Step 1: the required agreements are required.
    await page.getByTestId('signup-next').click();
    expect(await text(page, '#signup-agreeTerms-error')).toBe(KO.agreeRequired);
    expect(await text(page, '#signup-agreePrivacy-error')).toBe(KO.agreeRequired);
    await page.getByLabel('전체 동의').check();
    expect(await page.isChecked('#signup-agreeTerms')).toBe(true);
    expect(await page.isChecked('#signup-agreePrivacy')).toBe(true);
    expect(await page.isChecked('#signup-agreeMarketing')).toBe(true);
    await page.getByTestId('signup-next').click();

    // Step 2: the mobile code typed from the SMS, the e-mail confirmed by the link in the mail (another tab).
    await expect.poll(() => title.textContent()).toContain('본인 인증');
    expect(await page.getByTestId('signup-step-1').getAttribute('class')).toMatch(/is-done/);
    await page.getByTestId('signup-next').click();
    expect(await text(page, '#signup-mobile-error')).toBe('휴대폰 번호를 입력해 주세요.');
    await page.fill('#signup-mobile', m.mobile.replace(/-/g, ''));
    expect(await page.inputValue('#signup-mobile')).toBe(m.mobile); // formatted while typing
    await page.getByTestId('signup-mobile-send').click();
    const smsCode = codeIn((await nextSms(m.mobile)).text);
    await expect.poll(() => page.getByTestId('signup-mobileCode-timer').textContent()).toMatch(/^\D*[0-3]:\d\d$/);
    await page.fill('#signup-mobileCode', smsCode);
    await page.getByTestId('signup-mobileCode-confirm').click();
    await page.locator('#signup-mobileCode-ok').waitFor();
    expect(await page.getAttribute('#signup-mobile', 'readonly')).not.toBeNull();

    await page.fill('#signup-email', m.email);
    await page.getByTestId('signup-email-send').click();
    const mail = await nextMail(m.email);
    expect(mail.subject).toMatch(/이메일 인증번호/);
    const link = /(http\S+\/account\/certemail\?\S+)/.exec(mail.text)?.[1];
    expect(link?.startsWith(`${base}/account/certemail?`)).toBe(true);
    const tab = await context.newPage();
    await tab.goto(link!);
    await tab.getByTestId('certemail-ok').waitFor();
    await tab.close();
    await expect.poll(() => page.getByTestId('signup-email-news').textContent()).toBe('메일의 링크로 이메일 인증이 완료되었습니다.');
    await page.locator('#signup-emailCode-ok').waitFor();
    expect(await page.inputValue('#signup-emailCode')).toBe(codeIn(mail.text));
    await page.getByTestId('signup-next').click();

    // Step 3: a weak password is refused in the browser with the rule, and the rule hints show what is missing.
    await expect.poll(() => title.textContent()).toContain('회원 정보');
    await page.fill('#signup-fullName', m.fullName);
    await page.locator('#signup-birthday').pressSequentially('1988-08-08'); // typed: only the digits stay
    expect(await page.inputValue('#signup-birthday')).toBe('19880808');
    await page.fill('#signup-password', 'grapevine');
    await page.fill('#signup-passwordConfirm', 'grapevine');
    expect(
      await page.locator('[data-testid=signup-password-rules] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-ok'))),
    ).toEqual(['true', 'true', 'false', 'false']);
    await page.getByTestId('signup-next').click();
    expect(await text(page, '#signup-password-error')).toBe(KO.passwordRule);
    expect(await title.textContent()).toContain('회원 정보'); // still on step 3
    await page.fill('#signup-password', m.password);
    await page.fill('#signup-passwordConfirm', m.password);
    expect(await page.locator('#signup-password-error').count()).toBe(0);
    await page.getByTestId('signup-next').click();

    // Step 4, then back to step 2 and forward again: everything entered is still there.
    await expect.poll(() => title.textContent()).toContain('사업자 정보');
    expect(await page.inputValue('#signup-taxEmail')).toBe(m.email); // defaults to the login e-mail
    await page.fill('#signup-companyName', '테스트 와인바 한가입');
    await page.getByTestId('signup-prev').click();
    await expect.poll(() => title.textContent()).toContain('회원 정보');
    expect(await page.inputValue('#signup-fullName')).toBe(m.fullName);
    expect(await page.inputValue('#signup-password')).toBe(m.password);
    await page.getByTestId('signup-prev').click();
    await expect.poll(() => title.textContent()).toContain('본인 인증');
    expect(await page.inputValue('#signup-mobile')).toBe(m.mobile);
    expect(await page.inputValue('#signup-email')).toBe(m.email);
    expect(await page.locator('#signup-mobileCode-ok').isVisible()).toBe(true);
    expect(await page.locator('#signup-emailCode-ok').isVisible()).toBe(true);
    await page.getByTestId('signup-next').click();
    await expect.poll(() => title.textContent()).toContain('회원 정보');
    await page.getByTestId('signup-next').click();
    await expect.poll(() => title.textContent()).toContain('사업자 정보');
    expect(await page.inputValue('#signup-companyName')).toBe('테스트 와인바 한가입');

    // A business number with a wrong check digit is refused in the browser.
    await page.fill('#signup-businessNumber', '1234567890');
    expect(await page.inputValue('#signup-businessNumber')).toBe('123-45-67890');
    await page.locator('#signup-representative').focus(); // blur checks the number
    expect(await text(page, '#signup-businessNumber-error')).toBe(KO.businessNumber);
    await page.fill('#signup-businessNumber', bizNo.replace(/-/g, ''));
    expect(await page.locator('#signup-businessNumber-error').count()).toBe(0);
    await page.fill('#signup-representative', m.fullName);
    await page.selectOption('#signup-businessType', 'WINE_BAR');
    await page.setInputFiles('#signup-certificate', { name: 'certificate.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('certificate-file').waitFor();
    expect(await page.getByTestId('certificate-name').textContent()).toBe('certificate.png');
    await page.getByTestId('signup-next').click();

    // Signed up and signed in: my page says the application is pending.
    await page.waitForURL(`${base}/mypage?welcome=signup`);
    await page.getByTestId('signup-complete').waitFor();
    expect(await page.getByTestId('status-badge').getAttribute('data-status')).toBe('PENDING');
    expect(await page.getByTestId('mypage-welcome').textContent()).toContain(m.fullName);
    expect(await page.getByTestId('overview-company').textContent()).toBe('테스트 와인바 한가입');
    const cookie = await tokenOf(context);
    expect(cookie?.httpOnly).toBe(true);
    const me = await api('GET', '/me', undefined, cookie!.value);
    expect(me.status).toBe(200);
    expect(me.json?.data).toMatchObject({ email: m.email, mobile: m.mobile, role: 'MEMBER', status: 'PENDING', marketingAgreed: true });
    expect(me.json?.data?.business).toMatchObject({ businessNumber: bizNo.replace(/-/g, ''), businessType: 'WINE_BAR', taxEmail: m.email });
    expect((me.json?.data?.business as { certificate: { mime: string } }).certificate.mime).toBe('image/png');

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });
});

describe('approval', () => {
  it('approves a pending member with the admin CLI while the server runs: my page shows APPROVED and a mail arrives', async () => {
    const m = await signUpByApi(fresh('approve', '정승인'));
    const { page, context, errors, seen4xx } = await open();
    await login(page, m.email, m.password);
    expect(await page.getByTestId('status-badge').getAttribute('data-status')).toBe('PENDING');

    const r = await adminCli(['approve', m.email], server.dataDir);
    expect(r, r.stdout + r.stderr).toMatchObject({ code: 0 });
    expect(r.stdout).toContain(`Approved ${m.email}`);
    expect(r.stderr).toContain(`(via the running server on port ${new URL(base).port})`);

    await page.reload();
    await expect.poll(() => page.getByTestId('status-badge').getAttribute('data-status')).toBe('APPROVED');
    expect(await page.getByTestId('status-text').textContent()).toContain('거래처 승인이 완료되었습니다.');
    const me = await api('GET', '/me', undefined, (await tokenOf(context))!.value);
    expect(me.json?.data).toMatchObject({ role: 'BUYER', status: 'APPROVED' });
    const mail = await nextMail(m.email, /거래처 승인 완료/);
    expect(mail.text).toContain(`${m.fullName}님`);
    expect(mail.text).toContain(base);

    // Approving again is refused (exit 1), and nothing is mailed twice.
    const again = await adminCli(['approve', m.email], server.dataDir);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Error: /m);
    await new Promise((res) => setTimeout(res, 300));
    expect(smtp.messages.filter((x) => x.to === m.email && /거래처 승인 완료/.test(x.subject))).toHaveLength(1);

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });
});

describe('login and password', () => {
  it('logs out, refuses a wrong password in Korean, and logs in to the page asked for with a one-day cookie', async () => {
    const m = await signUpByApi(fresh('login', '오로그'));
    const { page, context, errors, seen4xx } = await open();
    await login(page, m.email, m.password);
    await logout(page);

    await submitLogin(page, m.email, 'Wrong#Guess1357', '/mypage/profile');
    expect(await loginError(page)).toEqual({ code: 'LOGIN_FAILED', text: KO.loginFailed });
    // Said once, above the form: no modal repeats it.
    expect(await page.getByTestId('global-alert').count()).toBe(0);
    expect(pathname(page)).toBe('/account/login');
    expect(await tokenOf(context)).toBeUndefined();

    await page.fill('#login-password', m.password);
    await page.press('#login-password', 'Enter');
    await page.waitForURL(`${base}/mypage/profile`);
    expect(await page.getByTestId('mypage-welcome').textContent()).toContain(m.fullName);
    const cookie = await tokenOf(context);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(Math.abs(cookie!.expires - (Date.now() / 1000 + DAY))).toBeLessThan(120);

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });

  it('changes the password on /mypage/password and stays logged in; afterwards only the new password works', async () => {
    const m = await signUpByApi(fresh('chpw', '변비번'));
    const next = 'Merlot!Cask7531';
    const { page, context, errors, seen4xx } = await open();
    await login(page, m.email, m.password);
    const before = (await tokenOf(context))!.value;

    await page.goto(`${base}/mypage/password`);
    await hydrated(page, '[data-testid=password-submit]');
    // The same password again is refused in the browser.
    await page.fill('#password-current', m.password);
    await page.fill('#password-password', m.password);
    await page.fill('#password-passwordConfirm', m.password);
    await page.getByTestId('password-submit').click();
    expect(await text(page, '#password-password-error')).toBe('새 비밀번호가 현재 비밀번호와 같습니다.');
    await page.fill('#password-password', next);
    await page.fill('#password-passwordConfirm', next);
    await page.getByTestId('password-submit').click();
    await expect.poll(() => page.locator('#global-alert-message').textContent()).toBe(KO.passwordChanged);
    await page.getByTestId('global-alert').getByRole('button', { name: '확인' }).click();
    expect(await page.inputValue('#password-current')).toBe('');

    // Still logged in here with a fresh token; the token from before the change no longer works.
    const after = (await tokenOf(context))!.value;
    expect(after).not.toBe(before);
    expect((await api('GET', '/me', undefined, before)).status).toBe(401);
    expect((await api('GET', '/me', undefined, after)).status).toBe(200);
    await page.goto(`${base}/mypage`);
    expect(pathname(page)).toBe('/mypage');
    expect(await page.getByTestId('mypage-welcome').textContent()).toContain(m.fullName);

    await logout(page);
    await submitLogin(page, m.email, m.password);
    expect(await loginError(page)).toEqual({ code: 'LOGIN_FAILED', text: KO.loginFailed });
    await login(page, m.email, next);
    expect(await page.getByTestId('mypage-welcome').textContent()).toContain(m.fullName);

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });
});

describe('logout', () => {
  it('revokes the token on the server: a copy of the logged-out cookie is dead; log out everywhere ends another browser', async () => {
    const m = await signUpByApi(fresh('logout', '오아웃'));
    const { page, context, errors, seen4xx } = await open();
    await login(page, m.email, m.password);
    const first = (await tokenOf(context))!.value;
    expect((await api('GET', '/me', undefined, first)).status).toBe(200);
    await logout(page);
    // Someone who copied the cookie before the logout cannot use it any more.
    expect(await api('GET', '/me', undefined, first)).toMatchObject({ status: 401, json: { code: 'TOKEN_INVALID' } });

    // Two browsers logged in; 'log out on all devices' in one ends both.
    const other = await open();
    await login(other.page, m.email, m.password);
    await login(page, m.email, m.password);
    const tokens = [(await tokenOf(context))!.value, (await tokenOf(other.context))!.value];
    await page.goto(`${base}/mypage/profile`);
    await hydrated(page, '[data-testid=logout-everywhere-open]');
    await page.getByTestId('logout-everywhere-open').click();
    await page.getByTestId('logout-everywhere-confirm').getByText('모든 기기에서 로그아웃할까요?').waitFor();
    await page.getByTestId('logout-everywhere-confirm-ok').click();
    await page.waitForURL(`${base}/`);
    expect(await tokenOf(context)).toBeUndefined();
    for (const token of tokens) expect((await api('GET', '/me', undefined, token)).status).toBe(401);
    await other.page.goto(`${base}/mypage`);
    expect(pathname(other.page)).toBe('/account/login');

    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await Promise.all([context.close(), other.context.close()]);
  });
});

describe('recovery', () => {
  it('resets a forgotten password through the link in the e-mail and logs in with the new one', async () => {
    const m = await signUpByApi(fresh('findpw', '나찾기'));
    const next = 'Merlot!Cask7531';
    const { page, context, errors, seen4xx } = await open();
    await page.goto(`${base}/account/findpw`);
    await hydrated(page, '[data-testid=findpw-email-submit]');
    await page.fill('#findpw-email-email', m.email);
    await page.fill('#findpw-email-fullname', m.fullName);
    await page.getByTestId('findpw-email-submit').click();
    await page.getByTestId('findpw-email-sent').waitFor();
    expect(await page.getByTestId('findpw-email-sent').textContent()).toContain('입력하신 정보와 일치하는 계정이 있으면');

    const mail = await nextMail(m.email, /비밀번호 재설정/);
    const link = /(http\S+\/account\/resetpw\?\S+)/.exec(mail.text)?.[1];
    expect(link?.startsWith(`${base}/account/resetpw?`)).toBe(true);
    const q = new URL(link!).searchParams;
    expect(q.get('email')).toBe(m.email);
    expect(q.get('code')).toBe(codeIn(mail.text));

    await page.goto(link!);
    await hydrated(page, '[data-testid=resetpw-submit]');
    await page.fill('#resetpw-password', next);
    await page.fill('#resetpw-passwordConfirm', next);
    await page.getByTestId('resetpw-submit').click();
    await page.getByTestId('reset-done').waitFor();
    await page.getByTestId('reset-login').click();
    await page.waitForURL(`${base}/account/login`);
    await login(page, m.email, next);
    expect(await page.getByTestId('mypage-welcome').textContent()).toContain(m.fullName);

    // The link is single use.
    await logout(page);
    await page.goto(link!);
    await hydrated(page, '[data-testid=resetpw-submit]');
    await page.fill('#resetpw-password', 'Syrah$Barrel8642');
    await page.fill('#resetpw-passwordConfirm', 'Syrah$Barrel8642');
    await page.getByTestId('resetpw-submit').click();
    await page.getByTestId('resetpw-bad-link').waitFor();

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual(['400 /api/v1/reset/password/email']);
    await context.close();
  });

  it('finds the e-mail by name and mobile with an SMS code, masked (375 px)', async () => {
    const m = await signUpByApi(fresh('findme', '박아이'));
    const { page, context, errors, seen4xx } = await open(MOBILE);
    await page.goto(`${base}/account/findemail`);
    await hydrated(page, '[data-testid=findemail-send]');
    await page.fill('#findemail-fullname', m.fullName);
    await page.fill('#findemail-mobile', m.mobile);
    await page.getByTestId('findemail-send').click();
    const code = codeIn((await nextSms(m.mobile)).text);
    await page.fill('#findemail-code', code);
    await page.press('#findemail-code', 'Enter');
    await page.getByTestId('findemail-result').waitFor();
    expect(await page.getByTestId('found-email').allTextContents()).toEqual([`fi***@example.com`]);
    expect(await page.getByTestId('findemail-result').textContent()).not.toContain(m.email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });
});

describe('leaving', () => {
  it('leaves with reason and password, thanks the member, then refuses sign-up and login with that e-mail', async () => {
    const m = await signUpByApi(fresh('leave', '탈회원'));
    const { page, context, errors, seen4xx } = await open();
    await login(page, m.email, m.password);
    const token = (await tokenOf(context))!.value;
    await page.goto(`${base}/mypage/leave`);
    await hydrated(page, '[data-testid=leave-submit]');

    // Nothing chosen: each requirement says so, and no confirmation opens.
    await page.getByTestId('leave-submit').click();
    expect(await text(page, '#leave-leaveTerms-error')).toBe('탈퇴 안내를 확인하고 동의해 주세요.');
    expect(await text(page, '#leave-reason-error')).toBe('탈퇴 사유를 선택해 주세요.');
    expect(await text(page, '#leave-password-error')).toBe('현재 비밀번호를 입력해 주세요.');
    expect(await page.getByTestId('leave-confirm').count()).toBe(0);

    await page.check('#leave-leaveTerms');
    await page.check('#leave-reason-OTHER');
    await page.fill('#leave-other', '매장을 정리하게 되었습니다.');
    await page.fill('#leave-password', m.password);
    await page.getByTestId('leave-submit').click();
    await page.getByTestId('leave-confirm').waitFor();
    await page.getByTestId('leave-confirm-ok').click();
    await page.waitForURL(`${base}/account/withdrawal-complete`);
    expect(await page.getByTestId('withdrawal-thanks').textContent()).toContain('회원 탈퇴가 완료되었습니다.');
    expect(await tokenOf(context)).toBeUndefined();
    expect((await api('GET', '/me', undefined, token)).status).toBe(401);
    // The thanks are for the one who left: on a later visit the page stays neutral.
    await page.reload();
    await page.getByTestId('withdrawal-neutral').waitFor();
    // Neutral, but useful: where leaving is done and what it means.
    expect(await page.getByTestId('withdrawal-neutral').textContent()).toContain('마이페이지의 ‘회원 탈퇴’');
    expect(await page.locator('h1').textContent()).toBe('회원 탈퇴 안내');

    // Sign-up with the same e-mail: refused at the e-mail step, and no code is mailed.
    const mailsBefore = smtp.messages.filter((x) => x.to === m.email).length;
    await page.goto(`${base}/account/signup`);
    await hydrated(page, '[data-testid=signup-next]');
    await page.getByLabel('전체 동의').check();
    await page.getByTestId('signup-next').click();
    await page.fill('#signup-email', m.email);
    await page.getByTestId('signup-email-send').click();
    await expect.poll(() => page.locator('#signup-email-error').textContent()).toBe(KO.reregisterBlocked);
    await new Promise((res) => setTimeout(res, 300));
    expect(smtp.messages.filter((x) => x.to === m.email).length).toBe(mailsBefore);

    await submitLogin(page, m.email, m.password);
    // The right password (only) tells that the account was left.
    expect(await loginError(page)).toEqual({ code: 'ACCOUNT_WITHDRAWN', text: KO.withdrawn });

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual(['409 /api/v1/valid-email']);
    await context.close();
  });
});

describe('social login', () => {
  it('logs a member in with Kakao in a popup (linked by verified e-mail) with a 7-day HttpOnly Lax cookie', async () => {
    const buyer = await createBuyer();
    oauth.setUser('kakao', { id: '910000001', email: buyer.email, emailVerified: true, name: '카카오바이어' });
    const { page, context, errors, seen4xx } = await open();
    await page.goto(`${base}/account/login`);
    await hydrated(page, '[data-testid=social-kakao]');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('social-kakao').click()]);
    await expect.poll(() => page.getByTestId('social-pending').isVisible()).toBe(true);
    await closed(popup);
    await page.waitForURL(`${base}/mypage`);
    expect(await page.getByTestId('mypage-welcome').textContent()).toContain('정회원');

    const cookie = await tokenOf(context);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(Math.abs(cookie!.expires - (Date.now() / 1000 + 7 * DAY))).toBeLessThan(120);
    // The code went through the real token exchange, with the PKCE verifier.
    const exchange = oauth.tokenRequests.at(-1)!;
    expect(exchange.client_id).toBe(oauth.clientId('kakao'));
    expect(exchange.redirect_uri).toBe(`${base}/oauth2/kakao`);
    expect(exchange.code_verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);

    // The identity is now linked: my SNS page says so.
    await page.goto(`${base}/mypage/sns`);
    expect(await page.getByTestId('sns-kakao').getAttribute('data-linked')).toBe('true');
    expect(await page.getByTestId('sns-google').getAttribute('data-linked')).toBe('false');

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });

  it('tells an unknown social user there is no linked member, with a sign-up link (popup on desktop)', async () => {
    oauth.setUser('google', { id: 'google-unknown-1', email: `nobody-${randomBytes(3).toString('hex')}@example.com`, emailVerified: true });
    const { page, context, errors, seen4xx } = await open();
    await page.goto(`${base}/account/login`);
    await hydrated(page, '[data-testid=social-google]');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('social-google').click()]);
    await closed(popup);
    expect(await loginError(page)).toEqual({ code: 'SOCIAL_NOT_LINKED', text: `${KO.socialNotLinked} 회원가입하기` });
    expect(await page.getByTestId('login-error-signup').getAttribute('href')).toBe('/account/signup');
    expect(await page.getByTestId('global-alert').count()).toBe(0);
    expect(pathname(page)).toBe('/account/login');
    expect(await tokenOf(context)).toBeUndefined();

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });

  it('runs the same flow in the tab on a phone (375 px): unknown Kakao user → message and sign-up button', async () => {
    oauth.setUser('kakao', { id: '910000002', email: `nobody-${randomBytes(3).toString('hex')}@example.com`, emailVerified: true });
    const { page, context, errors, seen4xx } = await open(MOBILE);
    await page.goto(`${base}/account/login`);
    await hydrated(page, '[data-testid=social-kakao]');
    await page.getByTestId('social-kakao').click();
    const error = page.getByTestId('oauth-error');
    await error.waitFor({ timeout: 15_000 });
    expect(pathname(page)).toBe('/oauth2/kakao');
    expect(await error.getAttribute('data-code')).toBe('SOCIAL_NOT_LINKED');
    expect(await error.textContent()).toContain(KO.socialNotLinked);
    await page.getByTestId('oauth-signup').click();
    await page.waitForURL(`${base}/account/signup`);
    expect(await tokenOf(context)).toBeUndefined();

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });

  it('links Google in My page only with the current password: a wrong one links nothing and spends nothing', async () => {
    const buyer = await createBuyer();
    oauth.setUser('google', { id: 'google-buyer-link', email: buyer.email, emailVerified: false });
    const { page, context, errors, seen4xx } = await open();
    let popups = 0;
    context.on('page', () => popups++);
    await login(page, buyer.email, buyer.password);
    await page.goto(`${base}/mypage/sns`);
    await hydrated(page, '[data-testid=sns-link-google]');
    const exchanges = oauth.tokenRequests.length;
    const linked = () => page.getByTestId('sns-google').getAttribute('data-linked');

    // No password typed: asked for at the field (label, error tied to it, focus), and no popup.
    expect(await text(page, 'label[for=sns-password]')).toBe('현재 비밀번호');
    await page.getByTestId('sns-link-google').click();
    await expect.poll(() => text(page, '#sns-password-error')).toBe('현재 비밀번호를 입력해 주세요.');
    expect(await page.getAttribute('#sns-password', 'aria-describedby')).toBe('sns-password-error');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('sns-password');
    expect(popups).toBe(0);

    // A wrong one: the provider answers in the popup, the API refuses before it uses the code.
    await page.fill('#sns-password', 'Wrong#Guess123');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('sns-link-google').click()]);
    await closed(popup);
    await expect.poll(() => text(page, '#sns-password-error')).toBe('현재 비밀번호가 올바르지 않습니다.');
    expect(await linked()).toBe('false');
    expect(oauth.tokenRequests.length).toBe(exchanges);

    // The right one and Enter: the same code links the account, without another popup.
    await page.fill('#sns-password', buyer.password);
    await page.press('#sns-password', 'Enter');
    await expect.poll(linked).toBe('true');
    await expect.poll(() => page.locator('#global-alert-message').textContent()).toBe('소셜 계정이 연결되었습니다.');
    expect(popups).toBe(1);
    expect(oauth.tokenRequests.length).toBe(exchanges + 1);

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });
});

describe('mobile layout', () => {
  it('has no horizontal overflow on /account/login and the first sign-up steps at 375 px', async () => {
    const { page, context, errors } = await open(MOBILE);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto(`${base}/account/login`);
    await page.getByTestId('social-kakao').waitFor();
    expect(await fits()).toBe(true);
    await page.goto(`${base}/account/signup`);
    await hydrated(page, '[data-testid=signup-next]');
    expect(await fits()).toBe(true);
    await page.getByLabel('전체 동의').check();
    await page.getByTestId('signup-next').click();
    await page.locator('#signup-mobile').waitFor();
    expect(await fits()).toBe(true); // the code buttons beside the fields
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('password-change campaign', () => {
  // The embedded database belongs to the running server, so this journey has a server of its own: started once
  // (demo data), stopped, the demo buyer's password made 400 days old in its database, and started again.
  let own: ProductServer | undefined;
  let dataDir: string;
  let ownBase: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'podo-e2e-campaign-'));
    const first = await startProductServer({}, { dataDir });
    await first.stop();
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    const r = await db.query(
      `update users set password_changed_at = now() - interval '400 days', password_reminder_at = null where email = $1`,
      ['buyer@example.com'],
    );
    await db.close();
    expect(r.affectedRows).toBe(1);
    own = await startProductServer({}, { dataDir });
    ownBase = own.baseUrl;
  });
  afterAll(async () => {
    await own?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks once after login; "change next time" snoozes it on the server', async () => {
    const { page, context, errors, seen4xx } = await open();
    const signIn = async () => {
      await page.goto(`${ownBase}/account/login`);
      await hydrated(page, '#login-password');
      await page.fill('#login-email', 'buyer@example.com');
      await page.fill('#login-password', 'Buyer!2345');
      await page.press('#login-password', 'Enter');
      await page.waitForURL(`${ownBase}/mypage`);
    };
    await signIn();
    const modal = page.getByTestId('password-campaign');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('356일 이상 변경하지 않으셨습니다');
    const token = (await tokenOf(context))!.value;
    const me = () =>
      fetch(`${ownBase}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } }).then(
        async (r) => ((await r.json()) as { data: { passwordChangeDue: boolean } }).data,
      );
    expect((await me()).passwordChangeDue).toBe(true);

    await page.getByTestId('campaign-later').click();
    await expect.poll(() => modal.count()).toBe(0);
    await expect.poll(async () => (await me()).passwordChangeDue).toBe(false);

    await page.reload();
    await page.getByTestId('mypage-welcome').waitFor();
    await page.waitForTimeout(300);
    expect(await modal.count()).toBe(0);
    // A new session (logout clears the once-per-session mark) does not ask either: the server remembers.
    await page.getByTestId('mypage-logout').click();
    await page.waitForURL(`${ownBase}/`);
    await signIn();
    await page.waitForTimeout(300);
    expect(await modal.count()).toBe(0);

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });
});

describe('login under attack', () => {
  // A server of its own that trusts X-Forwarded-For, so the journey can play attackers at several addresses.
  let own: ProductServer | undefined;
  let ownBase: string;
  beforeAll(async () => {
    const port = await freePort();
    ownBase = `http://127.0.0.1:${port}`;
    own = await startProductServer({
      PORT: String(port),
      PUBLIC_URL: ownBase,
      TRUST_PROXY: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'PODO <no-reply@example.com>',
    });
  });
  afterAll(() => own?.stop());

  it('lets the owner in from a new place with the e-mailed code after many wrong passwords from elsewhere', async () => {
    // 21 wrong passwords from seven addresses (three each, before their delays start).
    for (let a = 1; a <= 7; a++) {
      for (let i = 0; i < 3; i++) {
        const r = await fetch(`${ownBase}/api/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${a}` },
          body: JSON.stringify({ email: 'buyer@example.com', password: 'Wrong!2345' }),
        });
        expect(r.status).toBe(400);
      }
    }
    const { page, context, errors, seen4xx } = await open();
    await page.goto(`${ownBase}/account/login`);
    await hydrated(page, '#login-password');
    await page.fill('#login-email', 'buyer@example.com');
    await page.fill('#login-password', 'Buyer!2345');
    await page.press('#login-password', 'Enter');
    await page.getByTestId('login-code-sent').waitFor();
    expect(await text(page, '[data-testid=login-code-sent]')).toBe(
      '보안을 위해 이메일로 로그인 인증번호를 보냈습니다. 10분 안에 인증번호를 입력해 로그인해 주세요.',
    );
    const mail = await nextMail('buyer@example.com', /로그인 인증번호/);
    expect(mail.text).toContain(`${ownBase}/account/findpw`);

    // An empty code is caught on the page; the mailed one logs in.
    await page.press('#login-code', 'Enter');
    expect(await text(page, '#login-code-error')).toBe('인증번호 6자리를 입력해 주세요.');
    await page.fill('#login-code', codeIn(mail.text));
    await page.press('#login-code', 'Enter');
    await page.waitForURL(`${ownBase}/mypage`);

    expect(errors).toEqual([]);
    expect(seen4xx()).toEqual([]);
    await context.close();
  });
});
