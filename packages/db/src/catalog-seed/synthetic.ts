import { AREAS, KIND_LETTER, type AreaDef, type KindCode, type LevelCode } from './lookups';
import { makeWinery, parseBlend, type WineSpec, type WineryDraft } from './model';
import { Rng, roundKrw } from './random';

/**
 * Synthetic wines for benchmarks: wineries and wines drawn from the same lookup tables as the demo
 * catalogue, with names built the way each country names its wines, so lists, filters and Korean search
 * behave as they would on a large real portfolio.
 */

type Pair = readonly [original: string, ko: string];

/** Share of the portfolio by country (roughly a Korean importer's mix). */
const COUNTRY_WEIGHTS: readonly (readonly [string, number])[] = [
  ['FR', 26],
  ['IT', 22],
  ['ES', 11],
  ['US', 10],
  ['CL', 7],
  ['AU', 6],
  ['AR', 5],
  ['PT', 4],
  ['DE', 4],
  ['NZ', 3],
  ['ZA', 3],
  ['AT', 1.5],
  ['HU', 1.5],
];

const FR_PLACES: Pair[] = [
  ['Belair', '벨레르'],
  ['Beauséjour', '보세주르'],
  ['Rochebelle', '로슈벨'],
  ['Clairac', '클레락'],
  ['Fontenil', '퐁트닐'],
  ['Lasalle', '라살'],
  ['Bellevue', '벨뷔'],
  ['Sainte-Anne', '생트 안'],
  ['Les Granges', '레 그랑주'],
  ['Grand Pré', '그랑 프레'],
  ['La Fleur Morange', '라 플뢰르 모랑주'],
  ['Malbrun', '말브룅'],
  ['Haut-Castel', '오 카스텔'],
  ['Lamothe', '라모트'],
  ['Vieux Moulin', '비유 물랭'],
  ['Roquefort', '로크포르'],
  ['Saint-Martin', '생 마르탱'],
  ['Les Ormes', '레 조름'],
  ['Marsac', '마르삭'],
  ['Peyrac', '페이락'],
  ['Chantegrive', '샹트그리브'],
  ['Tour Blanche', '투르 블랑슈'],
  ['Mirabel', '미라벨'],
  ['Gaillard', '가이야르'],
  ['Laroque', '라로크'],
  ['Fontaine', '퐁텐'],
  ['Bois-Joli', '부아 졸리'],
  ['Mont-Rouge', '몽 루주'],
  ['Pierrefeu', '피에르푀'],
  ['La Garenne', '라 가렌'],
];
const FR_FAMILIES: Pair[] = [
  ['Moreau', '모로'],
  ['Girard', '지라르'],
  ['Chevalier', '슈발리에'],
  ['Dupont', '뒤퐁'],
  ['Lambert', '랑베르'],
  ['Perrot', '페로'],
  ['Marchand', '마르샹'],
  ['Bernard', '베르나르'],
  ['Fournier', '푸르니에'],
  ['Roussel', '루셀'],
  ['Garnier', '가르니에'],
  ['Mercier', '메르시에'],
  ['Boyer', '부아예'],
  ['Lefèvre', '르페브르'],
  ['Blanchard', '블랑샤르'],
  ['Renaud', '르노'],
  ['Vasseur', '바쇠르'],
  ['Caron', '카롱'],
  ['Delorme', '들로름'],
  ['Aubert', '오베르'],
];
const IT_PLACES: Pair[] = [
  ['Castelvecchio', '카스텔베키오'],
  ['Poggio Rosso', '포지오 로쏘'],
  ['Monteverde', '몬테베르데'],
  ['San Felice', '산 펠리체'],
  ['Le Fonti', '레 폰티'],
  ['Villa Rosa', '빌라 로사'],
  ['Valle Alta', '발레 알타'],
  ['Colle Bello', '콜레 벨로'],
  ['Santa Lucia', '산타 루치아'],
  ['Ca’ Bianca', '카 비앙카'],
  ['Terre Nere', '테레 네레'],
  ['Belvedere', '벨베데레'],
  ['Montecalvo', '몬테칼보'],
  ['Sassoalto', '사소알토'],
  ['Roccaforte', '로카포르테'],
  ['Casalvento', '카살벤토'],
];
const IT_FAMILIES: Pair[] = [
  ['Rinaldi', '리날디'],
  ['Bellini', '벨리니'],
  ['Marchetti', '마르케티'],
  ['Conti', '콘티'],
  ['Ferraro', '페라로'],
  ['Galli', '갈리'],
  ['Moretti', '모레티'],
  ['Lombardi', '롬바르디'],
  ['Serafini', '세라피니'],
  ['Vitale', '비탈레'],
  ['Cattaneo', '카타네오'],
  ['Bruni', '브루니'],
  ['Greco', '그레코'],
  ['Sartori', '사르토리'],
  ['Valentini', '발렌티니'],
  ['Orsini', '오르시니'],
];
const ES_NAMES: Pair[] = [
  ['Valdemoro', '발데모로'],
  ['Los Olmos', '로스 올모스'],
  ['Sierra Alta', '시에라 알타'],
  ['Montecillo Real', '몬테시요 레알'],
  ['Val de Reyes', '발 데 레예스'],
  ['La Encina', '라 엔시나'],
  ['El Castillo', '엘 카스티요'],
  ['Santa Cruz', '산타 크루스'],
  ['Hermanos Ortega', '에르마노스 오르테가'],
  ['Navarro', '나바로'],
  ['Molina', '몰리나'],
  ['Herrera', '에레라'],
  ['Castaño', '카스타뇨'],
  ['Sandoval', '산도발'],
  ['Prieto', '프리에토'],
  ['Vidal', '비달'],
  ['Peñalba', '페냐알바'],
  ['Casa Roja', '카사 로하'],
  ['Hermanos Salas', '에르마노스 살라스'],
  ['Ribas', '리바스'],
  ['Soler', '솔레르'],
  ['Campos', '캄포스'],
  ['Guerrero', '게레로'],
  ['Aranda', '아란다'],
];
const PT_NAMES: Pair[] = [
  ['do Vale Fundo', '두 발레 푼두'],
  ['do Monte Alto', '두 몬트 알투'],
  ['do Carvalhal', '두 카르발랄'],
  ['do Pinheiro', '두 피녜이루'],
  ['da Roseira', '다 호제이라'],
  ['do Seixo', '두 세이슈'],
  ['do Castelo', '두 카스텔루'],
  ['do Bom Retiro', '두 봉 헤치루'],
  ['dos Lagares', '두스 라가르스'],
  ['da Fonte Santa', '다 폰트 산타'],
  ['do Vale da Mina', '두 발레 다 미나'],
  ['da Serra', '다 세하'],
  ['do Sobral', '두 소브랄'],
  ['das Oliveiras', '다스 올리베이라스'],
  ['do Rio Torto', '두 히우 토르투'],
  ['da Ribeira', '다 히베이라'],
];
const PT_FAMILIES: Pair[] = [
  ['Santos', '산투스'],
  ['Almeida', '알메이다'],
  ['Costa', '코스타'],
  ['Sousa', '소자'],
  ['Pereira', '페레이라'],
  ['Carvalho', '카르발류'],
  ['Rodrigues', '호드리게스'],
  ['Mendes', '멘드스'],
];
const DE_FAMILIES: Pair[] = [
  ['Becker', '베커'],
  ['Schäfer', '셰퍼'],
  ['Hoffmann', '호프만'],
  ['Keller-Brandt', '켈러 브란트'],
  ['Wagner', '바그너'],
  ['Richter', '리히터'],
  ['Braun', '브라운'],
  ['Lang', '랑'],
  ['Hahn', '한'],
  ['Krüger', '크뤼거'],
  ['Vogel', '포겔'],
  ['Winter', '빈터'],
  ['Schmitt', '슈미트'],
  ['Weber', '베버'],
  ['Fischer', '피셔'],
  ['Bauer', '바우어'],
  ['Koch', '코흐'],
  ['Schulz', '슐츠'],
  ['Zimmermann', '치머만'],
  ['Neumann', '노이만'],
];
const HU_FAMILIES: Pair[] = [
  ['Kovács', '코바치'],
  ['Tóth', '토트'],
  ['Szabó', '서보'],
  ['Nagy', '너지'],
  ['Varga', '바르가'],
  ['Horváth', '호르바트'],
  ['Kiss', '키시'],
  ['Molnár', '몰나르'],
  ['Németh', '네메트'],
  ['Farkas', '퍼르커시'],
];
const US_FIRST: Pair[] = [
  ['Stone', '스톤'],
  ['Eagle', '이글'],
  ['Cedar', '시더'],
  ['Red', '레드'],
  ['Willow', '윌로'],
  ['Bear', '베어'],
  ['Harvest', '하베스트'],
  ['Blue', '블루'],
  ['Twin', '트윈'],
  ['Coyote', '코요테'],
  ['Fox', '폭스'],
  ['Hawk', '호크'],
  ['Sunset', '선셋'],
  ['Iron', '아이언'],
  ['Golden', '골든'],
  ['Quail', '퀘일'],
  ['Silver', '실버'],
  ['Elk', '엘크'],
  ['River', '리버'],
  ['Lone', '론'],
];
const US_SECOND: Pair[] = [
  ['Creek', '크릭'],
  ['Ridge', '리지'],
  ['Hill', '힐'],
  ['Barn', '반'],
  ['Bend', '벤드'],
  ['Moon', '문'],
  ['Oak', '오크'],
  ['Pines', '파인스'],
  ['Canyon', '캐니언'],
  ['Glen', '글렌'],
  ['Hollow', '할로'],
  ['Bluff', '블러프'],
  ['Gate', '게이트'],
  ['Meadow', '메도'],
  ['Crest', '크레스트'],
  ['Springs', '스프링스'],
];
const SOUTH_AM_NAMES: Pair[] = [
  ['Los Andes', '로스 안데스'],
  ['Cordillera Blanca', '코르디예라 블랑카'],
  ['El Cóndor', '엘 콘도르'],
  ['Santa Elena', '산타 엘레나'],
  ['Piedra Negra', '피에드라 네그라'],
  ['Altos del Sol', '알토스 델 솔'],
  ['Tierra Roja', '티에라 로하'],
  ['Valle Escondido', '바예 에스콘디도'],
  ['Dos Ríos', '도스 리오스'],
  ['La Esperanza', '라 에스페란사'],
  ['Cerro Alto', '세로 알토'],
  ['Las Lomas', '라스 로마스'],
  ['Quebrada Honda', '케브라다 온다'],
  ['Río Claro', '리오 클라로'],
  ['Monte Verde', '몬테 베르데'],
  ['Punta Alta', '푼타 알타'],
  ['Los Robles', '로스 로블레스'],
  ['Ojo de Agua', '오호 데 아과'],
  ['Sol de Mayo', '솔 데 마요'],
  ['Tres Cruces', '트레스 크루세스'],
  ['Viento Sur', '비엔토 수르'],
  ['Cumbre Nevada', '쿰브레 네바다'],
  ['Piedras Blancas', '피에드라스 블랑카스'],
  ['Agua Santa', '아과 산타'],
];
const SOUTH_FIRST: Pair[] = [
  ['Southern', '서던'],
  ['Red', '레드'],
  ['Blue', '블루'],
  ['Iron', '아이언'],
  ['Stony', '스토니'],
  ['Salt', '솔트'],
  ['Black', '블랙'],
  ['Silver', '실버'],
  ['Kestrel', '케스트럴'],
  ['Wattle', '와틀'],
  ['Magpie', '맥파이'],
  ['Emu', '에뮤'],
  ['Kauri', '카우리'],
  ['Protea', '프로테아'],
  ['Fynbos', '핀보스'],
  ['Baobab', '바오밥'],
  ['Coral', '코랄'],
  ['Granite', '그래니트'],
];
const SOUTH_SECOND: Pair[] = [
  ['Cross', '크로스'],
  ['Gum', '검'],
  ['Wren', '렌'],
  ['Creek', '크릭'],
  ['Swan', '스완'],
  ['Bay', '베이'],
  ['Hill', '힐'],
  ['Ridge', '리지'],
  ['Point', '포인트'],
  ['Downs', '다운스'],
  ['Springs', '스프링스'],
  ['Rock', '록'],
  ['Range', '레인지'],
  ['Valley', '밸리'],
];
const BORDEAUX = new Set(['BORDEAUX', 'PAUILLAC', 'MARGAUX', 'SAINT_JULIEN', 'SAINT_EMILION', 'POMEROL', 'PESSAC', 'SAUTERNES']);

