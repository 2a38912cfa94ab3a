import type { ContentSection } from '../schema/content';
import type { WinePick } from './magazines-ko';

export interface EventDraft {
  title: string;
  summary: string;
  place: string;
  /** First and last day, in days from the day the demo is loaded (negative: past). */
  from: number;
  to: number;
  cover: string;
  pick?: WinePick;
  body: ContentSection[];
}

/**
 * Demo events: two past, two running, two coming. The first one is the summer sparkling and rosé promotion the
 * catalogue seed links its wines to (event 1).
 */
export const EVENTS_KO: EventDraft[] = [
  {
    title: '여름 스파클링·로제 거래처 특가전',
    summary: '6만 원 미만 스파클링과 로제 와인을 케이스 단위로 주문하면 공급가를 추가 할인해 드립니다.',
    place: '온라인 주문 (B2B)',
    from: -10,
    to: 20,
    cover: 'bubbles',
    body: [
      {
        blocks: ['더운 계절에 글라스 메뉴로 가장 많이 찾는 스파클링과 로제 와인을 특별 공급가로 준비했습니다.'],
      },
      {
        heading: '혜택',
        blocks: [
          [
            '대상 와인 케이스 주문 시 공급가 5% 추가 할인',
            '3케이스 이상 주문 시 아이스 버킷 2개 증정',
            '기간 중 주문은 영업일 기준 2일 안에 출고',
          ],
        ],
      },
      { heading: '유의 사항', blocks: ['승인된 거래처 회원만 주문할 수 있으며, 재고 소진 시 조기 종료될 수 있습니다.'] },
    ],
  },
  {
    title: '가을 신규 빈티지 트레이드 시음회',
    summary: '새로 입고된 빈티지 40여 종을 한자리에서 시음하는 거래처 전용 시음회입니다.',
    place: '서울 강남구 포도빌딩 3층 테이스팅룸',
    from: 12,
    to: 13,
    cover: 'glass',
    pick: { level: 'PREMIUM', limit: 8 },
    body: [
      { blocks: ['부르고뉴, 토스카나, 나파 밸리의 새 빈티지를 와이너리 관계자의 설명과 함께 맛볼 수 있습니다.'] },
      {
        heading: '일정',
        blocks: [['1일차: 레스토랑·호텔 거래처 (13:00~18:00)', '2일차: 와인숍·와인바 거래처 (13:00~18:00)']],
      },
      { heading: '참가 신청', blocks: ['담당 영업 사원 또는 1:1 문의로 신청해 주세요. 거래처당 2명까지 참가할 수 있습니다.'] },
    ],
  },
  {
    title: '와이너리 메이커스 디너: 토스카나의 밤',
    summary: '키안티 클라시코 생산자를 초청해 코스 요리와 함께 여섯 가지 와인을 소개합니다.',
    place: '서울 성동구 성수동 레스토랑 ‘라 타볼라’',
    from: 30,
    to: 30,
    cover: 'table',
    pick: { grape: 'Sangiovese', limit: 6 },
    body: [
      { blocks: ['생산자가 직접 포도밭과 양조 이야기를 들려주는 저녁입니다. 좌석은 40석 한정입니다.'] },
      { heading: '참가비', blocks: ['1인 15만 원 (거래처 회원 20% 할인)'] },
    ],
  },
  {
    title: '소믈리에 교육 프로그램: 스페인 와인 집중 과정',
    summary: '거래처 직원을 위한 4주 과정. 리오하, 리베라 델 두에로, 리아스 바이사스를 깊이 있게 다룹니다.',
    place: '서울 강남구 포도빌딩 교육장',
    from: -5,
    to: 23,
    cover: 'cellar',
    pick: { country: 'ES', limit: 8 },
    body: [
      { blocks: ['매주 화요일 오후 3시, 2시간씩 진행합니다. 교재와 시음 와인은 무료로 제공합니다.'] },
      {
        heading: '과정',
        blocks: [['1주: 스페인 와인 개요와 등급', '2주: 리오하와 템프라니요', '3주: 리베라 델 두에로', '4주: 리아스 바이사스와 알바리뇨']],
      },
    ],
  },
  {
    title: '봄 부르고뉴 앙 프리뫼르 예약',
    summary: '부르고뉴 주요 생산자의 새 빈티지를 출시 전에 예약 주문받았습니다.',
    place: '온라인 예약 (B2B)',
    from: -120,
    to: -90,
    cover: 'vineyard',
    pick: { grape: 'Pinot Noir', limit: 8 },
    body: [{ blocks: ['예약해 주신 와인은 입고되는 대로 순차 출고합니다. 성원에 감사드립니다.'] }],
  },
  {
    title: '서울 국제 와인 & 주류 박람회 참가',
    summary: '박람회 부스에서 신규 포트폴리오 20종을 선보였습니다.',
    place: '서울 강남구 코엑스 B홀',
    from: -60,
    to: -58,
    cover: 'bottle',
    body: [{ blocks: ['부스를 찾아 주신 모든 분께 감사드립니다. 상담 내용은 담당 영업 사원이 순차적으로 연락드립니다.'] }],
  },
];
