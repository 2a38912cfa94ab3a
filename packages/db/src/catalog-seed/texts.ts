import type { LocalizedText, TastingProfile } from '../schema/catalog';
import { COUNTRIES, type AreaDef, type GrapeDef, type KindCode, type LevelCode } from './lookups';
import { josa, type Rng } from './random';

/**
 * Texts of the demo catalogue in Korean and English, built from the wine's facts. Chinese and Japanese fall
 * back to Korean (the API does that for missing languages).
 */

type Pair = readonly [ko: string, en: string];

/** Aromas by grape, strongest first. */
const AROMAS: Record<string, Pair[]> = {
  CS: [
    ['블랙커런트', 'blackcurrant'],
    ['삼나무', 'cedar'],
    ['흑연', 'graphite'],
    ['다크 초콜릿', 'dark chocolate'],
  ],
  MER: [
    ['잘 익은 자두', 'ripe plum'],
    ['블랙 체리', 'black cherry'],
    ['모카', 'mocha'],
    ['송로버섯', 'truffle'],
  ],
  CF: [
    ['라즈베리', 'raspberry'],
    ['제비꽃', 'violet'],
    ['피망', 'bell pepper'],
    ['연필심', 'pencil shavings'],
  ],
  PV: [
    ['블루베리', 'blueberry'],
    ['제비꽃', 'violet'],
    ['정향', 'clove'],
  ],
  MAL: [
    ['블랙베리', 'blackberry'],
    ['자두', 'plum'],
    ['제비꽃', 'violet'],
    ['밀크 초콜릿', 'milk chocolate'],
  ],
  CAR: [
    ['블랙베리', 'blackberry'],
    ['검은 후추', 'black pepper'],
    ['파프리카', 'paprika'],
    ['허브', 'green herbs'],
  ],
  PN: [
    ['체리', 'cherry'],
    ['산딸기', 'wild strawberry'],
    ['장미', 'rose petal'],
    ['숲속 흙내음', 'forest floor'],
  ],
  GAM: [
    ['라즈베리', 'raspberry'],
    ['붉은 체리', 'red cherry'],
    ['바나나', 'banana'],
    ['작약', 'peony'],
  ],
  SY: [
    ['블랙베리', 'blackberry'],
    ['검은 후추', 'black pepper'],
    ['훈연 베이컨', 'smoked bacon'],
    ['올리브', 'black olive'],
  ],
  SH: [
    ['블랙베리 잼', 'blackberry jam'],
    ['감초', 'liquorice'],
    ['모카', 'mocha'],
    ['유칼립투스', 'eucalyptus'],
  ],
  GR: [
    ['딸기', 'strawberry'],
    ['라즈베리', 'raspberry'],
    ['백후추', 'white pepper'],
    ['가리그 허브', 'garrigue herbs'],
  ],
  MOU: [
    ['블랙베리', 'blackberry'],
    ['가죽', 'leather'],
    ['야생 허브', 'wild herbs'],
  ],
  CIN: [
    ['붉은 베리', 'red berries'],
    ['꽃', 'flowers'],
    ['복숭아', 'peach'],
  ],
  TEM: [
    ['체리', 'cherry'],
    ['말린 무화과', 'dried fig'],
    ['바닐라', 'vanilla'],
    ['담배잎', 'tobacco leaf'],
  ],
  SAN: [
    ['사워 체리', 'sour cherry'],
    ['토마토 잎', 'tomato leaf'],
    ['말린 허브', 'dried herbs'],
    ['가죽', 'leather'],
  ],
  NEB: [
    ['장미', 'rose'],
    ['타르', 'tar'],
    ['체리', 'cherry'],
    ['감초', 'liquorice'],
  ],
  BAR: [
    ['붉은 체리', 'red cherry'],
    ['자두', 'plum'],
    ['감초', 'liquorice'],
  ],
  COR: [
    ['말린 체리', 'dried cherry'],
    ['건포도', 'raisin'],
    ['시나몬', 'cinnamon'],
    ['다크 초콜릿', 'dark chocolate'],
  ],
  ROND: [
    ['붉은 체리', 'red cherry'],
    ['허브', 'herbs'],
  ],
  MON: [
    ['블랙 체리', 'black cherry'],
    ['자두', 'plum'],
    ['오레가노', 'oregano'],
  ],
  PRI: [
    ['자두 잼', 'plum jam'],
    ['말린 무화과', 'dried fig'],
    ['향신료', 'sweet spice'],
  ],
  ZIN: [
    ['블랙베리 잼', 'blackberry jam'],
    ['시나몬', 'cinnamon'],
    ['후추', 'pepper'],
    ['건포도', 'raisin'],
  ],
  NDA: [
    ['블랙 체리', 'black cherry'],
    ['자두', 'plum'],
    ['감초', 'liquorice'],
  ],
  AGL: [
    ['블랙 체리', 'black cherry'],
    ['화산석', 'volcanic stone'],
    ['가죽', 'leather'],
  ],
  PIN: [
    ['블랙베리', 'blackberry'],
    ['훈연', 'smoke'],
    ['바나나', 'banana'],
    ['로스팅 커피', 'roasted coffee'],
  ],
  TN: [
    ['블랙베리', 'blackberry'],
    ['제비꽃', 'violet'],
    ['베르가못', 'bergamot'],
  ],
  TF: [
    ['라즈베리', 'raspberry'],
    ['장미', 'rose'],
    ['체리', 'cherry'],
  ],
  TR: [
    ['체리', 'cherry'],
    ['딸기', 'strawberry'],
    ['향신료', 'spice'],
  ],
  CH: [
    ['사과', 'apple'],
    ['레몬 커드', 'lemon curd'],
    ['토스트', 'toast'],
    ['헤이즐넛', 'hazelnut'],
  ],
  SB: [
    ['자몽', 'grapefruit'],
    ['패션프루트', 'passion fruit'],
    ['풀잎', 'cut grass'],
    ['구스베리', 'gooseberry'],
  ],
  RI: [
    ['라임', 'lime'],
    ['청사과', 'green apple'],
    ['복숭아', 'white peach'],
    ['페트롤', 'petrol'],
  ],
  CB: [
    ['모과', 'quince'],
    ['꿀', 'honey'],
    ['노란 사과', 'yellow apple'],
    ['밀랍', 'beeswax'],
  ],
  GW: [
    ['리치', 'lychee'],
    ['장미', 'rose'],
    ['생강', 'ginger'],
  ],
  PG: [
    ['배', 'pear'],
    ['살구', 'apricot'],
    ['아몬드', 'almond'],
  ],
  VIO: [
    ['살구', 'apricot'],
    ['복숭아', 'peach'],
    ['인동꽃', 'honeysuckle'],
  ],
  ROU: [
    ['서양배', 'pear'],
    ['허브차', 'herbal tea'],
    ['꿀', 'honey'],
  ],
  SEM: [
    ['레몬', 'lemon'],
    ['꿀', 'honey'],
    ['라놀린', 'lanolin'],
  ],
  MOS: [
    ['청포도', 'white grape'],
    ['오렌지 꽃', 'orange blossom'],
    ['복숭아', 'peach'],
  ],
  ALB: [
    ['레몬', 'lemon'],
    ['복숭아', 'peach'],
    ['바다 내음', 'sea spray'],
  ],
  VER: [
    ['라임', 'lime'],
    ['회향', 'fennel'],
    ['아몬드', 'almond'],
  ],
  GV: [
    ['청사과', 'green apple'],
    ['백후추', 'white pepper'],
    ['렌틸콩', 'lentil'],
  ],
  GLE: [
    ['청사과', 'green apple'],
    ['배', 'pear'],
    ['아카시아 꽃', 'acacia blossom'],
  ],
  GAR: [
    ['아몬드', 'almond'],
    ['레몬', 'lemon'],
    ['흰 꽃', 'white flowers'],
  ],
  VERM: [
    ['레몬', 'lemon'],
    ['지중해 허브', 'Mediterranean herbs'],
    ['짭조름한 미네랄', 'saline minerality'],
  ],
  PM: [
    ['붉은 사과', 'red apple'],
    ['브리오슈', 'brioche'],
    ['딸기', 'strawberry'],
  ],
  MAC: [
    ['흰 꽃', 'white flowers'],
    ['청사과', 'green apple'],
    ['아몬드', 'almond'],
  ],
  XAR: [
    ['레몬', 'lemon'],
    ['허브', 'herbs'],
    ['배', 'pear'],
  ],
  PAR: [
    ['사과', 'apple'],
    ['시트러스', 'citrus'],
    ['꽃', 'flowers'],
  ],
  PAL: [
    ['아몬드', 'almond'],
    ['효모', 'yeast'],
    ['바다 내음', 'sea breeze'],
  ],
  PX: [
    ['건포도', 'raisin'],
    ['무화과', 'fig'],
    ['당밀', 'molasses'],
    ['커피', 'coffee'],
  ],
  FUR: [
    ['살구', 'apricot'],
    ['오렌지 껍질', 'orange peel'],
    ['꿀', 'honey'],
  ],
  HAR: [
    ['린덴 꽃', 'linden blossom'],
    ['꿀', 'honey'],
    ['향신료', 'spice'],
  ],
  TOR: [
    ['장미', 'rose'],
    ['복숭아', 'peach'],
    ['오렌지 꽃', 'orange blossom'],
  ],
};

