import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedContentDemo } from '@podo/db';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
  expect(await seedContentDemo(t.db.db)).toBe(true);
  expect(await seedContentDemo(t.db.db)).toBe(false);
});
afterAll(() => t.close());

const get = (url: string, lang = 'ko-KR') => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'accept-language': lang } });
const json = async (url: string, lang = 'ko-KR') => {
  const r = await get(url, lang);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

describe('notices', () => {
  it('lists pinned notices first, then the newest, with categories and paging', async () => {
    expect((await json('/posts/types')).data).toEqual([
      { type: 'NOTICE', name: '공지사항' },
      { type: 'CAREER', name: '채용' },
    ]);
    expect((await json('/posts?type=CAREER'))._embedded.items).toHaveLength(3);
    expect((await json('/posts/categories?type=CAREER')).data).toEqual([]);
    const cats = (await json('/posts/categories?type=NOTICE')).data as { id: number; code: string; name: string }[];
    expect(cats.map((c) => c.name)).toEqual(['공지', '배송', '상품', '행사']);
    const page = await json('/posts?type=NOTICE&size=10');
    expect(page.page).toEqual({ size: 10, number: 1, totalElements: 16, totalPages: 2 });
    const items = page._embedded.items as { pinned: boolean; publishedAt: string }[];
    expect(items.slice(0, 2).every((p) => p.pinned)).toBe(true);
    const rest = items.slice(2).map((p) => p.publishedAt);
    expect(rest).toEqual([...rest].sort().reverse());
    const delivery = cats.find((c) => c.code === 'DELIVERY')!;
    const byCat = await json(`/posts?idCategory=${delivery.id}`);
    expect(byCat._embedded.items.every((p: { category: { code: string } }) => p.category.code === 'DELIVERY')).toBe(true);
    expect((await json('/posts?query=아이스팩'))._embedded.items.map((p: { title: string }) => p.title)).toEqual([
      '여름철 와인 배송 아이스팩 동봉 안내',
    ]);
    // Past the last page: no items, the total still there.
    expect(await json('/posts?page=9')).toMatchObject({ _embedded: { items: [] }, page: { totalElements: 16 } });
  });

  it('shows a notice with its body and its neighbours; a notice dated later is not out yet', async () => {
    const items = (await json('/posts?size=3'))._embedded.items as { id: number; title: string }[];
    const post = (await json(`/posts/${items[1]!.id}`)).data;
    expect(post).toMatchObject({ lang: 'ko-KR', newer: { id: items[0]!.id }, older: { id: items[2]!.id } });
    expect(post.body.length).toBeGreaterThan(0);
    expect((await json(`/posts/${items[0]!.id}`)).data.newer).toBeNull();
    // Other languages read the Korean original, and are told so.
    expect((await json(`/posts/${items[0]!.id}`, 'en-US')).data).toMatchObject({ lang: 'ko-KR', category: { name: 'Notice' } });

    await t.db.db.execute(sql`insert into posts (type, title, body, published_at)
      values ('NOTICE', '{"ko-KR": "예약 공지"}', '{"ko-KR": ["내일"]}', now() + interval '1 day')`);
    const later = (await json('/posts?query=예약 공지'))._embedded.items;
    expect(later).toEqual([]);
  });

  it('answers bad input with a localized 4xx', async () => {
    expect((await get('/posts/99999')).json().code).toBe('NOT_FOUND');
    const bad = await get('/posts?idCategory=99999', 'en-US');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'UNKNOWN_FILTER_VALUE', message: 'Category: no such value (99999).' });
    expect((await get('/posts?type=BLOG')).statusCode).toBe(400);
    expect((await get(`/posts?query=${'가'.repeat(51)}`)).statusCode).toBe(400);
    expect((await get('/posts?page=0')).statusCode).toBe(400);
  });
});

describe('FAQ', () => {
  it('lists questions by category order with their answers, filtered by category and text', async () => {
    const cats = (await json('/faqs/categories')).data as { id: number; code: string; name: string }[];
    expect(cats.length).toBeGreaterThanOrEqual(5);
    expect((await json('/faqs/categories', 'ja-JP')).data[0].name).toBe('会員・登録');
    const all = (await json('/faqs')).data as { category: { id: number }; question: string; answer: unknown[] }[];
    expect(all.length).toBeGreaterThanOrEqual(25);
    const order = all.map((f) => cats.findIndex((c) => c.id === f.category.id));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const cash = cats.find((c) => c.code === 'CASH')!;
    const inCash = (await json(`/faqs?idCategory=${cash.id}`)).data as { category: { code: string } }[];
    expect(inCash.length).toBeGreaterThan(0);
    expect(inCash.every((f) => f.category.code === 'CASH')).toBe(true);
    // The text is looked for in the questions and the answers.
    const found = (await json(`/faqs?query=${encodeURIComponent('부쇼네')}`)).data as { question: string }[];
    expect(found.map((f) => f.question)).toEqual(['코르크 불량(부쇼네)도 교환되나요?']);
    expect((await json('/faqs?query=zzzz')).data).toEqual([]);
    // A percent sign is text, not a wildcard.
    expect((await json('/faqs?query=%25')).data).toEqual([]);
  });
});
