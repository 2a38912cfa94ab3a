import { sql, type SQL } from 'drizzle-orm';
import type { Database, LocalizedText } from '@podo/db';
import type { Language } from '@podo/i18n';
import { apiMessages } from '@podo/i18n/resources';
import {
  WINERY_SORTS,
  type TKind,
  type TLikedWineryListQuery,
  type TProductPage,
  type TWineryCard,
  type TWineryDetail,
  type TWineryListQuery,
  type TWineryPage,
  type TWineryWinesQuery,
  type WinerySort,
} from '@podo/contracts';
import { tagged } from '@podo/cache';
import { AppError } from '../../lib/errors';
import { writeInvalidating } from '../../lib/cache';
import { countMap, countryName, fallbackLang, getCounts, getLookups, loc, locOrNull } from '../wines';
import { and, searchCondition } from '../wines';
import { displayName, listProducts, pageInfo } from '../wines';
import type { Viewer } from '../session';

export type { Viewer } from '../session';
export type { TWineryListQuery } from '@podo/contracts';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

interface WineryRow {
  id: number;
  name_ko: string;
  name_original: string;
  country_code: string;
  production_area_id: number | null;
  image: string | null;
  like_count: number;
  product_count: number;
  liked: boolean;
  updated_at: string | Date;
}

/** Select list of a winery card over alias `w`. */
function wineryCardSelect(viewer: Viewer): SQL {
  const liked =
    viewer.userId === null
      ? sql`false`
      : sql`exists (select 1 from winery_likes wl where wl.user_id = ${viewer.userId} and wl.winery_id = w.id)`;
  return sql`w.id, w.name_ko, w.name_original, w.country_code, w.production_area_id, w.images->>0 as image, w.like_count, w.updated_at,
    (select count(*)::int from products p where p.winery_id = w.id and p.is_published) as product_count, ${liked} as liked`;
}

