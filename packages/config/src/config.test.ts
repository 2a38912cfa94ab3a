import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPoolMax, loadConfig, publicSiteConfig, tokenCookieName } from './index';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('configuration', () => {
  it('has working defaults: embedded database in ./data, port 3000, demo data unless NODE_ENV=production', () => {
    const c = loadConfig({}, repoRoot);
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.join(repoRoot, 'data'));
    expect(c.env).toBe('production');
    expect(c.demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, repoRoot).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }, repoRoot).demoData).toBe(true);
    expect(c.site.slug).toBe('podo');
    expect(tokenCookieName(c.site.slug)).toBe('podo-brand-access-token');
  });

  it('sizes the PostgreSQL pool by the CPU cores (two per core, 4 to 20) unless DATABASE_POOL_MAX says', () => {
    expect([1, 2, 3, 8, 16].map((cores) => defaultPoolMax(cores))).toEqual([4, 4, 6, 16, 20]);
    expect(loadConfig({}, repoRoot).databasePoolMax).toBe(defaultPoolMax());
    expect(loadConfig({ DATABASE_POOL_MAX: '7' }, repoRoot).databasePoolMax).toBe(7);
  });

  it('reads the log format: auto by default, pretty or json when asked, anything else refused', () => {
    expect(loadConfig({}, repoRoot).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'json' }, repoRoot).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, repoRoot).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' }, repoRoot)).toThrow(/LOG_FORMAT/);
  });

  it('runs web, worker or both (the default); a worker needs a shared PostgreSQL database', () => {
    expect(loadConfig({}, repoRoot).jobs).toEqual({ role: 'both', pollSeconds: 2, superviseSeconds: 60, outboxRetrySeconds: 30 });
    expect(loadConfig({ PROCESS_ROLE: 'web', DATABASE_URL: 'postgres://db/x' }, repoRoot).jobs.role).toBe('web');
    expect(loadConfig({ PROCESS_ROLE: 'worker', DATABASE_URL: 'postgres://db/x' }, repoRoot).jobs.role).toBe('worker');
    for (const role of ['web', 'worker'])
      expect(() => loadConfig({ PROCESS_ROLE: role }, repoRoot)).toThrow(/PROCESS_ROLE: web and worker processes share a PostgreSQL/);
    expect(() => loadConfig({ PROCESS_ROLE: 'cron' }, repoRoot)).toThrow(/PROCESS_ROLE/);
    expect(() => loadConfig({ JOBS_POLL_SECONDS: '0.1' }, repoRoot)).toThrow(/JOBS_POLL_SECONDS/);
  });

  it('reads DATABASE_DIRECT_URL (the same database past a pooler) only beside DATABASE_URL', () => {
    const pooled = { DATABASE_URL: 'postgres://pgbouncer:6432/podo', DATABASE_DIRECT_URL: 'postgres://db:5432/podo' };
    expect(loadConfig(pooled, repoRoot).databaseDirectUrl).toBe('postgres://db:5432/podo');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }, repoRoot).databaseDirectUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://db/x' }, repoRoot)).toThrow(/DATABASE_DIRECT_URL: goes with DATABASE_URL/);
    expect(() => loadConfig({ ...pooled, DATABASE_DIRECT_URL: 'mysql://db/x' }, repoRoot)).toThrow(
      /DATABASE_DIRECT_URL: must start with postgres/,
    );
  });

  it('reads TRUST_PROXY as off, every hop, a hop count or a list of proxy addresses and CIDR blocks', () => {
    const trust = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }, repoRoot).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1, 10.0.0.0/8,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    for (const wrong of ['10.0.0.0/33', 'nginx', '127.0.0.1,', '1.2.3.4/8/9', '-1'])
      expect(() => trust(wrong), wrong).toThrow(/TRUST_PROXY/);
  });

  it('names every wrong variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' }, repoRoot);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as Error).message;
      expect(msg).toMatch(/PORT/);
      expect(msg).toMatch(/DATABASE_URL: must start with postgres/);
      expect(msg).toMatch(/JWT_SECRET: must be at least 32/);
    }
  });

  it('needs PUBLIC_URL with SMTP_URL in production, so e-mail links never come from a Host header', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }, repoRoot)).toThrow(/PUBLIC_URL: required with SMTP_URL/);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://podo.example' }, repoRoot).mail.smtpUrl).toBe(
      'smtp://127.0.0.1:2525',
    );
    expect(loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:2525' }, repoRoot).publicUrl).toBeUndefined();
  });

  it('needs SMS_HTTP_URL when SMS_PROVIDER=http', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'http' }, repoRoot)).toThrow(/SMS_HTTP_URL: required when SMS_PROVIDER=http/);
    const c = loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SMS_HTTP_TOKEN: 't' }, repoRoot);
    expect(c.sms).toMatchObject({ provider: 'http', httpUrl: 'https://sms.example.com/send', httpToken: 't' });
    expect(loadConfig({}, repoRoot).sms.provider).toBe('log');
  });

  it('keeps files in the data directory unless S3_BUCKET is set, and refuses half an S3 configuration', () => {
    expect(loadConfig({}, repoRoot).storage).toEqual({});
    expect(loadConfig({ S3_BUCKET: 'podo-files' }, repoRoot).storage.s3).toEqual({
      bucket: 'podo-files',
      endpoint: undefined,
      region: 'ap-northeast-2',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      prefix: '',
      timeoutMs: 10_000,
    });
    const minio = loadConfig(
      {
        S3_BUCKET: 'podo-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_PREFIX: '/site-a',
        S3_TIMEOUT_MS: '2000',
      },
      repoRoot,
    ).storage.s3;
    expect(minio).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'k',
      secretAccessKey: 's',
      prefix: 'site-a/',
      timeoutMs: 2000,
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }, repoRoot)).toThrow(/S3_BUCKET: required when other S3_\* variables/);
    expect(() => loadConfig({ S3_BUCKET: 'podo-files', S3_ACCESS_KEY_ID: 'k' }, repoRoot)).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'podo-files', S3_PREFIX: '../x y' }, repoRoot)).toThrow(/S3_PREFIX/);
  });

  it('validates the site config file and resolves texts per language with a Korean fallback', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'podo-site-'));
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ brandName: 'X', slug: 'Bad Slug' }));
    expect(() => loadConfig({ SITE_CONFIG_FILE: bad }, repoRoot)).toThrow(/slug.*lower-case/s);
    expect(() => loadConfig({ SITE_CONFIG_FILE: path.join(dir, 'missing.json') }, repoRoot)).toThrow(/not found/);

    const site = loadConfig({}, repoRoot).site;
    expect(publicSiteConfig(site, 'en-US').company.name).toBe('PODO Wine Korea Co., Ltd.');
    // A text without the request language falls back to Korean, and says so for the footer's lang="ko".
    const partial = path.join(dir, 'partial.json');
    const company = { ...site.company, name: { 'ko-KR': '(주)포도와인코리아', 'en-US': 'PODO Wine Korea Co., Ltd.' } };
    writeFileSync(partial, JSON.stringify({ ...site, company: { ...company, mailOrderNumber: '2026-서울강남-0000' } }));
    const ja = publicSiteConfig(loadConfig({ SITE_CONFIG_FILE: partial }, repoRoot).site, 'ja-JP').company;
    expect(ja.name).toBe('(주)포도와인코리아');
    expect(ja.textLangs).toEqual({ name: 'ko-KR', mailOrderNumber: 'ko-KR' });
    expect(publicSiteConfig(loadConfig({ SITE_CONFIG_FILE: partial }, repoRoot).site, 'ko-KR').company.textLangs).toEqual({});
  });

  it('has the company block of the site config in all five languages (no Korean shown in the others)', () => {
    const site = loadConfig({}, repoRoot).site;
    const hangul = /[\uac00-\ud7a3]/;
    for (const lang of ['en-US', 'zh-CN', 'zh-TW', 'ja-JP'] as const) {
      const c = publicSiteConfig(site, lang).company;
      expect(c.textLangs, lang).toEqual({});
      for (const key of ['name', 'ceo', 'mailOrderNumber', 'liquorLicense', 'address', 'privacyOfficer'] as const) {
        expect(c[key], `${lang} ${key}`).not.toBe('');
        expect(c[key], `${lang} ${key}`).not.toMatch(hangul);
      }
    }
    expect(publicSiteConfig(site, 'ja-JP').company.name).toBe('株式会社PODOワインコリア');
    expect(publicSiteConfig(site, 'zh-TW').company.address).toMatch(/首爾/);
  });
});