/** A winery name (original, Korean) in the country's own style. */
function wineryName(rng: Rng, area: AreaDef): Pair {
  const two = (list: Pair[]): Pair => {
    const a = rng.pick(list);
    const b = rng.pick(list.filter((x) => x !== a));
    return [`${a[0]}-${b[0]}`, `${a[1]} ${b[1]}`];
  };
  const place = (list: Pair[]) => (rng.chance(0.4) ? two(list) : rng.pick(list));
  switch (area.country) {
    case 'FR': {
      if (BORDEAUX.has(area.code)) {
        const p = place(FR_PLACES);
        return [`Château ${p[0]}`, `샤또 ${p[1]}`];
      }
      const f = rng.pick(FR_FAMILIES);
      if (area.code === 'CHAMPAGNE') {
        const t = two(FR_FAMILIES);
        return rng.chance(0.5) ? [`Champagne ${f[0]} & Fils`, `샹파뉴 ${f[1]} 에 피스`] : [`Champagne ${t[0]}`, `샹파뉴 ${t[1]}`];
      }
      const prefix = rng.weighted<Pair>([
        [['Domaine', '도멘'], 5],
        [['Maison', '메종'], 2],
        [['Château', '샤또'], 2],
        [['Clos', '끌로'], 1],
      ]);
      const n = prefix[0] === 'Clos' ? place(FR_PLACES) : rng.chance(0.5) ? two(FR_FAMILIES) : f;
      return [`${prefix[0]} ${n[0]}`, `${prefix[1]} ${n[1]}`];
    }
    case 'IT': {
      const prefix = rng.pick<Pair>([
        ['Tenuta', '테누타'],
        ['Cantina', '칸티나'],
        ['Podere', '포데레'],
        ['Fattoria', '파토리아'],
        ['Castello di', '카스텔로 디'],
      ]);
      const n = prefix[0] === 'Castello di' ? rng.pick(IT_PLACES) : rng.chance(0.5) ? rng.pick(IT_FAMILIES) : place(IT_PLACES);
      return [`${prefix[0]} ${n[0]}`, `${prefix[1]} ${n[1]}`];
    }
    case 'ES': {
      const prefix = rng.weighted<Pair>([
        [['Bodegas', '보데가스'], 6],
        [['Finca', '핀카'], 2],
        [['Viñedos', '비녜도스'], 1],
        [['Hacienda', '아시엔다'], 1],
      ]);
      const n = rng.chance(0.5) ? two(ES_NAMES) : rng.pick(ES_NAMES);
      return [`${prefix[0]} ${n[0]}`, `${prefix[1]} ${n[1]}`];
    }
    case 'PT': {
      if (rng.chance(0.6)) {
        const prefix = rng.pick<Pair>([
          ['Quinta', '킨타'],
          ['Quinta', '킨타'],
          ['Herdade', '에르다드'],
        ]);
        const n = rng.pick(PT_NAMES);
        return [`${prefix[0]} ${n[0]}`, `${prefix[1]} ${n[1]}`];
      }
      const prefix = rng.pick<Pair>([
        ['Casa', '카자'],
        ['Adega', '아데가'],
      ]);
      const n = rng.chance(0.5) ? two(PT_FAMILIES) : rng.pick(PT_FAMILIES);
      return [`${prefix[0]} ${n[0]}`, `${prefix[1]} ${n[1]}`];
    }
    case 'DE':
    case 'AT': {
      const n = rng.chance(0.6) ? two(DE_FAMILIES) : rng.pick(DE_FAMILIES);
      return rng.chance(0.85) ? [`Weingut ${n[0]}`, `바인구트 ${n[1]}`] : [`Weinhof ${n[0]}`, `바인호프 ${n[1]}`];
    }
    case 'HU': {
      const n = rng.chance(0.5) ? two(HU_FAMILIES) : rng.pick(HU_FAMILIES);
      return rng.chance(0.7) ? [`${n[0]} Pincészet`, `${n[1]} 핀체세트`] : [`${n[0]} Borház`, `${n[1]} 보르하즈`];
    }
    case 'US': {
      const a = rng.pick(US_FIRST);
      const b = rng.pick(US_SECOND);
      const n: Pair = [`${a[0]} ${b[0]}`, `${a[1]} ${b[1]}`];
      const s = rng.pick<Pair>([
        ['Vineyards', '빈야드'],
        ['Cellars', '셀러스'],
        ['Winery', '와이너리'],
        ['Estate', '에스테이트'],
      ]);
      return [`${n[0]} ${s[0]}`, `${n[1]} ${s[1]}`];
    }
    case 'CL':
    case 'AR': {
      const n = rng.chance(0.5) ? two(SOUTH_AM_NAMES) : rng.pick(SOUTH_AM_NAMES);
      if (area.country === 'CL') return rng.chance(0.8) ? [`Viña ${n[0]}`, `비냐 ${n[1]}`] : [`Viñedos ${n[0]}`, `비녜도스 ${n[1]}`];
      return rng.chance(0.75) ? [`Bodega ${n[0]}`, `보데가 ${n[1]}`] : [`Finca ${n[0]}`, `핀카 ${n[1]}`];
    }
    default: {
      const a = rng.pick(SOUTH_FIRST);
      const b = rng.pick(SOUTH_SECOND);
      const n: Pair = [`${a[0]} ${b[0]}`, `${a[1]} ${b[1]}`];
      const s = rng.pick<Pair>([
        ['Estate', '에스테이트'],
        ['Wines', '와인즈'],
        ['Vineyards', '빈야드'],
        ['Wine Estate', '와인 에스테이트'],
      ]);
      return [`${n[0]} ${s[0]}`, `${n[1]} ${s[1]}`];
    }
  }
}

