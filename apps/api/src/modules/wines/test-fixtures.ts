import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@podo/contracts/staff';
import { auth, freshIp } from '../../../../../tests/helpers/accounts';
import {
  grapeTypes,
  productAwards,
  productFeatured,
  productGrapes,
  productionAreas,
  productLinks,
  products,
  productScores,
  productVintages,
  staffAccounts,
  users,
  wineFeatured,
  wineKinds,
  wineLevels,
  wineries,
  type Database,
  type LocalizedText,
} from '@podo/db';
import { buildSearchGrams, buildSearchText } from '@podo/contracts';
import { invalidateCatalogCache } from './catalog-cache';

/**
 * A small hand-made catalogue for the wine and winery API tests (independent of the demo catalogue): 4 wineries
 * in 3 countries, 9 wines (one unpublished), names chosen for the Korean search cases ('샤또', '피노', '까베르네').
 */
const t = (ko: string, en: string): LocalizedText => ({ 'ko-KR': ko, 'en-US': en });

const KINDS = [
  ['RED', t('레드', 'Red'), '#7b1e3a'],
  ['WHITE', t('화이트', 'White'), '#e8d9a0'],
  ['SPARKLING', t('스파클링', 'Sparkling'), '#d8c880'],
  ['ROSE', t('로제', 'Rosé'), '#e89aa8'],
] as const;
const GRAPES = [
  ['CS', t('까베르네 소비뇽', 'Cabernet Sauvignon'), 'Cabernet Sauvignon'],
  ['ME', t('메를로', 'Merlot'), 'Merlot'],
  ['PN', t('피노 누아', 'Pinot Noir'), 'Pinot Noir'],
  ['CH', t('샤르도네', 'Chardonnay'), 'Chardonnay'],
  ['SG', t('산지오베제', 'Sangiovese'), 'Sangiovese'],
  ['RI', t('리슬링', 'Riesling'), 'Riesling'],
] as const;
const AREAS = [
  ['BDX', 'FR', t('보르도', 'Bordeaux'), 'Bordeaux'],
  ['BGN', 'FR', t('부르고뉴', 'Burgundy'), 'Bourgogne'],
  ['NAPA', 'US', t('나파 밸리', 'Napa Valley'), 'Napa Valley'],
  ['TOS', 'IT', t('토스카나', 'Tuscany'), 'Toscana'],
  ['MARL', 'NZ', t('말버러', 'Marlborough'), 'Marlborough'],
] as const;

type GrapeKey = (typeof GRAPES)[number][0];
type AreaKey = (typeof AREAS)[number][0];
type KindKey = (typeof KINDS)[number][0];

interface WineSpec {
  key: string;
  ko: string;
  orig: string;
  winery: 'MARGAUX' | 'LEROY' | 'OPUS' | 'ANTINORI';
  kind: KindKey;
  area: AreaKey;
  grapes: [GrapeKey, number | null][];
  level?: 'ICON' | 'PREMIUM';
  featured?: ('NEW' | 'BEST')[];
  sugar: number;
  alcohol: number;
  volume: 375 | 750 | 1500;
  vip?: boolean;
  published?: boolean;
  rank: number;
  vintages: { year: number | null; stock: number; retail: number; trade: number; onSale?: boolean }[];
  scores?: [string, number, number | null][];
  awards?: [number, string, string][];
  texts?: boolean;
}

const WINERIES = {
  MARGAUX: { ko: '샤또 마고', orig: 'Château Margaux', country: 'FR', area: 'BDX' },
  LEROY: { ko: '도멘 르루아', orig: 'Domaine Leroy', country: 'FR', area: 'BGN' },
  OPUS: { ko: '오퍼스 원 와이너리', orig: 'Opus One Winery', country: 'US', area: 'NAPA' },
  ANTINORI: { ko: '안티노리', orig: 'Marchesi Antinori', country: 'IT', area: 'TOS' },
} as const;

