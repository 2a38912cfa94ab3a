import type { LocalizedText, TastingProfile } from '../schema/catalog';
import { COUNTRIES, localized, type AreaDef, type GrapeDef, type KindCode, type LevelCode, type Names5 } from './lookups';
import { josa, type Rng } from './random';

/**
 * Texts of the demo catalogue in the five interface languages, built from the wine's facts. Every piece is
 * a [ko-KR, en-US, zh-CN, zh-TW, ja-JP] tuple; each language has its own sentence templates (Korean with its
 * particles, Japanese and Chinese in their own word order), and the random draws do not depend on the language.
 */

type T5 = Names5;
/** zh-CN, zh-TW and ja-JP only (Korean and English are derived from other tables). */
type T3 = readonly [zhCN: string, zhTW: string, ja: string];

/** Joins sentences: with a space in Korean and English, without one in Chinese and Japanese. */
function joinSentences(parts: readonly T5[]): T5 {
  const at = (i: number, sep: string) => parts.map((p) => p[i]).join(sep);
  return [at(0, ' '), at(1, ' '), at(2, ''), at(3, ''), at(4, '')];
}

/** Country names in Chinese and Japanese (Korean and English are in lookups.ts). */
const COUNTRY_CJK: Record<string, T3> = {
  FR: ['法国', '法國', 'フランス'],
  IT: ['意大利', '義大利', 'イタリア'],
  ES: ['西班牙', '西班牙', 'スペイン'],
  PT: ['葡萄牙', '葡萄牙', 'ポルトガル'],
  DE: ['德国', '德國', 'ドイツ'],
  AT: ['奥地利', '奧地利', 'オーストリア'],
  HU: ['匈牙利', '匈牙利', 'ハンガリー'],
  US: ['美国', '美國', 'アメリカ'],
  CL: ['智利', '智利', 'チリ'],
  AR: ['阿根廷', '阿根廷', 'アルゼンチン'],
  AU: ['澳大利亚', '澳洲', 'オーストラリア'],
  NZ: ['新西兰', '紐西蘭', 'ニュージーランド'],
  ZA: ['南非', '南非', '南アフリカ'],
};