const CUVEES: Record<string, Pair[]> = {
  FR: [
    ['Grand Vin', '그랑 뱅'],
    ['Réserve', '리저브'],
    ['Cuvée Prestige', '퀴베 프레스티지'],
    ['Vieilles Vignes', '비에유 비뉴'],
    ['Tradition', '트라디시옹'],
    ['Les Terrasses', '레 테라스'],
  ],
  IT: [
    ['Riserva', '리제르바'],
    ['Superiore', '수페리오레'],
    ['Vigna Vecchia', '비냐 베키아'],
    ['Selezione', '셀레지오네'],
    ['Classico', '클라시코'],
  ],
  ES: [
    ['Reserva', '리제르바'],
    ['Gran Reserva', '그란 리제르바'],
    ['Crianza', '크리안사'],
    ['Viñas Viejas', '비냐스 비에하스'],
    ['Selección', '셀렉시온'],
  ],
  PT: [
    ['Reserva', '리제르바'],
    ['Grande Reserva', '그란데 리제르바'],
    ['Vinhas Velhas', '비냐스 벨랴스'],
    ['Colheita', '콜례이타'],
  ],
  DE: [
    ['Trocken', '트로켄'],
    ['Kabinett', '카비넷'],
    ['Spätlese', '슈페트레제'],
    ['Alte Reben', '알테 레벤'],
  ],
  NEW: [
    ['Reserve', '리저브'],
    ['Estate', '에스테이트'],
    ['Single Vineyard', '싱글 빈야드'],
    ['Old Vines', '올드 바인스'],
    ['Signature', '시그니처'],
    ['Family Selection', '패밀리 셀렉션'],
    ['Reserva', '리제르바'],
  ],
};