const KIND_WORD: Record<KindCode, Pair> = {
  RED: ['레드 와인', 'red wine'],
  WHITE: ['화이트 와인', 'white wine'],
  SPARKLING: ['스파클링 와인', 'sparkling wine'],
  ROSE: ['로제 와인', 'rosé'],
  DESSERT: ['디저트 와인', 'dessert wine'],
  FORTIFIED: ['주정강화 와인', 'fortified wine'],
};

const LEVEL_SENTENCES: Record<LevelCode, Pair[]> = {
  ICON: [
    [
      '생산자의 철학과 떼루아를 가장 온전히 담아낸 플래그십 와인으로, 수십 년의 숙성 잠재력을 지녔습니다.',
      'It is the estate’s flagship, the fullest expression of its terroir, built to age for decades.',
    ],
    [
      '한정된 수량만 생산되는 최상위 퀴베로, 세계 평론가들에게 꾸준히 최고 평가를 받고 있습니다.',
      'Made in small quantities, this top cuvée is consistently among the critics’ highest-rated wines.',
    ],
  ],
  PREMIUM: [
    [
      '엄선한 포도밭의 포도만을 사용해 깊이와 균형을 갖춘 프리미엄 와인입니다.',
      'Only fruit from selected plots goes into this premium wine of depth and balance.',
    ],
    ['특별한 날의 식탁이나 선물용으로 추천하는 완성도 높은 와인입니다.', 'A polished wine for special dinners, and a fine gift.'],
  ],
  CLASSIC: [
    [
      '산지의 개성을 충실하게 보여 주는 클래식한 스타일로, 식사와 함께 즐기기 좋습니다.',
      'A classic, true-to-region style that shines at the dinner table.',
    ],
    [
      '오랫동안 사랑받아 온 생산자의 대표 와인으로, 품질과 가격의 균형이 뛰어납니다.',
      'One of the house’s long-time favourites, with excellent value for its quality.',
    ],
  ],
  DAILY: [
    [
      '부담 없는 가격에 품질을 갖춰 매일 곁에 두고 마시기 좋은 데일리 와인입니다.',
      'An easy-going everyday wine, well made and kindly priced.',
    ],
    [
      '편안하게 즐길 수 있는 스타일로, 와인을 처음 시작하는 분께도 추천합니다.',
      'Approachable and friendly, a good first bottle for newcomers to wine.',
    ],
  ],
};

