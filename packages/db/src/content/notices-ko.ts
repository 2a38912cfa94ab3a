import type { DocumentBlock } from '../schema/content';

export const NOTICE_CATEGORIES = [
  { code: 'GENERAL', name: { 'ko-KR': '공지', 'en-US': 'Notice', 'zh-CN': '公告', 'zh-TW': '公告', 'ja-JP': 'お知らせ' } },
  { code: 'DELIVERY', name: { 'ko-KR': '배송', 'en-US': 'Delivery', 'zh-CN': '配送', 'zh-TW': '配送', 'ja-JP': '配送' } },
  { code: 'PRODUCT', name: { 'ko-KR': '상품', 'en-US': 'Wines', 'zh-CN': '商品', 'zh-TW': '商品', 'ja-JP': '商品' } },
  { code: 'EVENT', name: { 'ko-KR': '행사', 'en-US': 'Events', 'zh-CN': '活动', 'zh-TW': '活動', 'ja-JP': 'イベント' } },
] as const;

/** Demo notices, newest first: `daysAgo` dates them from the day the demo data loads. */
export const NOTICES_KO: {
  category: (typeof NOTICE_CATEGORIES)[number]['code'];
  title: string;
  daysAgo: number;
  pinned?: boolean;
  body: DocumentBlock[];
}[] = [
  {
    category: 'GENERAL',
    title: '연말연시 주문 마감 및 출고 일정 안내',
    daysAgo: 2,
    pinned: true,
    body: [
      '연말연시 물량 증가로 출고 일정이 다음과 같이 조정됩니다. 원활한 영업 준비를 위해 미리 주문해 주시기 바랍니다.',
      [
        '12월 24일(목) 오후 2시 이전 입금 확인 주문: 당일 출고',
        '12월 31일(목) 오후 12시 이전 입금 확인 주문: 당일 출고',
        '1월 1일(금) 휴무, 1월 4일(월)부터 정상 출고',
      ],
    ],
  },
  {
    category: 'GENERAL',
    title: '사업자 회원 온라인 주문 서비스 오픈',
    daysAgo: 10,
    pinned: true,
    body: [
      '이제 승인된 사업자 회원은 사이트에서 바로 주문하실 수 있습니다. 장바구니, 케이스 단위 주문, 예치금과 쿠폰, 무통장입금과 외상 결제를 지원합니다.',
      '주문 방법은 자주 묻는 질문의 "주문·결제"에서 확인하실 수 있습니다.',
    ],
  },
  {
    category: 'EVENT',
    title: '2027 봄 포트폴리오 테이스팅 초대',
    daysAgo: 14,
    body: [
      '새 빈티지와 신규 와이너리를 소개하는 거래처 초청 테이스팅을 엽니다.',
      ['일시: 2027년 3월 17일(수) 오후 2시~7시', '장소: 서울 강남구 본사 10층 테이스팅룸', '참가 신청: 담당 영업사원 또는 1:1 문의'],
    ],
  },
  {
    category: 'PRODUCT',
    title: '샴페인 2종 신규 입고 안내',
    daysAgo: 21,
    body: [
      '그랑 크뤼 포도로 만든 블랑 드 블랑과 로제 샴페인 2종이 입고되었습니다. 와인 포트폴리오의 스파클링에서 확인하실 수 있습니다.',
      '입고 물량이 한정되어 있어 거래처당 케이스 수량이 제한될 수 있습니다.',
    ],
  },
  {
    category: 'DELIVERY',
    title: '12월 택배사 물량 증가에 따른 배송 지연 안내',
    daysAgo: 25,
    body: ['택배 물량 증가로 일부 지역의 배송이 1~2일 늦어질 수 있습니다. 급한 주문은 방문 수령을 이용해 주세요.'],
  },
  {
    category: 'GENERAL',
    title: '개인정보처리방침 개정 안내 (2026년 9월 1일 시행)',
    daysAgo: 90,
    body: [
      '온라인 주문 서비스 오픈에 맞추어 개인정보처리방침을 개정합니다.',
      ['수집 항목에 배송지 정보와 입금자명 추가', '처리 위탁에 주소 검색과 물류 업무 추가', '배송을 위한 제3자 제공 항목 명시'],
      '개정 전후 내용은 개인정보처리방침 페이지의 버전 선택에서 비교하실 수 있습니다.',
    ],
  },
  {
    category: 'GENERAL',
    title: '이용약관 개정 안내 (2026년 9월 1일 시행)',
    daysAgo: 92,
    body: ['주문, 결제, 예치금, 쿠폰과 회원 등급에 관한 조항을 새로 두었습니다. 변경 내용은 이용약관 페이지에서 확인하실 수 있습니다.'],
  },
  {
    category: 'PRODUCT',
    title: '보르도 2022 빈티지 프리뷰 입고',
    daysAgo: 35,
    body: ['평론가 호평을 받은 보르도 2022 빈티지 일부가 입고되었습니다. 수량이 적어 케이스 단위로만 주문하실 수 있습니다.'],
  },
  {
    category: 'EVENT',
    title: '소믈리에 대상 부르고뉴 클래스 개최',
    daysAgo: 45,
    body: ['부르고뉴의 마을과 밭을 함께 살펴보는 거래처 소믈리에 대상 클래스를 엽니다. 회차당 12명으로 선착순 마감합니다.'],
  },
  {
    category: 'DELIVERY',
    title: '여름철 와인 배송 아이스팩 동봉 안내',
    daysAgo: 150,
    body: ['6월부터 9월까지 모든 배송에 아이스팩을 넣어 드립니다. 받으신 와인은 바로 서늘한 곳에 보관해 주세요.'],
  },
  {
    category: 'GENERAL',
    title: '추석 연휴 고객센터 휴무 안내',
    daysAgo: 70,
    body: ['추석 연휴 기간 고객센터와 물류센터가 쉽니다. 연휴 전 마지막 출고는 연휴 전날 오후 12시 이전 입금 확인 주문까지입니다.'],
  },
  {
    category: 'PRODUCT',
    title: '이탈리아 토스카나 와이너리 2곳 신규 계약',
    daysAgo: 60,
    body: ['키안티 클라시코와 볼게리의 가족 경영 와이너리 두 곳과 수입 계약을 맺었습니다. 첫 입고는 다음 달 예정입니다.'],
  },
  {
    category: 'GENERAL',
    title: '사업자 정보 변경 시 재심사 안내',
    daysAgo: 120,
    body: [
      '상호, 사업자등록번호, 대표자 등 사업자 정보를 바꾸시면 관리자 검토 후 반영됩니다. 검토 중에도 승인된 정보로 계속 주문하실 수 있습니다.',
    ],
  },
  {
    category: 'EVENT',
    title: '신규 거래처 첫 주문 예치금 적립 이벤트',
    daysAgo: 30,
    body: ['신규 승인된 거래처의 첫 주문 완료 시 예치금 5만 원을 적립해 드립니다. 적립 예치금은 90일 동안 사용하실 수 있습니다.'],
  },
  {
    category: 'DELIVERY',
    title: '제주·도서 지역 배송 일정 안내',
    daysAgo: 180,
    body: ['제주와 도서 지역은 선박 일정에 따라 출고 후 2~3일이 걸립니다. 추가 배송비는 받지 않습니다.'],
  },
  {
    category: 'GENERAL',
    title: '홈페이지 개편 안내',
    daysAgo: 200,
    body: ['와인 포트폴리오 검색과 필터, 테크니컬 시트 PDF를 새로 갖춘 홈페이지를 엽니다. 이용 중 불편한 점은 1:1 문의로 알려 주세요.'],
  },
];
