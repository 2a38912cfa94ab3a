import { sql, type SQL } from 'drizzle-orm';
import {
  EVENT_SORTS,
  likeEscape,
  MAGAZINE_SORTS,
  type EventStatus,
  type TCategory,
  type TEvent,
  type TEventListQuery,
  type TEventPage,
  type TEventSummary,
  type TKind,
  type TLikedMagazinePage,
  type TMagazine,
  type TMagazineListQuery,
  type TMagazinePage,
  type TMagazineSummary,
  type TProductPage,
  type TTeamMember,
  type TWineryWinesQuery,
} from '@podo/contracts';
import { rowsOf, type ContentSection, type LocalizedSections, type LocalizedText } from '@podo/db';
import type { Language } from '@podo/i18n';
import { apiMessages } from '@podo/i18n/resources';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';
import { pickText } from '../../lib/localized';
import { getLookups, listProducts, loc, pageInfo } from '../wines';
import type { Viewer } from '../session';

/** The sections in the language the title was shown in (so a page never mixes two languages). */
const sectionsIn = (body: LocalizedSections, lang: Language): ContentSection[] => body[lang] ?? body['ko-KR'];

export const magazineCoverUrl = (id: number) => `/api/v1/media/magazines/${id}.svg`;
export const eventCoverUrl = (id: number) => `/api/v1/media/events/${id}.svg`;

/** Text search over a localized title and summary (any language): a plain substring. */
function textMatch(query: string | undefined, ...cols: SQL[]): SQL {
  const q = query?.trim();
  if (!q) return sql`true`;
  const like = `%${likeEscape(q.toLowerCase())}%`;
  return sql`(${sql.join(
    cols.map((c) => sql`lower(${c}::text) like ${like} escape '\\'`),
    sql` or `,
  )})`;
}

const linkedCount = (kind: 'MAGAZINE' | 'EVENT', id: SQL) =>
  sql`(select count(*)::int from product_links l join products p on p.id = l.product_id
    where l.kind = ${kind} and l.target_id = ${id} and p.is_published)`;

// ---- magazines ----------------------------------------------------------------------------------------------------

interface MagazineRow {
  id: number;
  title: LocalizedText;
  summary: LocalizedText;
  author: string;
  like_count: number;
  liked: boolean;
  product_count: number;
  published_at: string | Date;
  c_id: number;
  c_code: string;
  c_name: LocalizedText;
}

const magazineColumns = (viewer: Viewer) => sql`m.id, m.title, m.summary, m.author, m.like_count, m.published_at,
  c.id as c_id, c.code as c_code, c.name as c_name, ${linkedCount('MAGAZINE', sql`m.id`)} as product_count,
  ${
    viewer.userId === null
      ? sql`false`
      : sql`exists (select 1 from magazine_likes ml where ml.magazine_id = m.id and ml.user_id = ${viewer.userId})`
  } as liked`;

function magazineOf(r: MagazineRow, lang: Language): TMagazineSummary {
  const title = pickText(r.title, lang);
  return {
    id: r.id,
    category: { id: r.c_id, code: r.c_code, name: pickText(r.c_name, lang).value },
    title: title.value,
    // The summary in the title's language, so a card never mixes two.
    summary: title.lang === lang ? (r.summary[lang] ?? r.summary['ko-KR']) : r.summary['ko-KR'],
    lang: title.lang,
    author: r.author,
    coverUrl: magazineCoverUrl(r.id),
    likeCount: r.like_count,
    isLiked: r.liked,
    productCount: r.product_count,
    publishedAt: new Date(r.published_at).toISOString(),
  };
}

const MAGAZINE_ORDER: Record<(typeof MAGAZINE_SORTS)[number], SQL> = {
  NEWEST: sql`m.published_at desc, m.id desc`,
  OLDEST: sql`m.published_at asc, m.id asc`,
  POPULAR: sql`m.like_count desc, m.published_at desc, m.id desc`,
};

