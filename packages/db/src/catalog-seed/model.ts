import type { LocalizedText, ProductTexts, TastingProfile } from '../schema/catalog';
import { AREAS, GRAPES, KIND_LETTER, type AreaDef, type GrapeDef, type KindCode, type LevelCode } from './lookups';
import { Rng, roundKrw } from './random';
import { wineTexts, wineryDescription } from './texts';
import { WINERIES } from './wineries';

/** A winery before it gets an id. */
export interface WineryDraft {
  nameKo: string;
  nameOriginal: string;
  area: AreaDef;
  founded: number;
  website: string | null;
  description: LocalizedText;
}

/** The facts a wine is written from (hand-written for the demo, drawn for synthetic wines). */
export interface WineSpec {
  winery: number;
  nameKo: string;
  nameOriginal: string;
  kind: KindCode;
  area: AreaDef;
  grapes: { grape: GrapeDef; percent: number }[];
  level: LevelCode;
  /** Retail price of the newest vintage, KRW. */
  price: number;
  nv: boolean;
  vip: boolean;
  limited: boolean;
  organic: boolean;
  volumeMl: 375 | 750 | 1500;
  sugarLevel?: number;
  alcohol?: number;
}

export interface VintageDraft {
  year: number | null;
  stock: number;
  retailPrice: number;
  tradePrice: number;
  isOnSale: boolean;
}

/** A wine ready to insert (ids come later). */
export interface WineDraft {
  spec: WineSpec;
  sugarLevel: number;
  alcohol: number;
  servingTemp: [number, number];
  profile: TastingProfile;
  texts: ProductTexts;
  vintages: VintageDraft[];
  scores: { critic: string; score: number; vintageYear: number | null }[];
  awards: { year: number; name: string; medal: string }[];
  featured: string[];
  links: { kind: 'EVENT' | 'MAGAZINE' | 'STORE'; targetId: number }[];
  recommendRank: number;
  /** Days before the load time that the wine "arrived" (for the newest-first sort). */
  ageDays: number;
}

const AREA_BY_CODE = new Map(AREAS.map((a) => [a.code, a]));
const GRAPE_BY_CODE = new Map(GRAPES.map((g) => [g.code, g]));

export function areaByCode(code: string): AreaDef {
  const a = AREA_BY_CODE.get(code);
  if (!a) throw new Error(`unknown production area ${code}`);
  return a;
}

/** `CS70+MER30` → grapes with percentages, largest share first. */
export function parseBlend(blend: string): WineSpec['grapes'] {
  const out = blend.split('+').map((part) => {
    const m = /^([A-Z]+)(\d+)$/.exec(part);
    const grape = m ? GRAPE_BY_CODE.get(m[1]!) : undefined;
    if (!m || !grape) throw new Error(`bad blend part ${part}`);
    return { grape, percent: Number(m[2]) };
  });
  if (out.reduce((s, g) => s + g.percent, 0) !== 100) throw new Error(`blend ${blend} does not add up to 100`);
  return out.sort((x, y) => y.percent - x.percent);
}

const LEVEL_LETTER: Record<string, LevelCode> = { I: 'ICON', P: 'PREMIUM', C: 'CLASSIC', D: 'DAILY' };

/** The hand-written demo portfolio, parsed. */
export function demoCatalog(): { wineries: WineryDraft[]; specs: WineSpec[] } {
  const wineries: WineryDraft[] = [];
  const specs: WineSpec[] = [];
  WINERIES.forEach(([nameKo, nameOriginal, areaCode, founded, website, wines], wi) => {
    const area = areaByCode(areaCode);
    const mine: WineSpec[] = wines.map((line) => {
      const [ko, orig, kindL, blend, levelL, priceK, opts = ''] = line.split('|');
      if (!ko || !orig || !kindL || !blend || !levelL || !priceK) throw new Error(`bad wine line ${line}`);
      const flags = opts.split(/\s+/).filter(Boolean);
      const flag = (f: string) => flags.includes(f);
      const num = (prefix: string) => {
        const f = flags.find((x) => new RegExp(`^${prefix}[0-9.]+$`).test(x));
        return f ? Number(f.slice(prefix.length)) : undefined;
      };
      const areaFlag = flags.find((f) => f.startsWith('@'));
      return {
        winery: wi,
        nameKo: ko,
        nameOriginal: orig,
        kind: KIND_LETTER[kindL]!,
        area: areaFlag ? areaByCode(areaFlag.slice(1)) : area,
        grapes: parseBlend(blend),
        level: LEVEL_LETTER[levelL]!,
        price: Number(priceK) * 1000,
        nv: flag('nv'),
        vip: flag('vip'),
        limited: flag('lim'),
        organic: flag('org'),
        volumeMl: flag('m375') ? 375 : flag('m1500') ? 1500 : 750,
        sugarLevel: num('s'),
        alcohol: num('a'),
      };
    });
    specs.push(...mine);
    wineries.push(makeWinery(nameKo, nameOriginal, area, founded, website ? `https://www.${website}` : null, mine));
  });
  return { wineries, specs };
}