const SPARKLING_STYLES: Pair[] = [
  ['Brut', '브뤼'],
  ['Brut Réserve', '브뤼 리저브'],
  ['Blanc de Blancs', '블랑 드 블랑'],
  ['Brut Rosé', '브뤼 로제'],
  ['Extra Brut', '엑스트라 브뤼'],
];
const PORT_STYLES: Pair[] = [
  ['Ruby Port', '루비 포트'],
  ['Tawny Port', '토니 포트'],
  ['10 Year Old Tawny Port', '10년 토니 포트'],
  ['20 Year Old Tawny Port', '20년 토니 포트'],
  ['Late Bottled Vintage Port', '레이트 보틀드 빈티지 포트'],
  ['Vintage Port', '빈티지 포트'],
];
const SHERRY_DRY: Pair[] = [
  ['Fino', '피노'],
  ['Manzanilla', '만사니야'],
  ['Amontillado', '아몬티야도'],
  ['Oloroso', '올로로소'],
];
const DESSERT_STYLES: Record<string, Pair> = {
  DE: ['Riesling Auslese', '리슬링 아우스레제'],
  AT: ['Beerenauslese', '베렌아우스레제'],
  HU: ['Tokaji Aszú 5 Puttonyos', '토카이 아수 5 푸토뇨시'],
  FR: ['Vendanges Tardives', '방당주 타르디브'],
  IT: ['Passito', '파시토'],
};

