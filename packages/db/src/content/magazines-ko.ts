import type { ContentSection } from '../schema/content';

/** Which catalogue wines a magazine or an event features (all conditions must hold), most recommended first. */
export interface WinePick {
  /** A grape's original name (Pinot Noir). */
  grape?: string;
  kind?: string;
  country?: string;
  level?: string;
  limit: number;
}

export const MAGAZINE_CATEGORIES = [
  {
    code: 'TASTING',
    name: { 'ko-KR': '테이스팅 노트', 'en-US': 'Tasting notes', 'zh-CN': '品鉴笔记', 'zh-TW': '品飲筆記', 'ja-JP': 'テイスティングノート' },
  },
  {
    code: 'WINERY',
    name: { 'ko-KR': '와이너리 탐방', 'en-US': 'Winery visits', 'zh-CN': '酒庄探访', 'zh-TW': '酒莊探訪', 'ja-JP': 'ワイナリー訪問' },
  },
  { code: 'PAIRING', name: { 'ko-KR': '페어링', 'en-US': 'Pairing', 'zh-CN': '餐酒搭配', 'zh-TW': '餐酒搭配', 'ja-JP': 'ペアリング' } },
  {
    code: 'TRADE',
    name: {
      'ko-KR': '트레이드 인사이트',
      'en-US': 'Trade insight',
      'zh-CN': '行业洞察',
      'zh-TW': '產業洞察',
      'ja-JP': 'トレードインサイト',
    },
  },
] as const;

export interface MagazineDraft {
  category: (typeof MAGAZINE_CATEGORIES)[number]['code'];
  title: string;
  summary: string;
  author: string;
  cover: string;
  daysAgo: number;
  likes: number;
  pick?: WinePick;
  body: ContentSection[];
}

/**
 * Demo magazine articles, newest first. The first one is the Pinot Noir feature the catalogue seed links its wines
 * to (magazine 1); the others pick their wines from the catalogue when it is loaded.
 */
