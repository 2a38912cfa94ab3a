import type { LocalizedText } from '../schema/catalog';

/** A name in the five interface languages: ko-KR, en-US, zh-CN, zh-TW, ja-JP. */
export type Names5 = readonly [ko: string, en: string, zhCN: string, zhTW: string, ja: string];

export function localized(n: Names5): LocalizedText {
  return { 'ko-KR': n[0], 'en-US': n[1], 'zh-CN': n[2], 'zh-TW': n[3], 'ja-JP': n[4] };
}

export type KindCode = 'RED' | 'WHITE' | 'SPARKLING' | 'ROSE' | 'DESSERT' | 'FORTIFIED';

/** Wine kinds with the colour used by chips and generated label art. */
export const KINDS: readonly { code: KindCode; names: Names5; color: string }[] = [
  { code: 'RED', names: ['레드', 'Red', '红葡萄酒', '紅葡萄酒', '赤ワイン'], color: '#7b1e3a' },
  { code: 'WHITE', names: ['화이트', 'White', '白葡萄酒', '白葡萄酒', '白ワイン'], color: '#c9a94b' },
  { code: 'SPARKLING', names: ['스파클링', 'Sparkling', '起泡酒', '氣泡酒', 'スパークリングワイン'], color: '#a8923a' },
  { code: 'ROSE', names: ['로제', 'Rosé', '桃红葡萄酒', '粉紅葡萄酒', 'ロゼワイン'], color: '#d9778f' },
  { code: 'DESSERT', names: ['디저트', 'Dessert', '甜酒', '甜酒', 'デザートワイン'], color: '#c7821c' },
  { code: 'FORTIFIED', names: ['주정강화', 'Fortified', '加强型葡萄酒', '加烈葡萄酒', '酒精強化ワイン'], color: '#5b2a1c' },
];

export const LEVELS: readonly { code: string; names: Names5 }[] = [
  { code: 'ICON', names: ['아이콘', 'Icon', '标志级', '標誌級', 'アイコン'] },
  { code: 'PREMIUM', names: ['프리미엄', 'Premium', '高端', '高端', 'プレミアム'] },
  { code: 'CLASSIC', names: ['클래식', 'Classic', '经典', '經典', 'クラシック'] },
  { code: 'DAILY', names: ['데일리', 'Daily', '日常', '日常', 'デイリー'] },
];
export type LevelCode = 'ICON' | 'PREMIUM' | 'CLASSIC' | 'DAILY';

export const FEATURED: readonly { code: string; names: Names5 }[] = [
  { code: 'NEW', names: ['신상품', 'New arrival', '新品', '新品', '新入荷'] },
  { code: 'BEST', names: ['베스트', 'Best seller', '畅销', '暢銷', 'ベストセラー'] },
  { code: 'SOMMELIER_PICK', names: ['소믈리에 추천', "Sommelier's pick", '侍酒师推荐', '侍酒師推薦', 'ソムリエのおすすめ'] },
  { code: 'LIMITED', names: ['한정 수량', 'Limited', '限量', '限量', '限定品'] },
  { code: 'ORGANIC', names: ['유기농', 'Organic', '有机', '有機', 'オーガニック'] },
];

/** Country names for search (ko, en and the names Korean buyers also type). */
export const COUNTRIES: Record<string, { ko: string; en: string; aliases?: string[] }> = {
  FR: { ko: '프랑스', en: 'France' },
  IT: { ko: '이탈리아', en: 'Italy', aliases: ['Italia'] },
  ES: { ko: '스페인', en: 'Spain', aliases: ['España'] },
  PT: { ko: '포르투갈', en: 'Portugal' },
  DE: { ko: '독일', en: 'Germany', aliases: ['Deutschland'] },
  AT: { ko: '오스트리아', en: 'Austria', aliases: ['Österreich'] },
  HU: { ko: '헝가리', en: 'Hungary' },
  US: { ko: '미국', en: 'United States', aliases: ['USA'] },
  CL: { ko: '칠레', en: 'Chile' },
  AR: { ko: '아르헨티나', en: 'Argentina' },
  AU: { ko: '호주', en: 'Australia', aliases: ['오스트레일리아'] },
  NZ: { ko: '뉴질랜드', en: 'New Zealand' },
  ZA: { ko: '남아프리카 공화국', en: 'South Africa', aliases: ['남아공', '남아프리카'] },
};