export const WINES: WineSpec[] = [
  {
    key: 'margaux',
    ko: '샤또 마고',
    orig: 'Château Margaux',
    winery: 'MARGAUX',
    kind: 'RED',
    area: 'BDX',
    grapes: [
      ['CS', 80],
      ['ME', 20],
    ],
    level: 'ICON',
    featured: ['BEST'],
    sugar: 1,
    alcohol: 13.5,
    volume: 750,
    vip: true,
    rank: 100,
    vintages: [
      { year: 2015, stock: 5, retail: 1_200_000, trade: 950_000 },
      { year: 2016, stock: 0, retail: 1_300_000, trade: 1_000_000 },
      { year: 2010, stock: 3, retail: 2_000_000, trade: 1_500_000, onSale: false },
    ],
    scores: [
      ['RP', 98, 2015],
      ['WS', 97, 2016],
    ],
    awards: [[2019, 'Decanter World Wine Awards', 'GOLD']],
    texts: true,
  },
  {
    key: 'pavillon',
    ko: '파비용 루즈 뒤 샤또 마고',
    orig: 'Pavillon Rouge du Château Margaux',
    winery: 'MARGAUX',
    kind: 'RED',
    area: 'BDX',
    grapes: [
      ['CS', 70],
      ['ME', 30],
    ],
    level: 'PREMIUM',
    sugar: 1,
    alcohol: 13,
    volume: 750,
    rank: 50,
    vintages: [{ year: 2018, stock: 12, retail: 450_000, trade: 360_000 }],
    scores: [['JS', 93, 2018]],
  },
  {
    key: 'leroyPinot',
    ko: '도멘 르루아 부르고뉴 피노 누아',
    orig: 'Domaine Leroy Bourgogne Pinot Noir',
    winery: 'LEROY',
    kind: 'RED',
    area: 'BGN',
    grapes: [['PN', 100]],
    level: 'PREMIUM',
    featured: ['NEW'],
    sugar: 1,
    alcohol: 12.5,
    volume: 750,
    rank: 80,
    vintages: [{ year: 2019, stock: 8, retail: 380_000, trade: 300_000 }],
    scores: [['WE', 92, null]],
  },
  {
    key: 'leroyChardonnay',
    ko: '도멘 르루아 부르고뉴 샤르도네',
    orig: 'Domaine Leroy Bourgogne Chardonnay',
    winery: 'LEROY',
    kind: 'WHITE',
    area: 'BGN',
    grapes: [['CH', 100]],
    sugar: 2,
    alcohol: 13,
    volume: 375,
    rank: 40,
    vintages: [{ year: 2020, stock: 0, retail: 150_000, trade: 120_000 }],
    scores: [['WE', 90, 2020]],
  },
  {
    key: 'opus',
    ko: '오퍼스 원',
    orig: 'Opus One',
    winery: 'OPUS',
    kind: 'RED',
    area: 'NAPA',
    grapes: [
      ['CS', 80],
      ['ME', 20],
    ],
    level: 'ICON',
    featured: ['BEST', 'NEW'],
    sugar: 1,
    alcohol: 14.5,
    volume: 1500,
    vip: true,
    rank: 90,
    vintages: [{ year: 2018, stock: 2, retail: 2_500_000, trade: 2_000_000 }],
    scores: [['RP', 97, 2018]],
  },
  {
    key: 'overture',
    ko: '오버추어 까베르네 소비뇽',
    orig: 'Overture Cabernet Sauvignon',
    winery: 'OPUS',
    kind: 'RED',
    area: 'NAPA',
    grapes: [['CS', 100]],
    level: 'PREMIUM',
    sugar: 1,
    alcohol: 14,
    volume: 750,
    rank: 30,
    vintages: [{ year: null, stock: 20, retail: 300_000, trade: 240_000 }],
  },
  {
    key: 'tignanello',
    ko: '안티노리 티냐넬로',
    orig: 'Antinori Tignanello',
    winery: 'ANTINORI',
    kind: 'RED',
    area: 'TOS',
    grapes: [
      ['SG', 80],
      ['CS', 20],
    ],
    level: 'PREMIUM',
    sugar: 1,
    alcohol: 14,
    volume: 750,
    rank: 70,
    vintages: [{ year: 2019, stock: 6, retail: 280_000, trade: 220_000 }],
    scores: [['JS', 95, 2019]],
  },
  {
    key: 'montenisa',
    ko: '안티노리 몬테니사 브뤼',
    orig: 'Antinori Montenisa Brut',
    winery: 'ANTINORI',
    kind: 'SPARKLING',
    area: 'TOS',
    grapes: [['CH', null]],
    sugar: 2,
    alcohol: 12,
    volume: 750,
    rank: 20,
    vintages: [{ year: null, stock: 30, retail: 90_000, trade: 70_000 }],
    scores: [['WE', 88, null]],
  },
  {
    key: 'hidden',
    ko: '샤또 마고 비공개 퀴베',
    orig: 'Château Margaux Cuvée Cachée',
    winery: 'MARGAUX',
    kind: 'RED',
    area: 'BDX',
    grapes: [['CS', 100]],
    sugar: 1,
    alcohol: 13,
    volume: 750,
    published: false,
    rank: 999,
    vintages: [{ year: 2020, stock: 1, retail: 500_000, trade: 400_000 }],
  },
];