const BODY: Pair[] = [
  ['가벼운 라이트 바디', 'light-bodied'],
  ['가벼운 라이트 바디', 'light-bodied'],
  ['경쾌한 미디엄 라이트 바디', 'medium-light'],
  ['균형 잡힌 미디엄 바디', 'medium-bodied'],
  ['풍성한 미디엄 풀 바디', 'medium-full'],
  ['묵직한 풀 바디', 'full-bodied'],
];
const TANNIN: Pair[] = [
  ['', ''],
  ['부드러운', 'soft'],
  ['실키한', 'silky'],
  ['잘 다듬어진', 'polished'],
  ['단단한', 'firm'],
  ['촘촘하고 힘 있는', 'dense, powerful'],
];
const ACID: Pair[] = [
  ['', ''],
  ['부드러운', 'gentle'],
  ['차분한', 'moderate'],
  ['균형 잡힌', 'balanced'],
  ['생기 있는', 'lively'],
  ['짜릿하고 선명한', 'vibrant, racy'],
];
const FINISH: Pair[] = [
  ['여운이 길고 우아하게 이어집니다.', 'The finish is long and elegant.'],
  ['깔끔하고 산뜻하게 마무리됩니다.', 'It finishes clean and fresh.'],
  ['은은한 향신료 풍미가 긴 여운으로 남습니다.', 'Gentle spice lingers on a long finish.'],
  ['입안을 가득 채운 뒤 부드럽게 사라집니다.', 'It fills the palate, then fades softly.'],
];