/**
 * Grape varieties: code, names (ko, en, zh-CN, zh-TW, ja), original name, colour (r/w), and a rough
 * [body, acidity, tannin] character on 1..5 used to derive tasting profiles.
 */
export interface GrapeDef {
  code: string;
  names: Names5;
  original: string;
  red: boolean;
  character: readonly [number, number, number];
}
const g = (code: string, original: string, names: Names5, red: boolean, character: [number, number, number]): GrapeDef => ({
  code,
  names,
  original,
  red,
  character,
});
export const GRAPES: readonly GrapeDef[] = [
  g(
    'CS',
    'Cabernet Sauvignon',
    ['까베르네 소비뇽', 'Cabernet Sauvignon', '赤霞珠', '卡本內蘇維濃', 'カベルネ・ソーヴィニヨン'],
    true,
    [5, 3, 5],
  ),
  g('MER', 'Merlot', ['메를로', 'Merlot', '梅洛', '梅洛', 'メルロー'], true, [4, 3, 3]),
  g('CF', 'Cabernet Franc', ['까베르네 프랑', 'Cabernet Franc', '品丽珠', '卡本內弗朗', 'カベルネ・フラン'], true, [3, 4, 3]),
  g('PV', 'Petit Verdot', ['쁘띠 베르도', 'Petit Verdot', '小味儿多', '小維鐸', 'プティ・ヴェルド'], true, [5, 3, 5]),
  g('MAL', 'Malbec', ['말벡', 'Malbec', '马尔贝克', '馬爾貝克', 'マルベック'], true, [4, 3, 4]),
  g('CAR', 'Carménère', ['까르메네르', 'Carménère', '佳美娜', '卡門內爾', 'カルメネール'], true, [4, 3, 3]),
  g('PN', 'Pinot Noir', ['피노 누아', 'Pinot Noir', '黑皮诺', '黑皮諾', 'ピノ・ノワール'], true, [2, 4, 2]),
  g('GAM', 'Gamay', ['가메', 'Gamay', '佳美', '加美', 'ガメイ'], true, [2, 4, 2]),
  g('SY', 'Syrah', ['시라', 'Syrah', '西拉', '希哈', 'シラー'], true, [4, 3, 4]),
  g('SH', 'Shiraz', ['쉬라즈', 'Shiraz', '设拉子', '希哈茲', 'シラーズ'], true, [5, 3, 4]),
  g('GR', 'Grenache', ['그르나슈', 'Grenache', '歌海娜', '格那希', 'グルナッシュ'], true, [4, 2, 2]),
  g('MOU', 'Mourvèdre', ['무르베드르', 'Mourvèdre', '慕合怀特', '慕維得爾', 'ムールヴェードル'], true, [4, 3, 4]),
  g('CIN', 'Cinsault', ['생소', 'Cinsault', '神索', '仙索', 'サンソー'], true, [2, 3, 2]),
  g('TEM', 'Tempranillo', ['템프라니요', 'Tempranillo', '丹魄', '田帕尼優', 'テンプラニーリョ'], true, [4, 3, 4]),
  g('SAN', 'Sangiovese', ['산지오베제', 'Sangiovese', '桑娇维塞', '山吉歐維榭', 'サンジョヴェーゼ'], true, [3, 5, 4]),
  g('NEB', 'Nebbiolo', ['네비올로', 'Nebbiolo', '内比奥罗', '內比歐露', 'ネッビオーロ'], true, [4, 5, 5]),
  g('BAR', 'Barbera', ['바르베라', 'Barbera', '巴贝拉', '巴貝拉', 'バルベーラ'], true, [3, 5, 2]),
  g('COR', 'Corvina', ['코르비나', 'Corvina', '科维纳', '科維納', 'コルヴィーナ'], true, [3, 4, 3]),
  g('ROND', 'Rondinella', ['론디넬라', 'Rondinella', '罗蒂内拉', '羅蒂內拉', 'ロンディネッラ'], true, [2, 3, 2]),
  g('MON', 'Montepulciano', ['몬테풀치아노', 'Montepulciano', '蒙特布查诺', '蒙鐵布奇亞諾', 'モンテプルチアーノ'], true, [4, 3, 3]),
  g('PRI', 'Primitivo', ['프리미티보', 'Primitivo', '普里米蒂沃', '普里米蒂沃', 'プリミティーヴォ'], true, [5, 2, 3]),
  g('ZIN', 'Zinfandel', ['진판델', 'Zinfandel', '仙粉黛', '金芬黛', 'ジンファンデル'], true, [5, 2, 3]),
  g('NDA', "Nero d'Avola", ['네로 다볼라', "Nero d'Avola", '黑珍珠', '黑達沃拉', 'ネロ・ダーヴォラ'], true, [4, 3, 3]),
  g('AGL', 'Aglianico', ['알리아니코', 'Aglianico', '艾格尼科', '艾格尼科', 'アリアニコ'], true, [5, 4, 5]),
  g('PIN', 'Pinotage', ['피노타지', 'Pinotage', '皮诺塔吉', '皮諾塔吉', 'ピノタージュ'], true, [4, 3, 3]),
  g('TN', 'Touriga Nacional', ['투리가 나시오날', 'Touriga Nacional', '国产图丽佳', '國產杜麗佳', 'トウリガ・ナシオナル'], true, [5, 3, 4]),
  g('TF', 'Touriga Franca', ['투리가 프랑카', 'Touriga Franca', '弗兰卡图丽佳', '法蘭卡杜麗佳', 'トウリガ・フランカ'], true, [4, 3, 3]),
  g('TR', 'Tinta Roriz', ['틴타 로리즈', 'Tinta Roriz', '罗丽红', '羅麗紅', 'ティンタ・ロリス'], true, [4, 3, 4]),
  g('CH', 'Chardonnay', ['샤르도네', 'Chardonnay', '霞多丽', '夏多內', 'シャルドネ'], false, [4, 3, 1]),
  g('SB', 'Sauvignon Blanc', ['소비뇽 블랑', 'Sauvignon Blanc', '长相思', '白蘇維濃', 'ソーヴィニヨン・ブラン'], false, [2, 5, 1]),
  g('RI', 'Riesling', ['리슬링', 'Riesling', '雷司令', '麗絲玲', 'リースリング'], false, [2, 5, 1]),
  g('CB', 'Chenin Blanc', ['슈냉 블랑', 'Chenin Blanc', '白诗南', '白梢楠', 'シュナン・ブラン'], false, [3, 4, 1]),
  g('GW', 'Gewürztraminer', ['게뷔르츠트라미너', 'Gewürztraminer', '琼瑶浆', '格烏茲塔明那', 'ゲヴュルツトラミネール'], false, [4, 2, 1]),
  g('PG', 'Pinot Gris', ['피노 그리', 'Pinot Gris', '灰皮诺', '灰皮諾', 'ピノ・グリ'], false, [3, 3, 1]),
  g('VIO', 'Viognier', ['비오니에', 'Viognier', '维欧尼', '維歐尼耶', 'ヴィオニエ'], false, [4, 2, 1]),
  g('ROU', 'Roussanne', ['루산', 'Roussanne', '瑚珊', '胡珊', 'ルーサンヌ'], false, [4, 3, 1]),
  g('SEM', 'Sémillon', ['세미용', 'Sémillon', '赛美蓉', '榭密雍', 'セミヨン'], false, [3, 3, 1]),
  g('MOS', 'Moscato', ['모스카토', 'Moscato', '莫斯卡托', '莫斯卡托', 'モスカート'], false, [2, 3, 1]),
  g('ALB', 'Albariño', ['알바리뇨', 'Albariño', '阿尔巴利诺', '阿爾巴利諾', 'アルバリーニョ'], false, [2, 5, 1]),
  g('VER', 'Verdejo', ['베르데호', 'Verdejo', '弗德乔', '維岱荷', 'ベルデホ'], false, [2, 4, 1]),
  g(
    'GV',
    'Grüner Veltliner',
    ['그뤼너 벨트리너', 'Grüner Veltliner', '绿维特利纳', '綠維特利納', 'グリューナー・ヴェルトリーナー'],
    false,
    [3, 4, 1],
  ),
  g('GLE', 'Glera', ['글레라', 'Glera', '格雷拉', '格雷拉', 'グレーラ'], false, [2, 3, 1]),
  g('GAR', 'Garganega', ['가르가네가', 'Garganega', '卡尔卡耐卡', '卡爾卡耐卡', 'ガルガーネガ'], false, [3, 3, 1]),
  g('VERM', 'Vermentino', ['베르멘티노', 'Vermentino', '维蒙蒂诺', '維門提諾', 'ヴェルメンティーノ'], false, [3, 4, 1]),
  g('PM', 'Pinot Meunier', ['피노 뫼니에', 'Pinot Meunier', '莫尼耶皮诺', '皮諾莫尼耶', 'ピノ・ムニエ'], true, [2, 4, 1]),
  g('MAC', 'Macabeo', ['마카베오', 'Macabeo', '马家婆', '馬卡貝歐', 'マカベオ'], false, [2, 3, 1]),
  g('XAR', 'Xarel·lo', ['샤렐로', 'Xarel·lo', '沙雷洛', '沙雷洛', 'チャレッロ'], false, [3, 4, 1]),
  g('PAR', 'Parellada', ['파레야다', 'Parellada', '帕雷亚达', '帕雷亞達', 'パレリャーダ'], false, [2, 4, 1]),
  g('PAL', 'Palomino', ['팔로미노', 'Palomino', '帕洛米诺', '帕洛米諾', 'パロミノ'], false, [2, 2, 1]),
  g('PX', 'Pedro Ximénez', ['페드로 히메네스', 'Pedro Ximénez', '佩德罗-希梅内斯', '佩德羅希梅內斯', 'ペドロ・ヒメネス'], false, [5, 2, 1]),
  g('FUR', 'Furmint', ['푸르민트', 'Furmint', '富尔民特', '弗明', 'フルミント'], false, [3, 5, 1]),
  g('HAR', 'Hárslevelű', ['하르쉬레벨루', 'Hárslevelű', '哈斯莱威路', '哈斯萊威路', 'ハールシュレヴェリュー'], false, [3, 4, 1]),
  g('TOR', 'Torrontés', ['토론테스', 'Torrontés', '特浓情', '特濃情', 'トロンテス'], false, [2, 3, 1]),
];

