import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client';
import { appSettings, events, faqs, magazines, postCategories, posts, storeCompanies, stores, teamMembers } from '../schema/index';
import { FAQ_CATEGORIES, FAQS_KO } from './faq-ko';
import { NOTICE_CATEGORIES, NOTICES_KO } from './notices-ko';
import { CAREERS_KO } from './careers-ko';
import { MAGAZINE_CATEGORIES, MAGAZINES_KO, type WinePick } from './magazines-ko';
import { EVENTS_KO } from './events-ko';
import { TEAM_KO } from './team-ko';
import { STORE_COMPANIES, STORES_KO } from './stores-ko';

const SEED_KEY = 'demo_content_loaded';
/** Later content has claims of its own: a demo database made before it existed gets it once too. */
const MAGAZINES_KEY = 'demo_magazines_loaded';
const TEAM_KEY = 'demo_team_loaded';
const STORES_SEED_KEY = 'demo_stores_loaded';
const QNAS_KEY = 'demo_qnas_loaded';
const DAY = 86_400_000;

/**
 * The demo notices, FAQ, open positions, magazines, events, team and stores (Korean, the other languages fall back
 * to it), loaded once into a demo database. Returns whether it loaded anything.
 */
export async function seedContentDemo(db: Database): Promise<boolean> {
  const boards = await seedBoards(db);
  const magazines = await seedMagazines(db);
  const team = await seedTeam(db);
  const loadedStores = await seedStoresDemo(db);
  const inquiries = await seedQnasDemo(db);
  return boards || magazines || team || loadedStores || inquiries;
}

async function seedBoards(db: Database): Promise<boolean> {
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

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Links the wines a pick names to a magazine or an event (when the catalogue is loaded), most recommended first. */
async function linkWines(tx: Tx, kind: 'MAGAZINE' | 'EVENT', targetId: number, pick: WinePick | undefined): Promise<void> {
  if (!pick) return;
  const conds: SQL[] = [sql`p.is_published`];
  if (pick.grape)
    conds.push(sql`exists (select 1 from product_grapes pg join grape_types g on g.id = pg.grape_type_id
      where pg.product_id = p.id and g.original_name = ${pick.grape})`);
  if (pick.kind) conds.push(sql`p.kind_id = (select id from wine_kinds where code = ${pick.kind})`);
  if (pick.level) conds.push(sql`p.level_id = (select id from wine_levels where code = ${pick.level})`);
  if (pick.country) conds.push(sql`p.country_code = ${pick.country}`);
  await tx.execute(sql`insert into product_links (kind, target_id, product_id)
    select ${kind}, ${targetId}, p.id from products p where ${sql.join(conds, sql` and `)}
    order by p.recommend_rank desc, p.id limit ${pick.limit}
    on conflict do nothing`);
}

/**
 * The demo magazines and events (a claim of their own, so a demo database made before them gets them too). The
 * first magazine and the first event take ids 1, which the catalogue seed's links point to.
 */
async function seedMagazines(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: MAGAZINES_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;
    const existing = await tx.select({ id: magazines.id }).from(magazines).limit(1);
    if (existing.length > 0) return false;
    const cats = await tx
      .insert(postCategories)
      .values(MAGAZINE_CATEGORIES.map((c, i) => ({ type: 'MAGAZINE', code: c.code, name: { ...c.name }, rank: i + 1 })))
      .onConflictDoNothing()
      .returning({ id: postCategories.id, code: postCategories.code });
    const now = Date.now();
    const mags = await tx
      .insert(magazines)
      .values(
        MAGAZINES_KO.map((m) => ({
          categoryId: cats.find((c) => c.code === m.category)!.id,
          title: { 'ko-KR': m.title },
          summary: { 'ko-KR': m.summary },
          body: { 'ko-KR': m.body },
          author: m.author,
          cover: m.cover,
          likeCount: m.likes,
          publishedAt: new Date(now - m.daysAgo * DAY),
        })),
      )
      .returning({ id: magazines.id });
    for (const [i, m] of MAGAZINES_KO.entries()) if (i > 0) await linkWines(tx, 'MAGAZINE', mags[i]!.id, m.pick);
    // Korea's calendar day of the seed, then each event's days from it.
    const today = Date.parse(new Date(now + 9 * 3_600_000).toISOString().slice(0, 10));
    const day = (n: number) => new Date(today + n * DAY).toISOString().slice(0, 10);
    const evs = await tx
      .insert(events)
      .values(
        EVENTS_KO.map((e) => ({
          title: { 'ko-KR': e.title },
          summary: { 'ko-KR': e.summary },
          body: { 'ko-KR': e.body },
          place: { 'ko-KR': e.place },
          startsOn: day(e.from),
          endsOn: day(e.to),
          cover: e.cover,
          publishedAt: new Date(Math.min(now, today + (e.from - 21) * DAY)),
        })),
      )
      .returning({ id: events.id });
    for (const [i, e] of EVENTS_KO.entries()) if (i > 0) await linkWines(tx, 'EVENT', evs[i]!.id, e.pick);
    return true;
  });
}

/** The demo team of the company page: Korean names, romanised in the other languages. */
async function seedTeam(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: TEAM_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;
    if ((await tx.select({ id: teamMembers.id }).from(teamMembers).limit(1)).length > 0) return false;
    const latin = (ko: string, other: string) => ({ 'ko-KR': ko, 'en-US': other, 'zh-CN': other, 'zh-TW': other, 'ja-JP': other });
    await tx.insert(teamMembers).values(
      TEAM_KO.map((m, i) => ({
        name: latin(m.name, m.nameLatin),
        role: { 'ko-KR': m.role, 'en-US': m.roleEn, 'zh-CN': m.roleZhCN, 'zh-TW': m.roleZhTW, 'ja-JP': m.roleJa },
        bio: { 'ko-KR': m.bio },
        rank: i + 1,
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

/** Two 1:1 inquiries of the demo buyer (when there is one): one answered, one waiting. */
async function seedQnasDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: QNAS_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;
    const r =
      await tx.execute(sql`insert into qnas (user_id, category_id, full_name, email, title, content, answer, answered_at, created_at)
      select u.id, c.id, u.full_name, u.email, v.title, v.content, v.answer,
        case when v.answer is null then null else now() - interval '2 days' end, now() - v.age::interval
      from users u
      join (values
        ('TAX', '지난달 주문 세금계산서 재발행 요청', '지난달 주문 두 건의 세금계산서를 새 담당자 이메일로 다시 받고 싶습니다. 사업자 정보는 그대로입니다.',
          '안녕하세요. 요청하신 두 건의 세금계산서를 새 담당자 이메일로 다시 발행했습니다. 메일함을 확인해 주세요. 감사합니다.', '3 days'),
        ('DELIVERY', '금요일 오전 배송 가능 여부', '다음 주 금요일 행사가 있어 오전 11시 전에 받아야 합니다. 가능한지 알려 주세요.', null, '5 hours')
      ) as v(code, title, content, answer, age) on true
      join qna_categories c on c.type = 'B2B' and c.code = v.code
      where u.email = 'buyer@example.com'`);
    return ((r as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 1) > 0;
  });
}