const FOODS: Record<string, Pair[]> = {
  redFull: [
    ['한우 등심 스테이크', 'Korean beef sirloin steak'],
    ['갈비찜', 'braised short ribs (galbi-jjim)'],
    ['양갈비 구이', 'grilled lamb chops'],
    ['숙성 치즈', 'aged cheeses'],
    ['LA 갈비', 'grilled LA-style galbi'],
    ['버섯 전골', 'mushroom hot pot'],
  ],
  redMedium: [
    ['불고기', 'bulgogi'],
    ['삼겹살 구이', 'grilled pork belly'],
    ['토마토 소스 파스타', 'pasta with tomato sauce'],
    ['하몽과 살라미', 'jamón and salami'],
    ['떡갈비', 'tteok-galbi patties'],
    ['피자', 'pizza'],
  ],
  redLight: [
    ['오리 가슴살 구이', 'roast duck breast'],
    ['버섯 리소토', 'mushroom risotto'],
    ['연어 스테이크', 'salmon steak'],
    ['닭고기 꼬치구이', 'chicken skewers'],
    ['잡채', 'japchae'],
  ],
  whiteCrisp: [
    ['굴', 'fresh oysters'],
    ['생선회', 'sashimi'],
    ['해물파전', 'seafood pancake (haemul-pajeon)'],
    ['염소 치즈 샐러드', 'goat cheese salad'],
    ['조개 술찜', 'steamed clams'],
    ['흰살생선 구이', 'grilled white fish'],
  ],
  whiteRich: [
    ['랍스터 버터 구이', 'butter-grilled lobster'],
    ['크림 파스타', 'cream pasta'],
    ['전복 버터구이', 'butter-seared abalone'],
    ['로스트 치킨', 'roast chicken'],
    ['게살 요리', 'crab dishes'],
  ],
  whiteAromatic: [
    ['매콤한 아시아 요리', 'spicy Asian dishes'],
    ['타이 커리', 'Thai curry'],
    ['떡볶이', 'tteokbokki'],
    ['양념치킨', 'Korean fried chicken'],
    ['과일 샐러드', 'fruit salad'],
  ],
  sparkling: [
    ['카나페', 'canapés'],
    ['튀김', 'tempura'],
    ['생굴', 'raw oysters'],
    ['프라이드치킨', 'fried chicken'],
    ['캐비아', 'caviar'],
    ['연어 타르타르', 'salmon tartare'],
  ],
  sweetSparkling: [
    ['과일 타르트', 'fruit tarts'],
    ['딸기 케이크', 'strawberry cake'],
    ['매콤한 음식', 'spicy dishes'],
    ['마카롱', 'macarons'],
  ],
  rose: [
    ['샤퀴트리', 'charcuterie'],
    ['지중해식 샐러드', 'Mediterranean salads'],
    ['참치 타다키', 'seared tuna'],
    ['부야베스', 'bouillabaisse'],
    ['비빔밥', 'bibimbap'],
  ],
  dessert: [
    ['푸아그라', 'foie gras'],
    ['블루 치즈', 'blue cheese'],
    ['과일 타르트', 'fruit tarts'],
    ['크렘 브륄레', 'crème brûlée'],
    ['약과', 'yakgwa honey cookies'],
  ],
  fortifiedSweet: [
    ['다크 초콜릿', 'dark chocolate'],
    ['구운 견과류', 'roasted nuts'],
    ['스틸턴 치즈', 'Stilton cheese'],
    ['호두 파이', 'walnut pie'],
    ['바닐라 아이스크림', 'vanilla ice cream'],
  ],
  fortifiedDry: [
    ['그린 올리브', 'green olives'],
    ['하몽', 'jamón ibérico'],
    ['구운 아몬드', 'toasted almonds'],
    ['새우 튀김', 'fried prawns'],
    ['생선회', 'sashimi'],
  ],
};

