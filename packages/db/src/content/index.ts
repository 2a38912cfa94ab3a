import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { appSettings, faqs, postCategories, posts, storeCompanies, stores } from '../schema/index';
import { FAQ_CATEGORIES, FAQS_KO } from './faq-ko';
import { NOTICE_CATEGORIES, NOTICES_KO } from './notices-ko';
import { CAREERS_KO } from './careers-ko';
import { STORE_COMPANIES, STORES_KO } from './stores-ko';

const SEED_KEY = 'demo_content_loaded';
/** Its own claim: a demo database made before the stores existed gets them once too. */
const STORES_SEED_KEY = 'demo_stores_loaded';
const DAY = 86_400_000;

/**
 * The demo notices, FAQ, open positions (Korean, the other languages fall back to it) and stores, loaded once into a
 * demo database. Returns whether it loaded anything.
 */
export async function seedContentDemo(db: Database): Promise<boolean> {
  const loadedPosts = await seedPostsDemo(db);
  const loadedStores = await seedStoresDemo(db);
  return loadedPosts || loadedStores;
}

async function seedPostsDemo(db: Database): Promise<boolean> {
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

/**
 * The demo stores ("where to buy") with store 1 in Seoul, which the demo catalogue links wines to; a few other
 * stores get wines by SQL (department stores and wine shops the higher levels, marts the everyday ones).
 */
async function seedStoresDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: STORES_SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;
    if ((await tx.select({ id: stores.id }).from(stores).limit(1)).length > 0) return false;
    const companies = await tx
      .insert(storeCompanies)
      .values(STORE_COMPANIES.map((c, i) => ({ code: c.code, name: { ...c.name }, rank: i + 1 })))
      .returning({ id: storeCompanies.id, code: storeCompanies.code });
    const companyId = (code: string) => companies.find((c) => c.code === code)!.id;
    const now = Date.now();
    await tx.insert(stores).values(
      STORES_KO.map((s, i) => ({
        // Explicit ids: the demo catalogue links wines to store 1.
        id: i + 1,
        companyId: companyId(s.company),
        name: { 'ko-KR': s.ko, 'en-US': s.en },
        siNm: s.siNm,
        sggNm: s.sggNm,
        address: s.address,
        phone: s.phone,
        hours: { ...s.hours },
        latitude: s.lat,
        longitude: s.lng,
        options: s.options,
        rank: i + 1,
        // Opened one after the other, the first longest ago (the newest-first sort).
        createdAt: new Date(now - (STORES_KO.length - i) * 86_400_000 * 7),
      })),
    );
    await tx.execute(sql`select setval(pg_get_serial_sequence('stores', 'id'), (select max(id) from stores))`);
    await tx.execute(sql`insert into product_links (kind, target_id, product_id)
      select 'STORE', s.id, p.id from stores s join store_companies c on c.id = s.company_id
      join lateral (
        select p.id from products p join wine_levels l on l.id = p.level_id
        where p.is_published and l.code = any(case
          when c.code = 'WINE_SHOP' then array['ICON', 'PREMIUM', 'CLASSIC']
          when c.code in ('SHINSEGAE', 'HYUNDAI', 'LOTTE_DEPT') then array['ICON', 'PREMIUM']
          else array['CLASSIC', 'DAILY'] end::varchar[])
        order by (p.id * 7 + s.id * 13) % 101, p.id limit 6 + s.id % 7
      ) p on true
      where s.id <> 1 and s.id % 3 <> 0
      on conflict do nothing`);
    return true;
  });
}
