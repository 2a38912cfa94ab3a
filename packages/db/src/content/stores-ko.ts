import type { LocalizedText } from '../schema/catalog';

/** Demo "where to buy" data: retail chains and independent shops, and their stores (Korean addresses). */

export type StoreOption = 'PARKING' | 'TASTING' | 'DELIVERY' | 'CELLAR' | 'SOMMELIER';

export const STORE_COMPANIES: { code: string; name: LocalizedText }[] = [
  {
    code: 'LOTTE_MART',
    name: { 'ko-KR': '롯데마트', 'en-US': 'Lotte Mart', 'zh-CN': '乐天玛特', 'zh-TW': '樂天瑪特', 'ja-JP': 'ロッテマート' },
  },
  { code: 'EMART', name: { 'ko-KR': '이마트', 'en-US': 'E-mart', 'zh-CN': '易买得', 'zh-TW': '易買得', 'ja-JP': 'イーマート' } },
  {
    code: 'HOMEPLUS',
    name: { 'ko-KR': '홈플러스', 'en-US': 'Homeplus', 'zh-CN': '家乐士', 'zh-TW': '家樂士', 'ja-JP': 'ホームプラス' },
  },
  {
    code: 'SHINSEGAE',
    name: {
      'ko-KR': '신세계백화점',
      'en-US': 'Shinsegae Department Store',
      'zh-CN': '新世界百货',
      'zh-TW': '新世界百貨',
      'ja-JP': '新世界百貨店',
    },
  },
  {
    code: 'HYUNDAI',
    name: {
      'ko-KR': '현대백화점',
      'en-US': 'Hyundai Department Store',
      'zh-CN': '现代百货',
      'zh-TW': '現代百貨',
      'ja-JP': '現代百貨店',
    },
  },
  {
    code: 'LOTTE_DEPT',
    name: {
      'ko-KR': '롯데백화점',
      'en-US': 'Lotte Department Store',
      'zh-CN': '乐天百货',
      'zh-TW': '樂天百貨',
      'ja-JP': 'ロッテ百貨店',
    },
  },
  {
    code: 'WINE_SHOP',
    name: {
      'ko-KR': '독립 와인숍',
      'en-US': 'Independent wine shop',
      'zh-CN': '独立葡萄酒商店',
      'zh-TW': '獨立葡萄酒專賣店',
      'ja-JP': '独立系ワインショップ',
    },
  },
];

/** Opening hours by kind of shop, in every interface language. */
const HOURS = {
  MART: {
    'ko-KR': '매일 10:00–23:00 (둘째·넷째 일요일 휴무)',
    'en-US': 'Daily 10:00–23:00 (closed 2nd and 4th Sundays)',
    'zh-CN': '每天 10:00–23:00（第二、第四个周日休息）',
    'zh-TW': '每天 10:00–23:00（第二、第四個週日公休）',
    'ja-JP': '毎日 10:00–23:00（第2・第4日曜定休）',
  },
  DEPT: {
    'ko-KR': '월–목 10:30–20:00, 금–일 10:30–20:30 (월 1회 휴점)',
    'en-US': 'Mon–Thu 10:30–20:00, Fri–Sun 10:30–20:30 (closed one day a month)',
    'zh-CN': '周一至周四 10:30–20:00，周五至周日 10:30–20:30（每月休息一天）',
    'zh-TW': '週一至週四 10:30–20:00，週五至週日 10:30–20:30（每月公休一天）',
    'ja-JP': '月〜木 10:30–20:00、金〜日 10:30–20:30（月1回休館）',
  },
  SHOP: {
    'ko-KR': '화–일 12:00–21:00 (월요일 휴무)',
    'en-US': 'Tue–Sun 12:00–21:00 (closed Mondays)',
    'zh-CN': '周二至周日 12:00–21:00（周一休息）',
    'zh-TW': '週二至週日 12:00–21:00（週一公休）',
    'ja-JP': '火〜日 12:00–21:00（月曜定休）',
  },
} satisfies Record<string, LocalizedText>;

const hoursOf = (company: string): LocalizedText =>
  company === 'WINE_SHOP' ? HOURS.SHOP : ['SHINSEGAE', 'HYUNDAI', 'LOTTE_DEPT'].includes(company) ? HOURS.DEPT : HOURS.MART;

interface StoreDraft {
  company: string;
  ko: string;
  en: string;
  siNm: string;
  sggNm: string;
  address: string;
  phone: string;
  lat: number;
  lng: number;
  options: StoreOption[];
}

