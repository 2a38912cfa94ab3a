import type { Database } from '../client';
import { documents, type DocumentArticle, type LocalizedDocument } from '../schema/index';
import { PRIVACY_KO } from './privacy-ko';
import { TERMS_KO } from './terms-ko';

/** Articles numbered in order (제1조, 제2조 …), so a version without some articles has no gaps. */
const numbered = (articles: DocumentArticle[]): DocumentArticle[] =>
  articles.map((a, i) => ({ heading: a.heading.replace(/^제\d+조/, `제${i + 1}조`), blocks: a.blocks }));

const kst = (day: string) => new Date(`${day}T00:00:00+09:00`);

const TERMS_INTRO =
  '{{brand}} 웹사이트와 사업자 회원 주문 서비스를 이용해 주셔서 감사합니다. 서비스를 이용하시기 전에 아래 약관을 꼭 읽어 주세요.';
const PRIVACY_INTRO =
  '{{company}}(이하 "회사")는 「개인정보 보호법」에 따라 회원의 개인정보를 보호하고 이와 관련한 고충을 신속하고 원활하게 처리하기 위하여 다음과 같이 개인정보처리방침을 수립·공개합니다.';

const doc = (title: string, intro: string, articles: DocumentArticle[]): LocalizedDocument => ({
  'ko-KR': { title, intro, articles: numbered(articles) },
});

/** The first terms and privacy policy of an installation: a starting text the importer reviews and edits. */
export const DEFAULT_DOCUMENTS = [
  {
    type: 'TERM',
    version: '1.0',
    effectiveAt: kst('2025-03-01'),
    content: doc(
      '이용약관',
      TERMS_INTRO,
      TERMS_KO.filter((a) => a.since === undefined),
    ),
  },
  { type: 'TERM', version: '1.1', effectiveAt: kst('2026-09-01'), content: doc('이용약관', TERMS_INTRO, TERMS_KO) },
  {
    type: 'PRIVACY',
    version: '1.0',
    effectiveAt: kst('2025-03-01'),
    content: doc(
      '개인정보처리방침',
      PRIVACY_INTRO,
      PRIVACY_KO.map((a) => ({ heading: a.heading, blocks: a.v10 ?? a.blocks })),
    ),
  },
  { type: 'PRIVACY', version: '1.1', effectiveAt: kst('2026-09-01'), content: doc('개인정보처리방침', PRIVACY_INTRO, PRIVACY_KO) },
] as const;

/**
 * Stores the default documents in a database that has none (every installation needs terms to sign up against,
 * demo or not). Returns whether it did. Two processes starting at once insert them once (the version is unique).
 */
export async function seedDocuments(db: Database): Promise<boolean> {
  const [any] = await db.select({ id: documents.id }).from(documents).limit(1);
  if (any) return false;
  const rows = await db
    .insert(documents)
    .values(DEFAULT_DOCUMENTS.map((d) => ({ ...d, content: d.content as LocalizedDocument })))
    .onConflictDoNothing()
    .returning({ id: documents.id });
  return rows.length > 0;
}