export interface Fixtures {
  kinds: Record<KindKey, number>;
  grapes: Record<GrapeKey, number>;
  areas: Record<AreaKey, number>;
  levels: { ICON: number; PREMIUM: number };
  featured: { NEW: number; BEST: number };
  wineries: Record<keyof typeof WINERIES, number>;
  unpublishedWinery: number;
  wines: Record<string, number>;
  vintages: Record<string, number[]>;
}

/** Inserts the fixture catalogue (once per database) and returns the ids by key. */
export async function insertFixtures(db: Database): Promise<Fixtures> {
  // The fixture catalogue brings its own kinds, levels and flags in place of the reference rows the migrations insert,
  // so that the lists the tests expect are these and nothing else (a fresh database has no wines referring to them).
  await db.delete(wineFeatured);
  await db.delete(wineLevels);
  await db.delete(wineKinds);
  const kinds = {} as Fixtures['kinds'];
  for (const [i, [code, name, color]] of KINDS.entries()) {
    const [r] = await db.insert(wineKinds).values({ code, name, color, sortOrder: i }).returning({ id: wineKinds.id });
    kinds[code] = r!.id;
  }
  const grapes = {} as Fixtures['grapes'];
  for (const [i, [key, name, originalName]] of GRAPES.entries()) {
    const [r] = await db.insert(grapeTypes).values({ name, originalName, sortOrder: i }).returning({ id: grapeTypes.id });
    grapes[key] = r!.id;
  }
  const areas = {} as Fixtures['areas'];
  for (const [i, [key, countryCode, name, originalName]] of AREAS.entries()) {
    const [r] = await db
      .insert(productionAreas)
      .values({ countryCode, name, originalName, sortOrder: i })
      .returning({ id: productionAreas.id });
    areas[key] = r!.id;
  }
  const [icon] = await db
    .insert(wineLevels)
    .values({ code: 'ICON', name: t('아이콘', 'Icon'), sortOrder: 0 })
    .returning();
  const [premium] = await db
    .insert(wineLevels)
    .values({ code: 'PREMIUM', name: t('프리미엄', 'Premium'), sortOrder: 1 })
    .returning();
  const [fNew] = await db
    .insert(wineFeatured)
    .values({ code: 'NEW', name: t('신상품', 'New arrival'), sortOrder: 0 })
    .returning();
  const [fBest] = await db
    .insert(wineFeatured)
    .values({ code: 'BEST', name: t('베스트', 'Best seller'), sortOrder: 1 })
    .returning();
  const areaName = (k: AreaKey) => AREAS.find((a) => a[0] === k)!;

  const wineryIds = {} as Fixtures['wineries'];
  let order = 0;
  for (const [key, w] of Object.entries(WINERIES) as [keyof typeof WINERIES, (typeof WINERIES)[keyof typeof WINERIES]][]) {
    const area = areaName(w.area);
    const searchText = buildSearchText([w.ko, w.orig, area[2]['ko-KR'], area[3]]);
    const [r] = await db
      .insert(wineries)
      .values({
        nameKo: w.ko,
        nameOriginal: w.orig,
        countryCode: w.country,
        productionAreaId: areas[w.area],
        foundedYear: 1800 + order * 10,
        website: `https://example.com/${key.toLowerCase()}`,
        description: t(`${w.ko} 소개`, `About ${w.orig}`),
        images: [`/images/wineries/${key.toLowerCase()}.jpg`],
        searchText,
        searchGrams: buildSearchGrams(searchText),
        createdAt: new Date(Date.UTC(2024, 0, 1 + order++)),
      })
      .returning({ id: wineries.id });
    wineryIds[key] = r!.id;
  }
  const hiddenText = buildSearchText(['숨은 와이너리', 'Hidden Estate']);
  const [hiddenWinery] = await db
    .insert(wineries)
    .values({
      nameKo: '숨은 와이너리',
      nameOriginal: 'Hidden Estate',
      countryCode: 'FR',
      isPublished: false,
      searchText: hiddenText,
      searchGrams: buildSearchGrams(hiddenText),
    })
    .returning({ id: wineries.id });

  const wines: Record<string, number> = {};
  const vintages: Record<string, number[]> = {};
  for (const [i, w] of WINES.entries()) {
    const winery = WINERIES[w.winery];
    const area = areaName(w.area);
    const grapeNames = w.grapes.flatMap(([g]) => {
      const row = GRAPES.find((x) => x[0] === g)!;
      return [row[1]['ko-KR'], row[2]];
    });
    const searchText = buildSearchText([w.ko, w.orig, winery.ko, winery.orig, ...grapeNames, area[2]['ko-KR'], area[3]]);
    const onSale = w.vintages.filter((v) => v.onSale !== false);
    const [r] = await db
      .insert(products)
      .values({
        wineryId: wineryIds[w.winery],
        kindId: kinds[w.kind],
        levelId: w.level === 'ICON' ? icon!.id : w.level === 'PREMIUM' ? premium!.id : null,
        productionAreaId: areas[w.area],
        countryCode: area[1],
        nameKo: w.ko,
        nameOriginal: w.orig,
        sugarLevel: w.sugar,
        alcohol: w.alcohol,
        volumeMl: w.volume,
        servingTempMin: w.texts ? 16 : null,
        servingTempMax: w.texts ? 18 : null,
        profile: w.texts ? { body: 5, acidity: 4, tannin: 5, sweetness: 1 } : null,
        texts: w.texts
          ? {
              description: t('보르도 1등급 와인', 'A Bordeaux first growth'),
              tastingNote: t('블랙커런트와 제비꽃', 'Blackcurrant and violet'),
              pairing: t('양갈비', 'Rack of lamb'),
            }
          : {},
        images: [`/images/wines/${w.key}.jpg`, `/images/wines/${w.key}-back.jpg`],
        isVip: w.vip ?? false,
        priceMin: Math.min(...onSale.map((v) => v.retail)),
        scoreMax: Math.max(0, ...(w.scores ?? []).map((s) => s[1])),
        recommendRank: w.rank,
        searchText,
        searchGrams: buildSearchGrams(searchText),
        isPublished: w.published ?? true,
        createdAt: new Date(Date.UTC(2024, 1, 1 + i)),
      })
      .returning({ id: products.id });
    const id = r!.id;
    wines[w.key] = id;
    await db.insert(productGrapes).values(w.grapes.map(([g, percent]) => ({ productId: id, grapeTypeId: grapes[g], percent })));
    for (const f of w.featured ?? [])
      await db.insert(productFeatured).values({ productId: id, featuredId: f === 'NEW' ? fNew!.id : fBest!.id });
    const vs = await db
      .insert(productVintages)
      .values(
        w.vintages.map((v) => ({
          productId: id,
          year: v.year,
          stock: v.stock,
          retailPrice: v.retail,
          tradePrice: v.trade,
          isOnSale: v.onSale ?? true,
        })),
      )
      .returning({ id: productVintages.id });
    vintages[w.key] = vs.map((v) => v.id);
    for (const [critic, score, vintageYear] of w.scores ?? [])
      await db.insert(productScores).values({ productId: id, critic, score, vintageYear });
    for (const [year, name, medal] of w.awards ?? []) await db.insert(productAwards).values({ productId: id, year, name, medal });
  }
  await db.insert(productLinks).values([
    { kind: 'EVENT', targetId: 1, productId: wines.margaux! },
    { kind: 'EVENT', targetId: 1, productId: wines.opus! },
    { kind: 'MAGAZINE', targetId: 7, productId: wines.leroyPinot! },
    { kind: 'STORE', targetId: 3, productId: wines.leroyChardonnay! },
  ]);
  invalidateCatalogCache(db);
  return {
    kinds,
    grapes,
    areas,
    levels: { ICON: icon!.id, PREMIUM: premium!.id },
    featured: { NEW: fNew!.id, BEST: fBest!.id },
    wineries: wineryIds,
    unpublishedWinery: hiddenWinery!.id,
    wines,
    vintages,
  };
}