async function toCards(db: Database, rows: WineryRow[], lang: Language): Promise<TWineryCard[]> {
  let lk = await getLookups(db);
  if (rows.some((r) => r.production_area_id !== null && !lk.areas.has(r.production_area_id))) lk = await getLookups(db, true);
  return rows.map((r) => {
    const area = r.production_area_id === null ? undefined : lk.areas.get(r.production_area_id);
    return {
      id: r.id,
      name: displayName(r.name_ko, r.name_original, lang),
      nameKo: r.name_ko,
      nameOriginal: r.name_original,
      country: { code: r.country_code, name: countryName(r.country_code, lang) },
      productionArea: area ? { id: area.id, name: loc(area.name, lang) } : null,
      image: r.image ?? '',
      productCount: r.product_count,
      likeCount: r.like_count,
      isLiked: r.liked,
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
}

function wineryOrder(sort: WinerySort, lang: Language): SQL {
  switch (sort) {
    case 'NEWEST':
      return sql`w.created_at desc, w.id desc`;
    case 'POPULAR':
      return sql`w.like_count desc, w.id desc`;
    case 'WINES_DESC':
      return sql`w.product_count desc, w.id asc`;
    case 'NAME_ASC':
    default:
      return lang === 'ko-KR' ? sql`w.name_ko asc, w.id asc` : sql`lower(w.name_original) asc, w.id asc`;
  }
}

/** GET /wineries: published wineries by text and country, sorted and paged (one SQL round trip). */
export async function listWineries(db: Database, query: TWineryListQuery, viewer: Viewer, lang: Language): Promise<TWineryPage> {
  const lk = await getLookups(db);
  const badCodes = query.countryCodes?.filter((c) => !lk.countryCodes.has(c));
  if (badCodes?.length) {
    const field = (apiMessages[lang].fields as Record<string, string>).countryCodes ?? 'countryCodes';
    throw new AppError('UNKNOWN_FILTER_VALUE', { field, value: badCodes.join(', ') });
  }
  const conds: SQL[] = [sql`w.is_published`];
  if (query.countryCodes?.length) conds.push(sql`w.country_code = any(${sql.param(query.countryCodes)}::bpchar[])`);
  const search = searchCondition(query.query, 'w');
  if (search) conds.push(search);
  const where = and(conds);
  const order = wineryOrder(query.sort, lang);
  // Only the wines-count sort needs every winery's count; the others count the page rows alone.
  const inner =
    query.sort === 'WINES_DESC'
      ? sql`select * from (select w.*, coalesce(c.n, 0) as product_count from wineries w
          left join (select winery_id, count(*)::int as n from products where is_published group by 1) c on c.winery_id = w.id
          where ${where}) w`
      : sql`select w.* from wineries w where ${where}`;
  const offset = (query.page - 1) * query.size;
  const rows = rowsOf<WineryRow & { total: number }>(
    await db.execute(sql`select t.total, x.* from (select count(*)::int as total from wineries w where ${where}) t
      left join lateral (
        select ${wineryCardSelect(viewer)} from (${inner} order by ${order} limit ${query.size} offset ${offset}) w order by ${order}
      ) x on true`),
  );
  const total = rows[0]?.total ?? 0;
  const items = await toCards(
    db,
    rows.filter((r) => r.id !== null),
    lang,
  );
  return tagged({ _embedded: { items }, page: pageInfo(query.page, query.size, total) }, () => {
    const tags = items.map((w) => `winery:${w.id}`);
    if (query.sort === 'POPULAR') tags.push(LIKES_TAG);
    return tags;
  });
}

/** Answers ordered by like counts, which any like toggle may change. */
const LIKES_TAG = 'winery-likes';

/** GET /wineries/:id: a published winery with its description, pictures and kinds of wine (with counts). */
export async function getWineryDetail(db: Database, id: number, viewer: Viewer, lang: Language): Promise<TWineryDetail> {
  const [row] = rowsOf<
    WineryRow & {
      description: LocalizedText | null;
      images: string[];
      founded_year: number | null;
      website: string | null;
      kinds: unknown;
    }
  >(
    await db.execute(sql`select ${wineryCardSelect(viewer)}, w.description, w.images, w.founded_year, w.website,
        (select coalesce(json_agg(json_build_array(s.k, s.n)), '[]'::json) from
          (select p.kind_id k, count(*)::int n from products p where p.winery_id = w.id and p.is_published group by 1) s) as kinds
      from wineries w where w.id = ${id} and w.is_published`),
  );
  if (!row) throw new AppError('WINERY_NOT_FOUND');
  const [[card], lk] = await Promise.all([toCards(db, [row], lang), getLookups(db)]);
  const kindCounts = countMap<number>(row.kinds);
  const detail: TWineryDetail = {
    ...card!,
    description: locOrNull(row.description, lang),
    descriptionLang: fallbackLang(row.description, lang),
    images: row.images ?? [],
    foundedYear: row.founded_year,
    website: row.website,
    kinds: [...lk.kinds.values()]
      .filter((k) => kindCounts.has(k.id))
      .map((k) => ({ id: k.id, code: k.code, name: loc(k.name, lang), color: k.color, qty: kindCounts.get(k.id)! })),
  };
  return tagged(detail, () => [`winery:${id}`]);
}

/** GET /wineries/sort-types. */
export function winerySortTypes(lang: Language) {
  const names = apiMessages[lang].catalog.winerySorts as Record<string, string>;
  return WINERY_SORTS.map((code) => ({ code, name: names[code] ?? code }));
}

/** Throws WINERY_NOT_FOUND unless the winery exists and is published. */
async function assertWinery(db: Database, id: number): Promise<void> {
  let lk = await getLookups(db);
  if (!lk.wineryIds.has(id)) lk = await getLookups(db, true);
  if (!lk.wineryIds.has(id)) throw new AppError('WINERY_NOT_FOUND');
}

/** GET /wineries/:idWinery/production-wines: the winery's wines (optionally of some kinds), as the product list. */
export async function listWineryWines(
  db: Database,
  idWinery: number,
  q: TWineryWinesQuery,
  viewer: Viewer,
  lang: Language,
): Promise<TProductPage> {
  await assertWinery(db, idWinery);
  return listProducts(db, { ...q, idWineries: [idWinery] }, viewer, lang);
}

/** GET /wineries/countries: countries with their number of published wineries, by name. */
export async function listWineryCountries(db: Database, lang: Language) {
  const counts = await getCounts(db);
  const collator = new Intl.Collator(lang);
  return [...counts.wineryCountries.entries()]
    .map(([countryCode, qty]) => ({ countryCode, name: countryName(countryCode, lang), qty }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** GET /wineries/production-wines/category: kinds with counts of one winery's wines (every kind, qty 0 included). */
export async function listWineryWineKinds(db: Database, idWinery: number | undefined, lang: Language): Promise<TKind[]> {
  const lk = await getLookups(db);
  let counts: Map<number, number>;
  if (idWinery === undefined) counts = (await getCounts(db)).kinds;
  else {
    await assertWinery(db, idWinery);
    counts = new Map(
      rowsOf<{ k: number; n: number }>(
        await db.execute(
          sql`select kind_id as k, count(*)::int as n from products where winery_id = ${idWinery} and is_published group by 1`,
        ),
      ).map((r) => [r.k, r.n]),
    );
  }
  return [...lk.kinds.values()].map((k) => ({
    id: k.id,
    code: k.code,
    name: loc(k.name, lang),
    color: k.color,
    qty: counts.get(k.id) ?? 0,
  }));
}

/**
 * POST /wineries/:id/like: likes or unlikes a winery. The winery row is locked first, so parallel toggles run one
 * after another and like_count always equals the number of likes. Visitors' cached answers showing its like count,
 * or ordered by like counts, are dropped in every server process.
 */
export async function toggleWineryLike(db: Database, userId: number, wineryId: number): Promise<{ liked: boolean; likeCount: number }> {
  return writeInvalidating(db, [`winery:${wineryId}`, LIKES_TAG], async (tx) => {
    const locked = rowsOf(await tx.execute(sql`select id from wineries where id = ${wineryId} and is_published for update`));
    if (!locked.length) throw new AppError('WINERY_NOT_FOUND');
    const [r] = rowsOf<{ liked: boolean; like_count: number }>(
      await tx.execute(sql`with del as (delete from winery_likes where user_id = ${userId} and winery_id = ${wineryId} returning 1),
        ins as (insert into winery_likes (user_id, winery_id) select ${userId}, ${wineryId} where not exists (select 1 from del) returning 1),
        upd as (update wineries set like_count = like_count + (select count(*) from ins)::int - (select count(*) from del)::int
          where id = ${wineryId} returning like_count)
        select exists (select 1 from ins) as liked, (select like_count from upd) as like_count`),
    );
    return { liked: r!.liked, likeCount: r!.like_count };
  });
}

/** GET /wineries/like: the member's liked wineries, most recently liked first. */
export async function listLikedWineries(db: Database, q: TLikedWineryListQuery, viewer: Viewer & { userId: number }, lang: Language) {
  const offset = (q.page - 1) * q.size;
  const rows = rowsOf<WineryRow & { total: number; liked_at: Date | string }>(
    await db.execute(sql`select t.total, x.* from (select count(*)::int as total from winery_likes l join wineries w on w.id = l.winery_id
        where l.user_id = ${viewer.userId} and w.is_published) t
      left join lateral (
        select ${wineryCardSelect(viewer)}, w.liked_at from (select w.*, l.created_at as liked_at from winery_likes l
          join wineries w on w.id = l.winery_id where l.user_id = ${viewer.userId} and w.is_published
          order by l.created_at desc, w.id desc limit ${q.size} offset ${offset}) w
        order by w.liked_at desc, w.id desc
      ) x on true`),
  );
  const live = rows.filter((r) => r.id !== null);
  const cards = await toCards(db, live, lang);
  return {
    _embedded: { items: cards.map((c, i) => ({ ...c, likedAt: new Date(live[i]!.liked_at).toISOString() })) },
    page: pageInfo(q.page, q.size, rows[0]?.total ?? 0),
  };
}
