import { sql, type SQL } from 'drizzle-orm';
import {
  likeEscape,
  POST_TYPES,
  type PostType,
  type TCategory,
  type TFaq,
  type TPost,
  type TPostPage,
  type TPostSummary,
} from '@podo/contracts';
import { rowsOf, type DocumentBlock, type LocalizedBlocks, type LocalizedText } from '@podo/db';
import type { Language } from '@podo/i18n';
import { apiMessages } from '@podo/i18n/resources';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';
import { pickText } from '../../lib/localized';

interface CategoryRow {
  id: number;
  code: string;
  name: LocalizedText;
}
const categoryOf = (r: CategoryRow, lang: Language): TCategory => ({ id: r.id, code: r.code, name: pickText(r.name, lang).value });

/** GET /posts/types. */
export const postTypes = (lang: Language) => POST_TYPES.map((type) => ({ type, name: apiMessages[lang].posts.types[type] }));

async function categories(ctx: ServiceCtx, type: PostType | 'FAQ'): Promise<CategoryRow[]> {
  return rowsOf<CategoryRow>(await ctx.db.execute(sql`select id, code, name from post_categories where type = ${type} order by rank, id`));
}

/** GET /posts/categories and GET /faqs/categories. */
export async function listCategories(ctx: ServiceCtx, type: PostType | 'FAQ'): Promise<TCategory[]> {
  return (await categories(ctx, type)).map((c) => categoryOf(c, ctx.lang));
}

/** A category id of a list filter, checked: UNKNOWN_FILTER_VALUE names the field when there is no such category. */
async function checkCategory(ctx: ServiceCtx, type: PostType | 'FAQ', id: number | undefined): Promise<void> {
  if (id === undefined) return;
  if (!(await categories(ctx, type)).some((c) => c.id === id))
    throw new AppError('UNKNOWN_FILTER_VALUE', { field: apiMessages[ctx.lang].fields.idCategory, value: String(id) });
}

/** Text search over a localized column and blocks (Korean and the request language): a plain substring. */
function textMatch(query: string | undefined, title: SQL, body: SQL): SQL {
  const q = query?.trim();
  if (!q) return sql`true`;
  const like = `%${likeEscape(q.toLowerCase())}%`;
  return sql`(lower(${title}::text) like ${like} escape '\\' or lower(${body}::text) like ${like} escape '\\')`;
}

interface PostRow {
  id: number;
  type: PostType;
  title: LocalizedText;
  pinned: boolean;
  published_at: string | Date;
  c_id: number | null;
  c_code: string | null;
  c_name: LocalizedText | null;
}
const summaryOf = (r: PostRow, lang: Language): TPostSummary => ({
  id: r.id,
  type: r.type,
  category:
    r.c_id !== null && r.c_code !== null && r.c_name !== null ? categoryOf({ id: r.c_id, code: r.c_code, name: r.c_name }, lang) : null,
  title: pickText(r.title, lang).value,
  lang: pickText(r.title, lang).lang,
  pinned: r.pinned,
  publishedAt: new Date(r.published_at).toISOString(),
});
const POST_COLUMNS = sql`p.id, p.type, p.title, p.pinned, p.published_at, c.id as c_id, c.code as c_code, c.name as c_name`;
/** Pinned first, then newest. */
const POST_ORDER = sql`p.pinned desc, p.published_at desc, p.id desc`;

/** GET /posts: published posts of a kind (not those dated later). */
export async function listPosts(
  ctx: ServiceCtx,
  q: { type: PostType; idCategory?: number | undefined; query?: string | undefined; page: number; size: number },
): Promise<TPostPage> {
  await checkCategory(ctx, q.type, q.idCategory);
  const where = sql`p.type = ${q.type} and p.published_at <= now()
    ${q.idCategory !== undefined ? sql`and p.category_id = ${q.idCategory}` : sql``}
    and ${textMatch(q.query, sql`p.title`, sql`p.body`)}`;
  const rows = rowsOf<PostRow & { total: number }>(
    await ctx.db.execute(sql`select ${POST_COLUMNS}, count(*) over ()::int as total
      from posts p left join post_categories c on c.id = p.category_id
      where ${where} order by ${POST_ORDER} limit ${q.size} offset ${(q.page - 1) * q.size}`),
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end: the total still counts.
    const [c] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from posts p where ${where}`));
    total = c?.n ?? 0;
  }
  return {
    _embedded: { items: rows.map((r) => summaryOf(r, ctx.lang)) },
    page: { size: q.size, number: q.page, totalElements: total, totalPages: Math.ceil(total / q.size) },
  };
}

/** GET /posts/:id, with its neighbours in the list order of its kind. */
export async function getPost(ctx: ServiceCtx, id: number): Promise<TPost> {
  const [row] = rowsOf<PostRow & { body: LocalizedBlocks; newer: [number, LocalizedText] | null; older: [number, LocalizedText] | null }>(
    await ctx.db.execute(sql`with ordered as (
        select p.id, p.title, lag(json_build_array(p.id, p.title)) over w as newer, lead(json_build_array(p.id, p.title)) over w as older
        from posts p where p.published_at <= now() and p.type = (select type from posts where id = ${id})
        window w as (order by ${POST_ORDER})
      )
      select ${POST_COLUMNS}, p.body, o.newer, o.older
      from posts p join ordered o on o.id = p.id left join post_categories c on c.id = p.category_id
      where p.id = ${id}`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  const text = pickText(row.title, ctx.lang);
  const body: DocumentBlock[] = text.lang === ctx.lang ? (row.body[ctx.lang] ?? row.body['ko-KR']) : row.body['ko-KR'];
  const near = (n: [number, LocalizedText] | null) => (n ? { id: n[0], title: pickText(n[1], ctx.lang).value } : null);
  return { ...summaryOf(row, ctx.lang), lang: text.lang, body, newer: near(row.newer), older: near(row.older) };
}

/** GET /faqs: by category order, then rank. */
export async function listFaqs(ctx: ServiceCtx, q: { idCategory?: number | undefined; query?: string | undefined }): Promise<TFaq[]> {
  await checkCategory(ctx, 'FAQ', q.idCategory);
  const rows = rowsOf<{
    id: number;
    question: LocalizedText;
    answer: LocalizedBlocks;
    c_id: number;
    c_code: string;
    c_name: LocalizedText;
  }>(
    await ctx.db.execute(sql`select f.id, f.question, f.answer, c.id as c_id, c.code as c_code, c.name as c_name
      from faqs f join post_categories c on c.id = f.category_id
      where ${q.idCategory !== undefined ? sql`f.category_id = ${q.idCategory}` : sql`true`}
        and ${textMatch(q.query, sql`f.question`, sql`f.answer`)}
      order by c.rank, c.id, f.rank, f.id`),
  );
  return rows.map((r) => {
    const question = pickText(r.question, ctx.lang);
    return {
      id: r.id,
      category: categoryOf({ id: r.c_id, code: r.c_code, name: r.c_name }, ctx.lang),
      lang: question.lang,
      question: question.value,
      answer: question.lang === ctx.lang ? (r.answer[ctx.lang] ?? r.answer['ko-KR']) : r.answer['ko-KR'],
    };
  });
}
