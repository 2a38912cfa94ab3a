import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/health', () => {
  it('checks the database', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'ok', database: usingPostgres() ? 'postgres' : 'pglite' });
  });
});

describe('GET /api/v1/setting/language', () => {
  it('lists the five interface languages from the database, Korean first and default', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/setting/language' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual([
      { code: 'ko-KR', name: '한국어', isDefault: true },
      { code: 'en-US', name: 'English', isDefault: false },
      { code: 'zh-CN', name: '简体中文', isDefault: false },
      { code: 'zh-TW', name: '繁體中文', isDefault: false },
      { code: 'ja-JP', name: '日本語', isDefault: false },
    ]);
  });
});

describe('GET /api/v1/countries', () => {
  it('names countries in the request language, Korea first, the rest in that language’s order', async () => {
    const ko = (await t.app.inject({ method: 'GET', url: '/api/v1/countries' })).json().data;
    expect(ko.length).toBeGreaterThan(200);
    expect(ko[0]).toEqual({ code: 'KR', name: '대한민국', dialCode: '82' });
    expect(ko.find((c: { code: string }) => c.code === 'JP')).toEqual({ code: 'JP', name: '일본', dialCode: '81' });
    const names = ko.slice(1).map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('ko-KR').compare));

    const en = (await t.app.inject({ method: 'GET', url: '/api/v1/countries', headers: { 'accept-language': 'en-US' } })).json().data;
    expect(en.find((c: { code: string }) => c.code === 'US')).toEqual({ code: 'US', name: 'United States', dialCode: '1' });
    const ja = (await t.app.inject({ method: 'GET', url: '/api/v1/countries?lang=ja-JP' })).json().data;
    expect(ja[0].name).toBe('韓国');
  });

  it('refuses an unknown lang value with a localized 400', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/countries?lang=xx', headers: { 'accept-language': 'en-US' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('VALIDATION_FAILED');
    expect(r.json().message).toMatch(/^Language: /);
  });
});