/** A winery draft with its generated introduction. */
export function makeWinery(
  nameKo: string,
  nameOriginal: string,
  area: AreaDef,
  founded: number,
  website: string | null,
  wines: WineSpec[],
): WineryDraft {
  const shares = new Map<GrapeDef, number>();
  for (const w of wines) for (const g of w.grapes) shares.set(g.grape, (shares.get(g.grape) ?? 0) + g.percent);
  const mainGrapes = [...shares.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([g]) => g);
  const order: LevelCode[] = ['ICON', 'PREMIUM', 'CLASSIC', 'DAILY'];
  const topLevel = order.find((l) => wines.some((w) => w.level === l)) ?? 'CLASSIC';
  const description = wineryDescription(Rng.of('winery', nameOriginal), { nameKo, nameOriginal, area, founded, mainGrapes, topLevel });
  return { nameKo, nameOriginal, area, founded, website, description };
}

// ---- expanding a spec into a full wine -------------------------------------------------------------------

const CRITICS_BY_COUNTRY: Record<string, string[]> = {
  FR: ['RP', 'WS', 'JS', 'JD', 'DC', 'VN'],
  IT: ['JS', 'RP', 'WS', 'VN', 'DC'],
  ES: ['RP', 'JS', 'WS', 'GP', 'DC'],
  PT: ['RP', 'WS', 'JS', 'DC'],
  DE: ['RP', 'JS', 'VN', 'WS'],
  AT: ['JS', 'VN', 'RP'],
  HU: ['RP', 'JS', 'DC'],
  US: ['RP', 'WS', 'JS', 'JD', 'WE', 'VN'],
  CL: ['JS', 'RP', 'WS', 'DC', 'TA'],
  AR: ['JS', 'RP', 'WS', 'TA'],
  AU: ['JH', 'RP', 'JS', 'WS'],
  NZ: ['JS', 'RP', 'BC', 'DC'],
  ZA: ['TA', 'JS', 'RP', 'WS'],
};
const COMPETITIONS = [
  'Decanter World Wine Awards',
  'International Wine Challenge',
  'Concours Mondial de Bruxelles',
  'Mundus Vini',
  'San Francisco International Wine Competition',
  'Korea Wine Challenge',
  'Asia Wine Trophy',
];
const AGING_MONTHS: Record<LevelCode, [number, number]> = { ICON: [18, 24], PREMIUM: [14, 18], CLASSIC: [10, 14], DAILY: [4, 8] };

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}

function defaultSugar(spec: WineSpec): number {
  switch (spec.kind) {
    case 'DESSERT':
      return 5;
    case 'FORTIFIED':
      return spec.grapes[0]!.grape.code === 'PAL' ? 1 : 4;
    default:
      return 1;
  }
}

function defaultAlcohol(rng: Rng, spec: WineSpec): number {
  const main = spec.grapes[0]!.grape.code;
  const half = () => rng.int(-1, 1) * 0.5;
  switch (spec.kind) {
    case 'RED': {
      const base = ['PN', 'GAM', 'CF', 'BAR'].includes(main)
        ? 13
        : ['SH', 'ZIN', 'PRI', 'MAL', 'GR', 'AGL'].includes(main) || ['US', 'AU', 'AR', 'CL', 'ZA'].includes(spec.area.country)
          ? 14.5
          : 13.5;
      return base + half();
    }
    case 'WHITE':
      return (['RI', 'GV', 'ALB', 'VER'].includes(main) ? 12.5 : ['CH', 'VIO', 'ROU'].includes(main) ? 13.5 : 13) + half();
    case 'SPARKLING':
      return rng.pick([11.5, 12, 12.5]);
    case 'ROSE':
      return 12.5 + rng.int(0, 1) * 0.5;
    case 'DESSERT':
      return 12.5 + half();
    default:
      return main === 'PAL' ? 15 : 19.5 + rng.int(0, 1) * 0.5;
  }
}