/** Aromas by grape, strongest first. */
const AROMAS: Record<string, T5[]> = {
  CS: [
    ['블랙커런트', 'blackcurrant', '黑醋栗', '黑醋栗', 'ブラックカラント'],
    ['삼나무', 'cedar', '雪松', '雪松', 'シダー'],
    ['흑연', 'graphite', '石墨', '石墨', '黒鉛'],
    ['다크 초콜릿', 'dark chocolate', '黑巧克力', '黑巧克力', 'ダークチョコレート'],
  ],
  MER: [
    ['잘 익은 자두', 'ripe plum', '熟李子', '熟李子', '熟したプラム'],
    ['블랙 체리', 'black cherry', '黑樱桃', '黑櫻桃', 'ブラックチェリー'],
    ['모카', 'mocha', '摩卡咖啡', '摩卡咖啡', 'モカ'],
    ['송로버섯', 'truffle', '松露', '松露', 'トリュフ'],
  ],
  CF: [
    ['라즈베리', 'raspberry', '覆盆子', '覆盆子', 'ラズベリー'],
    ['제비꽃', 'violet', '紫罗兰', '紫羅蘭', 'スミレ'],
    ['피망', 'bell pepper', '青椒', '青椒', 'ピーマン'],
    ['연필심', 'pencil shavings', '铅笔屑', '鉛筆屑', '鉛筆の芯'],
  ],
  PV: [
    ['블루베리', 'blueberry', '蓝莓', '藍莓', 'ブルーベリー'],
    ['제비꽃', 'violet', '紫罗兰', '紫羅蘭', 'スミレ'],
    ['정향', 'clove', '丁香', '丁香', 'クローブ'],
  ],
  MAL: [
    ['블랙베리', 'blackberry', '黑莓', '黑莓', 'ブラックベリー'],
    ['자두', 'plum', '李子', '李子', 'プラム'],
    ['제비꽃', 'violet', '紫罗兰', '紫羅蘭', 'スミレ'],
    ['밀크 초콜릿', 'milk chocolate', '牛奶巧克力', '牛奶巧克力', 'ミルクチョコレート'],
  ],
  CAR: [
    ['블랙베리', 'blackberry', '黑莓', '黑莓', 'ブラックベリー'],
    ['검은 후추', 'black pepper', '黑胡椒', '黑胡椒', '黒コショウ'],
    ['파프리카', 'paprika', '红椒粉', '紅椒粉', 'パプリカ'],
    ['허브', 'green herbs', '新鲜草本', '新鮮草本', 'グリーンハーブ'],
  ],
  PN: [
    ['체리', 'cherry', '樱桃', '櫻桃', 'チェリー'],
    ['산딸기', 'wild strawberry', '野草莓', '野草莓', '野イチゴ'],
    ['장미', 'rose petal', '玫瑰花瓣', '玫瑰花瓣', 'バラの花びら'],
    ['숲속 흙내음', 'forest floor', '森林地表', '森林地表', '森の下草'],
  ],
  GAM: [
    ['라즈베리', 'raspberry', '覆盆子', '覆盆子', 'ラズベリー'],
    ['붉은 체리', 'red cherry', '红樱桃', '紅櫻桃', 'レッドチェリー'],
    ['바나나', 'banana', '香蕉', '香蕉', 'バナナ'],
    ['작약', 'peony', '芍药', '芍藥', 'シャクヤク'],
  ],
  SY: [
    ['블랙베리', 'blackberry', '黑莓', '黑莓', 'ブラックベリー'],
    ['검은 후추', 'black pepper', '黑胡椒', '黑胡椒', '黒コショウ'],
    ['훈연 베이컨', 'smoked bacon', '烟熏培根', '煙燻培根', 'スモークベーコン'],
    ['올리브', 'black olive', '黑橄榄', '黑橄欖', 'ブラックオリーブ'],
  ],
  SH: [
    ['블랙베리 잼', 'blackberry jam', '黑莓果酱', '黑莓果醬', 'ブラックベリージャム'],
    ['감초', 'liquorice', '甘草', '甘草', 'リコリス'],
    ['모카', 'mocha', '摩卡咖啡', '摩卡咖啡', 'モカ'],
    ['유칼립투스', 'eucalyptus', '桉树', '尤加利', 'ユーカリ'],
  ],
  GR: [
    ['딸기', 'strawberry', '草莓', '草莓', 'イチゴ'],
    ['라즈베리', 'raspberry', '覆盆子', '覆盆子', 'ラズベリー'],
    ['백후추', 'white pepper', '白胡椒', '白胡椒', '白コショウ'],
    ['가리그 허브', 'garrigue herbs', '地中海灌木草本', '地中海灌木草本', 'ガリーグのハーブ'],
  ],
  MOU: [
    ['블랙베리', 'blackberry', '黑莓', '黑莓', 'ブラックベリー'],
    ['가죽', 'leather', '皮革', '皮革', 'レザー'],
    ['야생 허브', 'wild herbs', '野生草本', '野生草本', 'ワイルドハーブ'],
  ],
  CIN: [
    ['붉은 베리', 'red berries', '红色浆果', '紅色漿果', '赤いベリー'],
    ['꽃', 'flowers', '花朵', '花朵', '花'],
    ['복숭아', 'peach', '桃子', '水蜜桃', '桃'],
  ],
  TEM: [
    ['체리', 'cherry', '樱桃', '櫻桃', 'チェリー'],
    ['말린 무화과', 'dried fig', '无花果干', '無花果乾', '干しイチジク'],
    ['바닐라', 'vanilla', '香草', '香草', 'バニラ'],
    ['담배잎', 'tobacco leaf', '烟叶', '菸葉', 'タバコの葉'],
  ],
  SAN: [
    ['사워 체리', 'sour cherry', '酸樱桃', '酸櫻桃', 'サワーチェリー'],
    ['토마토 잎', 'tomato leaf', '番茄叶', '番茄葉', 'トマトの葉'],
    ['말린 허브', 'dried herbs', '干燥草本', '乾燥草本', 'ドライハーブ'],
    ['가죽', 'leather', '皮革', '皮革', 'レザー'],
  ],
  NEB: [
    ['장미', 'rose', '玫瑰', '玫瑰', 'バラ'],
    ['타르', 'tar', '焦油', '焦油', 'タール'],
    ['체리', 'cherry', '樱桃', '櫻桃', 'チェリー'],
    ['감초', 'liquorice', '甘草', '甘草', 'リコリス'],
  ],
  BAR: [
    ['붉은 체리', 'red cherry', '红樱桃', '紅櫻桃', 'レッドチェリー'],
    ['자두', 'plum', '李子', '李子', 'プラム'],
    ['감초', 'liquorice', '甘草', '甘草', 'リコリス'],
  ],
  COR: [
    ['말린 체리', 'dried cherry', '樱桃干', '櫻桃乾', 'ドライチェリー'],
    ['건포도', 'raisin', '葡萄干', '葡萄乾', 'レーズン'],
    ['시나몬', 'cinnamon', '肉桂', '肉桂', 'シナモン'],
    ['다크 초콜릿', 'dark chocolate', '黑巧克力', '黑巧克力', 'ダークチョコレート'],
  ],
  ROND: [
    ['붉은 체리', 'red cherry', '红樱桃', '紅櫻桃', 'レッドチェリー'],
    ['허브', 'herbs', '草本', '草本', 'ハーブ'],
  ],
  MON: [
    ['블랙 체리', 'black cherry', '黑樱桃', '黑櫻桃', 'ブラックチェリー'],
    ['자두', 'plum', '李子', '李子', 'プラム'],
    ['오레가노', 'oregano', '牛至', '奧勒岡', 'オレガノ'],
  ],
  PRI: [
    ['자두 잼', 'plum jam', '李子果酱', '李子果醬', 'プラムジャム'],
    ['말린 무화과', 'dried fig', '无花果干', '無花果乾', '干しイチジク'],
    ['향신료', 'sweet spice', '甜香料', '甜香料', '甘いスパイス'],
  ],
  ZIN: [
    ['블랙베리 잼', 'blackberry jam', '黑莓果酱', '黑莓果醬', 'ブラックベリージャム'],
    ['시나몬', 'cinnamon', '肉桂', '肉桂', 'シナモン'],
    ['후추', 'pepper', '胡椒', '胡椒', 'コショウ'],
    ['건포도', 'raisin', '葡萄干', '葡萄乾', 'レーズン'],
  ],
  NDA: [
    ['블랙 체리', 'black cherry', '黑樱桃', '黑櫻桃', 'ブラックチェリー'],
    ['자두', 'plum', '李子', '李子', 'プラム'],
    ['감초', 'liquorice', '甘草', '甘草', 'リコリス'],
  ],
  AGL: [
    ['블랙 체리', 'black cherry', '黑樱桃', '黑櫻桃', 'ブラックチェリー'],
    ['화산석', 'volcanic stone', '火山岩', '火山岩', '火山岩'],
    ['가죽', 'leather', '皮革', '皮革', 'レザー'],
  ],
  PIN: [
    ['블랙베리', 'blackberry', '黑莓', '黑莓', 'ブラックベリー'],
    ['훈연', 'smoke', '烟熏', '煙燻', 'スモーク'],
    ['바나나', 'banana', '香蕉', '香蕉', 'バナナ'],
    ['로스팅 커피', 'roasted coffee', '烘焙咖啡', '烘焙咖啡', 'ローストコーヒー'],
  ],
  TN: [
    ['블랙베리', 'blackberry', '黑莓', '黑莓', 'ブラックベリー'],
    ['제비꽃', 'violet', '紫罗兰', '紫羅蘭', 'スミレ'],
    ['베르가못', 'bergamot', '佛手柑', '佛手柑', 'ベルガモット'],
  ],
  TF: [
    ['라즈베리', 'raspberry', '覆盆子', '覆盆子', 'ラズベリー'],
    ['장미', 'rose', '玫瑰', '玫瑰', 'バラ'],
    ['체리', 'cherry', '樱桃', '櫻桃', 'チェリー'],
  ],
  TR: [
    ['체리', 'cherry', '樱桃', '櫻桃', 'チェリー'],
    ['딸기', 'strawberry', '草莓', '草莓', 'イチゴ'],
    ['향신료', 'spice', '香料', '香料', 'スパイス'],
  ],
  CH: [
    ['사과', 'apple', '苹果', '蘋果', 'リンゴ'],
    ['레몬 커드', 'lemon curd', '柠檬凝乳', '檸檬凝乳', 'レモンカード'],
    ['토스트', 'toast', '吐司', '吐司', 'トースト'],
    ['헤이즐넛', 'hazelnut', '榛子', '榛果', 'ヘーゼルナッツ'],
  ],
  SB: [
    ['자몽', 'grapefruit', '西柚', '葡萄柚', 'グレープフルーツ'],
    ['패션프루트', 'passion fruit', '百香果', '百香果', 'パッションフルーツ'],
    ['풀잎', 'cut grass', '青草', '青草', '刈りたての草'],
    ['구스베리', 'gooseberry', '醋栗', '醋栗', 'グーズベリー'],
  ],
  RI: [
    ['라임', 'lime', '青柠', '萊姆', 'ライム'],
    ['청사과', 'green apple', '青苹果', '青蘋果', '青リンゴ'],
    ['복숭아', 'white peach', '白桃', '白桃', '白桃'],
    ['페트롤', 'petrol', '汽油', '汽油', 'ペトロール'],
  ],
  CB: [
    ['모과', 'quince', '榅桲', '榲桲', 'マルメロ'],
    ['꿀', 'honey', '蜂蜜', '蜂蜜', 'ハチミツ'],
    ['노란 사과', 'yellow apple', '黄苹果', '黃蘋果', '黄リンゴ'],
    ['밀랍', 'beeswax', '蜂蜡', '蜂蠟', '蜜蝋'],
  ],
  GW: [
    ['리치', 'lychee', '荔枝', '荔枝', 'ライチ'],
    ['장미', 'rose', '玫瑰', '玫瑰', 'バラ'],
    ['생강', 'ginger', '生姜', '生薑', 'ジンジャー'],
  ],
  PG: [
    ['배', 'pear', '梨', '梨', '洋ナシ'],
    ['살구', 'apricot', '杏子', '杏桃', 'アプリコット'],
    ['아몬드', 'almond', '杏仁', '杏仁', 'アーモンド'],
  ],
  VIO: [
    ['살구', 'apricot', '杏子', '杏桃', 'アプリコット'],
    ['복숭아', 'peach', '桃子', '水蜜桃', '桃'],
    ['인동꽃', 'honeysuckle', '金银花', '金銀花', 'スイカズラ'],
  ],
  ROU: [
    ['서양배', 'pear', '西洋梨', '西洋梨', '洋ナシ'],
    ['허브차', 'herbal tea', '草本茶', '花草茶', 'ハーブティー'],
    ['꿀', 'honey', '蜂蜜', '蜂蜜', 'ハチミツ'],
  ],
  SEM: [
    ['레몬', 'lemon', '柠檬', '檸檬', 'レモン'],
    ['꿀', 'honey', '蜂蜜', '蜂蜜', 'ハチミツ'],
    ['라놀린', 'lanolin', '羊毛脂', '羊毛脂', 'ラノリン'],
  ],
  MOS: [
    ['청포도', 'white grape', '青葡萄', '青葡萄', 'マスカット'],
    ['오렌지 꽃', 'orange blossom', '橙花', '橙花', 'オレンジブロッサム'],
    ['복숭아', 'peach', '桃子', '水蜜桃', '桃'],
  ],
  ALB: [
    ['레몬', 'lemon', '柠檬', '檸檬', 'レモン'],
    ['복숭아', 'peach', '桃子', '水蜜桃', '桃'],
    ['바다 내음', 'sea spray', '海洋气息', '海洋氣息', '潮の香り'],
  ],
  VER: [
    ['라임', 'lime', '青柠', '萊姆', 'ライム'],
    ['회향', 'fennel', '茴香', '茴香', 'フェンネル'],
    ['아몬드', 'almond', '杏仁', '杏仁', 'アーモンド'],
  ],
  GV: [
    ['청사과', 'green apple', '青苹果', '青蘋果', '青リンゴ'],
    ['백후추', 'white pepper', '白胡椒', '白胡椒', '白コショウ'],
    ['렌틸콩', 'lentil', '小扁豆', '小扁豆', 'レンズ豆'],
  ],
  GLE: [
    ['청사과', 'green apple', '青苹果', '青蘋果', '青リンゴ'],
    ['배', 'pear', '梨', '梨', '洋ナシ'],
    ['아카시아 꽃', 'acacia blossom', '洋槐花', '洋槐花', 'アカシアの花'],
  ],
  GAR: [
    ['아몬드', 'almond', '杏仁', '杏仁', 'アーモンド'],
    ['레몬', 'lemon', '柠檬', '檸檬', 'レモン'],
    ['흰 꽃', 'white flowers', '白色花朵', '白色花朵', '白い花'],
  ],
  VERM: [
    ['레몬', 'lemon', '柠檬', '檸檬', 'レモン'],
    ['지중해 허브', 'Mediterranean herbs', '地中海草本', '地中海草本', '地中海のハーブ'],
    ['짭조름한 미네랄', 'saline minerality', '咸鲜的矿物感', '鹹鮮的礦物感', '塩気を帯びたミネラル'],
  ],
  PM: [
    ['붉은 사과', 'red apple', '红苹果', '紅蘋果', '赤リンゴ'],
    ['브리오슈', 'brioche', '布里欧修面包', '布里歐修麵包', 'ブリオッシュ'],
    ['딸기', 'strawberry', '草莓', '草莓', 'イチゴ'],
  ],
  MAC: [
    ['흰 꽃', 'white flowers', '白色花朵', '白色花朵', '白い花'],
    ['청사과', 'green apple', '青苹果', '青蘋果', '青リンゴ'],
    ['아몬드', 'almond', '杏仁', '杏仁', 'アーモンド'],
  ],
  XAR: [
    ['레몬', 'lemon', '柠檬', '檸檬', 'レモン'],
    ['허브', 'herbs', '草本', '草本', 'ハーブ'],
    ['배', 'pear', '梨', '梨', '洋ナシ'],
  ],
  PAR: [
    ['사과', 'apple', '苹果', '蘋果', 'リンゴ'],
    ['시트러스', 'citrus', '柑橘', '柑橘', 'シトラス'],
    ['꽃', 'flowers', '花朵', '花朵', '花'],
  ],
  PAL: [
    ['아몬드', 'almond', '杏仁', '杏仁', 'アーモンド'],
    ['효모', 'yeast', '酵母', '酵母', 'イースト'],
    ['바다 내음', 'sea breeze', '海风', '海風', '潮風'],
  ],
  PX: [
    ['건포도', 'raisin', '葡萄干', '葡萄乾', 'レーズン'],
    ['무화과', 'fig', '无花果', '無花果', 'イチジク'],
    ['당밀', 'molasses', '糖蜜', '糖蜜', 'モラセス'],
    ['커피', 'coffee', '咖啡', '咖啡', 'コーヒー'],
  ],
  FUR: [
    ['살구', 'apricot', '杏子', '杏桃', 'アプリコット'],
    ['오렌지 껍질', 'orange peel', '橙皮', '橙皮', 'オレンジピール'],
    ['꿀', 'honey', '蜂蜜', '蜂蜜', 'ハチミツ'],
  ],
  HAR: [
    ['린덴 꽃', 'linden blossom', '椴树花', '椴樹花', 'リンデンの花'],
    ['꿀', 'honey', '蜂蜜', '蜂蜜', 'ハチミツ'],
    ['향신료', 'spice', '香料', '香料', 'スパイス'],
  ],
  TOR: [
    ['장미', 'rose', '玫瑰', '玫瑰', 'バラ'],
    ['복숭아', 'peach', '桃子', '水蜜桃', '桃'],
    ['오렌지 꽃', 'orange blossom', '橙花', '橙花', 'オレンジブロッサム'],
  ],
};