/**
 * A plain member row (no password login needed: tests sign its token with the app's TokenService). An ADMIN is a
 * member of staff with `staffRole` (admin unless given).
 */
export async function insertMember(
  db: Database,
  email: string,
  role: 'MEMBER' | 'BUYER' | 'ADMIN' = 'MEMBER',
  status: 'PENDING' | 'APPROVED' | 'REJECTED' = 'APPROVED',
  staffRole: StaffRole = 'admin',
): Promise<number> {
  const [r] = await db
    .insert(users)
    .values({ email, passwordHash: 'x', fullName: '테스트', role, status, staffRole: role === 'ADMIN' ? staffRole : null })
    .returning({ id: users.id });
  if (role === 'ADMIN') await db.insert(staffAccounts).values({ userId: r!.id });
  return r!.id;
}

/** Sets the creation time of a member's wish (period filter tests). */
export async function setWishTime(db: Database, userId: number, productId: number, at: Date): Promise<void> {
  await db.execute(
    sql`update wishes set created_at = ${at.toISOString()}::timestamptz where user_id = ${userId} and product_id = ${productId}`,
  );
}

export async function wishCountOf(db: Database, productId: number): Promise<{ column: number; rows: number }> {
  const [p] = await db.select({ c: products.wishCount }).from(products).where(eq(products.id, productId));
  const r = (await db.execute(sql`select count(*)::int as n from wishes where product_id = ${productId}`)) as unknown as {
    rows: { n: number }[];
  };
  return { column: p!.c, rows: r.rows[0]!.n };
}

/** GET and POST on `/api/v1…` of a test app (given lazily: it is made in beforeAll), each from a fresh address. */
export function apiCalls(app: () => FastifyInstance) {
  const get = (url: string, opts: { token?: string; lang?: string } = {}) =>
    app().inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { 'accept-language': opts.lang ?? 'ko-KR', ...(opts.token ? auth(opts.token) : {}) },
      remoteAddress: freshIp(),
    });
  const post = (url: string, token?: string) =>
    app().inject({ method: 'POST', url: `/api/v1${url}`, headers: token ? auth(token) : {}, remoteAddress: freshIp() });
  return { get, post };
}