/** GET /magazines/categories. */
export async function magazineCategories(ctx: ServiceCtx): Promise<TCategory[]> {
  const rows = rowsOf<{ id: number; code: string; name: LocalizedText }>(
    await ctx.db.execute(sql`select id, code, name from post_categories where type = 'MAGAZINE' order by rank, id`),
  );
  return rows.map((c) => ({ id: c.id, code: c.code, name: pickText(c.name, ctx.lang).value }));
}

/** GET /magazines/sort-types. */
export const magazineSortTypes = (lang: Language) =>
  MAGAZINE_SORTS.map((code) => ({ code, name: apiMessages[lang].magazines.sorts[code] }));

/** GET /magazines: published articles (none dated later), by category and text. */
export async function listMagazines(ctx: ServiceCtx, q: TMagazineListQuery, viewer: Viewer): Promise<TMagazinePage> {
  if (q.idCategory !== undefined && !(await magazineCategories(ctx)).some((c) => c.id === q.idCategory))
    throw new AppError('UNKNOWN_FILTER_VALUE', { field: apiMessages[ctx.lang].fields.idCategory, value: String(q.idCategory) });
  const where = sql`m.published_at <= now()
    ${q.idCategory !== undefined ? sql`and m.category_id = ${q.idCategory}` : sql``}
    and ${textMatch(q.query, sql`m.title`, sql`m.summary`, sql`m.body`)}`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .execute(
        sql`select ${magazineColumns(viewer)} from magazines m join post_categories c on c.id = m.category_id
        where ${where} order by ${MAGAZINE_ORDER[q.sort]} limit ${q.size} offset ${(q.page - 1) * q.size}`,
      )
      .then((r) => rowsOf<MagazineRow>(r)),
    ctx.db.execute(sql`select count(*)::int as n from magazines m where ${where}`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return { _embedded: { items: rows.map((r) => magazineOf(r, ctx.lang)) }, page: pageInfo(q.page, q.size, count?.n ?? 0) };
}

/** GET /magazines/:id, with its neighbours in publishing order. */
export async function getMagazine(ctx: ServiceCtx, id: number, viewer: Viewer): Promise<TMagazine> {
  const [row] = rowsOf<
    MagazineRow & { body: LocalizedSections; newer: [number, LocalizedText] | null; older: [number, LocalizedText] | null }
  >(
    await ctx.db.execute(sql`select ${magazineColumns(viewer)}, m.body,
        (select json_build_array(n.id, n.title) from magazines n where n.published_at <= now()
          and (n.published_at, n.id) > (m.published_at, m.id) order by n.published_at, n.id limit 1) as newer,
        (select json_build_array(o.id, o.title) from magazines o
          where (o.published_at, o.id) < (m.published_at, m.id) order by o.published_at desc, o.id desc limit 1) as older
      from magazines m join post_categories c on c.id = m.category_id
      where m.id = ${id} and m.published_at <= now()`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  const summary = magazineOf(row, ctx.lang);
  const near = (n: [number, LocalizedText] | null) => (n ? { id: n[0], title: pickText(n[1], ctx.lang).value } : null);
  return { ...summary, sections: sectionsIn(row.body, summary.lang as Language), newer: near(row.newer), older: near(row.older) };
}

async function assertMagazine(ctx: ServiceCtx, id: number): Promise<void> {
  const found = rowsOf(await ctx.db.execute(sql`select 1 from magazines where id = ${id} and published_at <= now()`));
  if (!found.length) throw new AppError('NOT_FOUND');
}

/**
 * POST /magazines/:id/like: likes the article, or removes the like. The article row is locked so that two toggles
 * of one member at once end where they started, and the count always equals likes given.
 */
export async function toggleMagazineLike(ctx: ServiceCtx, userId: number, id: number): Promise<{ liked: boolean; likeCount: number }> {
  return ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as ServiceCtx['db'];
    const locked = rowsOf(await tx.execute(sql`select id from magazines where id = ${id} and published_at <= now() for update`));
    if (!locked.length) throw new AppError('NOT_FOUND');
    const [r] = rowsOf<{ liked: boolean; like_count: number }>(
      await tx.execute(sql`with del as (delete from magazine_likes where user_id = ${userId} and magazine_id = ${id} returning 1),
        ins as (insert into magazine_likes (user_id, magazine_id) select ${userId}, ${id} where not exists (select 1 from del) returning 1),
        upd as (update magazines set like_count = like_count + (select count(*) from ins)::int - (select count(*) from del)::int
          where id = ${id} returning like_count)
        select exists (select 1 from ins) as liked, (select like_count from upd) as like_count`),
    );
    return { liked: r!.liked, likeCount: r!.like_count };
  });
}

/** GET /magazines/like: the member's liked articles, most recently liked first. */
export async function listLikedMagazines(
  ctx: ServiceCtx,
  q: { page: number; size: number },
  viewer: Viewer & { userId: number },
): Promise<TLikedMagazinePage> {
  const where = sql`ml.user_id = ${viewer.userId} and m.published_at <= now()`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .execute(
        sql`select ${magazineColumns(viewer)}, ml.created_at as liked_at
        from magazine_likes ml join magazines m on m.id = ml.magazine_id join post_categories c on c.id = m.category_id
        where ${where} order by ml.created_at desc, m.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`,
      )
      .then((r) => rowsOf<MagazineRow & { liked_at: string | Date }>(r)),
    ctx.db
      .execute(sql`select count(*)::int as n from magazine_likes ml join magazines m on m.id = ml.magazine_id where ${where}`)
      .then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return {
    _embedded: { items: rows.map((r) => ({ ...magazineOf(r, ctx.lang), likedAt: new Date(r.liked_at).toISOString() })) },
    page: pageInfo(q.page, q.size, count?.n ?? 0),
  };
}

// ---- events ---------------------------------------------------------------------------------------------------------

/** Today in Korea, as the database sees it (one clock for every process). */
const KOREA_TODAY = sql`(now() at time zone 'Asia/Seoul')::date`;
const eventStatusSql = sql`case when e.starts_on > ${KOREA_TODAY} then 'UPCOMING' when e.ends_on < ${KOREA_TODAY} then 'ENDED' else 'ONGOING' end`;

interface EventRow {
  id: number;
  title: LocalizedText;
  summary: LocalizedText;
  place: LocalizedText | null;
  starts_on: string;
  ends_on: string;
  status: EventStatus;
  product_count: number;
  published_at: string | Date;
}
const EVENT_COLUMNS = sql`e.id, e.title, e.summary, e.place, e.starts_on::text as starts_on, e.ends_on::text as ends_on,
  ${eventStatusSql} as status, ${linkedCount('EVENT', sql`e.id`)} as product_count, e.published_at`;

function eventOf(r: EventRow, lang: Language): TEventSummary {
  const title = pickText(r.title, lang);
  const inTitleLang = (v: LocalizedText) => (title.lang === lang ? (v[lang] ?? v['ko-KR']) : v['ko-KR']);
  return {
    id: r.id,
    title: title.value,
    summary: inTitleLang(r.summary),
    lang: title.lang,
    place: r.place ? inTitleLang(r.place) : null,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    status: r.status,
    statusName: apiMessages[lang].events.statuses[r.status],
    coverUrl: eventCoverUrl(r.id),
    productCount: r.product_count,
    publishedAt: new Date(r.published_at).toISOString(),
  };
}

/** Running first (ending soonest first), then coming (soonest first), then ended (latest first). */
const EVENT_ORDER: Record<(typeof EVENT_SORTS)[number], SQL> = {
  CURRENT: sql`case ${eventStatusSql} when 'ONGOING' then 0 when 'UPCOMING' then 1 else 2 end,
    case when e.ends_on >= ${KOREA_TODAY} then e.ends_on end asc, case when e.starts_on > ${KOREA_TODAY} then e.starts_on end asc,
    e.ends_on desc, e.id desc`,
  NEWEST: sql`e.starts_on desc, e.id desc`,
  ENDING_SOON: sql`case when e.ends_on >= ${KOREA_TODAY} then 0 else 1 end, e.ends_on asc, e.id`,
};

/** GET /events/sort-types. */
export const eventSortTypes = (lang: Language) => EVENT_SORTS.map((code) => ({ code, name: apiMessages[lang].events.sorts[code] }));

/** GET /events. */
export async function listEvents(ctx: ServiceCtx, q: TEventListQuery): Promise<TEventPage> {
  const where = sql`e.published_at <= now() ${q.status ? sql`and ${eventStatusSql} = ${q.status}` : sql``}
    and ${textMatch(q.query, sql`e.title`, sql`e.summary`, sql`e.place`, sql`e.body`)}`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .execute(
        sql`select ${EVENT_COLUMNS} from events e where ${where}
        order by ${EVENT_ORDER[q.sort]} limit ${q.size} offset ${(q.page - 1) * q.size}`,
      )
      .then((r) => rowsOf<EventRow>(r)),
    ctx.db.execute(sql`select count(*)::int as n from events e where ${where}`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return { _embedded: { items: rows.map((r) => eventOf(r, ctx.lang)) }, page: pageInfo(q.page, q.size, count?.n ?? 0) };
}

/** GET /events/:id. */
export async function getEvent(ctx: ServiceCtx, id: number): Promise<TEvent> {
  const [row] = rowsOf<EventRow & { body: LocalizedSections }>(
    await ctx.db.execute(sql`select ${EVENT_COLUMNS}, e.body from events e where e.id = ${id} and e.published_at <= now()`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  const summary = eventOf(row, ctx.lang);
  return { ...summary, sections: sectionsIn(row.body, summary.lang as Language) };
}

async function assertEvent(ctx: ServiceCtx, id: number): Promise<void> {
  const found = rowsOf(await ctx.db.execute(sql`select 1 from events where id = ${id} and published_at <= now()`));
  if (!found.length) throw new AppError('NOT_FOUND');
}

// ---- the wines of a magazine or an event ------------------------------------------------------------------------------

const assertOf = { MAGAZINE: assertMagazine, EVENT: assertEvent };

/** GET /magazines/:id/products and /events/:id/products: the product list narrowed to the linked wines. */
export async function listLinkedWines(
  ctx: ServiceCtx,
  kind: 'MAGAZINE' | 'EVENT',
  id: number,
  q: TWineryWinesQuery,
  viewer: Viewer,
): Promise<TProductPage> {
  await assertOf[kind](ctx, id);
  return listProducts(ctx.db, kind === 'MAGAZINE' ? { ...q, idMagazine: id } : { ...q, idEvent: id }, viewer, ctx.lang);
}

/** POST /magazines/products/kinds and /events/products/kinds: every wine kind with its count of linked wines. */
export async function linkedKinds(ctx: ServiceCtx, kind: 'MAGAZINE' | 'EVENT', id: number): Promise<TKind[]> {
  await assertOf[kind](ctx, id);
  const [lk, rows] = await Promise.all([
    getLookups(ctx.db),
    ctx.db
      .execute(
        sql`select p.kind_id as k, count(*)::int as n from product_links l join products p on p.id = l.product_id
        where l.kind = ${kind} and l.target_id = ${id} and p.is_published group by 1`,
      )
      .then((r) => rowsOf<{ k: number; n: number }>(r)),
  ]);
  const counts = new Map(rows.map((r) => [r.k, r.n]));
  return [...lk.kinds.values()].map((k) => ({
    id: k.id,
    code: k.code,
    name: loc(k.name, ctx.lang),
    color: k.color,
    qty: counts.get(k.id) ?? 0,
  }));
}

// ---- the team -------------------------------------------------------------------------------------------------------

/** GET /{product}-members: the published team in rank order; another slug than this site's is no page. */
export async function listTeam(ctx: ServiceCtx, product: string): Promise<TTeamMember[]> {
  if (product !== ctx.config.site.slug) throw new AppError('NOT_FOUND');
  const rows = rowsOf<{ id: number; name: LocalizedText; role: LocalizedText; bio: LocalizedText }>(
    await ctx.db.execute(sql`select id, name, role, bio from team_members where is_published order by rank, id`),
  );
  return rows.map((r) => {
    const bio = pickText(r.bio, ctx.lang);
    return { id: r.id, name: pickText(r.name, ctx.lang).value, role: pickText(r.role, ctx.lang).value, bio: bio.value, bioLang: bio.lang };
  });
}
