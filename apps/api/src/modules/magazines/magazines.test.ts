import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, seedContentDemo } from '@podo/db';
import { createTestApp, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';
import { apiCalls, insertMember } from '../wines/test-fixtures';

let t: TestApp;
let memberToken: string;
beforeAll(async () => {
  t = await createTestApp({}, { catalog: true });
  expect(await seedContentDemo(t.db.db)).toBe(true);
  const id = await insertMember(t.db.db, 'reader@example.com');
  memberToken = (await t.app.deps.tokens.sign({ sub: String(id), ver: 0 }, 600)).token;
}, 120_000);
afterAll(() => t.close());

const { get, post } = apiCalls(() => t.app);
const json = async (url: string, opts: { token?: string; lang?: string } = {}) => {
  const r = await get(url, opts);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
type Card = {
  id: number;
  title: string;
  category: { code: string };
  likeCount: number;
  isLiked: boolean;
  productCount: number;
  publishedAt: string;
};

describe('magazines', () => {
  it('lists articles newest first with categories, sorts, search and paging', async () => {
    const cats = (await json('/magazines/categories')).data as { id: number; code: string; name: string }[];
    expect(cats.map((c) => c.name)).toEqual(['테이스팅 노트', '와이너리 탐방', '페어링', '트레이드 인사이트']);
    expect((await json('/magazines/categories', { lang: 'ja-JP' })).data[0].name).toBe('テイスティングノート');
    expect((await json('/magazines/sort-types', { lang: 'en-US' }))._embedded.items.map((s: { code: string }) => s.code)).toEqual([
      'NEWEST',
      'POPULAR',
      'OLDEST',
    ]);
    const page = await json('/magazines?size=5');
    expect(page.page).toEqual({ size: 5, number: 1, totalElements: 13, totalPages: 3 });
    const items = page._embedded.items as Card[];
    expect(items[0]).toMatchObject({
      id: 1,
      title: '피노 누아, 서늘한 땅이 빚은 섬세함',
      coverUrl: '/api/v1/media/magazines/1.svg',
      isLiked: false,
    });
    expect(items.map((m) => m.publishedAt)).toEqual(
      items
        .map((m) => m.publishedAt)
        .sort()
        .reverse(),
    );
    // Magazine 1 features the catalogue's Pinot Noir wines; others pick theirs when the catalogue is loaded.
    expect(items[0]!.productCount).toBeGreaterThan(3);

    const pairing = cats.find((c) => c.code === 'PAIRING')!;
    const byCat = (await json(`/magazines?idCategory=${pairing.id}&size=50`))._embedded.items as Card[];
    expect(byCat.length).toBe(3);
    expect(byCat.every((m) => m.category.code === 'PAIRING')).toBe(true);
    const popular = (await json('/magazines?sort=POPULAR&size=50'))._embedded.items as Card[];
    expect(popular.map((m) => m.likeCount)).toEqual(popular.map((m) => m.likeCount).sort((a, b) => b - a));
    const oldest = (await json('/magazines?sort=OLDEST&size=1'))._embedded.items as Card[];
    expect(oldest[0]!.title).toBe('리슬링, 단맛과 산미의 줄타기');
    // Text in the body counts too.
    expect(((await json('/magazines?query=아르곤'))._embedded.items as Card[]).map((m) => m.title)).toEqual([
      '글라스 와인 프로그램, 손실 없이 운영하기',
    ]);
    expect(await json('/magazines?query=없는말')).toMatchObject({ _embedded: { items: [] }, page: { totalElements: 0 } });
  });

  it('refuses bad list input with localized 400s', async () => {
    for (const [qs, field] of [
      ['sort=RANDOM', 'Sort: '],
      ['idCategory=abc', 'Category: '],
      ['page=0', 'Page: '],
      ['size=1000', 'Page size: '],
    ] as const) {
      const r = await get(`/magazines?${qs}`, { lang: 'en-US' });
      expect(r.statusCode, qs).toBe(400);
      expect(r.json().message, qs).toMatch(new RegExp(`^${field}`));
    }
    const unknown = await get('/magazines?idCategory=9999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_FILTER_VALUE');
    expect((await get('/magazines?query=' + 'a'.repeat(51))).statusCode).toBe(400);
  });

  it('shows an article with sections and neighbours; an article dated later is not out yet', async () => {
    const items = (await json('/magazines?size=3'))._embedded.items as Card[];
    const m = (await json(`/magazines/${items[1]!.id}`)).data;
    expect(m).toMatchObject({ lang: 'ko-KR', newer: { id: items[0]!.id }, older: { id: items[2]!.id } });
    expect(m.sections.length).toBeGreaterThan(1);
    expect(m.sections.some((s: { heading?: string }) => s.heading)).toBe(true);
    const en = (await json(`/magazines/${items[0]!.id}`, { lang: 'en-US' })).data;
    expect(en).toMatchObject({ lang: 'ko-KR', category: { name: 'Tasting notes' }, newer: null });

    const [later] = rowsOf<{ id: number }>(
      await t.db.db.execute(sql`insert into magazines (category_id, title, summary, body, author, cover, published_at)
        select category_id, '{"ko-KR": "예약 기사"}', '{"ko-KR": "곧"}', '{"ko-KR": []}', '편집부', 'glass', now() + interval '1 day'
        from magazines where id = 1 returning id`),
    );
    expect((await get(`/magazines/${later!.id}`)).statusCode).toBe(404);
    expect((await json('/magazines?query=예약 기사'))._embedded.items).toEqual([]);
    expect((await get(`/media/magazines/${later!.id}.svg`)).statusCode).toBe(404);
    expect((await post(`/magazines/${later!.id}/like`, memberToken)).statusCode).toBe(404);
    for (const bad of ['0', 'abc', '99999999999']) expect((await get(`/magazines/${bad}`)).statusCode, bad).toBe(400);
    expect((await get('/magazines/99999')).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists the wines an article features, with kind counts', async () => {
    const wines = await json('/magazines/1/products?size=50');
    expect(wines._embedded.items.length).toBeGreaterThan(3);
    const ids = rowsOf<{ id: number }>(
      await t.db.db.execute(sql`select l.product_id as id from product_links l join products p on p.id = l.product_id
        where l.kind = 'MAGAZINE' and l.target_id = 1 and p.is_published`),
    ).map((r) => r.id);
    expect(wines._embedded.items.map((w: { id: number }) => w.id).sort()).toEqual(ids.sort());
    const kinds = (await t.app.inject({ method: 'POST', url: '/api/v1/magazines/products/kinds', payload: { id: 1 } })).json()._embedded
      .items as { code: string; qty: number }[];
    expect(kinds.reduce((s, k) => s + k.qty, 0)).toBe(ids.length);
    const red = kinds.find((k) => k.code === 'RED') as unknown as { id: number; qty: number };
    expect(red.qty).toBeGreaterThan(0);
    expect((await json(`/magazines/1/products?idKinds=${red.id}`)).page.totalElements).toBe(red.qty);
    // Bad input.
    expect((await get('/magazines/99999/products')).statusCode).toBe(404);
    expect((await get('/magazines/1/products?sort=NOPE')).statusCode).toBe(400);
    for (const payload of [{}, { id: 'x' }, { id: -1 }])
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/magazines/products/kinds', payload })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/magazines/products/kinds', payload: { id: 99999 } })).statusCode).toBe(404);
  });

  it('lets a member like an article and see it in their liked list', async () => {
    expect((await post('/magazines/2/like')).statusCode).toBe(401);
    expect((await get('/magazines/like')).statusCode).toBe(401);
    const before = (await json('/magazines/2')).data.likeCount as number;
    const liked = (await post('/magazines/2/like', memberToken)).json().data;
    expect(liked).toEqual({ liked: true, likeCount: before + 1 });
    expect((await json('/magazines/2', { token: memberToken })).data).toMatchObject({ isLiked: true, likeCount: before + 1 });
    expect((await json('/magazines/2')).data.isLiked).toBe(false);
    const list = await json('/magazines/like', { token: memberToken });
    expect(list._embedded.items.map((m: { id: number }) => m.id)).toEqual([2]);
    expect(list._embedded.items[0].likedAt).toMatch(/^\d{4}-/);
    expect((await get('/magazines/like?size=0', { token: memberToken })).statusCode).toBe(400);
    expect((await post('/magazines/2/like', memberToken)).json().data).toEqual({ liked: false, likeCount: before });
    expect((await json('/magazines/like', { token: memberToken }))._embedded.items).toEqual([]);
  });

  it(`keeps like_count exact under parallel toggles (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const tokens = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const id = await insertMember(t.db.db, `mag-fan${i}@example.com`);
        return (await t.app.deps.tokens.sign({ sub: String(id), ver: 0 }, 600)).token;
      }),
    );
    const count = async () =>
      rowsOf<{ col: number; n: number }>(
        await t.db.db.execute(sql`select (select like_count from magazines where id = 3) as col,
          (select count(*)::int from magazine_likes where magazine_id = 3) as n`),
      )[0]!;
    const base = (await count()).col;
    const res = await Promise.all(tokens.map((tok) => post('/magazines/3/like', tok)));
    expect(res.every((r) => r.statusCode === 200 && r.json().data.liked)).toBe(true);
    expect(await count()).toEqual({ col: base + 12, n: 12 });
    // One member toggling 10 times at once ends where it started (an even number of toggles).
    await Promise.all(Array.from({ length: 10 }, () => post('/magazines/3/like', tokens[0])));
    expect(await count()).toEqual({ col: base + 12, n: 12 });
    await Promise.all(tokens.map((tok) => post('/magazines/3/like', tok)));
    expect(await count()).toEqual({ col: base, n: 0 });
  });
});

describe('events', () => {
  type Ev = { id: number; title: string; status: string; statusName: string; startsOn: string; endsOn: string; productCount: number };
  it('lists events running first, with states, sorts and search', async () => {
    expect((await json('/events/sort-types'))._embedded.items.map((s: { name: string }) => s.name)).toEqual([
      '진행 중 우선',
      '최신순',
      '마감 임박순',
    ]);
    const all = (await json('/events?size=50'))._embedded.items as Ev[];
    expect(all).toHaveLength(6);
    expect(all.map((e) => e.status)).toEqual(['ONGOING', 'ONGOING', 'UPCOMING', 'UPCOMING', 'ENDED', 'ENDED']);
    expect(all[0]).toMatchObject({ id: 1, statusName: '진행 중', coverUrl: '/api/v1/media/events/1.svg' });
    expect(all[0]!.productCount).toBeGreaterThan(0);
    expect(all.every((e) => e.startsOn <= e.endsOn)).toBe(true);
    const ended = (await json('/events?status=ENDED', { lang: 'en-US' }))._embedded.items as Ev[];
    expect(ended.map((e) => e.statusName)).toEqual(['Ended', 'Ended']);
    const newest = (await json('/events?sort=NEWEST'))._embedded.items as Ev[];
    expect(newest.map((e) => e.startsOn)).toEqual(
      newest
        .map((e) => e.startsOn)
        .sort()
        .reverse(),
    );
    expect(((await json('/events?query=코엑스'))._embedded.items as Ev[]).map((e) => e.title)).toEqual([
      '서울 국제 와인 & 주류 박람회 참가',
    ]);
    for (const qs of ['status=SOON', 'sort=RANDOM', 'size=abc']) expect((await get(`/events?${qs}`)).statusCode, qs).toBe(400);
  });

  it('shows an event with its period, place and wines', async () => {
    const e = (await json('/events/1')).data;
    expect(e).toMatchObject({ id: 1, place: '온라인 주문 (B2B)', status: 'ONGOING' });
    expect(e.sections.length).toBeGreaterThan(1);
    const wines = await json('/events/1/products?size=50');
    expect(wines.page.totalElements).toBe(e.productCount);
    const kinds = (await t.app.inject({ method: 'POST', url: '/api/v1/events/products/kinds', payload: { id: 1 } })).json()._embedded
      .items as { code: string; qty: number }[];
    expect(
      kinds
        .filter((k) => k.qty > 0)
        .map((k) => k.code)
        .sort(),
    ).toEqual(['ROSE', 'SPARKLING']);
    expect((await get('/events/99999')).statusCode).toBe(404);
    expect((await get('/events/99999/products')).statusCode).toBe(404);
    expect((await get('/events/x')).statusCode).toBe(400);
  });

  it('draws covers and share cards', async () => {
    const svg = await get('/media/events/2.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const png = await get('/media/magazines/1.png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get('/media/events/99999.svg')).statusCode).toBe(404);
    expect((await get('/media/magazines/1.webp')).statusCode).toBe(404);
  });
});

describe('team', () => {
  it('lists the team under the site slug, in the request language', async () => {
    const ko = (await json('/podo-members')).data as { name: string; role: string; bioLang: string }[];
    expect(ko.length).toBeGreaterThanOrEqual(4);
    expect(ko[0]).toMatchObject({ name: '정민재', role: '대표', bioLang: 'ko-KR' });
    const ja = (await json('/podo-members', { lang: 'ja-JP' })).data;
    expect(ja[0]).toMatchObject({ name: 'Minjae Jung', role: '代表取締役', bioLang: 'ko-KR' });
    expect((await get('/other-members')).statusCode).toBe(404);
    expect((await get(`/${'x'.repeat(40)}-members`)).statusCode).toBe(400);
    // An unpublished member is not shown.
    await t.db.db.execute(sql`update team_members set is_published = false where rank = 1`);
    expect((await json('/podo-members')).data[0].name).not.toBe('정민재');
    await t.db.db.execute(sql`update team_members set is_published = true where rank = 1`);
  });
});
