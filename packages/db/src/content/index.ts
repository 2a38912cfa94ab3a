import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { appSettings, faqs, postCategories, posts } from '../schema/index';
import { FAQ_CATEGORIES, FAQS_KO } from './faq-ko';
import { NOTICE_CATEGORIES, NOTICES_KO } from './notices-ko';
import { CAREERS_KO } from './careers-ko';

const SEED_KEY = 'demo_content_loaded';
const DAY = 86_400_000;

/**
 * The demo notices, FAQ and open positions (Korean, the other languages fall back to it), loaded once into a demo database.
 * Returns whether it did.
 */
export async function seedContentDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;
    const existing = await tx.select({ id: postCategories.id }).from(postCategories).where(eq(postCategories.type, 'FAQ')).limit(1);
    if (existing.length > 0) return false;
    const cats = await tx
      .insert(postCategories)
      .values([
        ...FAQ_CATEGORIES.map((c, i) => ({ type: 'FAQ', code: c.code, name: { ...c.name }, rank: i + 1 })),
        ...NOTICE_CATEGORIES.map((c, i) => ({ type: 'NOTICE', code: c.code, name: { ...c.name }, rank: i + 1 })),
      ])
      .returning({ id: postCategories.id, type: postCategories.type, code: postCategories.code });
    const idOf = (type: string, code: string) => cats.find((c) => c.type === type && c.code === code)!.id;
    await tx
      .insert(faqs)
      .values(
        FAQS_KO.map((f, i) => ({ categoryId: idOf('FAQ', f.category), question: { 'ko-KR': f.q }, answer: { 'ko-KR': f.a }, rank: i + 1 })),
      );
    const now = Date.now();
    await tx.insert(posts).values(
      NOTICES_KO.map((n) => ({
        type: 'NOTICE',
        categoryId: idOf('NOTICE', n.category),
        title: { 'ko-KR': n.title },
        body: { 'ko-KR': n.body },
        pinned: n.pinned ?? false,
        publishedAt: new Date(now - n.daysAgo * DAY),
      })),
    );
    await tx.insert(posts).values(
      CAREERS_KO.map((c) => ({
        type: 'CAREER',
        title: { 'ko-KR': c.title },
        body: { 'ko-KR': c.body },
        publishedAt: new Date(now - c.daysAgo * DAY),
      })),
    );
    return true;
  });
}
