/** The demo team (Korean names with their romanised form for the other languages). */
export const TEAM_KO: {
  name: string;
  nameLatin: string;
  role: string;
  roleEn: string;
  roleZhCN: string;
  roleZhTW: string;
  roleJa: string;
  bio: string;
}[] = [
  {
    name: '정민재',
    nameLatin: 'Minjae Jung',
    role: '대표',
    roleEn: 'CEO',
    roleZhCN: '总经理',
    roleZhTW: '總經理',
    roleJa: '代表取締役',
    bio: '15년 동안 유럽 와이너리와 거래하며 포트폴리오의 방향을 정합니다. 해마다 봄과 가을에 산지를 찾아 새 생산자를 만납니다.',
  },
  {
    name: '박지훈',
    nameLatin: 'Jihoon Park',
    role: '수입 바이어',
    roleEn: 'Buyer',
    roleZhCN: '进口采购',
    roleZhTW: '進口採購',
    roleJa: '輸入バイヤー',
    bio: '프랑스와 스페인, 호주 산지를 맡아 생산자 발굴과 수입 계약, 빈티지 선별을 담당합니다.',
  },
  {
    name: '김서연',
    nameLatin: 'Seoyeon Kim',
    role: '소믈리에 · 교육 담당',
    roleEn: 'Sommelier, training',
    roleZhCN: '侍酒师 · 培训',
    roleZhTW: '侍酒師 · 培訓',
    roleJa: 'ソムリエ・研修担当',
    bio: 'WSET Diploma를 취득한 소믈리에로, 거래처 직원 교육과 와인 리스트 자문을 맡고 있습니다.',
  },
  {
    name: '최유진',
    nameLatin: 'Yujin Choi',
    role: '온트레이드 영업팀장',
    roleEn: 'On-trade sales lead',
    roleZhCN: '餐饮渠道销售主管',
    roleZhTW: '餐飲通路業務主管',
    roleJa: 'オントレード営業リーダー',
    bio: '호텔과 레스토랑, 와인바 거래처를 맡아 주문부터 행사까지 업장 운영을 돕습니다.',
  },
  {
    name: '이준호',
    nameLatin: 'Junho Lee',
    role: '물류 · 품질 관리',
    roleEn: 'Logistics and quality',
    roleZhCN: '物流 · 品质管理',
    roleZhTW: '物流 · 品質管理',
    roleJa: '物流・品質管理',
    bio: '정온 창고의 온습도와 재고를 관리하고, 와인이 산지의 상태 그대로 업장에 닿도록 배송을 챙깁니다.',
  },
];