function servingTemp(spec: WineSpec, sugar: number): [number, number] {
  const main = spec.grapes[0]!.grape.code;
  switch (spec.kind) {
    case 'RED':
      return ['PN', 'GAM'].includes(main) ? [14, 16] : [16, 18];
    case 'WHITE':
      return ['CH', 'ROU', 'VIO', 'SEM'].includes(main) && spec.level !== 'DAILY' ? [10, 12] : [8, 10];
    case 'SPARKLING':
      return [6, 8];
    case 'ROSE':
      return [8, 10];
    case 'DESSERT':
      return [8, 10];
    default:
      return sugar <= 2 ? [7, 9] : [14, 16];
  }
}

function tastingProfile(rng: Rng, spec: WineSpec, sugar: number): TastingProfile {
  let body = 0;
  let acidity = 0;
  let tannin = 0;
  for (const { grape, percent } of spec.grapes) {
    body += (grape.character[0] * percent) / 100;
    acidity += (grape.character[1] * percent) / 100;
    tannin += (grape.character[2] * percent) / 100;
  }
  const jitter = () => (rng.next() - 0.5) * 0.8;
  if (spec.level === 'ICON') body += 0.4;
  if (spec.kind === 'DESSERT' || (spec.kind === 'FORTIFIED' && sugar >= 3)) body += 1;
  if (spec.kind === 'SPARKLING') body -= 0.5;
  if (spec.kind === 'ROSE') body -= 1;
  const red = spec.kind === 'RED' || (spec.kind === 'FORTIFIED' && spec.grapes[0]!.grape.red);
  return {
    body: clamp(Math.round(body + jitter()), 1, 5),
    acidity: clamp(Math.round(acidity + jitter()), 1, 5),
    tannin: red ? clamp(Math.round(tannin + jitter()), 1, 5) : 1,
    sweetness: clamp(sugar, 1, 5),
  };
}

/** Newest vintage year by kind and level (the catalogue is "as of" 2025). */
function newestYear(rng: Rng, spec: WineSpec): number {
  if (spec.kind === 'WHITE' || spec.kind === 'ROSE')
    return spec.level === 'ICON' || spec.level === 'PREMIUM' ? rng.int(2020, 2022) : rng.int(2022, 2024);
  if (spec.kind === 'SPARKLING') return rng.int(2012, 2016);
  if (spec.kind === 'DESSERT') return rng.int(2016, 2021);
  if (spec.kind === 'FORTIFIED') return rng.int(2016, 2019);
  switch (spec.level) {
    case 'ICON':
      return rng.int(2015, 2019);
    case 'PREMIUM':
      return rng.int(2017, 2020);
    case 'CLASSIC':
      return rng.int(2019, 2021);
    default:
      return rng.int(2021, 2023);
  }
}

function vintagesOf(rng: Rng, spec: WineSpec): VintageDraft[] {
  const tradeShare = () => 0.6 + rng.next() * 0.15;
  const stockFor = (older: number) => {
    if (rng.chance(0.07)) return 0;
    const max = spec.level === 'ICON' ? 24 : spec.level === 'PREMIUM' ? 60 : spec.level === 'CLASSIC' ? 150 : 300;
    return Math.max(1, Math.round((rng.int(3, max) / (older + 1)) | 0));
  };
  const priceOf = (retail: number) => {
    const r = Math.min(1_500_000, roundKrw(retail));
    return { retailPrice: r, tradePrice: roundKrw(r * tradeShare()) };
  };
  if (spec.nv) return [{ year: null, stock: stockFor(0), ...priceOf(spec.price), isOnSale: true }];
  const count =
    spec.level === 'ICON' || spec.level === 'PREMIUM'
      ? rng.weighted([
          [1, 2],
          [2, 4],
          [3, 3],
        ] as const)
      : rng.weighted([
          [1, 5],
          [2, 4],
          [3, 1],
        ] as const);
  const out: VintageDraft[] = [];
  let year = newestYear(rng, spec);
  let price = spec.price;
  for (let i = 0; i < count; i++) {
    out.push({ year, stock: stockFor(i), ...priceOf(price), isOnSale: i === 0 || !rng.chance(0.08) });
    year -= rng.chance(0.75) ? 1 : 2;
    price *= 1.05 + rng.next() * 0.1;
  }
  return out;
}

