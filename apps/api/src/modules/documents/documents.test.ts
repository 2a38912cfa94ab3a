import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});
afterAll(() => t.close());

const get = (url: string, lang = 'ko-KR') => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'accept-language': lang } });

describe('documents', () => {
  it('names the document types in the request language', async () => {
    expect((await get('/documents/types')).json().data).toEqual([
      { type: 'TERM', name: '이용약관' },
      { type: 'PRIVACY', name: '개인정보처리방침' },
    ]);
    expect((await get('/documents/types', 'ja-JP')).json().data[1].name).toBe('プライバシーポリシー');
  });

  it('serves the version in force, with the site’s company and privacy officer filled in', async () => {
    const r = await get('/documents/type/PRIVACY');
    expect(r.statusCode, r.body).toBe(200);
    const doc = r.json().data;
    expect(doc).toMatchObject({
      type: 'PRIVACY',
      typeName: '개인정보처리방침',
      version: '1.1',
      current: true,
      lang: 'ko-KR',
      title: '개인정보처리방침',
    });
    expect(doc.effectiveAt).toBe(new Date('2026-09-01T00:00:00+09:00').toISOString());
    const text = JSON.stringify(doc);
    expect(doc.intro).toContain('(주)포도와인코리아');
    expect(text).toContain('개인정보 보호책임자: 이보안');
    expect(text).not.toContain('{{');
    // What a privacy policy must say: items, purposes, retention, third parties, processors, the officer.
    for (const heading of ['처리 목적', '항목', '보유 기간', '제3자 제공', '위탁', '보호책임자'])
      expect(doc.articles.some((a: { heading: string }) => a.heading.includes(heading))).toBe(true);
  });

  it('lists every version with its date, and serves an earlier one whole', async () => {
    const list = (await get('/documents/type/TERM/list')).json().data as { id: number; version: string; current: boolean }[];
    expect(list.map((v) => [v.version, v.current])).toEqual([
      ['1.1', true],
      ['1.0', false],
    ]);
    const old = (await get(`/documents/${list[1]!.id}`)).json().data;
    expect(old).toMatchObject({ version: '1.0', current: false });
    // Version 1.0 predates ordering: no cash article, and its articles are numbered without gaps.
    const headings = old.articles.map((a: { heading: string }) => a.heading) as string[];
    expect(headings.some((h) => h.includes('예치금'))).toBe(false);
    headings.forEach((h, i) => expect(h.startsWith(`제${i + 1}조 `)).toBe(true));
    const current = (await get('/documents/type/TERM')).json().data;
    expect(current.articles.some((a: { heading: string }) => a.heading.includes('예치금'))).toBe(true);
  });

  it('falls back to the Korean original in other languages, and says so with lang', async () => {
    const doc = (await get('/documents/type/TERM', 'en-US')).json().data;
    expect(doc).toMatchObject({ typeName: 'Terms of Use', lang: 'ko-KR', title: '이용약관' });
    expect(doc.intro).toContain('포도 와인');
  });

  it('keeps a version dated in the future out of force until its day', async () => {
    await t.db.db.execute(sql`insert into documents (type, version, content, effective_at)
      select type, '2.0', content, now() + interval '7 days' from documents where type = 'TERM' and version = '1.1'`);
    const list = (await get('/documents/type/TERM/list')).json().data as { version: string; current: boolean }[];
    expect(list.map((v) => [v.version, v.current])).toEqual([
      ['2.0', false],
      ['1.1', true],
      ['1.0', false],
    ]);
    expect((await get('/documents/type/TERM')).json().data.version).toBe('1.1');
  });

  it('answers bad input with a localized 4xx', async () => {
    const bad = await get('/documents/type/COOKIES', 'en-US');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(bad.json().message).toMatch(/^Document type: /);
    expect((await get('/documents/type/COOKIES')).json().message).toMatch(/^문서 종류: /);
    expect((await get('/documents/99999')).json()).toEqual({ code: 'NOT_FOUND', message: '요청하신 정보를 찾을 수 없습니다.' });
    expect((await get('/documents/abc')).statusCode).toBe(400);
  });
});