export const MAGAZINES_KO: MagazineDraft[] = [
  {
    category: 'TASTING',
    title: '피노 누아, 서늘한 땅이 빚은 섬세함',
    summary: '부르고뉴에서 뉴질랜드까지, 피노 누아가 산지마다 다른 얼굴을 보여 주는 이유와 매장에서 권하기 좋은 스타일을 정리했습니다.',
    author: '김서연 소믈리에',
    cover: 'glass',
    daysAgo: 2,
    likes: 48,
    body: [
      {
        blocks: [
          '피노 누아는 껍질이 얇고 일찍 익는 품종이라 기후와 토양의 차이가 잔에 그대로 드러납니다. 같은 해, 같은 마을에서 나온 와인도 밭에 따라 향이 달라지는 까닭입니다.',
        ],
      },
      {
        heading: '산지별 스타일',
        blocks: [
          [
            '부르고뉴: 붉은 체리와 젖은 흙, 가는 탄닌과 긴 산미',
            '캘리포니아 소노마 코스트: 잘 익은 라즈베리와 부드러운 질감',
            '뉴질랜드 센트럴 오타고: 선명한 과실과 허브, 깨끗한 마무리',
          ],
        ],
      },
      {
        heading: '서빙 팁',
        blocks: [
          '14~16℃에서 입구가 넓은 부르고뉴 잔에 따르면 향이 가장 잘 열립니다. 디캔팅은 어린 그랑 크뤼가 아니라면 대개 필요하지 않습니다.',
          '오리 가슴살, 버섯 리소토, 간장 양념의 불고기처럼 감칠맛 있는 요리와 특히 잘 어울립니다.',
        ],
      },
    ],
  },
  {
    category: 'PAIRING',
    title: '한식과 와인, 양념에서 답을 찾다',
    summary: '갈비찜, 잡채, 보쌈처럼 식탁에 자주 오르는 한식에 어울리는 와인을 양념의 단맛과 짠맛, 매운맛을 기준으로 골랐습니다.',
    author: '이준호 교육 매니저',
    cover: 'table',
    daysAgo: 6,
    likes: 71,
    pick: { kind: 'RED', country: 'ES', limit: 8 },
    body: [
      {
        blocks: [
          '한식 페어링의 핵심은 재료보다 양념입니다. 간장과 설탕이 어우러진 단짠 양념에는 과실이 풍부하고 탄닌이 부드러운 레드가, 고춧가루의 매운맛에는 알코올이 높지 않고 약간의 단맛이 있는 화이트가 잘 맞습니다.',
        ],
      },
      {
        heading: '요리별 추천',
        blocks: [
          [
            '갈비찜·불고기: 템프라니요, 그르나슈처럼 과실이 풍부한 레드',
            '보쌈·수육: 산미가 좋은 샤르도네나 가벼운 피노 누아',
            '해물파전: 스파클링 와인, 특히 브뤼 스타일',
            '떡볶이·제육볶음: 오프드라이 리슬링',
          ],
        ],
      },
      {
        heading: '매장에서 권하는 법',
        blocks: [
          '메뉴판에 요리별 추천 와인을 한 줄씩 적어 두면 손님이 부담 없이 고릅니다. 글라스 와인으로 시작해 병으로 이어지는 경우가 많습니다.',
        ],
      },
    ],
  },
  {
    category: 'WINERY',
    title: '리오하의 오래된 셀러를 걷다',
    summary: '미국산과 프랑스산 오크, 그리고 긴 병 숙성. 리오하 생산자들이 전통과 새 흐름 사이에서 균형을 잡는 방법을 현지에서 들었습니다.',
    author: '박지훈 바이어',
    cover: 'cellar',
    daysAgo: 11,
    likes: 33,
    pick: { grape: 'Tempranillo', limit: 8 },
    body: [
      {
        blocks: [
          '리오하 알타의 한 셀러는 백 년이 넘은 지하 터널에 수천 개의 오크통을 보관하고 있습니다. 이곳에서는 아직도 레세르바를 최소 3년, 그란 레세르바를 5년 이상 숙성한 뒤에 출시합니다.',
        ],
      },
      {
        heading: '숙성 등급 읽는 법',
        blocks: [
          [
            '크리안사: 최소 2년 숙성(오크 1년 포함)',
            '레세르바: 최소 3년 숙성(오크 1년 포함)',
            '그란 레세르바: 최소 5년 숙성(오크 2년 포함)',
          ],
        ],
      },
      {
        heading: '새로운 흐름',
        blocks: [
          '최근에는 마을과 밭 이름을 내세운 와인이 늘고 있습니다. 숙성 기간보다 포도가 자란 곳을 강조하는 방식으로, 과실이 더 선명하고 오크 향이 절제된 스타일입니다.',
        ],
      },
    ],
  },
  {
    category: 'TRADE',
    title: '글라스 와인 프로그램, 손실 없이 운영하기',
    summary:
      '잔으로 파는 와인은 매출을 올리지만 산화로 버려지는 양도 많습니다. 보관과 가격 책정, 메뉴 구성까지 현장에서 검증한 방법을 소개합니다.',
    author: '최유진 영업팀장',
    cover: 'bottle',
    daysAgo: 16,
    likes: 56,
    pick: { level: 'DAILY', kind: 'WHITE', limit: 8 },
    body: [
      {
        blocks: [
          '글라스 와인은 손님이 새 와인을 시도하게 만드는 가장 쉬운 방법입니다. 다만 한 병을 열어 이틀 안에 팔지 못하면 손실이 생기므로 구성과 보관이 중요합니다.',
        ],
      },
      {
        heading: '구성',
        blocks: [['화이트 2종, 레드 2종, 스파클링 1종으로 시작', '한 잔 가격은 병 공급가의 1/3~1/2 수준', '계절마다 1~2종씩 교체']],
      },
      {
        heading: '보관',
        blocks: [
          '열어 둔 와인은 아르곤 가스나 진공 마개로 보관하고 냉장고에 세워 둡니다. 레드도 냉장 보관한 뒤 서빙 30분 전에 꺼내면 3일까지 품질이 유지됩니다.',
        ],
      },
    ],
  },
  {
    category: 'TASTING',
    title: '샤르도네의 두 얼굴: 오크와 스테인리스',
    summary: '같은 품종이 양조 방식에 따라 얼마나 달라지는지, 두 스타일을 나란히 맛보며 비교했습니다.',
    author: '김서연 소믈리에',
    cover: 'glass',
    daysAgo: 22,
    likes: 39,
    pick: { grape: 'Chardonnay', limit: 8 },
    body: [
      {
        blocks: [
          '오크통에서 발효하고 숙성한 샤르도네는 버터와 구운 견과, 바닐라 향이 나고 질감이 둥글습니다. 스테인리스 탱크에서 만든 샤르도네는 레몬과 청사과, 미네랄이 도드라지고 산미가 곧습니다.',
        ],
      },
      {
        heading: '어울리는 요리',
        blocks: [['오크 숙성: 크림 파스타, 구운 닭, 랍스터', '스테인리스: 굴, 생선회, 샐러드']],
      },
    ],
  },
  {
    category: 'WINERY',
    title: '바로사 밸리, 오래된 쉬라즈 나무 아래에서',
    summary: '백 년을 넘긴 쉬라즈 포도나무가 아직 열매를 맺는 곳. 바로사 밸리의 가족 와이너리를 찾아갔습니다.',
    author: '박지훈 바이어',
    cover: 'vineyard',
    daysAgo: 29,
    likes: 27,
    pick: { grape: 'Shiraz', limit: 8 },
    body: [
      {
        blocks: [
          '바로사 밸리는 필록세라 피해를 입지 않아 19세기에 심은 포도나무가 지금도 자랍니다. 오래된 나무는 수확량이 적지만 농축된 과실과 깊은 풍미를 줍니다.',
        ],
      },
      {
        heading: '생산자의 한마디',
        blocks: [
          '“나무가 우리보다 나이가 많아요. 우리는 그저 해마다 망치지 않으려고 노력할 뿐입니다.” 4대째 와이너리를 운영하는 생산자의 말입니다.',
        ],
      },
    ],
  },
  {
    category: 'PAIRING',
    title: '치즈 플레이트에 어울리는 와인 다섯 병',
    summary: '와인바의 인기 메뉴인 치즈 플레이트. 치즈의 종류별로 실패하지 않는 와인을 골랐습니다.',
    author: '이준호 교육 매니저',
    cover: 'table',
    daysAgo: 35,
    likes: 44,
    pick: { kind: 'DESSERT', limit: 6 },
    body: [
      {
        blocks: [
          '치즈와 와인은 같은 지역에서 난 것끼리 잘 어울린다는 말이 있습니다. 여기에 짠맛에는 단맛, 기름진 맛에는 산미를 맞춘다는 원칙만 더하면 됩니다.',
        ],
      },
      {
        heading: '조합',
        blocks: [
          [
            '블루 치즈: 디저트 와인, 포트',
            '브리·카망베르: 샴페인, 블랑 드 블랑',
            '숙성 콩테·그뤼에르: 숙성된 샤르도네',
            '염소 치즈: 소비뇽 블랑',
            '파르미지아노 레지아노: 키안티 클라시코',
          ],
        ],
      },
    ],
  },
  {
    category: 'TRADE',
    title: '2026 와인 수입 시장 돌아보기',
    summary: '내추럴 와인의 안착, 저도주 수요, 스파클링의 성장. 올해 국내 와인 시장의 흐름과 내년 준비할 것들을 정리했습니다.',
    author: '정민재 대표',
    cover: 'bottle',
    daysAgo: 41,
    likes: 62,
    body: [
      {
        blocks: [
          '올해 국내 와인 수입량은 전년과 비슷했지만 구성은 달라졌습니다. 레드 비중이 줄고 화이트와 스파클링이 늘었으며, 3만 원대 데일리 와인과 10만 원 이상 프리미엄 와인이 함께 성장했습니다.',
        ],
      },
      {
        heading: '내년에 준비할 것',
        blocks: [['화이트와 스파클링 글라스 구성 확대', '저도주·논알코올 와인 문의 대응', '거래처 직원 교육으로 고가 와인 판매력 강화']],
      },
    ],
  },
  {
    category: 'TASTING',
    title: '네비올로, 장미와 타르의 품종',
    summary: '바롤로와 바르바레스코를 만드는 네비올로. 옅은 색과 강한 탄닌이라는 반전을 가진 품종을 알아봅니다.',
    author: '김서연 소믈리에',
    cover: 'glass',
    daysAgo: 48,
    likes: 21,
    pick: { grape: 'Nebbiolo', limit: 8 },
    body: [
      {
        blocks: [
          '네비올로는 색이 옅어 가벼워 보이지만 한 모금 마시면 단단한 탄닌과 높은 산미가 느껴집니다. 장미, 체리, 타르, 가죽 향이 숙성과 함께 피어납니다.',
        ],
      },
      {
        heading: '언제 마실까',
        blocks: ['바롤로는 수확 후 10년 전후부터 제맛을 냅니다. 어린 빈티지는 2시간 이상 디캔팅하면 한결 부드러워집니다.'],
      },
    ],
  },
  {
    category: 'WINERY',
    title: '말보로의 바람, 소비뇽 블랑의 향',
    summary: '뉴질랜드 말보로 지역의 일교차와 바람이 어떻게 선명한 소비뇽 블랑을 만드는지 현지 양조가에게 들었습니다.',
    author: '박지훈 바이어',
    cover: 'vineyard',
    daysAgo: 57,
    likes: 30,
    pick: { grape: 'Sauvignon Blanc', limit: 8 },
    body: [
      {
        blocks: [
          '말보로는 낮에는 햇볕이 강하고 밤에는 기온이 크게 떨어집니다. 이 일교차 덕분에 포도가 산미를 잃지 않고 패션프루트, 자몽, 풀 향을 또렷하게 간직합니다.',
        ],
      },
      { heading: '서빙 온도', blocks: ['8~10℃로 차게 내면 향이 선명하고, 너무 차가우면 향이 닫힙니다.'] },
    ],
  },
  {
    category: 'PAIRING',
    title: '연말 파티를 위한 스파클링 가이드',
    summary: '샴페인, 크레망, 카바, 프로세코. 연말 모임의 분위기와 예산에 맞춰 고르는 법을 소개합니다.',
    author: '이준호 교육 매니저',
    cover: 'bubbles',
    daysAgo: 64,
    likes: 83,
    pick: { kind: 'SPARKLING', limit: 8 },
    body: [
      {
        blocks: [
          '병 안에서 2차 발효를 하는 전통 방식(샴페인, 크레망, 카바)은 기포가 섬세하고 빵 향이 납니다. 탱크에서 발효하는 샤르마 방식(프로세코)은 과일 향이 풍부하고 가볍습니다.',
        ],
      },
      {
        heading: '예산별 추천',
        blocks: [['3만 원대: 카바, 프로세코', '5만 원대: 크레망 드 부르고뉴, 크레망 달자스', '10만 원 이상: 샴페인 논빈티지와 빈티지']],
      },
    ],
  },
  {
    category: 'TRADE',
    title: '와인 리스트, 몇 병이면 충분할까',
    summary: '좌석 40석 규모의 비스트로를 예로, 재고 부담 없이 다양해 보이는 와인 리스트를 만드는 방법을 정리했습니다.',
    author: '최유진 영업팀장',
    cover: 'cellar',
    daysAgo: 73,
    likes: 37,
    pick: { level: 'CLASSIC', limit: 8 },
    body: [
      {
        blocks: [
          '40석 규모라면 30~40종이면 충분합니다. 가격대를 세 구간으로 나누고 구간마다 화이트, 레드, 스파클링을 고르게 배치하면 손님이 고르기 쉽습니다.',
        ],
      },
      {
        heading: '리스트 구성 예',
        blocks: [['글라스 5종', '병 3~5만 원대 15종', '병 5~10만 원대 12종', '병 10만 원 이상 6종']],
      },
      { heading: '재고 관리', blocks: ['회전이 느린 와인은 분기마다 글라스 메뉴로 돌려 재고를 줄입니다.'] },
    ],
  },
  {
    category: 'TASTING',
    title: '리슬링, 단맛과 산미의 줄타기',
    summary: '드라이부터 스위트까지 폭이 넓은 리슬링. 라벨로 당도를 짐작하는 법과 매운 요리와의 궁합을 다룹니다.',
    author: '김서연 소믈리에',
    cover: 'glass',
    daysAgo: 85,
    likes: 25,
    pick: { grape: 'Riesling', limit: 8 },
    body: [
      {
        blocks: [
          '리슬링은 산미가 높아 단맛이 있어도 무겁게 느껴지지 않습니다. 독일 라벨의 카비네트, 슈패트레제, 아우슬레제는 수확 당시 포도의 당도를 뜻합니다.',
        ],
      },
      { heading: '페어링', blocks: ['약간의 단맛이 있는 리슬링은 매운 한식, 태국 음식과 특히 잘 어울립니다.'] },
    ],
  },
];
