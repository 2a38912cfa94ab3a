import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sql } from 'drizzle-orm';
import { normalizeSearch, queryGrams, type TProductCard, type TProductPage } from '@podo/contracts';
import { loginToken, staffToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';
import { refreshCatalogDerived } from '@podo/db';
import { invalidateCatalogCache } from './catalog-cache';
import { setCatalogCaching } from './response-cache';
import { apiCalls, insertFixtures, insertMember, setWishTime, wishCountOf, type Fixtures } from './test-fixtures';
import { first, present } from '../../../../../tests/helpers/items';

let t: TestApp;
let fx: Fixtures;
let buyerToken: string;
let pendingToken: string;

beforeAll(async () => {
  t = await createTestApp();
  fx = await insertFixtures(t.db.db);
  buyerToken = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  pendingToken = await loginToken(t, 'pending@example.com', 'Pending!2345');
});
afterAll(() => t.close());
const rowsOf = (r: unknown) => (r as { rows: unknown[] }).rows;

const { get, post } = apiCalls(() => t.app);

const list = async (qs: string, opts: { token?: string; lang?: string } = {}): Promise<TProductPage> => {
  const r = await get(`/brand/wines/products${qs ? `?${qs}` : ''}`, opts);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
/** Keys (fixture names) of the wines of a page, in order. */
const keysOf = (page: TProductPage) => {
  const byId = new Map(Object.entries(fx.wines).map(([k, id]) => [id, k]));
  return page._embedded.items.map((p) => byId.get(p.id));
};
const sorted = <T>(a: T[]) => [...a].sort();

describe('GET /brand/wines/products', () => {
  it('lists published wines with cards and 1-based paging', async () => {
    const page = await list('');
    expect(page.page).toEqual({ size: 24, number: 1, totalElements: 8, totalPages: 1 });
    expect(keysOf(page)).toEqual(['margaux', 'opus', 'leroyPinot', 'tignanello', 'pavillon', 'leroyChardonnay', 'overture', 'montenisa']);
    const margaux = page._embedded.items[0]!;
    expect(margaux).toMatchObject({
      name: '샤또 마고',
      nameKo: '샤또 마고',
      nameOriginal: 'Château Margaux',
      image: '/images/wines/margaux.jpg',
      kind: { id: fx.kinds.RED, code: 'RED', name: '레드' },
      country: { code: 'FR', name: '프랑스' },
      productionArea: { id: fx.areas.BDX, name: '보르도' },
      winery: { id: fx.wineries.MARGAUX, name: '샤또 마고', nameOriginal: 'Château Margaux' },
      level: { code: 'ICON', name: '아이콘' },
      featured: [{ code: 'BEST', name: '베스트' }],
      sugarLevel: 1,
      alcohol: 13.5,
      volumeMl: 750,
      scoreMax: 98,
      isVip: true,
      retailPrice: 1_200_000,
      tradePrice: null,
      vintages: [2016, 2015],
      inStock: true,
      // "Add to cart" on the card takes the newest vintage on sale that is in stock (2016 is sold out).
      orderVintage: { id: present(fx.vintages.margaux, 'margaux vintages')[0], year: 2015, caseSize: 12, orderStep: 1, minQty: 1 },
      wishCount: 0,
      isWished: false,
    });
    expect(margaux.grapes).toEqual([
      { id: fx.grapes.CS, name: '까베르네 소비뇽', originalName: 'Cabernet Sauvignon', percent: 80 },
      { id: fx.grapes.ME, name: '메를로', originalName: 'Merlot', percent: 20 },
    ]);
  });

  it('names things in the request language (original names outside Korean, texts fall back to Korean)', async () => {
    const page = await list('idKinds=' + fx.kinds.RED + '&size=1', { lang: 'en-US' });
    expect(page._embedded.items[0]).toMatchObject({
      name: 'Château Margaux',
      kind: { name: 'Red' },
      country: { name: 'France' },
      productionArea: { name: 'Bordeaux' },
      level: { name: 'Icon' },
    });
    const ja = await list('size=1', { lang: 'ja-JP' });
    // No Japanese kind name in the fixtures: Korean fallback; the country comes from Intl.
    expect(ja._embedded.items[0]).toMatchObject({ kind: { name: '레드' }, country: { name: 'フランス' } });
  });
});

describe('GET /brand/wines/products: paging and sorts', () => {
  it('pages with 1-based numbers; a page past the end is empty but keeps the totals', async () => {
    const p2 = await list('size=3&page=2');
    expect(p2.page).toEqual({ size: 3, number: 2, totalElements: 8, totalPages: 3 });
    expect(keysOf(p2)).toEqual(['tignanello', 'pavillon', 'leroyChardonnay']);
    const p9 = await list('size=3&page=9');
    expect(p9._embedded.items).toEqual([]);
    expect(p9.page).toEqual({ size: 3, number: 9, totalElements: 8, totalPages: 3 });
  });

  it('sorts by every PRODUCT_SORTS value', async () => {
    const prices = (p: TProductPage) => p._embedded.items.map((x) => x.retailPrice);
    const asc = prices(await list('sort=PRICE_ASC'));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = prices(await list('sort=PRICE_DESC'));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const scores = (await list('sort=SCORE_DESC'))._embedded.items.map((x) => x.scoreMax);
    expect(scores).toEqual([98, 97, 95, 93, 92, 90, 88, 0]);
    expect(keysOf(await list('sort=NEWEST')).slice(0, 2)).toEqual(['montenisa', 'tignanello']);
    const koNames = (await list('sort=NAME_ASC'))._embedded.items.map((x) => x.name);
    expect(koNames).toEqual([...koNames].sort());
    const enNames = (await list('sort=NAME_ASC', { lang: 'en-US' }))._embedded.items.map((x) => x.name);
    expect(enNames[0]).toBe('Antinori Montenisa Brut');
    expect(enNames).toEqual([...enNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await list('sort=POPULAR')).page.totalElements).toBe(8);
  });
});

describe('GET /brand/wines/products: each filter alone (values OR-ed within a filter)', () => {
  const cases: [string, () => string, string[]][] = [
    ['one kind', () => `idKinds=${fx.kinds.WHITE}`, ['leroyChardonnay']],
    ['two kinds', () => `idKinds=${fx.kinds.WHITE},${fx.kinds.SPARKLING}`, ['leroyChardonnay', 'montenisa']],
    ['repeated parameter', () => `idKinds=${fx.kinds.WHITE}&idKinds=${fx.kinds.SPARKLING}`, ['leroyChardonnay', 'montenisa']],
    ['production area', () => `idProductionAreas=${fx.areas.NAPA}`, ['opus', 'overture']],
    ['winery', () => `idWineries=${fx.wineries.ANTINORI}`, ['tignanello', 'montenisa']],
    ['level', () => `idLevels=${fx.levels.ICON}`, ['margaux', 'opus']],
    ['grape type', () => `idTypes=${fx.grapes.PN}`, ['leroyPinot']],
    ['grape types', () => `idTypes=${fx.grapes.PN},${fx.grapes.SG}`, ['leroyPinot', 'tignanello']],
    ['featured', () => `idFeatured=${fx.featured.NEW}`, ['leroyPinot', 'opus']],
    ['sugar level', () => 'sugarLevels=2', ['leroyChardonnay', 'montenisa']],
    ['volume 375', () => 'volumes=375', ['leroyChardonnay']],
    ['volumes', () => 'volumes=375,1500', ['leroyChardonnay', 'opus']],
    ['country code', () => 'countryCodes=US', ['opus', 'overture']],
    ['country code, lower case', () => 'countryCodes=it', ['tignanello', 'montenisa']],
    [
      'country name in Korean',
      () => `countryName=${encodeURIComponent('프랑스')}`,
      ['margaux', 'pavillon', 'leroyPinot', 'leroyChardonnay'],
    ],
    ['country name in English', () => 'countryName=France', ['margaux', 'pavillon', 'leroyPinot', 'leroyChardonnay']],
    ['country name in Japanese', () => `countryName=${encodeURIComponent('アメリカ合衆国')}`, ['opus', 'overture']],
    ['country name as a code', () => 'countryName=us', ['opus', 'overture']],
    ['alcohol from', () => 'alcoholMin=14', ['opus', 'overture', 'tignanello']],
    ['alcohol up to', () => 'alcoholMax=12.5', ['leroyPinot', 'montenisa']],
    ['price range', () => 'priceMin=300000&priceMax=450000', ['pavillon', 'leroyPinot', 'overture']],
    ['score from', () => 'scoreMin=95', ['margaux', 'opus', 'tignanello']],
    ['score up to', () => 'scoreMax=90', ['leroyChardonnay', 'overture', 'montenisa']],
    ['event', () => 'idEvent=1', ['margaux', 'opus']],
    ['magazine', () => 'idMagazine=7', ['leroyPinot']],
    ['store', () => 'idStore=3', ['leroyChardonnay']],
    ['event without wines', () => 'idEvent=99', []],
    ['vip', () => 'vip=true', ['margaux', 'opus']],
    ['not vip', () => 'vip=false', ['pavillon', 'leroyPinot', 'leroyChardonnay', 'overture', 'tignanello', 'montenisa']],
  ];
  for (const [name, qs, expected] of cases) {
    it(name, async () => {
      const page = await list(qs());
      expect(sorted(keysOf(page))).toEqual(sorted(expected));
      expect(page.page.totalElements).toBe(expected.length);
    });
  }
});

describe('GET /brand/wines/products: filters combined (AND between filters)', () => {
  const cases: [string, () => string, string[]][] = [
    ['kind + country', () => `idKinds=${fx.kinds.RED}&countryCodes=FR`, ['margaux', 'pavillon', 'leroyPinot']],
    ['area + price', () => `idProductionAreas=${fx.areas.NAPA}&priceMax=500000`, ['overture']],
    ['grape + score', () => `idTypes=${fx.grapes.CS}&scoreMin=95`, ['margaux', 'opus', 'tignanello']],
    ['query + kind', () => `query=${encodeURIComponent('르루아')}&idKinds=${fx.kinds.WHITE}`, ['leroyChardonnay']],
    ['vip + event', () => 'vip=true&idEvent=1&volumes=1500', ['opus']],
    ['kind + country name', () => `idKinds=${fx.kinds.SPARKLING}&countryName=${encodeURIComponent('이탈리아')}`, ['montenisa']],
    ['country code and a different country name', () => 'countryCodes=FR&countryName=Italy', []],
    ['featured + level + sugar', () => `idFeatured=${fx.featured.BEST}&idLevels=${fx.levels.ICON}&sugarLevels=1`, ['margaux', 'opus']],
  ];
  for (const [name, qs, expected] of cases) {
    it(name, async () => {
      expect(sorted(keysOf(await list(qs())))).toEqual(sorted(expected));
    });
  }
});

describe('GET /brand/wines/products: unified search', () => {
  const q = (text: string) =>
    list(`query=${encodeURIComponent(text)}`)
      .then(keysOf)
      .then(sorted);
  it("finds Korean 2-syllable '샤또' (names) but never the unpublished wine", async () => {
    expect(await q('샤또')).toEqual(sorted(['margaux', 'pavillon']));
  });
  it("finds '피노' and '까베르네' through wine names and grape names", async () => {
    expect(await q('피노')).toEqual(['leroyPinot']);
    expect(await q('까베르네')).toEqual(sorted(['margaux', 'pavillon', 'opus', 'overture', 'tignanello']));
    expect(await q('까베르네 소비뇽')).toEqual(await q('까베르네소비뇽'));
  });
  it('matches 1- and 3-syllable Hangul queries', async () => {
    expect(await q('샤')).toEqual(sorted(['margaux', 'pavillon', 'leroyChardonnay', 'montenisa']));
    expect(await q('르루아')).toEqual(sorted(['leroyPinot', 'leroyChardonnay']));
    expect(await q('보르도')).toEqual(sorted(['margaux', 'pavillon']));
  });
  it('counts 1- to 3-syllable matches by their grams alone, never across a gap', async () => {
    for (const text of ['샤', '피노', '르루아', '까베르', 'pin']) {
      const page = await list(`query=${encodeURIComponent(text)}&size=2`);
      const all = await list(`query=${encodeURIComponent(text)}&size=100`);
      expect(page.page.totalElements, text).toBe(all._embedded.items.length);
      expect(all.page.totalElements, text).toBeGreaterThan(0);
    }
    // '도멘르루아부르고뉴' holds the bigrams '부르' and '르루', but not '부르루' (nor '루부르': '루아' and '부르' sit apart).
    expect((await list(`query=${encodeURIComponent('부르루')}`)).page.totalElements).toBe(0);
    expect((await list(`query=${encodeURIComponent('루부르')}`)).page.totalElements).toBe(0);
  });
  it('matches Latin text case- and accent-insensitively', async () => {
    expect(await q('CHATEAU')).toEqual(sorted(['margaux', 'pavillon']));
    expect(await q('château')).toEqual(sorted(['margaux', 'pavillon']));
    expect(await q('Pinot-Noir')).toEqual(['leroyPinot']);
    expect(await q('tignanello')).toEqual(['tignanello']);
  });
  it('treats LIKE wildcards as text and finds nothing for unknown words', async () => {
    expect(await q('zzzz')).toEqual([]);
    expect(await q('샤%')).toEqual(await q('샤'));
    expect((await list(`query=${encodeURIComponent('%_')}`)).page.totalElements).toBe(8);
  });
});

describe('search totals from the gram counts (product_search_gram_counts, kept by triggers)', () => {
  /** Grams whose stored count differs from a count over the published wines (empty when the table is exact). */
  const drift = async () =>
    rowsOf(
      await t.db.db.execute(sql`
        with truth as (select g as gram, count(*)::int as n from products p, unnest(p.search_grams) g where p.is_published group by g)
        select coalesce(c.gram, x.gram) as gram, c.products, x.n
        from product_search_gram_counts c full join truth x on x.gram = c.gram
        where coalesce(c.products, 0) <> coalesce(x.n, 0)`),
    );
  /** The total a search by text alone answers (fresh: caches dropped, a token skips the visitors' cache). */
  const total = async (text: string) => {
    invalidateCatalogCache(t.db.db);
    return (await list(`query=${encodeURIComponent(text)}&size=1`, { token: buyerToken })).page.totalElements;
  };
  const setPublished = (id: number, on: boolean) => t.db.db.execute(sql`update products set is_published = ${on} where id = ${id}`);

  it('match the wines found as wines are hidden, shown, renamed, added and removed', async () => {
    expect(await drift()).toEqual([]);
    const before = { 샤: await total('샤'), 피노: await total('피노'), 뮈: await total('뮈') };
    expect(before).toEqual({ 샤: 4, 피노: 1, 뮈: 0 });

    await setPublished(fx.wines.montenisa!, false);
    expect(await total('샤')).toBe(3);
    await setPublished(fx.wines.montenisa!, true);
    expect(await total('샤')).toBe(4);

    // A renamed wine counts under its new grams once its derived columns are refreshed (as an edit does).
    const id = fx.wines.tignanello!;
    const { name_ko: oldName } = first(
      rowsOf(await t.db.db.execute(sql`select name_ko from products where id = ${id}`)) as {
        name_ko: string;
      }[],
    );
    await t.db.db.execute(sql`update products set name_ko = '뮈스카 티냐넬로' where id = ${id}`);
    await refreshCatalogDerived(t.db.db, [id]);
    expect(await total('뮈')).toBe(1);
    expect(await total('뮈스카')).toBe(1);
    await t.db.db.execute(sql`update products set name_ko = ${oldName} where id = ${id}`);
    await refreshCatalogDerived(t.db.db, [id]);
    expect(await total('뮈')).toBe(0);

    // A copy of a '피노' wine added, then removed.
    const { id: copy } = first(
      rowsOf(
        await t.db.db.execute(sql`
        insert into products (winery_id, kind_id, production_area_id, country_code, name_ko, name_original, sugar_level, alcohol,
          search_text, search_grams, is_published)
        select winery_id, kind_id, production_area_id, country_code, name_ko, name_original, sugar_level, alcohol, search_text, search_grams, true
        from products where id = ${fx.wines.leroyPinot} returning id`),
      ) as { id: number }[],
    );
    expect(await total('피노')).toBe(2);
    expect(await drift()).toEqual([]);
    await t.db.db.execute(sql`delete from products where id = ${copy}`);
    expect(await total('피노')).toBe(1);
    expect(await drift()).toEqual([]);
  });

  it(`stay exact when many writers hide and show wines at once (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const ids = Object.values(fx.wines);
    // Every wine's published flag flipped twice by separate statements running at once (so it ends as it began),
    // while a statement over all of them changes nothing but still runs the trigger.
    const flip = (id: number) => t.db.db.execute(sql`update products set is_published = not is_published where id = ${id}`);
    await Promise.all([...ids.map(flip), t.db.db.execute(sql`update products set is_published = is_published`), ...ids.map(flip)]);
    expect(await drift()).toEqual([]);
    expect(await total('샤')).toBe(4);
  });

  it('answer a search by text alone; any other filter, or a longer text, is counted over the wines', async () => {
    // A deliberately wrong count for '샤' shows which path answered, and is put right afterwards.
    const [gram] = queryGrams(normalizeSearch('샤'));
    await t.db.db.execute(sql`update product_search_gram_counts set products = products + 100 where gram = ${gram}`);
    try {
      expect(await total('샤')).toBe(104);
      const filtered = `query=${encodeURIComponent('샤')}&idKinds=${fx.kinds.RED},${fx.kinds.WHITE}`;
      const counted = (await list(filtered, { token: buyerToken })).page.totalElements;
      expect(counted).toBe((await list(`${filtered}&size=100`, { token: buyerToken }))._embedded.items.length);
      expect(counted).toBeLessThan(100);
      expect((await list(`query=${encodeURIComponent('샤')}&page=2&size=2`, { token: buyerToken })).page.totalElements).toBe(104);
    } finally {
      await t.db.db.execute(sql`update product_search_gram_counts set products = products - 100 where gram = ${gram}`);
    }
    expect(await total('까베르네')).toBe(5);
    expect(await drift()).toEqual([]);
  });
});

describe('prices and stock by viewer', () => {
  const margauxCard = async (token?: string): Promise<TProductCard> =>
    (await list(`idWineries=${fx.wineries.MARGAUX}&sort=SCORE_DESC`, { token }))._embedded.items[0]!;
  it('anonymous visitors and members under review see no trade price; approved buyers do', async () => {
    expect((await margauxCard()).tradePrice).toBeNull();
    expect((await margauxCard(pendingToken)).tradePrice).toBeNull();
    // The lowest trade price over vintages on sale (the 2010 is not on sale).
    expect((await margauxCard(buyerToken)).tradePrice).toBe(950_000);
  });
  it('an expired or malformed token on a public call is an anonymous visitor, not an error', async () => {
    const [buyer] = rowsOf(await t.db.db.execute(sql`select id, token_version from users where email = 'buyer@example.com'`)) as {
      id: number;
      token_version: number;
    }[];
    const expired = (await t.app.deps.tokens.sign({ sub: String(buyer!.id), ver: buyer!.token_version }, -60)).token;
    for (const token of [expired, 'not-a-jwt', `${buyerToken}x`]) {
      const r = await get(`/brand/wines/products?idWineries=${fx.wineries.MARGAUX}`, { token });
      expect(r.statusCode).toBe(200);
      expect(r.json()._embedded.items[0].tradePrice).toBeNull();
      expect((await get(`/wines/brand-products/${fx.wines.margaux}`, { token })).statusCode).toBe(200);
    }
  });
  it('a logged-out token is an anonymous visitor on public calls: no trade price', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'buyer@example.com', password: 'Buyer!2345' } });
    const token = r.json().data.accessToken as string;
    expect((await margauxCard(token)).tradePrice).toBe(950_000);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    expect((await margauxCard(token)).tradePrice).toBeNull();
  });
  it('vintages: stock and trade prices for approved buyers only, vintages not on sale left out', async () => {
    const anon = await get(`/wines/products/${fx.wines.margaux}/vintages`);
    expect(anon.statusCode).toBe(200);
    expect(anon.json()._embedded.items).toEqual([
      {
        id: fx.vintages.margaux![1],
        year: 2016,
        retailPrice: 1_300_000,
        tradePrice: null,
        inStock: false,
        stock: null,
        caseSize: 12,
        orderStep: 1,
        minQty: 1,
      },
      {
        id: fx.vintages.margaux![0],
        year: 2015,
        retailPrice: 1_200_000,
        tradePrice: null,
        inStock: true,
        stock: null,
        caseSize: 12,
        orderStep: 1,
        minQty: 1,
      },
    ]);
    const buyer = (await get(`/wines/products/${fx.wines.margaux}/vintages`, { token: buyerToken })).json()._embedded.items;
    expect(buyer.map((v: { stock: number; tradePrice: number }) => [v.stock, v.tradePrice])).toEqual([
      [0, 1_000_000],
      [5, 950_000],
    ]);
    const pending = (await get(`/wines/products/${fx.wines.overture}/vintages`, { token: pendingToken })).json()._embedded.items;
    expect(pending).toEqual([
      {
        id: fx.vintages.overture![0],
        year: null,
        retailPrice: 300_000,
        tradePrice: null,
        inStock: true,
        stock: null,
        caseSize: 12,
        orderStep: 1,
        minQty: 1,
      },
    ]);
  });
});

describe('GET /wines/brand-products/:id', () => {
  it('answers the wine with texts, vintages, scores, awards, winery card and related wines', async () => {
    const r = await get(`/wines/brand-products/${fx.wines.margaux}`);
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({
      id: fx.wines.margaux,
      name: '샤또 마고',
      images: ['/images/wines/margaux.jpg', '/images/wines/margaux-back.jpg'],
      description: '보르도 1등급 와인',
      tastingNote: '블랙커런트와 제비꽃',
      pairing: '양갈비',
      winemaking: null,
      profile: { body: 5, acidity: 4, tannin: 5, sweetness: 1 },
      servingTemp: { min: 16, max: 18 },
      scores: [
        { critic: 'RP', score: 98, vintageYear: 2015 },
        { critic: 'WS', score: 97, vintageYear: 2016 },
      ],
      awards: [{ year: 2019, name: 'Decanter World Wine Awards', medal: 'GOLD' }],
      tradePrice: null,
      wineryCard: {
        id: fx.wineries.MARGAUX,
        name: '샤또 마고',
        country: { code: 'FR', name: '프랑스' },
        productionArea: { id: fx.areas.BDX, name: '보르도' },
        image: '/images/wineries/margaux.jpg',
        productCount: 2,
        description: '샤또 마고 소개',
        isLiked: false,
      },
    });
    expect(d.vintageList.map((v: { year: number }) => v.year)).toEqual([2016, 2015]);
    expect(d.vintageList[0].stock).toBeNull();
    // Same winery first, then (same area: none left), then the same kind; never itself or an unpublished wine.
    const related = d.related.map((c: TProductCard) => c.id);
    expect(related[0]).toBe(fx.wines.pavillon);
    expect(sorted(related.slice(1))).toEqual(sorted([fx.wines.opus, fx.wines.leroyPinot, fx.wines.tignanello, fx.wines.overture]));
    expect(related).not.toContain(fx.wines.margaux);
    expect(related).not.toContain(fx.wines.hidden);
  });
  it('shows texts in the request language, falling back to Korean', async () => {
    const en = (await get(`/wines/brand-products/${fx.wines.margaux}`, { lang: 'en-US' })).json().data;
    expect(en).toMatchObject({ name: 'Château Margaux', description: 'A Bordeaux first growth', pairing: 'Rack of lamb' });
    expect(en.wineryCard.description).toBe('About Château Margaux');
    for (const field of ['descriptionLang', 'tastingNoteLang', 'pairingLang', 'winemakingLang'])
      expect(en, field).not.toHaveProperty(field);
    expect(en.wineryCard).not.toHaveProperty('descriptionLang');
    const zh = (await get(`/wines/brand-products/${fx.wines.margaux}`, { lang: 'zh-CN' })).json().data;
    expect(zh).toMatchObject({ description: '보르도 1등급 와인', country: { name: '法国' } });
    // The Korean shown for a missing translation says so, for the page's lang="ko".
    expect(zh).toMatchObject({ descriptionLang: 'ko-KR', tastingNoteLang: 'ko-KR', wineryCard: { descriptionLang: 'ko-KR' } });
    const winery = (await get(`/wineries/${zh.winery.id}`, { lang: 'ja-JP' })).json().data;
    expect(winery).toMatchObject({ description: '샤또 마고 소개', descriptionLang: 'ko-KR' });
    expect((await get(`/wineries/${zh.winery.id}`, { lang: 'en-US' })).json().data).not.toHaveProperty('descriptionLang');
  });
  it('shows trade prices and stock to approved buyers', async () => {
    const d = (await get(`/wines/brand-products/${fx.wines.margaux}`, { token: buyerToken })).json().data;
    expect(d.tradePrice).toBe(950_000);
    expect(d.vintageList.map((v: { stock: number }) => v.stock)).toEqual([0, 5]);
  });
  it('answers 404 PRODUCT_NOT_FOUND for unknown or unpublished wines and 400 for a non-numeric id', async () => {
    for (const id of [999_999, fx.wines.hidden]) {
      const ko = await get(`/wines/brand-products/${id}`);
      expect(ko.statusCode).toBe(404);
      expect(ko.json()).toEqual({ code: 'PRODUCT_NOT_FOUND', message: '와인을 찾을 수 없습니다.' });
      const en = await get(`/wines/products/${id}/vintages`, { lang: 'en-US' });
      expect(en.json()).toEqual({ code: 'PRODUCT_NOT_FOUND', message: 'The wine could not be found.' });
    }
    const bad = await get('/wines/brand-products/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'VALIDATION_FAILED', message: '번호: 올바른 숫자를 입력해 주세요.' });
    expect((await get('/wines/brand-products/0', { lang: 'en-US' })).json().message).toBe('ID: Enter a valid number.');
  });
});

describe('lookups', () => {
  it('kinds in _embedded.items with counts of published wines', async () => {
    const r = await get('/wines/kinds?serviceType=BRAND');
    expect(r.json()._embedded.items).toEqual([
      { id: fx.kinds.RED, code: 'RED', name: '레드', color: '#7b1e3a', qty: 6 },
      { id: fx.kinds.WHITE, code: 'WHITE', name: '화이트', color: '#e8d9a0', qty: 1 },
      { id: fx.kinds.SPARKLING, code: 'SPARKLING', name: '스파클링', color: '#d8c880', qty: 1 },
      { id: fx.kinds.ROSE, code: 'ROSE', name: '로제', color: '#e89aa8', qty: 0 },
    ]);
    expect((await get('/wines/kinds?serviceType=BRAND', { lang: 'en-US' })).json()._embedded.items[3].name).toBe('Rosé');
  });
  it('grape types in types.content', async () => {
    const content = (await get('/wines/types?serviceType=BRAND')).json().types.content;
    expect(content[0]).toEqual({ id: fx.grapes.CS, name: '까베르네 소비뇽', originalName: 'Cabernet Sauvignon', qty: 5 });
    expect(content.find((g: { id: number }) => g.id === fx.grapes.RI).qty).toBe(0);
  });
  it('production areas in _embedded.countries, areas with qty 0 included', async () => {
    const countries = (await get('/wines/production-areas?serviceType=BRAND')).json()._embedded.countries;
    expect(countries.map((c: { countryCode: string; qty: number }) => [c.countryCode, c.qty])).toEqual([
      ['FR', 4],
      ['US', 2],
      ['IT', 2],
      ['NZ', 0],
    ]);
    expect(countries[0]).toEqual({
      countryCode: 'FR',
      name: '프랑스',
      qty: 4,
      productionAreas: [
        { id: fx.areas.BDX, name: '보르도', originalName: 'Bordeaux', qty: 2, countryName: '프랑스' },
        { id: fx.areas.BGN, name: '부르고뉴', originalName: 'Bourgogne', qty: 2, countryName: '프랑스' },
      ],
    });
    expect(countries[3].productionAreas).toEqual([
      { id: fx.areas.MARL, name: '말버러', originalName: 'Marlborough', qty: 0, countryName: '뉴질랜드' },
    ]);
    const en = (await get('/wines/production-areas?serviceType=BRAND', { lang: 'en-US' })).json()._embedded.countries;
    expect(en[1]).toMatchObject({ name: 'United States', productionAreas: [{ name: 'Napa Valley', countryName: 'United States' }] });
  });
  it('featured, levels and volumes with counts', async () => {
    expect((await get('/wines/featured')).json()._embedded.items).toEqual([
      { id: fx.featured.NEW, code: 'NEW', name: '신상품', qty: 2 },
      { id: fx.featured.BEST, code: 'BEST', name: '베스트', qty: 2 },
    ]);
    expect((await get('/wines/levels')).json()._embedded.items).toEqual([
      { id: fx.levels.ICON, code: 'ICON', name: '아이콘', qty: 2 },
      { id: fx.levels.PREMIUM, code: 'PREMIUM', name: '프리미엄', qty: 4 },
    ]);
    expect((await get('/wines/volumes', { lang: 'en-US' })).json()._embedded.items).toEqual([
      { value: 375, name: '375ml', qty: 1 },
      { value: 750, name: '750ml', qty: 6 },
      { value: 1500, name: '1,500ml', qty: 1 },
    ]);
  });
  it('sort types with localized names', async () => {
    const ko = (await get('/wines/products/sort-types')).json()._embedded.items;
    expect(ko.map((s: { code: string }) => s.code)).toEqual([
      'RECOMMEND',
      'NEWEST',
      'PRICE_ASC',
      'PRICE_DESC',
      'SCORE_DESC',
      'NAME_ASC',
      'POPULAR',
    ]);
    expect(ko[0].name).toBe('추천순');
    expect((await get('/wines/products/sort-types', { lang: 'en-US' })).json()._embedded.items[2].name).toBe('Price: low to high');
  });
  it('refuses an unknown serviceType', async () => {
    const r = await get('/wines/kinds?serviceType=MALL');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('서비스 유형: 허용되지 않는 값입니다.');
  });
});

describe('GET /wines/left-filter', () => {
  const facets = async (qs: string) => {
    const r = await get(`/wines/left-filter?serviceType=BRAND${qs ? `&${qs}` : ''}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };
  const qty = (list: { id?: number; value?: number; qty: number }[], key: number) => list.find((x) => (x.id ?? x.value) === key)?.qty;

  it('without filters counts the whole catalogue and gives the slider bounds', async () => {
    const d = await facets('');
    expect(d.total).toBe(8);
    expect(qty(d.kinds, fx.kinds.RED)).toBe(6);
    expect(d.priceRange).toEqual({ min: 90_000, max: 2_500_000 });
    expect(d.alcoholRange).toEqual({ min: 12, max: 14.5 });
    expect(d.scoreRange).toEqual({ min: 0, max: 98 });
    expect(d.sugarLevels).toEqual([
      { value: 1, name: '드라이', qty: 6 },
      { value: 2, name: '미디엄 드라이', qty: 2 },
      { value: 3, name: '미디엄', qty: 0 },
      { value: 4, name: '미디엄 스위트', qty: 0 },
      { value: 5, name: '스위트', qty: 0 },
    ]);
  });

  it('each facet applies the other active filters but not its own', async () => {
    const d = await facets(`idKinds=${fx.kinds.RED}&countryCodes=FR`);
    // kinds: country FR applies, kind does not
    expect(qty(d.kinds, fx.kinds.RED)).toBe(3);
    expect(qty(d.kinds, fx.kinds.WHITE)).toBe(1);
    expect(qty(d.kinds, fx.kinds.SPARKLING)).toBe(0);
    // countries and areas: kind RED applies, country does not
    const byCountry = Object.fromEntries(d.countries.map((c: { countryCode: string; qty: number }) => [c.countryCode, c.qty]));
    expect(byCountry).toEqual({ FR: 3, US: 2, IT: 1, NZ: 0 });
    expect(qty(d.countries[0].productionAreas, fx.areas.BGN)).toBe(1);
    // grapes, levels, volumes: both filters apply
    expect(qty(d.types, fx.grapes.CS)).toBe(2);
    expect(qty(d.types, fx.grapes.PN)).toBe(1);
    expect(qty(d.types, fx.grapes.CH)).toBe(0);
    expect(qty(d.levels, fx.levels.PREMIUM)).toBe(2);
    expect(qty(d.volumes, 750)).toBe(3);
    expect(d.total).toBe(3);
    expect(d.total).toBe((await list(`idKinds=${fx.kinds.RED}&countryCodes=FR`)).page.totalElements);
  });

  it('grape, featured, sugar and volume facets leave out only their own filter', async () => {
    const d = await facets(`idTypes=${fx.grapes.CS}&idFeatured=${fx.featured.BEST}&volumes=750`);
    expect(d.total).toBe(1); // margaux
    expect(qty(d.types, fx.grapes.CS)).toBe(1);
    expect(qty(d.types, fx.grapes.ME)).toBe(1);
    expect(qty(d.featured, fx.featured.BEST)).toBe(1);
    expect(qty(d.featured, fx.featured.NEW)).toBe(0);
    expect(qty(d.volumes, 750)).toBe(1);
    expect(qty(d.volumes, 1500)).toBe(1); // opus: CS + BEST in 1500 ml
  });

  it('applies text search to every facet', async () => {
    const d = await facets(`query=${encodeURIComponent('샤또')}`);
    expect(d.total).toBe(2);
    expect(qty(d.kinds, fx.kinds.RED)).toBe(2);
    expect(qty(d.kinds, fx.kinds.WHITE)).toBe(0);
  });

  it('counts facets of 3- and 4-syllable searches like the list, never across a gap', async () => {
    const d = await facets(`query=${encodeURIComponent('르루아')}`);
    expect(d.total).toBe(2);
    expect(qty(d.kinds, fx.kinds.RED)).toBe(1);
    expect(qty(d.kinds, fx.kinds.WHITE)).toBe(1);
    expect((await facets(`query=${encodeURIComponent('까베르네')}`)).total).toBe(5);
    expect((await facets(`query=${encodeURIComponent('부르루')}`)).total).toBe(0);
  });

  it('refuses unknown ids like the list', async () => {
    const r = await get(`/wines/left-filter?serviceType=BRAND&idProductionAreas=424242`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ code: 'UNKNOWN_FILTER_VALUE', message: '생산지역: 존재하지 않는 값입니다. (424242)' });
  });
});

describe('keyset pages (after=<the last wine of the previous page>)', () => {
  const SORTS = ['RECOMMEND', 'NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'SCORE_DESC', 'NAME_ASC', 'POPULAR'];
  it('give the pages that page numbers give, in every sort, filtered or not, for visitors and buyers', async () => {
    for (const filter of ['', `idKinds=${fx.kinds.RED}`, `idKinds=${fx.kinds.RED},${fx.kinds.WHITE}&volumes=750`]) {
      for (const sort of SORTS) {
        for (const opts of [{}, { token: buyerToken }, { lang: 'en-US' }]) {
          const base = `${filter}&sort=${sort}&size=3`;
          let after: number | undefined;
          for (let page = 1; page <= 3; page++) {
            const numbered = await list(`${base}&page=${page}`, opts);
            // The page number only numbers a keyset page: page=1 with a wine to continue after must still give page N.
            const keyset = await list(`${base}&page=1${after === undefined ? '' : `&after=${after}`}`, opts);
            expect(keyset._embedded, `${base} page ${page}`).toEqual(numbered._embedded);
            expect(keyset.page.totalElements).toBe(numbered.page.totalElements);
            after = numbered._embedded.items.at(-1)?.id;
            if (after === undefined) break;
          }
        }
      }
    }
  });

  it('count from the start again when the wine to continue after has left the list', async () => {
    const numbered = await list('sort=PRICE_ASC&size=2&page=2');
    for (const after of [fx.wines.hidden!, 99_999]) {
      expect(await list(`sort=PRICE_ASC&size=2&page=2&after=${after}`)).toEqual(numbered);
    }
  });

  it('refuse a malformed wine id, naming the field', async () => {
    const r = await get('/brand/wines/products?after=abc');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/^이전 페이지의 마지막 와인: /);
    const en = await get('/brand/wines/products?after=-1', { lang: 'en-US' });
    expect(en.json().message).toMatch(/^Last wine of the previous page: /);
  });
});

describe('bad input answers a localized 400', () => {
  const bad = async (qs: string, ko: string, en: string, code = 'VALIDATION_FAILED') => {
    const a = await get(`/brand/wines/products?${qs}`);
    expect(a.statusCode, qs).toBe(400);
    expect(a.json(), qs).toEqual({ code, message: ko });
    const b = await get(`/brand/wines/products?${qs}`, { lang: 'en-US' });
    expect(b.json().message, qs).toBe(en);
  };
  it('unknown ids name the field', async () => {
    await bad('idKinds=999', '와인 종류: 존재하지 않는 값입니다. (999)', 'Wine kinds: no such value (999).', 'UNKNOWN_FILTER_VALUE');
    await bad(
      `idTypes=${fx.grapes.CS},31337`,
      '포도 품종: 존재하지 않는 값입니다. (31337)',
      'Grape types: no such value (31337).',
      'UNKNOWN_FILTER_VALUE',
    );
    await bad(
      `idWineries=${fx.unpublishedWinery}`,
      `와이너리: 존재하지 않는 값입니다. (${fx.unpublishedWinery})`,
      `Wineries: no such value (${fx.unpublishedWinery}).`,
      'UNKNOWN_FILTER_VALUE',
    );
    await bad('idLevels=77', '등급: 존재하지 않는 값입니다. (77)', 'Levels: no such value (77).', 'UNKNOWN_FILTER_VALUE');
    await bad('idFeatured=77', '추천 구분: 존재하지 않는 값입니다. (77)', 'Featured: no such value (77).', 'UNKNOWN_FILTER_VALUE');
    await bad('countryCodes=XX', '국가: 존재하지 않는 값입니다. (XX)', 'Countries: no such value (XX).', 'UNKNOWN_FILTER_VALUE');
    await bad(
      'countryName=Atlantis',
      '국가명: 존재하지 않는 값입니다. (Atlantis)',
      'Country name: no such value (Atlantis).',
      'UNKNOWN_FILTER_VALUE',
    );
  });
  it('malformed lists and values', async () => {
    await bad(
      'idKinds=abc',
      '와인 종류: 쉼표로 구분한 양의 정수 번호를 입력해 주세요.',
      'Wine kinds: Enter positive whole-number ids separated by commas.',
    );
    await bad(
      'idTypes=1,-2',
      '포도 품종: 쉼표로 구분한 양의 정수 번호를 입력해 주세요.',
      'Grape types: Enter positive whole-number ids separated by commas.',
    );
    await bad('sugarLevels=9', '당도: 허용되지 않는 값입니다.', 'Sweetness: This value is not allowed.');
    await bad('volumes=700', '용량: 허용되지 않는 값입니다.', 'Volume: This value is not allowed.');
    await bad('countryCodes=FRA', '국가: 2자리 국가 코드(예: FR)를 입력해 주세요.', 'Countries: Enter two-letter country codes (e.g. FR).');
    await bad('idEvent=abc', '이벤트: 올바른 숫자를 입력해 주세요.', 'Event: Enter a valid number.');
    await bad('priceMin=abc', '최소 가격: 올바른 숫자를 입력해 주세요.', 'Minimum price: Enter a valid number.');
  });
  it('negative and reversed ranges', async () => {
    await bad('priceMin=-1', '최소 가격: 0 이상의 값을 입력해 주세요.', 'Minimum price: Enter a value of 0 or more.');
    await bad('alcoholMax=-5', '최대 알코올 도수: 0 이상의 값을 입력해 주세요.', 'Maximum alcohol: Enter a value of 0 or more.');
    const reversed = '최대 가격: 최솟값(시작)이 최댓값(끝)보다 클 수 없습니다.';
    await bad('priceMin=500000&priceMax=100000', reversed, 'Maximum price: The minimum (start) cannot be greater than the maximum (end).');
    const r = await get('/brand/wines/products?alcoholMin=15&alcoholMax=10');
    expect(r.json().message).toBe('최대 알코올 도수: 최솟값(시작)이 최댓값(끝)보다 클 수 없습니다.');
    expect((await get('/brand/wines/products?scoreMin=99&scoreMax=1')).statusCode).toBe(400);
  });
  it('paging and sort', async () => {
    for (const qs of ['size=1000', 'size=101', 'page=0', 'page=-1', 'size=abc', 'sort=x', 'sort=price_asc']) {
      const r = await get(`/brand/wines/products?${qs}`);
      expect(r.statusCode, qs).toBe(400);
      expect(r.json().code).toBe('VALIDATION_FAILED');
      expect(r.json().message, qs).toMatch(/^(페이지 크기|페이지|정렬): /);
      const en = await get(`/brand/wines/products?${qs}`, { lang: 'en-US' });
      expect(en.json().message, qs).toMatch(/^(Page size|Page|Sort): /);
    }
    expect((await get('/brand/wines/products?sort=x')).json().message).toBe('정렬: 허용되지 않는 값입니다.');
    // A page size out of range says what is allowed.
    expect((await get('/brand/wines/products?size=1000')).json().message).toBe('페이지 크기: 1부터 100 사이의 숫자를 입력해 주세요.');
    expect((await get('/brand/wines/products?size=1000', { lang: 'en-US' })).json().message).toBe(
      'Page size: Enter a number from 1 to 100.',
    );
    expect((await get('/brand/wines/products?size=100')).statusCode).toBe(200);
  });
});

describe('wish list', () => {
  let memberToken: string;
  let memberId: number;
  beforeAll(async () => {
    memberId = await insertMember(t.db.db, 'wisher@example.com');
    memberToken = (await t.app.deps.tokens.sign({ sub: String(memberId), ver: 0 }, 600)).token;
  });

  it('needs a token', async () => {
    const r = await post(`/wines/products/${fx.wines.opus}/wish`);
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('UNAUTHORIZED');
    const bad = await post(`/wines/products/${fx.wines.opus}/wish`, 'not-a-token');
    expect(bad.json().code).toBe('TOKEN_INVALID');
    expect((await get('/wishes')).statusCode).toBe(401);
  });

  it('toggles: add, then remove; counts stay exact; a member under review may keep one too', async () => {
    const add = await post(`/wines/products/${fx.wines.opus}/wish`, pendingToken);
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ data: { wished: true, wishCount: 1 } });
    const card = (await list(`idWineries=${fx.wineries.OPUS}&sort=PRICE_DESC`, { token: pendingToken }))._embedded.items[0]!;
    expect(card).toMatchObject({ id: fx.wines.opus, isWished: true, wishCount: 1 });
    expect((await list(`idWineries=${fx.wineries.OPUS}&sort=PRICE_DESC`))._embedded.items[0]!.isWished).toBe(false);
    const wishes = (await get('/wishes', { token: pendingToken })).json();
    expect(wishes.page.totalElements).toBe(1);
    expect(wishes._embedded.items[0].product.id).toBe(fx.wines.opus);
    const remove = await post(`/wines/products/${fx.wines.opus}/wish`, pendingToken);
    expect(remove.json()).toEqual({ data: { wished: false, wishCount: 0 } });
    expect((await get('/wishes', { token: pendingToken })).json().page.totalElements).toBe(0);
    expect(await wishCountOf(t.db.db, present(fx.wines.opus, 'the opus fixture'))).toEqual({ column: 0, rows: 0 });
  });

  it('answers 404 for unknown or unpublished wines and 400 for a bad id', async () => {
    for (const id of [987_654, fx.wines.hidden]) {
      const r = await post(`/wines/products/${id}/wish`, memberToken);
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('PRODUCT_NOT_FOUND');
    }
    expect((await post('/wines/products/abc/wish', memberToken)).statusCode).toBe(400);
  });

  it('lists with period filters in Korea time, text search and sorts', async () => {
    for (const key of ['margaux', 'leroyPinot', 'montenisa']) await post(`/wines/products/${fx.wines[key]}/wish`, memberToken);
    // 2024-03-02 00:30 in Seoul, 2024-03-01 23:30 in Seoul, 2024-02-10 12:00 in Seoul
    await setWishTime(t.db.db, memberId, fx.wines.margaux!, new Date('2024-03-01T15:30:00Z'));
    await setWishTime(t.db.db, memberId, fx.wines.leroyPinot!, new Date('2024-03-01T14:30:00Z'));
    await setWishTime(t.db.db, memberId, fx.wines.montenisa!, new Date('2024-02-10T03:00:00Z'));
    const ids = async (qs: string) => {
      const r = await get(`/wishes?${qs}`, { token: memberToken });
      expect(r.statusCode, r.body).toBe(200);
      return keysOf({ ...r.json(), _embedded: { items: r.json()._embedded.items.map((i: { product: TProductCard }) => i.product) } });
    };
    expect(await ids('')).toEqual(['margaux', 'leroyPinot', 'montenisa']);
    expect(await ids('sort=OLDEST')).toEqual(['montenisa', 'leroyPinot', 'margaux']);
    expect(await ids('sort=PRICE_ASC')).toEqual(['montenisa', 'leroyPinot', 'margaux']);
    expect(await ids('startDate=2024-03-02')).toEqual(['margaux']);
    expect(await ids('endDate=2024-03-01')).toEqual(['leroyPinot', 'montenisa']);
    expect(await ids('startDate=2024-03-01&endDate=2024-03-01')).toEqual(['leroyPinot']);
    expect(await ids('startDate=2024-02-01&endDate=2024-02-29')).toEqual(['montenisa']);
    expect(await ids(`query=${encodeURIComponent('르루아')}`)).toEqual(['leroyPinot']);
    const first = (await get('/wishes?size=1', { token: memberToken })).json();
    expect(first.page).toEqual({ size: 1, number: 1, totalElements: 3, totalPages: 3 });
    expect(first._embedded.items[0]).toMatchObject({ createdAt: '2024-03-01T15:30:00.000Z', product: { isWished: true } });
    // POPULAR: most wished first, ties newest id first.
    await post(`/wines/products/${fx.wines.leroyPinot}/wish`, pendingToken);
    expect(keysOf(await list('sort=POPULAR&size=3'))).toEqual(['leroyPinot', 'montenisa', 'margaux']);
    await post(`/wines/products/${fx.wines.leroyPinot}/wish`, pendingToken);
  });

  it('refuses an end before the start and malformed dates, in the request language', async () => {
    const r = await get('/wishes?startDate=2024-03-02&endDate=2024-03-01', { token: memberToken });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('종료일: 최솟값(시작)이 최댓값(끝)보다 클 수 없습니다.');
    const en = await get('/wishes?startDate=2024-03-02&endDate=2024-03-01', { token: memberToken, lang: 'en-US' });
    expect(en.json().message).toBe('End date: The minimum (start) cannot be greater than the maximum (end).');
    const d = await get('/wishes?startDate=yesterday', { token: memberToken });
    expect(d.json().message).toBe('시작일: 날짜를 YYYY-MM-DD 형식으로 입력해 주세요.');
    expect((await get('/wishes?startDate=2024-02-31', { token: memberToken })).statusCode).toBe(400);
    expect((await get('/wishes?size=1000', { token: memberToken })).statusCode).toBe(400);
    expect((await get('/wishes?sort=x', { token: memberToken })).statusCode).toBe(400);
  });

  it(`keeps wish_count exact under 20 parallel toggles (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const members = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const id = await insertMember(t.db.db, `racer${i}@example.com`);
        return (await t.app.deps.tokens.sign({ sub: String(id), ver: 0 }, 600)).token;
      }),
    );
    const target = fx.wines.tignanello!;
    // 20 members at once: every toggle adds.
    const adds = await Promise.all(members.map((tok) => post(`/wines/products/${target}/wish`, tok)));
    expect(adds.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(adds.every((r) => r.json().data.wished === true)).toBe(true);
    expect(sorted(adds.map((r) => r.json().data.wishCount))).toEqual(sorted(Array.from({ length: 20 }, (_, i) => i + 1)));
    expect(await wishCountOf(t.db.db, target)).toEqual({ column: 20, rows: 20 });
    // One member 20 times at once: the toggles run one after another, so an even number ends where it began.
    const same = await Promise.all(Array.from({ length: 20 }, () => post(`/wines/products/${target}/wish`, members[0])));
    expect(same.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(same.filter((r) => r.json().data.wished).length).toBe(10);
    expect(await wishCountOf(t.db.db, target)).toEqual({ column: 20, rows: 20 });
    // Everyone removes at once.
    await Promise.all(members.map((tok) => post(`/wines/products/${target}/wish`, tok)));
    expect(await wishCountOf(t.db.db, target)).toEqual({ column: 0, rows: 0 });
  });
});

describe('OpenAPI', () => {
  it('documents every wine call with its query schema', async () => {
    const doc = (await get('/openapi.json')).json();
    for (const p of [
      '/api/v1/brand/wines/products',
      '/api/v1/wines/brand-products/{id}',
      '/api/v1/wines/products/sort-types',
      '/api/v1/wines/left-filter',
      '/api/v1/wines/products/{id}/vintages',
      '/api/v1/wines/kinds',
      '/api/v1/wines/types',
      '/api/v1/wines/production-areas',
      '/api/v1/wines/featured',
      '/api/v1/wines/levels',
      '/api/v1/wines/volumes',
      '/api/v1/wines/products/{id}/wish',
      '/api/v1/wishes',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    const params = doc.paths['/api/v1/brand/wines/products'].get.parameters.map((x: { name: string }) => x.name);
    expect(params).toEqual(expect.arrayContaining(['idKinds', 'countryName', 'priceMin', 'sort', 'page', 'size', 'query']));
  });
});

describe('anonymous answer cache', () => {
  it('serves anonymous callers the same answer for a few seconds, never callers with a token', async () => {
    const url = `idWineries=${fx.wineries.LEROY}&sort=PRICE_ASC`;
    const before = await list(url);
    await t.db.db.execute(sql`update products set wish_count = wish_count + 7 where id = ${fx.wines.leroyChardonnay}`);
    try {
      // The same URL within the TTL: the cached JSON (wish counts may lag a few seconds for visitors).
      expect(await list(url)).toEqual(before);
      // A token holder always gets a fresh answer.
      expect((await list(url, { token: pendingToken }))._embedded.items[0]!.wishCount).toBe(before._embedded.items[0]!.wishCount + 7);
      // Another language is another entry.
      expect((await list(url, { lang: 'en-US' }))._embedded.items[0]!.wishCount).toBe(before._embedded.items[0]!.wishCount + 7);
      // Catalogue writers drop the cache.
      invalidateCatalogCache(t.db.db);
      expect((await list(url))._embedded.items[0]!.wishCount).toBe(before._embedded.items[0]!.wishCount + 7);
    } finally {
      await t.db.db.execute(sql`update products set wish_count = wish_count - 7 where id = ${fx.wines.leroyChardonnay}`);
      invalidateCatalogCache(t.db.db);
    }
  });
});

describe('cached answers and writes', () => {
  const detail = async (id: number) => (await get(`/wines/brand-products/${id}`)).json().data as { wishCount: number };
  const wishesOf = (page: TProductPage, id: number) =>
    present(
      page._embedded.items.find((p) => p.id === id),
      `wine ${id}`,
    ).wishCount;

  it("a wish drops the visitors' answers showing that wine or ordered by wishes, and no others", async () => {
    const wine = present(fx.wines.leroyChardonnay, 'the leroyChardonnay fixture');
    const withIt = `idWineries=${fx.wineries.LEROY}&sort=PRICE_ASC`;
    const byWishes = `idWineries=${fx.wineries.MARGAUX}&sort=POPULAR`;
    const without = `idWineries=${fx.wineries.OPUS}&sort=PRICE_ASC`;
    const opus = present(fx.wines.opus, 'the opus fixture');
    const before = { withIt: await list(withIt), byWishes: await list(byWishes), without: await list(without), detail: await detail(wine) };
    // A change no writer announces: only answers computed again show it.
    await t.db.db.execute(
      sql`update products set wish_count = wish_count + 5 where id in (${opus}, ${present(fx.wines.margaux, 'margaux')})`,
    );
    try {
      expect((await post(`/wines/products/${wine}/wish`, pendingToken)).json().data.wished).toBe(true);
      expect(wishesOf(await list(withIt), wine)).toBe(wishesOf(before.withIt, wine) + 1);
      expect((await detail(wine)).wishCount).toBe(before.detail.wishCount + 1);
      // Ordered by wish counts: any wish may reorder it, so it is computed again (and shows the silent change).
      expect(await list(byWishes)).not.toEqual(before.byWishes);
      // A list without the wine stays cached.
      expect(await list(without)).toEqual(before.without);
    } finally {
      await post(`/wines/products/${wine}/wish`, pendingToken);
      await t.db.db.execute(
        sql`update products set wish_count = wish_count - 5 where id in (${opus}, ${present(fx.wines.margaux, 'margaux')})`,
      );
      invalidateCatalogCache(t.db.db);
    }
  });
});

describe("members' lists: one answer per level, each member's own wish flags", () => {
  it('shares the computed page among the buyers of a level, with the prices of each level and each wish of its own', async () => {
    const db = t.db.db;
    const member = async (email: string, level: string | null, role: 'BUYER' | 'MEMBER' = 'BUYER') => {
      const id = await insertMember(db, email, role, role === 'BUYER' ? 'APPROVED' : 'PENDING');
      await db.execute(sql`update users set buyer_level = ${level} where id = ${id}`);
      return { id, token: (await t.app.deps.tokens.sign({ sub: String(id), ver: 0 }, 600)).token };
    };
    const [a, b, vip, pending] = [
      await member('level-a@example.com', 'GENERAL'),
      await member('level-b@example.com', 'GENERAL'),
      await member('level-vip@example.com', 'VIP'),
      await member('level-pending@example.com', null, 'MEMBER'),
    ];
    const qs = `idWineries=${fx.wineries.MARGAUX}&sort=SCORE_DESC&size=5`;
    const margaux = fx.wines.margaux;
    const card = async (token: string) =>
      present(
        (await list(qs, { token }))._embedded.items.find((c) => c.id === margaux),
        'margaux on the page',
      );
    const wish = async (token: string) => expect((await post(`/wines/products/${margaux}/wish`, token)).statusCode).toBe(200);
    try {
      await wish(a.token);
      const first = await card(a.token);
      expect(first).toMatchObject({ isWished: true, tradePrice: 950_000 });

      // B's page comes from the answer A's request computed: a name changed behind the caches' back is not seen
      // by buyers of this level (nor by visitors), but B's own flag is B's.
      await db.execute(sql`update products set name_ko = '바뀐 이름' where id = ${margaux}`);
      expect(await card(b.token)).toMatchObject({ name: first.name, isWished: false, tradePrice: 950_000 });
      // Other levels and members without trade prices have answers of their own: computed now, so with the new name.
      expect(await card(vip.token)).toMatchObject({ name: '바뀐 이름', isWished: false, tradePrice: 950_000 - 76_000 });
      expect(await card(pending.token)).toMatchObject({ name: '바뀐 이름', isWished: false, tradePrice: null });

      // A wish shows at once for its member (and changes the shared wish count for everyone).
      await wish(b.token);
      expect(await card(b.token)).toMatchObject({ isWished: true, wishCount: first.wishCount + 1 });
      expect(await card(a.token)).toMatchObject({ isWished: true, wishCount: first.wishCount + 1 });
      await wish(a.token);
      expect(await card(a.token)).toMatchObject({ isWished: false });
      expect(await card(b.token)).toMatchObject({ isWished: true });
    } finally {
      await db.execute(sql`update products set name_ko = '샤또 마고' where id = ${margaux}`);
      await db.execute(sql`delete from wishes where product_id = ${margaux}`);
      await db.execute(sql`update products set wish_count = 0 where id = ${margaux}`);
      invalidateCatalogCache(db);
    }
  });

  it('gives each member the same page without the caches, its prices and wishes set per card', async () => {
    const db = t.db.db;
    const members = [
      { email: 'own-vip@example.com', level: 'VIP', role: 'BUYER' as const },
      { email: 'own-general@example.com', level: 'GENERAL', role: 'BUYER' as const },
      { email: 'own-none@example.com', level: null, role: 'BUYER' as const },
      { email: 'own-pending@example.com', level: null, role: 'MEMBER' as const },
    ];
    const qs = 'size=24&sort=PRICE_DESC';
    const all = (await list(qs))._embedded.items;
    expect(all.length).toBeGreaterThan(4);
    // Wished: the second and the last wine of the page, not the first (a flag set on the wrong card shows).
    const wishedIds = [all[1]!.id, all.at(-1)!.id];
    try {
      for (const m of members) {
        const id = await insertMember(db, m.email, m.role, m.role === 'BUYER' ? 'APPROVED' : 'PENDING');
        await db.execute(sql`update users set buyer_level = ${m.level} where id = ${id}`);
        const token = (await t.app.deps.tokens.sign({ sub: String(id), ver: 0 }, 600)).token;
        for (const w of wishedIds) expect((await post(`/wines/products/${w}/wish`, token)).statusCode).toBe(200);
        const shared = await list(qs, { token });
        setCatalogCaching(db, false);
        try {
          const own = await list(qs, { token });
          expect(own, m.email).toEqual(shared);
          expect(own._embedded.items.filter((c) => c.isWished).map((c) => c.id)).toEqual(wishedIds);
          const priced = own._embedded.items.filter((c) => c.tradePrice !== null).length;
          expect(priced, m.email).toBe(m.role === 'BUYER' ? own._embedded.items.length : 0);
        } finally {
          setCatalogCaching(db, true);
        }
      }
    } finally {
      for (const w of wishedIds) {
        await db.execute(sql`delete from wishes where product_id = ${w}`);
        await db.execute(sql`update products set wish_count = 0 where id = ${w}`);
      }
      invalidateCatalogCache(db);
    }
  });

  it('takes an approval or a logout into account at once', async () => {
    const admin = await staffToken(t, 'admin@example.com');
    const id = await insertMember(t.db.db, 'level-new@example.com', 'MEMBER', 'PENDING');
    const token = (await t.app.deps.tokens.sign({ sub: String(id), ver: 0 }, 600)).token;
    const price = async () => (await list(`idWineries=${fx.wineries.MARGAUX}&sort=SCORE_DESC`, { token }))._embedded.items[0]!.tradePrice;
    expect(await price()).toBeNull();
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/members/${id}/approve`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await price()).toBe(950_000);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode, out.body).toBe(200);
    expect(await price()).toBeNull();
  });
});