function scoresOf(rng: Rng, spec: WineSpec, year: number | null): WineDraft['scores'] {
  const critics = CRITICS_BY_COUNTRY[spec.area.country] ?? ['RP', 'WS', 'JS'];
  const [count, lo, hi] =
    spec.level === 'ICON'
      ? [rng.int(3, 4), spec.price >= 1_000_000 ? 96 : 94, spec.price >= 1_000_000 ? 100 : 98]
      : spec.level === 'PREMIUM'
        ? [rng.int(2, 3), 91, 95]
        : spec.level === 'CLASSIC'
          ? [rng.int(1, 2), 89, 93]
          : [rng.chance(0.55) ? 1 : 0, 86, 90];
  return rng.sample(critics, count).map((critic) => ({ critic, score: rng.int(lo, hi), vintageYear: year }));
}

function awardsOf(rng: Rng, spec: WineSpec, year: number | null): WineDraft['awards'] {
  const p = spec.level === 'DAILY' || spec.level === 'CLASSIC' ? 0.3 : spec.level === 'PREMIUM' ? 0.12 : 0;
  if (!rng.chance(p)) return [];
  const n = rng.chance(0.3) ? 2 : 1;
  return rng.sample(COMPETITIONS, n).map((name) => ({
    year: Math.min(2025, (year ?? 2022) + rng.int(1, 2)),
    name,
    medal: rng.weighted([
      ['GOLD', 5],
      ['SILVER', 4],
      ['BRONZE', 2],
      ['PLATINUM', 1],
      ['TROPHY', 0.5],
    ] as const),
  }));
}

/** Everything about a wine, drawn deterministically from its spec. */
export function expandWine(spec: WineSpec, wineries: readonly WineryDraft[], salt: string | number = ''): WineDraft {
  const rng = Rng.of('wine', spec.nameOriginal, spec.winery, salt);
  const sugarLevel = spec.sugarLevel ?? defaultSugar(spec);
  const alcohol = spec.alcohol ?? defaultAlcohol(rng, spec);
  const profile = tastingProfile(rng, spec, sugarLevel);
  const vintages = vintagesOf(rng, spec);
  const newest = vintages[0]!.year;
  const [mLo, mHi] = AGING_MONTHS[spec.level];
  const winery = wineries[spec.winery]!;
  const texts = wineTexts(rng, {
    kind: spec.kind,
    level: spec.level,
    grapes: spec.grapes,
    area: spec.area,
    wineryKo: winery.nameKo,
    wineryOriginal: winery.nameOriginal,
    nameOriginal: spec.nameOriginal,
    sugarLevel,
    profile,
    months: spec.kind === 'SPARKLING' ? rng.int(15, 48) : rng.int(mLo, mHi),
  });
  const featured: string[] = [];
  const isNew = rng.chance(0.1);
  if (isNew) featured.push('NEW');
  if ((spec.level === 'DAILY' || spec.level === 'CLASSIC') && rng.chance(0.16)) featured.push('BEST');
  if (rng.chance(0.1)) featured.push('SOMMELIER_PICK');
  if (spec.limited) featured.push('LIMITED');
  if (spec.organic) featured.push('ORGANIC');
  const levelRank = { ICON: 40, PREMIUM: 30, CLASSIC: 20, DAILY: 10 }[spec.level];
  return {
    spec,
    sugarLevel,
    alcohol,
    servingTemp: servingTemp(spec, sugarLevel),
    profile,
    texts,
    vintages,
    scores: scoresOf(rng, spec, newest),
    awards: awardsOf(rng, spec, newest),
    featured,
    links: [],
    recommendRank: levelRank + (featured.includes('BEST') ? 30 : 0) + (featured.includes('SOMMELIER_PICK') ? 25 : 0) + rng.int(0, 20),
    ageDays: isNew ? rng.int(0, 20) : rng.int(30, 720),
  };
}

/**
 * Links for the event, magazine and store filters (target id 1 each): a summer event of sparkling and rosé
 * under 60,000 won, a magazine feature on Pinot Noir, and the wines on the shelves of store 1.
 */
export function assignLinks(wines: WineDraft[]): void {
  let magazine = 0;
  wines.forEach((w, i) => {
    const { kind, price, level, grapes } = w.spec;
    if ((kind === 'SPARKLING' || kind === 'ROSE') && price < 60_000) w.links.push({ kind: 'EVENT', targetId: 1 });
    if (grapes[0]!.grape.code === 'PN' && level !== 'DAILY' && magazine < 16) {
      w.links.push({ kind: 'MAGAZINE', targetId: 1 });
      magazine++;
    }
    if ((level === 'DAILY' || level === 'CLASSIC') && i % 3 === 0) w.links.push({ kind: 'STORE', targetId: 1 });
  });
}