const LEVEL_PRICES: Record<LevelCode, [number, number]> = {
  ICON: [250_000, 1_500_000],
  PREMIUM: [80_000, 300_000],
  CLASSIC: [35_000, 90_000],
  DAILY: [15_000, 40_000],
};
const LEVELS_BY_TIER: Record<number, readonly (readonly [LevelCode, number])[]> = {
  1: [
    ['DAILY', 65],
    ['CLASSIC', 30],
    ['PREMIUM', 5],
  ],
  2: [
    ['DAILY', 40],
    ['CLASSIC', 42],
    ['PREMIUM', 15],
    ['ICON', 3],
  ],
  3: [
    ['DAILY', 15],
    ['CLASSIC', 45],
    ['PREMIUM', 33],
    ['ICON', 7],
  ],
  4: [
    ['CLASSIC', 35],
    ['PREMIUM', 50],
    ['ICON', 15],
  ],
  5: [
    ['CLASSIC', 20],
    ['PREMIUM', 50],
    ['ICON', 30],
  ],
};

function areaStyles(area: AreaDef): { kind: KindCode; blend: string }[] {
  return area.styles.split('|').map((s) => {
    const [k, blend] = s.split(':');
    return { kind: KIND_LETTER[k!]!, blend: blend! };
  });
}