const KIND_WORD: Record<KindCode, T5> = {
  RED: ['레드 와인', 'red wine', '红葡萄酒', '紅葡萄酒', '赤ワイン'],
  WHITE: ['화이트 와인', 'white wine', '白葡萄酒', '白葡萄酒', '白ワイン'],
  SPARKLING: ['스파클링 와인', 'sparkling wine', '起泡酒', '氣泡酒', 'スパークリングワイン'],
  ROSE: ['로제 와인', 'rosé', '桃红葡萄酒', '粉紅葡萄酒', 'ロゼワイン'],
  DESSERT: ['디저트 와인', 'dessert wine', '甜型葡萄酒', '甜型葡萄酒', 'デザートワイン'],
  FORTIFIED: ['주정강화 와인', 'fortified wine', '加强型葡萄酒', '加烈葡萄酒', '酒精強化ワイン'],
};

const LEVEL_SENTENCES: Record<LevelCode, T5[]> = {
  ICON: [
    [
      '생산자의 철학과 떼루아를 가장 온전히 담아낸 플래그십 와인으로, 수십 년의 숙성 잠재력을 지녔습니다.',
      'It is the estate’s flagship, the fullest expression of its terroir, built to age for decades.',
      '作为酒庄的旗舰之作，它最完整地展现了酿酒理念与风土，具备数十年的陈年潜力。',
      '作為酒莊的旗艦之作，它最完整地展現了釀酒理念與風土，具備數十年的陳年潛力。',
      '造り手の哲学とテロワールを最も忠実に表現したフラッグシップワインで、数十年の熟成ポテンシャルを備えています。',
    ],
    [
      '한정된 수량만 생산되는 최상위 퀴베로, 세계 평론가들에게 꾸준히 최고 평가를 받고 있습니다.',
      'Made in small quantities, this top cuvée is consistently among the critics’ highest-rated wines.',
      '这款顶级特酿产量有限，始终获得全球酒评家的最高评价。',
      '這款頂級特釀產量有限，始終獲得全球酒評家的最高評價。',
      '限られた数量のみ生産される最上級キュヴェで、世界の評論家から常に最高の評価を受けています。',
    ],
  ],
  PREMIUM: [
    [
      '엄선한 포도밭의 포도만을 사용해 깊이와 균형을 갖춘 프리미엄 와인입니다.',
      'Only fruit from selected plots goes into this premium wine of depth and balance.',
      '仅选用精选地块的葡萄酿造，是一款兼具深度与平衡的高端葡萄酒。',
      '僅選用精選地塊的葡萄釀造，是一款兼具深度與平衡的高端葡萄酒。',
      '厳選した畑のブドウだけを使った、深みとバランスを兼ね備えたプレミアムワインです。',
    ],
    [
      '특별한 날의 식탁이나 선물용으로 추천하는 완성도 높은 와인입니다.',
      'A polished wine for special dinners, and a fine gift.',
      '这款酒品质精良，适合在特别的日子佐餐，也是送礼佳选。',
      '這款酒品質精良，適合在特別的日子佐餐，也是送禮佳選。',
      '特別な日の食卓や贈り物におすすめの、完成度の高いワインです。',
    ],
  ],
  CLASSIC: [
    [
      '산지의 개성을 충실하게 보여 주는 클래식한 스타일로, 식사와 함께 즐기기 좋습니다.',
      'A classic, true-to-region style that shines at the dinner table.',
      '风格经典，忠实呈现产区个性，非常适合佐餐。',
      '風格經典，忠實呈現產區個性，非常適合佐餐。',
      '産地の個性を忠実に映し出すクラシックなスタイルで、食事と一緒に楽しむのにぴったりです。',
    ],
    [
      '오랫동안 사랑받아 온 생산자의 대표 와인으로, 품질과 가격의 균형이 뛰어납니다.',
      'One of the house’s long-time favourites, with excellent value for its quality.',
      '这是酒庄多年来深受喜爱的代表作，性价比出众。',
      '這是酒莊多年來深受喜愛的代表作，性價比出眾。',
      '長く愛されてきた造り手の代表的なワインで、品質と価格のバランスに優れています。',
    ],
  ],
  DAILY: [
    [
      '부담 없는 가격에 품질을 갖춰 매일 곁에 두고 마시기 좋은 데일리 와인입니다.',
      'An easy-going everyday wine, well made and kindly priced.',
      '价格亲民、品质可靠，是适合日常饮用的佐餐酒。',
      '價格親民、品質可靠，是適合日常飲用的佐餐酒。',
      '手頃な価格ながら品質も確かな、毎日気軽に楽しめるデイリーワインです。',
    ],
    [
      '편안하게 즐길 수 있는 스타일로, 와인을 처음 시작하는 분께도 추천합니다.',
      'Approachable and friendly, a good first bottle for newcomers to wine.',
      '风格轻松易饮，也推荐给刚开始接触葡萄酒的朋友。',
      '風格輕鬆易飲，也推薦給剛開始接觸葡萄酒的朋友。',
      '気軽に楽しめるスタイルで、ワインを飲み始めたばかりの方にもおすすめです。',
    ],
  ],
};