// prettier-ignore
/** [company, 한국어 이름, English name, 시/도, 시/군/구, 도로명 주소, 전화, 위도, 경도, 옵션] — the first is store 1 (Seoul). */
const ROWS: [string, string, string, string, string, string, string, number, number, StoreOption[]][] = [
  ['LOTTE_MART', '롯데마트 잠실점', 'Lotte Mart Jamsil', '서울특별시', '송파구', '서울특별시 송파구 올림픽로 240', '02-411-2580', 37.511, 127.0982, ['PARKING', 'TASTING', 'DELIVERY']],
  ['EMART', '이마트 성수점', 'E-mart Seongsu', '서울특별시', '성동구', '서울특별시 성동구 뚝섬로 379', '02-460-1234', 37.5397, 127.0532, ['PARKING', 'DELIVERY']],
  ['SHINSEGAE', '신세계백화점 강남점', 'Shinsegae Gangnam', '서울특별시', '서초구', '서울특별시 서초구 신반포로 176', '02-3479-1500', 37.5045, 127.0049, ['PARKING', 'TASTING', 'CELLAR', 'SOMMELIER']],
  ['HYUNDAI', '현대백화점 압구정본점', 'Hyundai Apgujeong', '서울특별시', '강남구', '서울특별시 강남구 압구정로 165', '02-547-2233', 37.5273, 127.0282, ['PARKING', 'CELLAR', 'SOMMELIER']],
  ['LOTTE_DEPT', '롯데백화점 본점', 'Lotte Department Store Main', '서울특별시', '중구', '서울특별시 중구 남대문로 81', '02-771-2500', 37.5647, 126.9817, ['PARKING', 'TASTING', 'SOMMELIER']],
  ['WINE_SHOP', '포도 와인셀러 한남', 'Podo Wine Cellar Hannam', '서울특별시', '용산구', '서울특별시 용산구 이태원로 245', '02-797-3456', 37.5378, 127.0005, ['TASTING', 'CELLAR', 'SOMMELIER']],
  ['HOMEPLUS', '홈플러스 합정점', 'Homeplus Hapjeong', '서울특별시', '마포구', '서울특별시 마포구 양화로 45', '02-6938-8000', 37.5498, 126.9136, ['PARKING', 'DELIVERY']],
  ['WINE_SHOP', '연남 내추럴 와인숍', 'Yeonnam Natural Wine Shop', '서울특별시', '마포구', '서울특별시 마포구 동교로 250', '02-332-7788', 37.5623, 126.9245, ['TASTING']],
  ['SHINSEGAE', '신세계백화점 센텀시티점', 'Shinsegae Centum City', '부산광역시', '해운대구', '부산광역시 해운대구 센텀남대로 35', '051-745-1234', 35.169, 129.1295, ['PARKING', 'TASTING', 'CELLAR', 'SOMMELIER']],
  ['LOTTE_DEPT', '롯데백화점 부산본점', 'Lotte Department Store Busan', '부산광역시', '부산진구', '부산광역시 부산진구 가야대로 772', '051-810-2500', 35.157, 129.056, ['PARKING', 'SOMMELIER']],
  ['EMART', '이마트 해운대점', 'E-mart Haeundae', '부산광역시', '해운대구', '부산광역시 해운대구 중동2로 11', '051-608-1234', 35.166, 129.17, ['PARKING', 'DELIVERY']],
  ['WINE_SHOP', '광안리 바틀숍', 'Gwangalli Bottle Shop', '부산광역시', '수영구', '부산광역시 수영구 광안해변로 219', '051-752-3344', 35.153, 129.118, ['TASTING', 'DELIVERY']],
  ['HYUNDAI', '현대백화점 판교점', 'Hyundai Pangyo', '경기도', '성남시 분당구', '경기도 성남시 분당구 판교역로146번길 20', '031-5170-2233', 37.3925, 127.112, ['PARKING', 'TASTING', 'CELLAR', 'SOMMELIER']],
  ['LOTTE_MART', '롯데마트 수원점', 'Lotte Mart Suwon', '경기도', '수원시 권선구', '경기도 수원시 권선구 세화로 134', '031-8066-0500', 37.265, 127.0, ['PARKING', 'DELIVERY']],
  ['EMART', '이마트 킨텍스점', 'E-mart KINTEX', '경기도', '고양시 일산서구', '경기도 고양시 일산서구 킨텍스로 171', '031-927-1234', 37.669, 126.746, ['PARKING', 'DELIVERY']],
  ['HOMEPLUS', '홈플러스 동탄점', 'Homeplus Dongtan', '경기도', '화성시', '경기도 화성시 동탄반석로 172', '031-8015-8000', 37.2, 127.072, ['PARKING']],
  ['WINE_SHOP', '광교 와인 라이브러리', 'Gwanggyo Wine Library', '경기도', '수원시 영통구', '경기도 수원시 영통구 광교중앙로 145', '031-213-5566', 37.288, 127.051, ['TASTING', 'CELLAR', 'SOMMELIER']],
  ['LOTTE_DEPT', '롯데백화점 인천점', 'Lotte Department Store Incheon', '인천광역시', '미추홀구', '인천광역시 미추홀구 연남로 35', '032-242-2500', 37.442, 126.702, ['PARKING', 'SOMMELIER']],
  ['EMART', '이마트 송도점', 'E-mart Songdo', '인천광역시', '연수구', '인천광역시 연수구 컨벤시아대로 165', '032-723-1234', 37.381, 126.656, ['PARKING', 'DELIVERY']],
  ['WINE_SHOP', '송도 셀러', 'Songdo Cellar', '인천광역시', '연수구', '인천광역시 연수구 센트럴로 160', '032-858-9090', 37.392, 126.639, ['TASTING', 'CELLAR']],
  ['SHINSEGAE', '신세계백화점 대구점', 'Shinsegae Daegu', '대구광역시', '동구', '대구광역시 동구 동부로 149', '053-661-1234', 35.878, 128.628, ['PARKING', 'TASTING', 'SOMMELIER']],
  ['HYUNDAI', '현대백화점 대구점', 'Hyundai Daegu', '대구광역시', '중구', '대구광역시 중구 달구벌대로 2077', '053-245-2233', 35.866, 128.592, ['PARKING', 'CELLAR']],
  ['WINE_SHOP', '수성못 와인바틀', 'Suseongmot Wine Bottle', '대구광역시', '수성구', '대구광역시 수성구 용학로 35', '053-763-4455', 35.829, 128.617, ['TASTING']],
  ['LOTTE_DEPT', '롯데백화점 대전점', 'Lotte Department Store Daejeon', '대전광역시', '서구', '대전광역시 서구 계룡로 598', '042-601-2500', 36.34, 127.39, ['PARKING', 'SOMMELIER']],
  ['EMART', '이마트 둔산점', 'E-mart Dunsan', '대전광역시', '서구', '대전광역시 서구 둔산로 123', '042-480-1234', 36.351, 127.378, ['PARKING', 'DELIVERY']],
  ['SHINSEGAE', '신세계백화점 광주점', 'Shinsegae Gwangju', '광주광역시', '서구', '광주광역시 서구 무진대로 932', '062-360-1234', 35.16, 126.879, ['PARKING', 'TASTING']],
  ['LOTTE_MART', '롯데마트 상무점', 'Lotte Mart Sangmu', '광주광역시', '서구', '광주광역시 서구 상무중앙로 61', '062-380-8000', 35.152, 126.85, ['PARKING', 'DELIVERY']],
  ['HYUNDAI', '현대백화점 울산점', 'Hyundai Ulsan', '울산광역시', '남구', '울산광역시 남구 삼산로 261', '052-228-2233', 35.539, 129.338, ['PARKING', 'CELLAR']],
  ['LOTTE_MART', '롯데마트 제주점', 'Lotte Mart Jeju', '제주특별자치도', '제주시', '제주특별자치도 제주시 용담로 81', '064-800-8000', 33.507, 126.519, ['PARKING', 'DELIVERY']],
  ['EMART', '이마트 서귀포점', 'E-mart Seogwipo', '제주특별자치도', '서귀포시', '제주특별자치도 서귀포시 일주동로 8982', '064-797-1234', 33.255, 126.51, ['PARKING']],
  ['WINE_SHOP', '애월 와인 하우스', 'Aewol Wine House', '제주특별자치도', '제주시', '제주특별자치도 제주시 애월읍 애월해안로 272', '064-799-6677', 33.463, 126.31, ['TASTING', 'CELLAR']],
  ['WINE_SHOP', '강릉 와인 테라스', 'Gangneung Wine Terrace', '강원특별자치도', '강릉시', '강원특별자치도 강릉시 창해로 307', '033-644-8899', 37.795, 128.915, ['TASTING', 'DELIVERY']],
  ['LOTTE_DEPT', '롯데백화점 전주점', 'Lotte Department Store Jeonju', '전북특별자치도', '전주시 완산구', '전북특별자치도 전주시 완산구 온고을로 2', '063-289-2500', 35.837, 127.121, ['PARKING', 'SOMMELIER']],
];

export const STORES_KO: (StoreDraft & { hours: LocalizedText })[] = ROWS.map(
  ([company, ko, en, siNm, sggNm, address, phone, lat, lng, options]) => ({
    company,
    ko,
    en,
    siNm,
    sggNm,
    address,
    phone,
    lat,
    lng,
    options,
    hours: hoursOf(company),
  }),
);