/** Jiggles the shares of a blend a little (keeping the order and the total of 100). */
function varyBlend(rng: Rng, blend: string): string {
  const parts = blend.split('+').map((p) => {
    const m = /^([A-Z]+)(\d+)$/.exec(p)!;
    return { code: m[1]!, pct: Number(m[2]) };
  });
  if (parts.length < 2) return blend;
  for (let i = 1; i < parts.length; i++) {
    const d = Math.min(parts[i]!.pct - 1, rng.int(-5, 5));
    parts[i]!.pct -= d;
    parts[0]!.pct += d;
  }
  return parts.map((p) => `${p.code}${p.pct}`).join('+');
}

function wineName(rng: Rng, winery: WineryDraft, area: AreaDef, kind: KindCode, grapes: WineSpec['grapes'], level: LevelCode): Pair {
  const w: Pair = [winery.nameOriginal, winery.nameKo];
  const c = area.country;
  const main = grapes[0]!.grape;
  const grape: Pair = [main.original, main.names[0]];
  const areaName: Pair = [area.original, area.names[0]];
  const join = (...parts: Pair[]): Pair => [parts.map((p) => p[0]).join(' '), parts.map((p) => p[1]).join(' ')];
  if (kind === 'SPARKLING') {
    if (main.code === 'GLE')
      return join(
        w,
        ['Prosecco', '프로세코'],
        rng.pick<Pair>([
          ['Brut', '브뤼'],
          ['Extra Dry', '엑스트라 드라이'],
        ]),
      );
    if (main.code === 'MOS') return join(w, ['Moscato d’Asti', '모스카토 다스티']);
    if (area.code === 'PENEDES')
      return join(
        w,
        ['Cava', '까바'],
        rng.pick<Pair>([
          ['Brut Nature', '브뤼 나뚜르'],
          ['Brut Reserva', '브뤼 리제르바'],
        ]),
      );
    return join(w, rng.pick(SPARKLING_STYLES));
  }
  if (kind === 'FORTIFIED') {
    if (area.code === 'PORTO') return join(w, rng.pick(PORT_STYLES));
    return main.code === 'PX' ? join(w, ['Pedro Ximénez', '페드로 히메네스']) : join(w, rng.pick(SHERRY_DRY));
  }
  if (kind === 'DESSERT') {
    if (area.code === 'SAUTERNES') return join(w, rng.chance(0.5) ? areaName : ['Sauternes', '소테른']);
    return join(w, DESSERT_STYLES[c] ?? [`Late Harvest ${main.original}`, `레이트 하베스트 ${main.names[0]}`]);
  }
  const rose: Pair[] = kind === 'ROSE' ? [['Rosé', '로제']] : [];
  const oldWorld = ['FR', 'IT', 'ES', 'PT'].includes(c);
  const cuvees = CUVEES[oldWorld || c === 'DE' ? c : c === 'AT' ? 'DE' : 'NEW']!;
  const cuvee: Pair[] = level === 'DAILY' && rng.chance(0.6) ? [] : [rng.pick(cuvees)];
  if (oldWorld && (grapes.length > 1 || rng.chance(0.6))) {
    // Old World wines are named after the place; a single-vineyard or cuvée name often follows.
    return join(w, ...(BORDEAUX.has(area.code) && kind === 'RED' ? cuvee : [areaName, ...cuvee]), ...rose);
  }
  const label: Pair = grapes.length > 1 ? (kind === 'WHITE' ? ['White Blend', '화이트 블렌드'] : ['Red Blend', '레드 블렌드']) : grape;
  return join(w, ...cuvee, ...(kind === 'ROSE' ? [] : [label]), ...rose);
}