/** Body in the tasting note (index = profile body 1..5; 0 is unused). */
const BODY: T5[] = [
  ['가벼운 라이트 바디', 'light-bodied', '酒体轻盈', '酒體輕盈', '軽やかなライトボディ'],
  ['가벼운 라이트 바디', 'light-bodied', '酒体轻盈', '酒體輕盈', '軽やかなライトボディ'],
  ['경쾌한 미디엄 라이트 바디', 'medium-light', '酒体轻快', '酒體輕快', '軽快なミディアムライトボディ'],
  ['균형 잡힌 미디엄 바디', 'medium-bodied', '酒体中等而均衡', '酒體中等而均衡', 'バランスのとれたミディアムボディ'],
  ['풍성한 미디엄 풀 바디', 'medium-full', '酒体丰满', '酒體豐滿', 'ふくよかなミディアムフルボディ'],
  ['묵직한 풀 바디', 'full-bodied', '酒体厚重饱满', '酒體厚重飽滿', '重厚なフルボディ'],
];
/** Body as a label in the description (Korean and English take it from BODY). */
const BODY_LABEL: T3[] = [
  ['酒体轻盈的', '酒體輕盈的', 'ライトボディ'],
  ['酒体轻盈的', '酒體輕盈的', 'ライトボディ'],
  ['酒体中等偏轻的', '酒體中等偏輕的', 'ミディアムライトボディ'],
  ['酒体适中的', '酒體適中的', 'ミディアムボディ'],
  ['酒体中等偏重的', '酒體中等偏重的', 'ミディアムフルボディ'],
  ['酒体饱满的', '酒體飽滿的', 'フルボディ'],
];
/** Tannin: Korean, English and Japanese qualify the noun; Chinese uses a predicate (单宁柔和). */
const TANNIN: T5[] = [
  ['', '', '', '', ''],
  ['부드러운', 'soft', '柔和', '柔和', '柔らかな'],
  ['실키한', 'silky', '如丝般顺滑', '如絲般滑順', 'シルキーな'],
  ['잘 다듬어진', 'polished', '精致细腻', '精緻細膩', 'よく磨かれた'],
  ['단단한', 'firm', '坚实', '堅實', 'しっかりとした'],
  ['촘촘하고 힘 있는', 'dense, powerful', '紧密有力', '緊密有力', '緻密で力強い'],
];
const ACID: T5[] = [
  ['', '', '', '', ''],
  ['부드러운', 'gentle', '柔和', '柔和', '穏やかな'],
  ['차분한', 'moderate', '适中', '適中', '落ち着いた'],
  ['균형 잡힌', 'balanced', '均衡', '均衡', 'バランスのよい'],
  ['생기 있는', 'lively', '活泼', '活潑', '生き生きとした'],
  ['짜릿하고 선명한', 'vibrant, racy', '明亮爽脆', '明亮爽脆', 'シャープで鮮烈な'],
];
const FINISH: T5[] = [
  [
    '여운이 길고 우아하게 이어집니다.',
    'The finish is long and elegant.',
    '余韵悠长而优雅。',
    '餘韻悠長而優雅。',
    '余韻は長く、エレガントに続きます。',
  ],
  [
    '깔끔하고 산뜻하게 마무리됩니다.',
    'It finishes clean and fresh.',
    '收尾干净清爽。',
    '收尾乾淨清爽。',
    'すっきりと爽やかに締めくくります。',
  ],
  [
    '은은한 향신료 풍미가 긴 여운으로 남습니다.',
    'Gentle spice lingers on a long finish.',
    '淡淡的香料风味在悠长的余韵中萦绕。',
    '淡淡的香料風味在悠長的餘韻中縈繞。',
    'ほのかなスパイスの風味が長い余韻となって残ります。',
  ],
  [
    '입안을 가득 채운 뒤 부드럽게 사라집니다.',
    'It fills the palate, then fades softly.',
    '充盈口腔后缓缓消散。',
    '充盈口腔後緩緩消散。',
    '口いっぱいに広がった後、穏やかに消えていきます。',
  ],
];