export interface TextInput {
  kind: KindCode;
  level: LevelCode;
  grapes: { grape: GrapeDef; percent: number }[];
  area: AreaDef;
  wineryKo: string;
  wineryOriginal: string;
  nameOriginal: string;
  sugarLevel: number;
  profile: TastingProfile;
  months: number;
}

function grapeListKo(gs: TextInput['grapes']): string {
  const [a, b, c] = gs.map((x) => x.grape.names[0]);
  if (gs.length === 1) return `${a}${josa(a!, '으로', '로')} 빚은`;
  if (gs.length === 2) return `${a}${josa(a!, '을', '를')} 중심으로 ${b}${josa(b!, '을', '를')} 블렌딩해 빚은`;
  const rest = gs.length > 3 ? `${b}, ${c} 등을` : `${b}, ${c}${josa(c!, '을', '를')}`;
  return `${a}${josa(a!, '을', '를')} 중심으로 ${rest} 블렌딩해 빚은`;
}
function grapeListEn(gs: TextInput['grapes']): string {
  if (gs.length === 1) return `from ${gs[0]!.grape.original}`;
  const names = gs.map((x) => `${x.grape.original} (${x.percent}%)`);
  return `from a blend of ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function aromas(rng: Rng, gs: TextInput['grapes'], kind: KindCode): Pair[] {
  const pool: Pair[] = [];
  for (const { grape } of gs) pool.push(...(AROMAS[grape.code] ?? []));
  if (kind === 'SPARKLING') pool.push(['브리오슈', 'brioche'], ['구운 빵', 'toasted bread']);
  if (kind === 'DESSERT') pool.push(['꿀', 'honey'], ['말린 살구', 'dried apricot'], ['사프란', 'saffron']);
  if (kind === 'FORTIFIED') pool.push(['캐러멜', 'caramel'], ['호두', 'walnut']);
  const unique = [...new Map(pool.map((p) => [p[0], p])).values()];
  // Keep the first grape's leading aroma, then two more at random.
  const first = unique[0]!;
  return [first, ...rng.sample(unique.slice(1), 2)];
}

function foodsFor(input: TextInput): Pair[] {
  const { kind, profile, sugarLevel, grapes } = input;
  const main = grapes[0]!.grape.code;
  if (kind === 'RED') return profile.body >= 4 ? FOODS.redFull! : profile.body <= 2 ? FOODS.redLight! : FOODS.redMedium!;
  if (kind === 'WHITE') {
    if (sugarLevel >= 2 || ['GW', 'MOS', 'TOR', 'VIO'].includes(main)) return FOODS.whiteAromatic!;
    return profile.body >= 4 ? FOODS.whiteRich! : FOODS.whiteCrisp!;
  }
  if (kind === 'SPARKLING') return sugarLevel >= 3 ? FOODS.sweetSparkling! : FOODS.sparkling!;
  if (kind === 'ROSE') return FOODS.rose!;
  if (kind === 'DESSERT') return FOODS.dessert!;
  return sugarLevel <= 2 ? FOODS.fortifiedDry! : FOODS.fortifiedSweet!;
}

function tastingNote(rng: Rng, input: TextInput): Pair {
  const [a1, a2, a3] = aromas(rng, input.grapes, input.kind);
  const { body, acidity, tannin } = input.profile;
  const fin = rng.pick(FINISH);
  const nose: Pair = a3
    ? [
        `${a1![0]}, ${a2![0]}의 향이 먼저 피어오르고 ${a3[0]}의 뉘앙스가 뒤를 잇습니다.`,
        `${cap(a1![1])} and ${a2![1]} lead on the nose, followed by hints of ${a3[1]}.`,
      ]
    : [`${a1![0]}의 향이 또렷하게 느껴집니다.`, `${cap(a1![1])} comes through clearly on the nose.`];
  let palate: Pair;
  switch (input.kind) {
    case 'RED':
      palate = [
        `${BODY[body]![0]}에 ${TANNIN[tannin]![0]} 탄닌과 ${ACID[acidity]![0]} 산도가 조화를 이룹니다.`,
        `The palate is ${BODY[body]![1]}, with ${TANNIN[tannin]![1]} tannins and ${ACID[acidity]![1]} acidity.`,
      ];
      break;
    case 'SPARKLING':
      palate = [
        `섬세하고 지속적인 기포와 ${ACID[acidity]![0]} 산도가 입안을 상쾌하게 채웁니다.`,
        `Fine, persistent bubbles and ${ACID[acidity]![1]} acidity make it refreshing.`,
      ];
      break;
    case 'DESSERT':
      palate = [
        `농밀한 단맛을 ${ACID[acidity]![0]} 산도가 받쳐 주어 무겁지 않습니다.`,
        `Luscious sweetness is lifted by ${ACID[acidity]![1]} acidity, so it never cloys.`,
      ];
      break;
    case 'FORTIFIED':
      palate =
        input.sugarLevel <= 2
          ? ['드라이하고 짭조름한 풍미가 입맛을 돋웁니다.', 'Bone-dry and savoury, it sharpens the appetite.']
          : ['진하고 달콤한 풍미가 따뜻한 알코올과 어우러집니다.', 'Rich, sweet flavours meld with warming alcohol.'];
      break;
    default:
      palate = [
        `${BODY[body]![0]}에 ${ACID[acidity]![0]} 산도가 돋보입니다.`,
        `It is ${BODY[body]![1]} with ${ACID[acidity]![1]} acidity.`,
      ];
  }
  return [`${nose[0]} ${palate[0]} ${fin[0]}`, `${nose[1]} ${palate[1]} ${fin[1]}`];
}

function winemaking(rng: Rng, input: TextInput): Pair {
  const { kind, level, grapes, area, months, sugarLevel } = input;
  const main = grapes[0]!.grape.code;
  const newOak = level === 'ICON' ? rng.int(6, 10) * 10 : level === 'PREMIUM' ? rng.int(3, 6) * 10 : rng.int(1, 3) * 10;
  switch (kind) {
    case 'RED': {
      const vessel = rng.pick<Pair>([
        ['스테인리스 스틸 탱크', 'stainless steel tanks'],
        ['오픈 탑 오크 발효조', 'open-top oak vats'],
        ['콘크리트 탱크', 'concrete tanks'],
      ]);
      if (level === 'DAILY')
        return [
          `포도를 선별해 ${vessel[0]}에서 발효한 뒤, 일부를 오크에서 ${months}개월 숙성해 과일 향을 살렸습니다.`,
          `Fermented in ${vessel[1]}, with part of the wine aged ${months} months in oak to keep the fruit in front.`,
        ];
      return [
        `손으로 수확한 포도를 ${vessel[0]}에서 발효한 뒤, 프렌치 오크 배럴(새 오크 ${newOak}%)에서 ${months}개월간 숙성했습니다.`,
        `Hand-harvested grapes were fermented in ${vessel[1]} and aged ${months} months in French oak barrels (${newOak}% new).`,
      ];
    }
    case 'WHITE':
      if (['CH', 'ROU', 'SEM'].includes(main) && level !== 'DAILY')
        return [
          `오크 배럴에서 발효한 뒤 ${months}개월간 효모 앙금과 함께 숙성하며 바토나주로 질감을 더했습니다.`,
          `Barrel-fermented, then aged ${months} months on its lees with bâtonnage for texture.`,
        ];
      return [
        `이른 아침 수확한 포도를 부드럽게 압착해 스테인리스 스틸 탱크에서 저온 발효하여 신선한 과일 향을 지켰습니다.`,
        `Grapes picked in the cool of the morning were gently pressed and fermented cold in stainless steel to keep their freshness.`,
      ];
    case 'SPARKLING':
      if (['GLE', 'MOS'].includes(main))
        return [
          `압력 탱크에서 2차 발효하는 샤르마 방식으로 만들어 포도 본연의 향을 생생하게 살렸습니다.`,
          `Made by the tank (Charmat) method, which keeps the grape’s own aromas vivid.`,
        ];
      return [
        `병 안에서 2차 발효하는 전통 방식으로 만들어 ${months}개월 이상 효모 앙금과 숙성했습니다.`,
        `Made by the traditional method, with second fermentation in bottle and at least ${months} months on the lees.`,
      ];
    case 'ROSE':
      return [
        `포도를 곧바로 압착해 옅은 빛깔만 얻은 뒤 저온에서 천천히 발효했습니다.`,
        `Direct-pressed for a pale colour, then fermented slowly at low temperature.`,
      ];
    case 'DESSERT':
      if (['SEM', 'FUR'].includes(main) || area.code === 'SAUTERNES')
        return [
          `귀부균(보트리티스)이 핀 포도알을 여러 차례에 걸쳐 한 알씩 손으로 골라 수확했습니다.`,
          `Botrytised berries were picked by hand, berry by berry, over several passes through the vineyard.`,
        ];
      if (['COR', 'MOS', 'CB'].includes(main))
        return [
          `수확한 포도를 몇 달간 말려 당분과 향을 농축한 뒤 천천히 발효했습니다.`,
          `The grapes were dried for months to concentrate sugar and aroma before a slow fermentation.`,
        ];
      return [
        `늦게 수확해 당도가 높아진 포도로 발효를 일찍 멈춰 자연스러운 단맛을 남겼습니다.`,
        `Late-harvested, super-ripe grapes; fermentation stopped early to keep natural sweetness.`,
      ];
    default:
      if (area.code === 'JEREZ')
        return sugarLevel <= 2
          ? [
              `플로르 효모막 아래에서 솔레라 시스템으로 평균 ${Math.max(3, Math.round(months / 6))}년 이상 숙성했습니다.`,
              `Aged under a veil of flor in a solera system for an average of over ${Math.max(3, Math.round(months / 6))} years.`,
            ]
          : [
              `햇볕에 말린 포도로 만든 와인을 솔레라 시스템에서 오랜 세월 숙성했습니다.`,
              `Wine from sun-dried grapes, aged for many years in a solera system.`,
            ];
      return [
        `발효 중에 포도 증류주를 더해 발효를 멈추고 단맛을 남긴 뒤 오크 통에서 숙성했습니다.`,
        `Grape spirit was added mid-fermentation to keep natural sweetness; the wine was then aged in oak casks.`,
      ];
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Description, tasting note, pairing and winemaking of a wine (ko-KR and en-US). */
export function wineTexts(rng: Rng, input: TextInput) {
  const { kind, level, grapes, area, wineryKo, wineryOriginal, profile } = input;
  const areaKo = area.names[0];
  const kindWord = KIND_WORD[kind];
  const bodyWord = kind === 'RED' || kind === 'WHITE' ? BODY[profile.body]![0].split(' ').slice(1).join(' ') + ' ' : '';
  const lvl = rng.pick(LEVEL_SENTENCES[level]);
  const description: LocalizedText = {
    'ko-KR': `${areaKo}의 ${wineryKo}${josa(wineryKo, '이', '가')} ${grapeListKo(grapes)} ${bodyWord}${kindWord[0]}입니다. ${lvl[0]}`,
    'en-US': `A ${kind === 'RED' || kind === 'WHITE' ? BODY[profile.body]![1] + ' ' : ''}${kindWord[1]} ${grapeListEn(grapes)}, made by ${wineryOriginal} in ${area.names[1]}. ${lvl[1]}`,
  };
  const note = tastingNote(rng, input);
  const foods = rng.sample(foodsFor(input), 3);
  const last = foods[2]![0];
  const pairing: LocalizedText = {
    'ko-KR': `${foods[0]![0]}, ${foods[1]![0]}, ${last}${josa(last, '과', '와')} 잘 어울립니다.`,
    'en-US': `Pairs well with ${foods[0]![1]}, ${foods[1]![1]} and ${foods[2]![1]}.`,
  };
  const made = winemaking(rng, input);
  return {
    description,
    tastingNote: { 'ko-KR': note[0], 'en-US': note[1] } as LocalizedText,
    pairing,
    winemaking: { 'ko-KR': made[0], 'en-US': made[1] } as LocalizedText,
  };
}

/** A winery's introduction (ko-KR and en-US). */
export function wineryDescription(
  rng: Rng,
  w: { nameKo: string; nameOriginal: string; area: AreaDef; founded: number; mainGrapes: GrapeDef[]; topLevel: LevelCode },
): LocalizedText {
  const country = COUNTRIES[w.area.country]!;
  const areaKo = w.area.names[0];
  const gKo = w.mainGrapes.map((g) => g.names[0]);
  const gEn = w.mainGrapes.map((g) => g.original);
  const grapesKo = gKo.length > 1 ? `${gKo[0]}${josa(gKo[0]!, '과', '와')} ${gKo[1]}` : gKo[0]!;
  const grapesEn = gEn.length > 1 ? `${gEn[0]} and ${gEn[1]}` : gEn[0]!;
  const old = w.founded < 1900;
  const history: [string, string] = old
    ? [
        `${w.founded}년 ${country.ko} ${areaKo}에서 시작된 ${w.nameKo}${josa(w.nameKo, '은', '는')} 여러 세대에 걸쳐 전통을 이어 온 유서 깊은 생산자입니다.`,
        `Founded in ${w.founded} in ${w.area.names[1]}, ${country.en}, ${w.nameOriginal} has carried its traditions through many generations.`,
      ]
    : [
        `${w.founded}년 ${country.ko} ${areaKo}에 설립된 ${w.nameKo}${josa(w.nameKo, '은', '는')} 현대적인 양조 기술과 세심한 포도밭 관리로 주목받는 생산자입니다.`,
        `Established in ${w.founded} in ${w.area.names[1]}, ${country.en}, ${w.nameOriginal} is known for modern winemaking and meticulous vineyard work.`,
      ];
  const focus: [string, string] = [
    `${grapesKo}${josa(gKo.at(-1)!, '을', '를')} 중심으로 산지의 개성이 살아 있는 와인을 만듭니다.`,
    `Its wines, centred on ${grapesEn}, speak clearly of where they come from.`,
  ];
  const fame: [string, string] = rng.pick<[string, string]>(
    w.topLevel === 'ICON'
      ? [
          [
            '세계 최정상급 와인을 생산하며 수집가들의 꾸준한 사랑을 받고 있습니다.',
            'It makes some of the world’s most sought-after wines, prized by collectors.',
          ],
          [
            '뛰어난 떼루아를 바탕으로 평론가들에게 최고 수준의 평가를 받아 왔습니다.',
            'Its outstanding terroir has earned it the critics’ highest praise.',
          ],
        ]
      : [
          [
            '합리적인 가격에 높은 품질을 갖춘 와인으로 국내에서도 많은 사랑을 받고 있습니다.',
            'Its well-priced, high-quality wines have won many fans in Korea.',
          ],
          [
            '지속 가능한 농법으로 포도를 재배하며 매 빈티지 안정적인 품질을 선보입니다.',
            'It farms sustainably and delivers consistent quality vintage after vintage.',
          ],
        ],
  );
  return { 'ko-KR': `${history[0]} ${focus[0]} ${fame[0]}`, 'en-US': `${history[1]} ${focus[1]} ${fame[1]}` };
}