describe.skipIf(usingPostgres())('a list request whose client leaves while it waits for the embedded database', () => {
  it('runs no statement for it, and the next request is served', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    // A filter shape no other test uses, so its statement is prepared only if it runs.
    const path = `/api/v1/brand/wines/products?volumes=750&scoreMin=95&alcoholMax=15&sort=NAME_ASC`;
    // The statements prepared for this shape (the runner closes the oldest past its limit, so a total would not do).
    const preparedCount = async () =>
      rowsOf(
        await t.db.db.execute(sql`select count(*)::int as n from pg_prepared_statements where name like 'podo_%'
          and statement like '%p.volume_ml = %' and statement like '%p.score_max >= %' and statement like '%p.alcohol <= %'`),
      )[0] as { n: number };
    const before = (await preparedCount()).n;

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // With the optional caches off (CATALOG_CACHE=false) the buyer's answer is theirs alone, not shared by the
    // buyers of their level, so it may stop when they leave.
    setCatalogCaching(t.db.db, false);
    onTestFinished(() => setCatalogCaching(t.db.db, true));
    const holding = t.db.db.transaction(async () => held);
    const { connect } = await import('node:net');
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${buyerToken}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 150));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 50));
    release();
    await holding;
    await new Promise((r) => setTimeout(r, 100));
    expect((await preparedCount()).n).toBe(before);

    const served = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${buyerToken}` } });
    expect(served.status).toBe(200);
    expect(((await served.json()) as TProductPage).page.number).toBe(1);
    expect((await preparedCount()).n).toBe(before + 1);
  });
});