const FOODS: Record<string, T5[]> = {
  redFull: [
    ['한우 등심 스테이크', 'Korean beef sirloin steak', '韩牛西冷牛排', '韓牛沙朗牛排', '韓牛サーロインステーキ'],
    ['갈비찜', 'braised short ribs (galbi-jjim)', '韩式炖牛小排', '韓式燉牛小排', 'カルビチム'],
    ['양갈비 구이', 'grilled lamb chops', '烤羊排', '烤羊排', 'ラムチョップのグリル'],
    ['숙성 치즈', 'aged cheeses', '陈年奶酪', '熟成起司', '熟成チーズ'],
    ['LA 갈비', 'grilled LA-style galbi', 'LA式烤牛小排', 'LA式烤牛小排', 'LAカルビ'],
    ['버섯 전골', 'mushroom hot pot', '蘑菇火锅', '菇類火鍋', 'きのこ鍋'],
  ],
  redMedium: [
    ['불고기', 'bulgogi', '韩式烤牛肉', '韓式烤牛肉', 'プルコギ'],
    ['삼겹살 구이', 'grilled pork belly', '烤五花肉', '烤五花肉', 'サムギョプサル'],
    ['토마토 소스 파스타', 'pasta with tomato sauce', '番茄酱意面', '番茄醬義大利麵', 'トマトソースのパスタ'],
    ['하몽과 살라미', 'jamón and salami', '西班牙火腿与萨拉米', '西班牙火腿與薩拉米', '生ハムとサラミ'],
    ['떡갈비', 'tteok-galbi patties', '韩式牛肉饼', '韓式牛肉餅', 'トッカルビ'],
    ['피자', 'pizza', '比萨', '披薩', 'ピザ'],
  ],
  redLight: [
    ['오리 가슴살 구이', 'roast duck breast', '烤鸭胸', '烤鴨胸', '鴨胸肉のロースト'],
    ['버섯 리소토', 'mushroom risotto', '蘑菇烩饭', '蘑菇燉飯', 'きのこのリゾット'],
    ['연어 스테이크', 'salmon steak', '三文鱼排', '鮭魚排', 'サーモンステーキ'],
    ['닭고기 꼬치구이', 'chicken skewers', '烤鸡肉串', '烤雞肉串', '焼き鳥'],
    ['잡채', 'japchae', '韩式杂菜', '韓式雜菜', 'チャプチェ'],
  ],
  whiteCrisp: [
    ['굴', 'fresh oysters', '鲜牡蛎', '鮮蚵', '牡蠣'],
    ['생선회', 'sashimi', '生鱼片', '生魚片', '刺身'],
    ['해물파전', 'seafood pancake (haemul-pajeon)', '海鲜葱饼', '海鮮煎餅', '海鮮チヂミ'],
    ['염소 치즈 샐러드', 'goat cheese salad', '山羊奶酪沙拉', '山羊起司沙拉', 'シェーブルチーズのサラダ'],
    ['조개 술찜', 'steamed clams', '酒蒸蛤蜊', '酒蒸蛤蜊', 'アサリの酒蒸し'],
    ['흰살생선 구이', 'grilled white fish', '烤白肉鱼', '烤白肉魚', '白身魚のグリル'],
  ],
  whiteRich: [
    ['랍스터 버터 구이', 'butter-grilled lobster', '黄油烤龙虾', '奶油烤龍蝦', 'オマール海老のバター焼き'],
    ['크림 파스타', 'cream pasta', '奶油意面', '奶油義大利麵', 'クリームパスタ'],
    ['전복 버터구이', 'butter-seared abalone', '黄油煎鲍鱼', '奶油煎鮑魚', 'アワビのバター焼き'],
    ['로스트 치킨', 'roast chicken', '烤鸡', '烤雞', 'ローストチキン'],
    ['게살 요리', 'crab dishes', '蟹肉料理', '蟹肉料理', 'カニ料理'],
  ],
  whiteAromatic: [
    ['매콤한 아시아 요리', 'spicy Asian dishes', '香辣亚洲菜', '香辣亞洲料理', 'スパイシーなアジア料理'],
    ['타이 커리', 'Thai curry', '泰式咖喱', '泰式咖哩', 'タイカレー'],
    ['떡볶이', 'tteokbokki', '韩式炒年糕', '韓式辣炒年糕', 'トッポッキ'],
    ['양념치킨', 'Korean fried chicken', '韩式甜辣炸鸡', '韓式甜辣炸雞', 'ヤンニョムチキン'],
    ['과일 샐러드', 'fruit salad', '水果沙拉', '水果沙拉', 'フルーツサラダ'],
  ],
  sparkling: [
    ['카나페', 'canapés', '法式小点', '法式開胃小點', 'カナッペ'],
    ['튀김', 'tempura', '天妇罗', '天婦羅', '天ぷら'],
    ['생굴', 'raw oysters', '生蚝', '生蠔', '生牡蠣'],
    ['프라이드치킨', 'fried chicken', '炸鸡', '炸雞', 'フライドチキン'],
    ['캐비아', 'caviar', '鱼子酱', '魚子醬', 'キャビア'],
    ['연어 타르타르', 'salmon tartare', '三文鱼鞑靼', '鮭魚韃靼', 'サーモンのタルタル'],
  ],
  sweetSparkling: [
    ['과일 타르트', 'fruit tarts', '水果挞', '水果塔', 'フルーツタルト'],
    ['딸기 케이크', 'strawberry cake', '草莓蛋糕', '草莓蛋糕', 'イチゴのショートケーキ'],
    ['매콤한 음식', 'spicy dishes', '辛辣菜肴', '辛辣料理', '辛い料理'],
    ['마카롱', 'macarons', '马卡龙', '馬卡龍', 'マカロン'],
  ],
  rose: [
    ['샤퀴트리', 'charcuterie', '法式冷肉拼盘', '法式冷肉拼盤', 'シャルキュトリー'],
    ['지중해식 샐러드', 'Mediterranean salads', '地中海沙拉', '地中海沙拉', '地中海風サラダ'],
    ['참치 타다키', 'seared tuna', '炙烤金枪鱼', '炙燒鮪魚', 'マグロのたたき'],
    ['부야베스', 'bouillabaisse', '马赛鱼汤', '馬賽魚湯', 'ブイヤベース'],
    ['비빔밥', 'bibimbap', '韩式拌饭', '韓式拌飯', 'ビビンバ'],
  ],
  dessert: [
    ['푸아그라', 'foie gras', '鹅肝', '鵝肝', 'フォアグラ'],
    ['블루 치즈', 'blue cheese', '蓝纹奶酪', '藍紋起司', 'ブルーチーズ'],
    ['과일 타르트', 'fruit tarts', '水果挞', '水果塔', 'フルーツタルト'],
    ['크렘 브륄레', 'crème brûlée', '法式焦糖布丁', '法式烤布蕾', 'クレームブリュレ'],
    ['약과', 'yakgwa honey cookies', '韩式蜜油果', '韓式蜜油果', '薬菓（ヤックァ）'],
  ],
  fortifiedSweet: [
    ['다크 초콜릿', 'dark chocolate', '黑巧克力', '黑巧克力', 'ダークチョコレート'],
    ['구운 견과류', 'roasted nuts', '烤坚果', '烤堅果', 'ローストナッツ'],
    ['스틸턴 치즈', 'Stilton cheese', '斯提尔顿奶酪', '斯蒂爾頓起司', 'スティルトンチーズ'],
    ['호두 파이', 'walnut pie', '核桃派', '核桃派', 'クルミのパイ'],
    ['바닐라 아이스크림', 'vanilla ice cream', '香草冰淇淋', '香草冰淇淋', 'バニラアイスクリーム'],
  ],
  fortifiedDry: [
    ['그린 올리브', 'green olives', '青橄榄', '綠橄欖', 'グリーンオリーブ'],
    ['하몽', 'jamón ibérico', '伊比利亚火腿', '伊比利火腿', 'ハモン・イベリコ'],
    ['구운 아몬드', 'toasted almonds', '烤杏仁', '烤杏仁', 'ローストアーモンド'],
    ['새우 튀김', 'fried prawns', '炸虾', '炸蝦', 'エビフライ'],
    ['생선회', 'sashimi', '生鱼片', '生魚片', '刺身'],
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
/** 以赤霞珠为主，混酿梅洛和品丽珠 (a clause after the winery). */
function grapeListZh(gs: TextInput['grapes'], i: 2 | 3): string {
  const tw = i === 3;
  const [a, b, c] = gs.map((x) => x.grape.names[i]);
  if (gs.length === 1) return tw ? `以100%${a}釀製` : `以100%${a}酿制`;
  const main = tw ? `以${a}為主，混釀` : `以${a}为主，混酿`;
  if (gs.length === 2) return `${main}${b}`;
  if (gs.length === 3) return `${main}${b}${tw ? '與' : '和'}${c}`;
  return `${main}${b}、${c}等${tw ? '品種' : '品种'}`;
}
/** カベルネ・ソーヴィニヨンを主体にメルローをブレンドして造る (qualifies the kind of wine). */
function grapeListJa(gs: TextInput['grapes']): string {
  const [a, b, c] = gs.map((x) => x.grape.names[4]);
  if (gs.length === 1) return `${a}100%で造る`;
  const rest = gs.length === 2 ? b : gs.length === 3 ? `${b}、${c}` : `${b}、${c}など`;
  return `${a}を主体に${rest}をブレンドして造る`;
}

function aromas(rng: Rng, gs: TextInput['grapes'], kind: KindCode): T5[] {
  const pool: T5[] = [];
  for (const { grape } of gs) pool.push(...(AROMAS[grape.code] ?? []));
  if (kind === 'SPARKLING')
    pool.push(
      ['브리오슈', 'brioche', '布里欧修面包', '布里歐修麵包', 'ブリオッシュ'],
      ['구운 빵', 'toasted bread', '烤面包', '烤麵包', 'トーストしたパン'],
    );
  if (kind === 'DESSERT')
    pool.push(
      ['꿀', 'honey', '蜂蜜', '蜂蜜', 'ハチミツ'],
      ['말린 살구', 'dried apricot', '杏干', '杏桃乾', 'ドライアプリコット'],
      ['사프란', 'saffron', '藏红花', '番紅花', 'サフラン'],
    );
  if (kind === 'FORTIFIED') pool.push(['캐러멜', 'caramel', '焦糖', '焦糖', 'キャラメル'], ['호두', 'walnut', '核桃', '核桃', 'クルミ']);
  const unique = [...new Map(pool.map((p) => [p[0], p])).values()];
  // Keep the first grape's leading aroma, then two more at random.
  const first = unique[0]!;
  return [first, ...rng.sample(unique.slice(1), 2)];
}

function foodsFor(input: TextInput): T5[] {
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

function tastingNote(rng: Rng, input: TextInput): T5 {
  const [a1, a2, a3] = aromas(rng, input.grapes, input.kind);
  const { body, acidity, tannin } = input.profile;
  const fin = rng.pick(FINISH);
  const nose: T5 = a3
    ? [
        `${a1![0]}, ${a2![0]}의 향이 먼저 피어오르고 ${a3[0]}의 뉘앙스가 뒤를 잇습니다.`,
        `${cap(a1![1])} and ${a2![1]} lead on the nose, followed by hints of ${a3[1]}.`,
        `首先散发出${a1![2]}和${a2![2]}的香气，随后带出${a3[2]}的气息。`,
        `首先散發出${a1![3]}與${a2![3]}的香氣，隨後帶出${a3[3]}的氣息。`,
        `${a1![4]}や${a2![4]}の香りがまず立ち上り、${a3[4]}のニュアンスが続きます。`,
      ]
    : [
        `${a1![0]}의 향이 또렷하게 느껴집니다.`,
        `${cap(a1![1])} comes through clearly on the nose.`,
        `${a1![2]}的香气清晰可辨。`,
        `${a1![3]}的香氣清晰可辨。`,
        `${a1![4]}の香りがはっきりと感じられます。`,
      ];
  const B = BODY[body]!;
  const T = TANNIN[tannin]!;
  const A = ACID[acidity]!;
  let palate: T5;
  switch (input.kind) {
    case 'RED':
      palate = [
        `${B[0]}에 ${T[0]} 탄닌과 ${A[0]} 산도가 조화를 이룹니다.`,
        `The palate is ${B[1]}, with ${T[1]} tannins and ${A[1]} acidity.`,
        `${B[2]}，单宁${T[2]}，酸度${A[2]}，整体和谐。`,
        `${B[3]}，單寧${T[3]}，酸度${A[3]}，整體和諧。`,
        `${B[4]}に、${T[4]}タンニンと${A[4]}酸が調和しています。`,
      ];
      break;
    case 'SPARKLING':
      palate = [
        `섬세하고 지속적인 기포와 ${A[0]} 산도가 입안을 상쾌하게 채웁니다.`,
        `Fine, persistent bubbles and ${A[1]} acidity make it refreshing.`,
        `细腻持久的气泡与${A[2]}的酸度令口中清爽怡人。`,
        `細緻持久的氣泡與${A[3]}的酸度令口中清爽宜人。`,
        `きめ細かく持続する泡と${A[4]}酸が、口の中を爽やかに満たします。`,
      ];
      break;
    case 'DESSERT':
      palate = [
        `농밀한 단맛을 ${A[0]} 산도가 받쳐 주어 무겁지 않습니다.`,
        `Luscious sweetness is lifted by ${A[1]} acidity, so it never cloys.`,
        `浓郁的甜美由${A[2]}的酸度托起，丝毫不显甜腻。`,
        `濃郁的甜美由${A[3]}的酸度托起，絲毫不顯甜膩。`,
        `濃密な甘さを${A[4]}酸が支え、重たさを感じさせません。`,
      ];
      break;
    case 'FORTIFIED':
      palate =
        input.sugarLevel <= 2
          ? [
              '드라이하고 짭조름한 풍미가 입맛을 돋웁니다.',
              'Bone-dry and savoury, it sharpens the appetite.',
              '口感干爽，带有咸鲜风味，令人胃口大开。',
              '口感乾爽，帶有鹹鮮風味，令人胃口大開。',
              'ドライで塩気を帯びた風味が食欲をそそります。',
            ]
          : [
              '진하고 달콤한 풍미가 따뜻한 알코올과 어우러집니다.',
              'Rich, sweet flavours meld with warming alcohol.',
              '浓郁香甜的风味与温暖的酒精感融为一体。',
              '濃郁香甜的風味與溫暖的酒精感融為一體。',
              '濃厚で甘い風味が、温かみのあるアルコールと溶け合います。',
            ];
      break;
    default:
      palate = [
        `${B[0]}에 ${A[0]} 산도가 돋보입니다.`,
        `It is ${B[1]} with ${A[1]} acidity.`,
        `${B[2]}，${A[2]}的酸度尤为突出。`,
        `${B[3]}，${A[3]}的酸度尤為突出。`,
        `${B[4]}で、${A[4]}酸が際立ちます。`,
      ];
  }
  return joinSentences([nose, palate, fin]);
}

function winemaking(rng: Rng, input: TextInput): T5 {
  const { kind, level, grapes, area, months, sugarLevel } = input;
  const main = grapes[0]!.grape.code;
  const newOak = level === 'ICON' ? rng.int(6, 10) * 10 : level === 'PREMIUM' ? rng.int(3, 6) * 10 : rng.int(1, 3) * 10;
  switch (kind) {
    case 'RED': {
      const vessel = rng.pick<T5>([
        ['스테인리스 스틸 탱크', 'stainless steel tanks', '不锈钢罐', '不鏽鋼槽', 'ステンレスタンク'],
        ['오픈 탑 오크 발효조', 'open-top oak vats', '开顶式橡木发酵桶', '開頂式橡木發酵槽', '開放式のオーク発酵槽'],
        ['콘크리트 탱크', 'concrete tanks', '混凝土罐', '混凝土槽', 'コンクリートタンク'],
      ]);
      if (level === 'DAILY')
        return [
          `포도를 선별해 ${vessel[0]}에서 발효한 뒤, 일부를 오크에서 ${months}개월 숙성해 과일 향을 살렸습니다.`,
          `Fermented in ${vessel[1]}, with part of the wine aged ${months} months in oak to keep the fruit in front.`,
          `精选的葡萄在${vessel[2]}中发酵，部分酒液在橡木桶中陈酿${months}个月，以突出果香。`,
          `精選的葡萄於${vessel[3]}中發酵，部分酒液在橡木桶中陳釀${months}個月，以突顯果香。`,
          `選果したブドウを${vessel[4]}で発酵させた後、一部をオーク樽で${months}か月熟成させ、果実味を引き立てました。`,
        ];
      return [
        `손으로 수확한 포도를 ${vessel[0]}에서 발효한 뒤, 프렌치 오크 배럴(새 오크 ${newOak}%)에서 ${months}개월간 숙성했습니다.`,
        `Hand-harvested grapes were fermented in ${vessel[1]} and aged ${months} months in French oak barrels (${newOak}% new).`,
        `人工采收的葡萄在${vessel[2]}中发酵，随后在法国橡木桶（新桶比例${newOak}%）中陈酿${months}个月。`,
        `人工採收的葡萄於${vessel[3]}中發酵，隨後在法國橡木桶（新桶比例${newOak}%）中陳釀${months}個月。`,
        `手摘みしたブドウを${vessel[4]}で発酵させ、フレンチオーク樽（新樽比率${newOak}%）で${months}か月間熟成させました。`,
      ];
    }
    case 'WHITE':
      if (['CH', 'ROU', 'SEM'].includes(main) && level !== 'DAILY')
        return [
          `오크 배럴에서 발효한 뒤 ${months}개월간 효모 앙금과 함께 숙성하며 바토나주로 질감을 더했습니다.`,
          `Barrel-fermented, then aged ${months} months on its lees with bâtonnage for texture.`,
          `在橡木桶中发酵后带酒泥陈酿${months}个月，并通过搅桶增添质感。`,
          `於橡木桶中發酵後帶酒渣陳釀${months}個月，並透過攪桶增添質感。`,
          `オーク樽で発酵させた後、${months}か月間澱とともに熟成させ、バトナージュで厚みを加えました。`,
        ];
      return [
        `이른 아침 수확한 포도를 부드럽게 압착해 스테인리스 스틸 탱크에서 저온 발효하여 신선한 과일 향을 지켰습니다.`,
        `Grapes picked in the cool of the morning were gently pressed and fermented cold in stainless steel to keep their freshness.`,
        `清晨采收的葡萄经轻柔压榨后，在不锈钢罐中低温发酵，保留了清新的果香。`,
        `清晨採收的葡萄經輕柔壓榨後，在不鏽鋼槽中低溫發酵，保留了清新的果香。`,
        `早朝に収穫したブドウを優しく圧搾し、ステンレスタンクで低温発酵させて、フレッシュな果実の香りを守りました。`,
      ];
    case 'SPARKLING':
      if (['GLE', 'MOS'].includes(main))
        return [
          `압력 탱크에서 2차 발효하는 샤르마 방식으로 만들어 포도 본연의 향을 생생하게 살렸습니다.`,
          `Made by the tank (Charmat) method, which keeps the grape’s own aromas vivid.`,
          `采用在密闭压力罐中进行二次发酵的查马法酿造，生动保留了葡萄本身的香气。`,
          `採用在密閉壓力槽中進行二次發酵的夏瑪法釀造，生動保留了葡萄本身的香氣。`,
          `耐圧タンクで二次発酵を行うシャルマ方式で造られ、ブドウ本来の香りを生き生きと引き出しています。`,
        ];
      return [
        `병 안에서 2차 발효하는 전통 방식으로 만들어 ${months}개월 이상 효모 앙금과 숙성했습니다.`,
        `Made by the traditional method, with second fermentation in bottle and at least ${months} months on the lees.`,
        `采用瓶中二次发酵的传统法酿造，并带酒泥陈酿至少${months}个月。`,
        `採用瓶中二次發酵的傳統法釀造，並帶酒渣陳釀至少${months}個月。`,
        `瓶内二次発酵による伝統的製法で造られ、${months}か月以上澱とともに熟成させました。`,
      ];
    case 'ROSE':
      return [
        `포도를 곧바로 압착해 옅은 빛깔만 얻은 뒤 저온에서 천천히 발효했습니다.`,
        `Direct-pressed for a pale colour, then fermented slowly at low temperature.`,
        `葡萄直接压榨，只取淡雅的色泽，随后低温缓慢发酵。`,
        `葡萄直接壓榨，只取淡雅的色澤，隨後低溫緩慢發酵。`,
        `ブドウをすぐに圧搾して淡い色合いだけを引き出し、低温でゆっくりと発酵させました。`,
      ];
    case 'DESSERT':
      if (['SEM', 'FUR'].includes(main) || area.code === 'SAUTERNES')
        return [
          `귀부균(보트리티스)이 핀 포도알을 여러 차례에 걸쳐 한 알씩 손으로 골라 수확했습니다.`,
          `Botrytised berries were picked by hand, berry by berry, over several passes through the vineyard.`,
          `分多次进园，逐粒手工采摘感染了贵腐菌（灰霉菌）的葡萄。`,
          `分多次進園，逐粒手工採摘感染了貴腐黴（灰黴菌）的葡萄。`,
          `貴腐菌（ボトリティス）がついたブドウを、何度にも分けて一粒ずつ手で選んで収穫しました。`,
        ];
      if (['COR', 'MOS', 'CB'].includes(main))
        return [
          `수확한 포도를 몇 달간 말려 당분과 향을 농축한 뒤 천천히 발효했습니다.`,
          `The grapes were dried for months to concentrate sugar and aroma before a slow fermentation.`,
          `采收的葡萄经过数月风干，浓缩糖分与香气后再缓慢发酵。`,
          `採收的葡萄經過數月風乾，濃縮糖分與香氣後再緩慢發酵。`,
          `収穫したブドウを数か月かけて陰干しし、糖分と香りを凝縮させてからゆっくりと発酵させました。`,
        ];
      return [
        `늦게 수확해 당도가 높아진 포도로 발효를 일찍 멈춰 자연스러운 단맛을 남겼습니다.`,
        `Late-harvested, super-ripe grapes; fermentation stopped early to keep natural sweetness.`,
        `以晚收、糖分充足的葡萄酿造，提前终止发酵，保留了天然的甜美。`,
        `以晚摘、糖分充足的葡萄釀造，提前終止發酵，保留了天然的甜美。`,
        `遅摘みで糖度が高まったブドウを使い、発酵を早めに止めて自然な甘さを残しました。`,
      ];
    default: {
      if (area.code === 'JEREZ') {
        const years = Math.max(3, Math.round(months / 6));
        return sugarLevel <= 2
          ? [
              `플로르 효모막 아래에서 솔레라 시스템으로 평균 ${years}년 이상 숙성했습니다.`,
              `Aged under a veil of flor in a solera system for an average of over ${years} years.`,
              `在酒花（flor）酵母膜下以索雷拉系统陈酿，平均酒龄超过${years}年。`,
              `在酒花（flor）酵母膜下以索雷拉系統陳釀，平均酒齡超過${years}年。`,
              `フロール（産膜酵母）の膜の下、ソレラシステムで平均${years}年以上熟成させました。`,
            ]
          : [
              `햇볕에 말린 포도로 만든 와인을 솔레라 시스템에서 오랜 세월 숙성했습니다.`,
              `Wine from sun-dried grapes, aged for many years in a solera system.`,
              `以日晒风干的葡萄酿成，并在索雷拉系统中经过多年陈酿。`,
              `以日曬風乾的葡萄釀成，並在索雷拉系統中經過多年陳釀。`,
              `天日干ししたブドウから造ったワインを、ソレラシステムで長い年月をかけて熟成させました。`,
            ];
      }
      return [
        `발효 중에 포도 증류주를 더해 발효를 멈추고 단맛을 남긴 뒤 오크 통에서 숙성했습니다.`,
        `Grape spirit was added mid-fermentation to keep natural sweetness; the wine was then aged in oak casks.`,
        `在发酵过程中加入葡萄蒸馏酒以终止发酵、保留甜味，随后在橡木桶中陈酿。`,
        `在發酵過程中加入葡萄蒸餾酒以終止發酵、保留甜味，隨後在橡木桶中陳釀。`,
        `発酵の途中でブドウ由来のスピリッツを加えて発酵を止め、甘さを残したうえでオーク樽で熟成させました。`,
      ];
    }
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Description, tasting note, pairing and winemaking of a wine in the five languages. */
export function wineTexts(rng: Rng, input: TextInput) {
  const { kind, level, grapes, area, wineryKo, wineryOriginal, profile } = input;
  const areaKo = area.names[0];
  const kindWord = KIND_WORD[kind];
  const withBody = kind === 'RED' || kind === 'WHITE';
  const bodyWord = withBody ? BODY[profile.body]![0].split(' ').slice(1).join(' ') + ' ' : '';
  const label = BODY_LABEL[profile.body]!;
  const lvl = rng.pick(LEVEL_SENTENCES[level]);
  const description = localized([
    `${areaKo}의 ${wineryKo}${josa(wineryKo, '이', '가')} ${grapeListKo(grapes)} ${bodyWord}${kindWord[0]}입니다. ${lvl[0]}`,
    `A ${withBody ? BODY[profile.body]![1] + ' ' : ''}${kindWord[1]} ${grapeListEn(grapes)}, made by ${wineryOriginal} in ${area.names[1]}. ${lvl[1]}`,
    `这款${withBody ? label[0] : ''}${kindWord[2]}出自${area.names[2]}的${wineryOriginal}，${grapeListZh(grapes, 2)}。${lvl[2]}`,
    `這款${withBody ? label[1] : ''}${kindWord[3]}出自${area.names[3]}的${wineryOriginal}，${grapeListZh(grapes, 3)}。${lvl[3]}`,
    `${area.names[4]}の${wineryOriginal}が${grapeListJa(grapes)}${withBody ? `、${label[2]}の` : ''}${kindWord[4]}です。${lvl[4]}`,
  ]);
  const note = tastingNote(rng, input);
  const [f1, f2, f3] = rng.sample(foodsFor(input), 3) as [T5, T5, T5];
  const pairing = localized([
    `${f1[0]}, ${f2[0]}, ${f3[0]}${josa(f3[0], '과', '와')} 잘 어울립니다.`,
    `Pairs well with ${f1[1]}, ${f2[1]} and ${f3[1]}.`,
    `适合搭配${f1[2]}、${f2[2]}及${f3[2]}。`,
    `適合搭配${f1[3]}、${f2[3]}及${f3[3]}。`,
    `${f1[4]}、${f2[4]}、${f3[4]}とよく合います。`,
  ]);
  const made = winemaking(rng, input);
  return { description, tastingNote: localized(note), pairing, winemaking: localized(made) };
}

/** A winery's introduction in the five languages. */
export function wineryDescription(
  rng: Rng,
  w: { nameKo: string; nameOriginal: string; area: AreaDef; founded: number; mainGrapes: GrapeDef[]; topLevel: LevelCode },
): LocalizedText {
  const country = COUNTRIES[w.area.country]!;
  const cjk = COUNTRY_CJK[w.area.country] ?? [country.en, country.en, country.en];
  const [areaKo, areaEn, areaCn, areaTw, areaJa] = w.area.names;
  const name = w.nameOriginal;
  const g = (i: number) => w.mainGrapes.map((x) => (i === 1 ? x.original : x.names[i]!));
  const gKo = g(0);
  const two = (list: string[], and: string) => (list.length > 1 ? `${list[0]}${and}${list[1]}` : list[0]!);
  const grapesKo = gKo.length > 1 ? `${gKo[0]}${josa(gKo[0]!, '과', '와')} ${gKo[1]}` : gKo[0]!;
  const old = w.founded < 1900;
  const history: T5 = old
    ? [
        `${w.founded}년 ${country.ko} ${areaKo}에서 시작된 ${w.nameKo}${josa(w.nameKo, '은', '는')} 여러 세대에 걸쳐 전통을 이어 온 유서 깊은 생산자입니다.`,
        `Founded in ${w.founded} in ${areaEn}, ${country.en}, ${name} has carried its traditions through many generations.`,
        `${name}于${w.founded}年创立于${cjk[0]}${areaCn}，是一家历经数代传承传统的历史名庄。`,
        `${name}於${w.founded}年創立於${cjk[1]}${areaTw}，是一家歷經數代傳承傳統的歷史名莊。`,
        `${w.founded}年に${cjk[2]}・${areaJa}で創業した${name}は、何世代にもわたって伝統を受け継いできた由緒ある造り手です。`,
      ]
    : [
        `${w.founded}년 ${country.ko} ${areaKo}에 설립된 ${w.nameKo}${josa(w.nameKo, '은', '는')} 현대적인 양조 기술과 세심한 포도밭 관리로 주목받는 생산자입니다.`,
        `Established in ${w.founded} in ${areaEn}, ${country.en}, ${name} is known for modern winemaking and meticulous vineyard work.`,
        `${name}于${w.founded}年成立于${cjk[0]}${areaCn}，以现代酿酒技术和细致的葡萄园管理备受瞩目。`,
        `${name}於${w.founded}年成立於${cjk[1]}${areaTw}，以現代釀酒技術與細緻的葡萄園管理備受矚目。`,
        `${w.founded}年に${cjk[2]}・${areaJa}で設立された${name}は、現代的な醸造技術ときめ細かな畑の管理で注目を集める造り手です。`,
      ];
  const focus: T5 = [
    `${grapesKo}${josa(gKo.at(-1)!, '을', '를')} 중심으로 산지의 개성이 살아 있는 와인을 만듭니다.`,
    `Its wines, centred on ${two(g(1), ' and ')}, speak clearly of where they come from.`,
    `酒庄以${two(g(2), '和')}为主，酿造出充分展现产区个性的葡萄酒。`,
    `酒莊以${two(g(3), '與')}為主，釀造出充分展現產區個性的葡萄酒。`,
    `${two(g(4), 'と')}を中心に、産地の個性が息づくワインを造っています。`,
  ];
  const fame = rng.pick<T5>(
    w.topLevel === 'ICON'
      ? [
          [
            '세계 최정상급 와인을 생산하며 수집가들의 꾸준한 사랑을 받고 있습니다.',
            'It makes some of the world’s most sought-after wines, prized by collectors.',
            '其出品跻身世界顶级之列，始终深受收藏家青睐。',
            '其出品躋身世界頂級之列，始終深受收藏家青睞。',
            '世界最高峰のワインを生み出し、コレクターから変わらぬ支持を集めています。',
          ],
          [
            '뛰어난 떼루아를 바탕으로 평론가들에게 최고 수준의 평가를 받아 왔습니다.',
            'Its outstanding terroir has earned it the critics’ highest praise.',
            '凭借卓越的风土，一直获得酒评家的最高评价。',
            '憑藉卓越的風土，一直獲得酒評家的最高評價。',
            '卓越したテロワールを背景に、評論家から最高水準の評価を受けてきました。',
          ],
        ]
      : [
          [
            '합리적인 가격에 높은 품질을 갖춘 와인으로 국내에서도 많은 사랑을 받고 있습니다.',
            'Its well-priced, high-quality wines have won many fans in Korea.',
            '其酒款价格合理、品质出众，在韩国也拥有众多爱好者。',
            '其酒款價格合理、品質出眾，在韓國也擁有眾多愛好者。',
            '手頃な価格と高い品質を兼ね備えたワインで、韓国でも多くのファンに愛されています。',
          ],
          [
            '지속 가능한 농법으로 포도를 재배하며 매 빈티지 안정적인 품질을 선보입니다.',
            'It farms sustainably and delivers consistent quality vintage after vintage.',
            '酒庄采用可持续农法种植葡萄，每个年份都呈现稳定的品质。',
            '酒莊採用永續農法種植葡萄，每個年份都呈現穩定的品質。',
            '持続可能な農法でブドウを育て、毎ヴィンテージ安定した品質を届けています。',
          ],
        ],
  );
  return localized(joinSentences([history, focus, fame]));
}