/**
 * Production areas. `styles` lists what the area makes, for the synthetic generator: kind letter
 * (R red, W white, S sparkling, P rosé, D dessert, F fortified), a blend (`CS60+MER30+CF10`), and the
 * area's price tier 1 (everyday) .. 5 (icon).
 */
export interface AreaDef {
  code: string;
  country: string;
  original: string;
  names: Names5;
  tier: number;
  styles: string;
}
const a = (code: string, country: string, original: string, names: Names5, tier: number, styles: string): AreaDef => ({
  code,
  country,
  original,
  names,
  tier,
  styles,
});
export const AREAS: readonly AreaDef[] = [
  // France
  a(
    'BORDEAUX',
    'FR',
    'Bordeaux',
    ['보르도', 'Bordeaux', '波尔多', '波爾多', 'ボルドー'],
    2,
    'R:MER60+CS30+CF10|R:CS50+MER50|W:SB70+SEM30|P:MER70+CF30',
  ),
  a('PAUILLAC', 'FR', 'Pauillac', ['뽀이약', 'Pauillac', '波雅克', '波雅克', 'ポイヤック'], 5, 'R:CS70+MER25+CF5|R:CS60+MER30+PV5+CF5'),
  a('MARGAUX', 'FR', 'Margaux', ['마고', 'Margaux', '玛歌', '瑪歌', 'マルゴー'], 5, 'R:CS60+MER35+PV5|R:CS55+MER40+CF5'),
  a('SAINT_JULIEN', 'FR', 'Saint-Julien', ['생쥘리앙', 'Saint-Julien', '圣朱利安', '聖朱里安', 'サン・ジュリアン'], 4, 'R:CS75+MER20+CF5'),
  a(
    'SAINT_EMILION',
    'FR',
    'Saint-Émilion',
    ['생테밀리옹', 'Saint-Émilion', '圣埃美隆', '聖艾美濃', 'サンテミリオン'],
    4,
    'R:MER70+CF30|R:MER80+CF15+CS5',
  ),
  a('POMEROL', 'FR', 'Pomerol', ['뽀므롤', 'Pomerol', '波美侯', '玻美侯', 'ポムロール'], 5, 'R:MER85+CF15'),
  a(
    'PESSAC',
    'FR',
    'Pessac-Léognan',
    ['페삭 레오냥', 'Pessac-Léognan', '佩萨克-雷奥良', '佩薩克-雷奧良', 'ペサック・レオニャン'],
    4,
    'R:CS55+MER40+CF5|W:SB60+SEM40',
  ),
  a('SAUTERNES', 'FR', 'Sauternes', ['소테른', 'Sauternes', '苏玳', '蘇玳', 'ソーテルヌ'], 4, 'D:SEM80+SB20|D:SEM90+SB10'),
  a('BOURGOGNE', 'FR', 'Bourgogne', ['부르고뉴', 'Burgundy', '勃艮第', '布根地', 'ブルゴーニュ'], 3, 'R:PN100|W:CH100|S:PN50+CH50'),
  a('COTE_DE_NUITS', 'FR', 'Côte de Nuits', ['꼬뜨 드 뉘', 'Côte de Nuits', '夜丘', '夜丘', 'コート・ド・ニュイ'], 5, 'R:PN100'),
  a(
    'COTE_DE_BEAUNE',
    'FR',
    'Côte de Beaune',
    ['꼬뜨 드 본', 'Côte de Beaune', '伯恩丘', '伯恩丘', 'コート・ド・ボーヌ'],
    4,
    'W:CH100|R:PN100',
  ),
  a('CHABLIS', 'FR', 'Chablis', ['샤블리', 'Chablis', '夏布利', '夏布利', 'シャブリ'], 3, 'W:CH100'),
  a('BEAUJOLAIS', 'FR', 'Beaujolais', ['보졸레', 'Beaujolais', '博若莱', '薄酒萊', 'ボージョレ'], 2, 'R:GAM100'),
  a(
    'CHAMPAGNE',
    'FR',
    'Champagne',
    ['샹파뉴', 'Champagne', '香槟', '香檳', 'シャンパーニュ'],
    4,
    'S:PN40+CH35+PM25|S:CH100|S:PN60+CH40|P:PN50+CH30+PM20',
  ),
  a(
    'RHONE',
    'FR',
    'Côtes du Rhône',
    ['꼬뜨 뒤 론', 'Côtes du Rhône', '罗讷河谷', '隆河丘', 'コート・デュ・ローヌ'],
    2,
    'R:GR60+SY30+MOU10|W:VIO60+GR40|R:SY100',
  ),
  a(
    'CHATEAUNEUF',
    'FR',
    'Châteauneuf-du-Pape',
    ['샤또네프 뒤 파프', 'Châteauneuf-du-Pape', '教皇新堡', '教皇新堡', 'シャトーヌフ・デュ・パプ'],
    4,
    'R:GR70+SY15+MOU15',
  ),
  a(
    'LOIRE',
    'FR',
    'Val de Loire',
    ['루아르', 'Loire Valley', '卢瓦尔河谷', '羅亞爾河谷', 'ロワール'],
    2,
    'W:SB100|W:CB100|R:CF100|P:CF60+GAM40|S:CB80+CH20',
  ),
  a(
    'ALSACE',
    'FR',
    'Alsace',
    ['알자스', 'Alsace', '阿尔萨斯', '阿爾薩斯', 'アルザス'],
    2,
    'W:RI100|W:GW100|W:PG100|D:GW100|S:PG50+RI30+CH20',
  ),
  a('PROVENCE', 'FR', 'Provence', ['프로방스', 'Provence', '普罗旺斯', '普羅旺斯', 'プロヴァンス'], 2, 'P:GR50+CIN30+SY20|P:GR60+CIN40'),
  a(
    'LANGUEDOC',
    'FR',
    'Languedoc',
    ['랑그독', 'Languedoc', '朗格多克', '隆格多克', 'ラングドック'],
    1,
    'R:SY50+GR50|W:CH100|P:GR70+CIN30|R:CS100',
  ),
  // Italy
  a(
    'TOSCANA',
    'IT',
    'Toscana',
    ['토스카나', 'Tuscany', '托斯卡纳', '托斯卡尼', 'トスカーナ'],
    3,
    'R:SAN80+CS20|R:SAN100|W:VERM100|R:SAN60+MER40',
  ),
  a(
    'CHIANTI_CLASSICO',
    'IT',
    'Chianti Classico',
    ['끼안티 클라시코', 'Chianti Classico', '经典基安蒂', '經典奇揚地', 'キャンティ・クラッシコ'],
    3,
    'R:SAN90+MER10|R:SAN100',
  ),
  a('MONTALCINO', 'IT', 'Montalcino', ['몬탈치노', 'Montalcino', '蒙塔奇诺', '蒙塔奇諾', 'モンタルチーノ'], 4, 'R:SAN100'),
  a('BOLGHERI', 'IT', 'Bolgheri', ['볼게리', 'Bolgheri', '宝格丽', '寶格麗', 'ボルゲリ'], 5, 'R:CS65+MER20+CF15|R:MER60+CS40'),
  a('PIEMONTE', 'IT', 'Piemonte', ['피에몬테', 'Piedmont', '皮埃蒙特', '皮埃蒙特', 'ピエモンテ'], 2, 'R:BAR100|S:MOS100|R:NEB100|W:CH100'),
  a('BAROLO', 'IT', 'Barolo', ['바롤로', 'Barolo', '巴罗洛', '巴羅洛', 'バローロ'], 4, 'R:NEB100'),
  a('BARBARESCO', 'IT', 'Barbaresco', ['바르바레스코', 'Barbaresco', '巴巴莱斯科', '巴巴瑞斯科', 'バルバレスコ'], 4, 'R:NEB100'),
  a('VENETO', 'IT', 'Veneto', ['베네토', 'Veneto', '威尼托', '威尼托', 'ヴェネト'], 1, 'W:PG100|W:GAR100|R:COR70+ROND30|P:COR60+ROND40'),
  a(
    'VALPOLICELLA',
    'IT',
    'Valpolicella',
    ['발폴리첼라', 'Valpolicella', '瓦坡里切拉', '瓦波利切拉', 'ヴァルポリチェッラ'],
    3,
    'R:COR70+ROND30|R:COR65+ROND25+MER10',
  ),
  a('PROSECCO', 'IT', 'Conegliano Valdobbiadene Prosecco', ['프로세코', 'Prosecco', '普洛赛克', '普羅賽克', 'プロセッコ'], 1, 'S:GLE100'),
  a('SICILIA', 'IT', 'Sicilia', ['시칠리아', 'Sicily', '西西里', '西西里', 'シチリア'], 1, 'R:NDA100|W:VERM100|R:NDA70+SY30'),
  a('PUGLIA', 'IT', 'Puglia', ['풀리아', 'Apulia', '普利亚', '普利亞', 'プーリア'], 1, 'R:PRI100|P:PRI100'),
  a('ABRUZZO', 'IT', 'Abruzzo', ['아브루초', 'Abruzzo', '阿布鲁佐', '阿布魯佐', 'アブルッツォ'], 1, 'R:MON100'),
  a('CAMPANIA', 'IT', 'Campania', ['캄파니아', 'Campania', '坎帕尼亚', '坎帕尼亞', 'カンパーニア'], 2, 'R:AGL100'),
  // Spain
  a('RIOJA', 'ES', 'Rioja', ['리오하', 'Rioja', '里奥哈', '利奧哈', 'リオハ'], 2, 'R:TEM90+GR10|R:TEM100|W:MAC100|P:GR60+TEM40'),
  a(
    'RIBERA',
    'ES',
    'Ribera del Duero',
    ['리베라 델 두에로', 'Ribera del Duero', '杜埃罗河岸', '斗羅河岸', 'リベラ・デル・ドゥエロ'],
    3,
    'R:TEM100|R:TEM90+CS10',
  ),
  a('PRIORAT', 'ES', 'Priorat', ['프리오랏', 'Priorat', '普里奥拉', '普里奧拉', 'プリオラート'], 4, 'R:GR60+SY20+CS20'),
  a('RIAS_BAIXAS', 'ES', 'Rías Baixas', ['리아스 바이사스', 'Rías Baixas', '下海湾', '下海灣', 'リアス・バイシャス'], 2, 'W:ALB100'),
  a('RUEDA', 'ES', 'Rueda', ['루에다', 'Rueda', '卢埃达', '盧埃達', 'ルエダ'], 1, 'W:VER100|W:VER85+SB15'),
  a('PENEDES', 'ES', 'Penedès', ['페네데스', 'Penedès', '佩内德斯', '佩內德斯', 'ペネデス'], 1, 'S:MAC40+XAR35+PAR25|S:XAR50+MAC30+PAR20'),
  a('JEREZ', 'ES', 'Jerez-Xérès-Sherry', ['헤레스', 'Jerez (Sherry)', '赫雷斯', '赫雷斯', 'ヘレス'], 2, 'F:PAL100|F:PX100'),
  // Portugal
  a('DOURO', 'PT', 'Douro', ['도우루', 'Douro', '杜罗河', '斗羅河', 'ドウロ'], 2, 'R:TN40+TF40+TR20'),
  a('PORTO', 'PT', 'Porto', ['포르투', 'Porto', '波特', '波特', 'ポルト'], 3, 'F:TN40+TF40+TR20'),
  a('VINHO_VERDE', 'PT', 'Vinho Verde', ['비뉴 베르드', 'Vinho Verde', '绿酒产区', '綠酒產區', 'ヴィーニョ・ヴェルデ'], 1, 'W:ALB100'),
  a('ALENTEJO', 'PT', 'Alentejo', ['알렌테주', 'Alentejo', '阿连特茹', '阿連特茹', 'アレンテージョ'], 1, 'R:TR50+TN30+SY20'),
  // Germany, Austria, Hungary
  a('MOSEL', 'DE', 'Mosel', ['모젤', 'Mosel', '摩泽尔', '摩塞爾', 'モーゼル'], 3, 'W:RI100|D:RI100'),
  a('RHEINGAU', 'DE', 'Rheingau', ['라인가우', 'Rheingau', '莱茵高', '萊茵高', 'ラインガウ'], 3, 'W:RI100|R:PN100|S:RI100'),
  a('PFALZ', 'DE', 'Pfalz', ['팔츠', 'Pfalz', '法尔兹', '法爾茲', 'ファルツ'], 2, 'W:RI100|R:PN100'),
  a('WACHAU', 'AT', 'Wachau', ['바하우', 'Wachau', '瓦豪', '瓦豪', 'ヴァッハウ'], 3, 'W:GV100|W:RI100'),
  a('TOKAJ', 'HU', 'Tokaj', ['토카이', 'Tokaj', '托卡伊', '托凱', 'トカイ'], 3, 'D:FUR70+HAR30|W:FUR100'),
  // USA
  a(
    'NAPA',
    'US',
    'Napa Valley',
    ['나파 밸리', 'Napa Valley', '纳帕谷', '納帕谷', 'ナパ・ヴァレー'],
    4,
    'R:CS100|R:CS80+MER15+CF5|W:CH100|W:SB100',
  ),
  a('SONOMA', 'US', 'Sonoma County', ['소노마', 'Sonoma', '索诺玛', '索諾瑪', 'ソノマ'], 3, 'R:PN100|W:CH100|R:ZIN100'),
  a(
    'WILLAMETTE',
    'US',
    'Willamette Valley',
    ['윌라멧 밸리', 'Willamette Valley', '威拉米特谷', '威拉米特谷', 'ウィラメット・ヴァレー'],
    3,
    'R:PN100|W:CH100',
  ),
  a(
    'PASO_ROBLES',
    'US',
    'Paso Robles',
    ['파소 로블스', 'Paso Robles', '帕索罗布尔斯', '帕索羅布爾斯', 'パソ・ロブレス'],
    2,
    'R:ZIN100|R:CS100|R:SY60+GR40',
  ),
  a(
    'COLUMBIA',
    'US',
    'Columbia Valley',
    ['컬럼비아 밸리', 'Columbia Valley', '哥伦比亚谷', '哥倫比亞谷', 'コロンビア・ヴァレー'],
    2,
    'R:CS100|W:RI100|R:MER100',
  ),
  // Chile
  a(
    'MAIPO',
    'CL',
    'Valle del Maipo',
    ['마이포 밸리', 'Maipo Valley', '迈坡谷', '麥坡谷', 'マイポ・ヴァレー'],
    2,
    'R:CS100|R:CS85+CAR15|R:CAR100',
  ),
  a(
    'COLCHAGUA',
    'CL',
    'Valle de Colchagua',
    ['콜차구아 밸리', 'Colchagua Valley', '空加瓜谷', '空加瓜谷', 'コルチャグア・ヴァレー'],
    2,
    'R:CAR100|R:CS90+CF10|R:MAL100|R:SY100',
  ),
  a(
    'CASABLANCA',
    'CL',
    'Valle de Casablanca',
    ['카사블랑카 밸리', 'Casablanca Valley', '卡萨布兰卡谷', '卡薩布蘭卡谷', 'カサブランカ・ヴァレー'],
    2,
    'W:SB100|W:CH100|R:PN100',
  ),
  a(
    'ACONCAGUA',
    'CL',
    'Valle del Aconcagua',
    ['아콩카과 밸리', 'Aconcagua Valley', '阿空加瓜谷', '阿空加瓜谷', 'アコンカグア・ヴァレー'],
    3,
    'R:CS60+CAR25+CF15|R:SY100',
  ),
  // Argentina
  a('MENDOZA', 'AR', 'Mendoza', ['멘도사', 'Mendoza', '门多萨', '門多薩', 'メンドーサ'], 2, 'R:MAL100|R:MAL80+CS20|W:CH100|P:MAL100'),
  a('UCO', 'AR', 'Valle de Uco', ['우코 밸리', 'Uco Valley', '优克谷', '優克谷', 'ウコ・ヴァレー'], 3, 'R:MAL100|R:MAL70+CF30'),
  a('SALTA', 'AR', 'Salta', ['살타', 'Salta', '萨尔塔', '薩爾塔', 'サルタ'], 2, 'W:TOR100|R:MAL100'),
  // Australia
  a(
    'BAROSSA',
    'AU',
    'Barossa Valley',
    ['바로사 밸리', 'Barossa Valley', '巴罗萨谷', '巴羅薩谷', 'バロッサ・ヴァレー'],
    3,
    'R:SH100|R:GR50+SH30+MOU20|R:SH60+CS40',
  ),
  a(
    'MCLAREN_VALE',
    'AU',
    'McLaren Vale',
    ['맥라렌 베일', 'McLaren Vale', '麦克拉仑谷', '麥克拉倫谷', 'マクラーレン・ヴェイル'],
    2,
    'R:SH100|R:GR100',
  ),
  a('COONAWARRA', 'AU', 'Coonawarra', ['쿠나와라', 'Coonawarra', '库纳瓦拉', '庫納瓦拉', 'クナワラ'], 2, 'R:CS100'),
  a(
    'MARGARET_RIVER',
    'AU',
    'Margaret River',
    ['마가렛 리버', 'Margaret River', '玛格丽特河', '瑪格麗特河', 'マーガレット・リヴァー'],
    3,
    'R:CS90+MER10|W:CH100|W:SEM60+SB40',
  ),
  a('YARRA', 'AU', 'Yarra Valley', ['야라 밸리', 'Yarra Valley', '雅拉谷', '雅拉谷', 'ヤラ・ヴァレー'], 2, 'R:PN100|W:CH100|S:CH60+PN40'),
  // New Zealand
  a('MARLBOROUGH', 'NZ', 'Marlborough', ['말보로', 'Marlborough', '马尔堡', '馬爾堡', 'マールボロ'], 2, 'W:SB100|R:PN100|P:PN100|W:PG100'),
  a('CENTRAL_OTAGO', 'NZ', 'Central Otago', ['센트럴 오타고', 'Central Otago', '中奥塔哥', '中奧塔哥', 'セントラル・オタゴ'], 3, 'R:PN100'),
  a(
    'HAWKES_BAY',
    'NZ',
    "Hawke's Bay",
    ['호크스 베이', "Hawke's Bay", '霍克斯湾', '霍克斯灣', 'ホークス・ベイ'],
    2,
    'R:MER60+CS40|R:SY100|W:CH100',
  ),
  // South Africa
  a(
    'STELLENBOSCH',
    'ZA',
    'Stellenbosch',
    ['스텔렌보스', 'Stellenbosch', '斯泰伦博斯', '斯泰倫博斯', 'ステレンボッシュ'],
    2,
    'R:CS70+MER30|R:PIN100|W:CB100|W:CH100',
  ),
  a('SWARTLAND', 'ZA', 'Swartland', ['스와트랜드', 'Swartland', '斯瓦特兰', '斯瓦特蘭', 'スワートランド'], 2, 'W:CB100|R:SY80+GR20'),
  a('CONSTANTIA', 'ZA', 'Constantia', ['콘스탄시아', 'Constantia', '康斯坦提亚', '康斯坦提亞', 'コンスタンシア'], 3, 'D:MOS100|W:SB100'),
];

export const KIND_LETTER: Record<string, KindCode> = { R: 'RED', W: 'WHITE', S: 'SPARKLING', P: 'ROSE', D: 'DESSERT', F: 'FORTIFIED' };
