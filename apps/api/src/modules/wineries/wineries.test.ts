import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TProductPage, TWineryPage } from '@podo/contracts';
import { loginToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';
import { apiCalls, insertFixtures, insertMember, type Fixtures } from '../wines/test-fixtures';

let t: TestApp;
let fx: Fixtures;
let buyerToken: string;
let memberToken: string;

beforeAll(async () => {
  t = await createTestApp();
  fx = await insertFixtures(t.db.db);
  buyerToken = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  const memberId = await insertMember(t.db.db, 'liker@example.com');
  memberToken = (await t.app.deps.tokens.sign({ sub: String(memberId), ver: 0 }, 600)).token;
});
afterAll(() => t.close());
const rowsOf = (r: unknown) => (r as { rows: unknown[] }).rows;

const { get, post } = apiCalls(() => t.app);

const wineries = async (qs: string, opts: { token?: string; lang?: string } = {}): Promise<TWineryPage> => {
  const r = await get(`/wineries${qs ? `?${qs}` : ''}`, opts);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const keysOf = (page: { _embedded: { items: { id: number }[] } }) => {
  const byId = new Map(Object.entries(fx.wineries).map(([k, id]) => [id, k]));
  return page._embedded.items.map((w) => byId.get(w.id));
};
const wineKeys = (page: TProductPage) => {
  const byId = new Map(Object.entries(fx.wines).map(([k, id]) => [id, k]));
  return page._embedded.items.map((p) => byId.get(p.id));
};

describe('GET /wineries', () => {
  it('lists published wineries by name in the request language with cards', async () => {
    const ko = await wineries('');
    expect(keysOf(ko)).toEqual(['LEROY', 'MARGAUX', 'ANTINORI', 'OPUS']);
    expect(ko.page).toEqual({ size: 24, number: 1, totalElements: 4, totalPages: 1 });
    expect(ko._embedded.items[1]).toEqual({
      id: fx.wineries.MARGAUX,
      name: '샤또 마고',
      nameKo: '샤또 마고',
      nameOriginal: 'Château Margaux',
      country: { code: 'FR', name: '프랑스' },
      productionArea: { id: fx.areas.BDX, name: '보르도' },
      image: '/images/wineries/margaux.jpg',
      // the unpublished wine of Margaux is not counted
      productCount: 2,
      likeCount: 0,
      isLiked: false,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const en = await wineries('', { lang: 'en-US' });
    expect(en._embedded.items.map((w) => w.name)).toEqual(['Château Margaux', 'Domaine Leroy', 'Marchesi Antinori', 'Opus One Winery']);
    expect(en._embedded.items[0]!.country.name).toBe('France');
  });

  it('searches names and regions (Korean and Latin, accents ignored) and filters by country', async () => {
    expect(keysOf(await wineries(`query=${encodeURIComponent('샤또')}`))).toEqual(['MARGAUX']);
    expect(keysOf(await wineries('query=CHATEAU'))).toEqual(['MARGAUX']);
    expect(keysOf(await wineries(`query=${encodeURIComponent('르루아')}`))).toEqual(['LEROY']);
    expect(keysOf(await wineries(`query=${encodeURIComponent('나파')}`))).toEqual(['OPUS']);
    expect(keysOf(await wineries(`query=${encodeURIComponent('숨은')}`))).toEqual([]);
    expect(keysOf(await wineries('countryCodes=FR'))).toEqual(['LEROY', 'MARGAUX']);
    expect(keysOf(await wineries('countryCodes=us,it'))).toEqual(['ANTINORI', 'OPUS']);
    expect(keysOf(await wineries(`countryCodes=FR&query=${encodeURIComponent('마고')}`))).toEqual(['MARGAUX']);
  });

  it('sorts and pages', async () => {
    expect(keysOf(await wineries('sort=NEWEST'))).toEqual(['ANTINORI', 'OPUS', 'LEROY', 'MARGAUX']);
    const p2 = await wineries('size=3&page=2');
    expect(keysOf(p2)).toEqual(['OPUS']);
    expect(p2.page).toEqual({ size: 3, number: 2, totalElements: 4, totalPages: 2 });
    expect((await wineries('page=5'))._embedded.items).toEqual([]);
    // WINES_DESC: every winery has 2 published wines; ties by id
    expect(keysOf(await wineries('sort=WINES_DESC'))).toEqual(['MARGAUX', 'LEROY', 'OPUS', 'ANTINORI']);
  });

  it('refuses bad input with localized messages', async () => {
    const cases: [string, string, string][] = [
      ['sort=x', '정렬: 허용되지 않는 값입니다.', 'Sort: This value is not allowed.'],
      ['countryCodes=XX', '국가: 존재하지 않는 값입니다. (XX)', 'Countries: no such value (XX).'],
      ['countryCodes=France', '국가: 2자리 국가 코드(예: FR)를 입력해 주세요.', 'Countries: Enter two-letter country codes (e.g. FR).'],
    ];
    for (const [qs, ko, en] of cases) {
      const r = await get(`/wineries?${qs}`);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json().message).toBe(ko);
      expect((await get(`/wineries?${qs}`, { lang: 'en-US' })).json().message).toBe(en);
    }
    for (const qs of ['size=1000', 'page=0', 'size=0']) {
      const r = await get(`/wineries?${qs}`);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json().message).toMatch(/^(페이지 크기|페이지): /);
    }
  });
});

describe('GET /wineries/:id', () => {
  it('answers the winery with its description, pictures and kinds of wine', async () => {
    const r = await get(`/wineries/${fx.wineries.LEROY}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({
      id: fx.wineries.LEROY,
      name: '도멘 르루아',
      nameKo: '도멘 르루아',
      nameOriginal: 'Domaine Leroy',
      country: { code: 'FR', name: '프랑스' },
      productionArea: { id: fx.areas.BGN, name: '부르고뉴' },
      image: '/images/wineries/leroy.jpg',
      productCount: 2,
      likeCount: 0,
      isLiked: false,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      description: '도멘 르루아 소개',
      images: ['/images/wineries/leroy.jpg'],
      foundedYear: 1810,
      website: 'https://example.com/leroy',
      kinds: [
        { id: fx.kinds.RED, code: 'RED', name: '레드', color: '#7b1e3a', qty: 1 },
        { id: fx.kinds.WHITE, code: 'WHITE', name: '화이트', color: '#e8d9a0', qty: 1 },
      ],
    });
    const en = (await get(`/wineries/${fx.wineries.LEROY}`, { lang: 'en-US' })).json().data;
    expect(en).toMatchObject({ name: 'Domaine Leroy', description: 'About Domaine Leroy', productionArea: { name: 'Burgundy' } });
  });

  it('answers 404 WINERY_NOT_FOUND for unknown or unpublished wineries, 400 for a bad id', async () => {
    for (const id of [424_242, fx.unpublishedWinery]) {
      const r = await get(`/wineries/${id}`);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ code: 'WINERY_NOT_FOUND', message: '와이너리를 찾을 수 없습니다.' });
      expect((await get(`/wineries/${id}`, { lang: 'en-US' })).json().message).toBe('The winery could not be found.');
    }
    const bad = await get('/wineries/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('번호: 올바른 숫자를 입력해 주세요.');
  });

  it('treats an expired or malformed token as an anonymous visitor', async () => {
    const [buyer] = rowsOf(await t.db.db.execute(sql`select id from users where email = 'buyer@example.com'`)) as { id: number }[];
    const expired = (await t.app.deps.tokens.sign({ sub: String(buyer!.id), ver: 0 }, -1)).token;
    for (const token of [expired, 'garbage']) {
      expect((await get(`/wineries/${fx.wineries.OPUS}`, { token })).statusCode).toBe(200);
      expect((await get('/wineries', { token })).statusCode).toBe(200);
      expect((await get(`/wineries/${fx.wineries.OPUS}/production-wines`, { token })).statusCode).toBe(200);
    }
  });
});

describe('lookups', () => {
  it('sort types', async () => {
    expect((await get('/wineries/sort-types')).json()._embedded.items).toEqual([
      { code: 'NAME_ASC', name: '이름순' },
      { code: 'NEWEST', name: '최신순' },
      { code: 'POPULAR', name: '인기순' },
      { code: 'WINES_DESC', name: '와인 많은순' },
    ]);
    expect((await get('/wineries/sort-types', { lang: 'en-US' })).json()._embedded.items[3].name).toBe('Most wines');
  });

  it('countries with their number of published wineries', async () => {
    const ko = (await get('/wineries/countries')).json()._embedded.countries;
    expect(ko).toEqual([
      { countryCode: 'US', name: '미국', qty: 1 },
      { countryCode: 'IT', name: '이탈리아', qty: 1 },
      { countryCode: 'FR', name: '프랑스', qty: 2 },
    ]);
    const en = (await get('/wineries/countries', { lang: 'en-US' })).json()._embedded.countries;
    expect(en.map((c: { name: string }) => c.name)).toEqual(['France', 'Italy', 'United States']);
  });

  it("kinds of one winery's wines for the page tabs", async () => {
    const r = await get(`/wineries/production-wines/category?idWinery=${fx.wineries.ANTINORI}`);
    expect(r.statusCode).toBe(200);
    const qty = Object.fromEntries(r.json()._embedded.items.map((k: { code: string; qty: number }) => [k.code, k.qty]));
    expect(qty).toEqual({ RED: 1, WHITE: 0, SPARKLING: 1, ROSE: 0 });
    const all = (await get('/wineries/production-wines/category')).json()._embedded.items;
    expect(all.map((k: { qty: number }) => k.qty)).toEqual([6, 1, 1, 0]);
    expect((await get(`/wineries/production-wines/category?idWinery=${fx.unpublishedWinery}`)).statusCode).toBe(404);
    const bad = await get('/wineries/production-wines/category?idWinery=abc', { lang: 'en-US' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Winery: Enter a valid number.');
  });
});

describe('GET /wineries/:idWinery/production-wines', () => {
  it("lists the winery's wines like the product list, with kinds, sort and paging", async () => {
    const page = (await get(`/wineries/${fx.wineries.OPUS}/production-wines`)).json();
    expect(wineKeys(page)).toEqual(['opus', 'overture']);
    expect(page._embedded.items[0].tradePrice).toBeNull();
    const buyer = (await get(`/wineries/${fx.wineries.OPUS}/production-wines?sort=PRICE_ASC`, { token: buyerToken })).json();
    expect(wineKeys(buyer)).toEqual(['overture', 'opus']);
    expect(buyer._embedded.items[0].tradePrice).toBe(240_000);
    const whites = (await get(`/wineries/${fx.wineries.LEROY}/production-wines?idKinds=${fx.kinds.WHITE}`)).json();
    expect(wineKeys(whites)).toEqual(['leroyChardonnay']);
    const p2 = (await get(`/wineries/${fx.wineries.ANTINORI}/production-wines?size=1&page=2`)).json();
    expect(p2.page).toEqual({ size: 1, number: 2, totalElements: 2, totalPages: 2 });
  });

  it('answers 404 for an unknown winery and 400 for bad input', async () => {
    const r = await get(`/wineries/${fx.unpublishedWinery}/production-wines`);
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('WINERY_NOT_FOUND');
    expect((await get(`/wineries/${fx.wineries.OPUS}/production-wines?sort=x`)).statusCode).toBe(400);
    expect((await get(`/wineries/${fx.wineries.OPUS}/production-wines?size=1000`)).statusCode).toBe(400);
    const unknownKind = await get(`/wineries/${fx.wineries.OPUS}/production-wines?idKinds=999`);
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json()).toEqual({ code: 'UNKNOWN_FILTER_VALUE', message: '와인 종류: 존재하지 않는 값입니다. (999)' });
  });
});

describe('likes', () => {
  it('need a token', async () => {
    const r = await post(`/wineries/${fx.wineries.OPUS}/like`);
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ code: 'UNAUTHORIZED', message: '로그인이 필요합니다.' });
    expect((await get('/wineries/like')).statusCode).toBe(401);
    expect((await get('/wineries/like', { token: 'bad' })).json().code).toBe('TOKEN_INVALID');
  });

  it('toggle a like, show it on cards and in the liked list, and remove it', async () => {
    const like = await post(`/wineries/${fx.wineries.OPUS}/like`, memberToken);
    expect(like.json()).toEqual({ data: { liked: true, likeCount: 1 } });
    await post(`/wineries/${fx.wineries.LEROY}/like`, memberToken);
    const detail = (await get(`/wineries/${fx.wineries.OPUS}`, { token: memberToken })).json().data;
    expect(detail).toMatchObject({ likeCount: 1, isLiked: true });
    expect((await get(`/wineries/${fx.wineries.OPUS}`)).json().data.isLiked).toBe(false);
    expect(keysOf(await wineries('sort=POPULAR&size=2'))).toEqual(['OPUS', 'LEROY']);
    const liked = await get('/wineries/like', { token: memberToken });
    expect(liked.statusCode).toBe(200);
    expect(keysOf(liked.json())).toEqual(['LEROY', 'OPUS']);
    expect(liked.json().page).toEqual({ size: 24, number: 1, totalElements: 2, totalPages: 1 });
    expect(liked.json()._embedded.items[0]).toMatchObject({ isLiked: true, likedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const unlike = await post(`/wineries/${fx.wineries.OPUS}/like`, memberToken);
    expect(unlike.json()).toEqual({ data: { liked: false, likeCount: 0 } });
    expect(keysOf((await get('/wineries/like', { token: memberToken })).json())).toEqual(['LEROY']);
    // the product detail shows the like on its winery card
    const wine = (await get(`/wines/brand-products/${fx.wines.leroyPinot}`, { token: memberToken })).json().data;
    expect(wine.wineryCard).toMatchObject({ isLiked: true, likeCount: 1 });
  });

  it("show a visitor the new like count at once: the winery, its wines' winery card, lists ordered by likes", async () => {
    const id = fx.wineries.ANTINORI;
    const wine = fx.wines.tignanello!;
    const visitor = async () => ({
      detail: (await get(`/wineries/${id}`)).json().data.likeCount as number,
      wine: (await get(`/wines/brand-products/${wine}`)).json().data.wineryCard.likeCount as number,
      popular: keysOf(await wineries('sort=POPULAR')),
    });
    const before = await visitor();
    await post(`/wineries/${id}/like`, memberToken);
    try {
      const after = await visitor();
      expect(after).toMatchObject({ detail: before.detail + 1, wine: before.wine + 1 });
      expect(after.popular[0]).toBe('ANTINORI');
    } finally {
      await post(`/wineries/${id}/like`, memberToken);
    }
    expect(await visitor()).toEqual(before);
  });

  it('answer 404 for unknown or unpublished wineries and 400 for a bad id', async () => {
    for (const id of [777_777, fx.unpublishedWinery]) {
      const r = await post(`/wineries/${id}/like`, memberToken);
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('WINERY_NOT_FOUND');
    }
    expect((await post('/wineries/x/like', memberToken)).statusCode).toBe(400);
    expect((await get('/wineries/like?size=1000', { token: memberToken })).statusCode).toBe(400);
  });

  it(`keep like_count exact under 20 parallel toggles (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const tokens = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const id = await insertMember(t.db.db, `fan${i}@example.com`);
        return (await t.app.deps.tokens.sign({ sub: String(id), ver: 0 }, 600)).token;
      }),
    );
    const target = fx.wineries.ANTINORI;
    const count = async () => {
      const [r] = rowsOf(
        await t.db.db.execute(
          sql`select (select like_count from wineries where id = ${target}) as col, (select count(*)::int from winery_likes where winery_id = ${target}) as n`,
        ),
      ) as { col: number; n: number }[];
      return r;
    };
    const res = await Promise.all(tokens.map((tok) => post(`/wineries/${target}/like`, tok)));
    expect(res.every((r) => r.statusCode === 200 && r.json().data.liked)).toBe(true);
    expect(await count()).toEqual({ col: 20, n: 20 });
    await Promise.all(Array.from({ length: 20 }, () => post(`/wineries/${target}/like`, tokens[0])));
    expect(await count()).toEqual({ col: 20, n: 20 });
    await Promise.all(tokens.map((tok) => post(`/wineries/${target}/like`, tok)));
    expect(await count()).toEqual({ col: 0, n: 0 });
  });
});

describe('OpenAPI', () => {
  it('documents every winery call', async () => {
    const doc = (await get('/openapi.json')).json();
    for (const p of [
      '/api/v1/wineries',
      '/api/v1/wineries/{id}',
      '/api/v1/wineries/sort-types',
      '/api/v1/wineries/{id}/like',
      '/api/v1/wineries/like',
      '/api/v1/wineries/{idWinery}/production-wines',
      '/api/v1/wineries/countries',
      '/api/v1/wineries/production-wines/category',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