/** `count` synthetic wines (and their wineries), indexes of wineries starting at `wineryOffset`. */
export function syntheticCatalog(count: number, seed: number, wineryOffset: number): { wineries: WineryDraft[]; specs: WineSpec[] } {
  const rng = new Rng(seed * 7919 + 17);
  const wineries: WineryDraft[] = [];
  const specs: WineSpec[] = [];
  const areasByCountry = new Map<string, AreaDef[]>();
  for (const a of AREAS) areasByCountry.set(a.country, [...(areasByCountry.get(a.country) ?? []), a]);
  const usedNames = new Set<string>();
  while (specs.length < count) {
    const country = rng.weighted(COUNTRY_WEIGHTS);
    const area = rng.pick(areasByCountry.get(country)!);
    let name = wineryName(rng, area);
    for (let tries = 0; usedNames.has(name[0]) && tries < 40; tries++) name = wineryName(rng, area);
    // Rarely, every name drawn is taken: number the house like a second estate.
    for (let k = 2; usedNames.has(name[0]); k++) name = [`${name[0]} ${k}`, `${name[1]} ${k}`];
    usedNames.add(name[0]);
    // Most wineries send a handful of wines; a few large houses send dozens.
    const n = Math.min(
      count - specs.length,
      rng.weighted([
        [rng.int(2, 6), 60],
        [rng.int(7, 15), 32],
        [rng.int(16, 40), 8],
      ] as const),
    );
    const founded = rng.weighted([
      [rng.int(1700, 1899), 30],
      [rng.int(1900, 1979), 35],
      [rng.int(1980, 2015), 35],
    ] as const);
    const slug = name[0]
      .normalize('NFD')
      .replace(/\p{Mn}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '');
    const styles = areaStyles(area);
    const nearby = areasByCountry.get(country)!;
    const draft = {
      nameKo: name[1],
      nameOriginal: name[0],
      area,
      founded,
      website: rng.chance(0.8) ? `https://www.${slug}.example` : null,
      description: { 'ko-KR': '' },
    } satisfies WineryDraft;
    const wIndex = wineryOffset + wineries.length;
    const mine: WineSpec[] = [];
    for (let i = 0; i < n; i++) {
      // Most wines come from the winery's own area, some from elsewhere in the country.
      const wArea = rng.chance(0.8) ? area : rng.pick(nearby);
      const wStyles = wArea === area ? styles : areaStyles(wArea);
      const style = rng.weighted(wStyles.map((s, k) => [s, k === 0 ? 3 : 1] as const));
      const grapes = parseBlend(varyBlend(rng, style.blend));
      const level = rng.weighted(LEVELS_BY_TIER[wArea.tier]!);
      const [lo, hi] = LEVEL_PRICES[level];
      // Log-uniform between the bounds: many bottles near the bottom of each band.
      const price = roundKrw(Math.exp(Math.log(lo) + rng.next() ** 1.6 * (Math.log(hi) - Math.log(lo))));
      const [orig, ko] = wineName(rng, draft, wArea, style.kind, grapes, level);
      const nv = (style.kind === 'SPARKLING' && rng.chance(0.7)) || (style.kind === 'FORTIFIED' && rng.chance(0.8));
      mine.push({
        winery: wIndex,
        nameKo: ko,
        nameOriginal: orig,
        kind: style.kind,
        area: wArea,
        grapes,
        level,
        price: style.kind === 'DESSERT' ? roundKrw(price * 0.7) : price,
        nv,
        vip: level === 'ICON' && rng.chance(0.3),
        limited: (level === 'ICON' || level === 'PREMIUM') && rng.chance(0.08),
        organic: rng.chance(0.07),
        volumeMl: style.kind === 'DESSERT' && rng.chance(0.6) ? 375 : rng.chance(0.03) ? 1500 : 750,
        sugarLevel: style.kind === 'SPARKLING' && grapes[0]!.grape.code === 'MOS' ? 4 : undefined,
        alcohol: style.kind === 'SPARKLING' && grapes[0]!.grape.code === 'MOS' ? 5.5 : undefined,
      });
    }
    specs.push(...mine);
    wineries.push(makeWinery(draft.nameKo, draft.nameOriginal, area, founded, draft.website, mine));
  }
  return { wineries, specs };
}
