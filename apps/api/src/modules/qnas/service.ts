import { eq, sql, type SQL } from 'drizzle-orm';
import {
  likeEscape,
  QNA_TYPES,
  type QnaStatus,
  type QnaType,
  type TCategory,
  type TQna,
  type TQnaBody,
  type TQnaPage,
  type TQnaSummary,
} from '@podo/contracts';
import { localized } from '@podo/config';
import { rowsOf, uploadedFiles, type LocalizedText } from '@podo/db';
import { matchLanguage, type Language } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';
import { queueMessages } from '../../lib/outbox';
import { pickText } from '../../lib/localized';
import { richTextFromInput, richTextToPlain } from '../../lib/rich-text';
import type { UploadRow } from '../../lib/uploads';
import { siteOrigin } from '../certification';

/** uploaded_files.purpose of an inquiry's attachment. */
export const QNA_FILE_PURPOSE = 'QNA';

const pick = (v: LocalizedText, lang: Language) => pickText(v, lang).value;

/** GET /qnas/categories/types. */
export const qnaTypes = (lang: Language) => QNA_TYPES.map((type) => ({ type, name: apiMessages[lang].qnas.types[type] }));

/** GET /qnas/categories. */
export async function qnaCategories(ctx: ServiceCtx, type: QnaType): Promise<TCategory[]> {
  const rows = rowsOf<{ id: number; code: string; name: LocalizedText }>(
    await ctx.db.execute(sql`select id, code, name from qna_categories where type = ${type} order by rank, id`),
  );
  return rows.map((c) => ({ id: c.id, code: c.code, name: pick(c.name, ctx.lang) }));
}

interface QnaRow {
  id: number;
  user_id: number;
  type: QnaType;
  c_id: number;
  c_code: string;
  c_name: LocalizedText;
  title: string;
  answered_at: string | Date | null;
  created_at: string | Date;
  file_count: number;
}
const COLUMNS = sql`q.id, q.user_id, c.type, c.id as c_id, c.code as c_code, c.name as c_name, q.title, q.answered_at, q.created_at,
  (select count(*)::int from qna_files f where f.qna_id = q.id) as file_count`;

function summaryOf(r: QnaRow, lang: Language): TQnaSummary {
  const status: QnaStatus = r.answered_at ? 'ANSWERED' : 'WAITING';
  return {
    id: r.id,
    type: r.type,
    category: { id: r.c_id, code: r.c_code, name: pick(r.c_name, lang) },
    title: r.title,
    status,
    statusName: apiMessages[lang].qnas.statuses[status],
    fileCount: r.file_count,
    createdAt: new Date(r.created_at).toISOString(),
    answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
  };
}

/**
 * GET /qnas (a member's own) and GET /admin/qnas (everyone's: waiting ones first, oldest first, so the queue is
 * worked from the front; then answered ones, newest first).
 */
export async function listQnas(
  ctx: ServiceCtx,
  q: { status?: QnaStatus | undefined; query?: string | undefined; page: number; size: number },
  userId: number | null,
): Promise<TQnaPage> {
  const conds: SQL[] = [userId === null ? sql`true` : sql`q.user_id = ${userId}`];
  if (q.status) conds.push(q.status === 'ANSWERED' ? sql`q.answered_at is not null` : sql`q.answered_at is null`);
  const text = q.query?.trim();
  if (text) {
    const like = `%${likeEscape(text.toLowerCase())}%`;
    conds.push(sql`(lower(q.title) like ${like} escape '\\' or lower(q.content) like ${like} escape '\\')`);
  }
  const where = sql.join(conds, sql` and `);
  const order =
    userId === null
      ? sql`(q.answered_at is not null), case when q.answered_at is null then q.created_at end asc, q.created_at desc, q.id desc`
      : sql`q.created_at desc, q.id desc`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .execute(
        sql`select ${COLUMNS} from qnas q join qna_categories c on c.id = q.category_id where ${where}
        order by ${order} limit ${q.size} offset ${(q.page - 1) * q.size}`,
      )
      .then((r) => rowsOf<QnaRow>(r)),
    ctx.db.execute(sql`select count(*)::int as n from qnas q where ${where}`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  const total = count?.n ?? 0;
  return {
    _embedded: { items: rows.map((r) => summaryOf(r, ctx.lang)) },
    page: { size: q.size, number: q.page, totalElements: total, totalPages: Math.ceil(total / q.size) },
  };
}

/** One inquiry for its author (or for an admin: `userId` null); anyone else finds nothing (NOT_FOUND). */
export async function getQna(ctx: ServiceCtx, id: number, userId: number | null): Promise<TQna> {
  const [row] = rowsOf<QnaRow & { full_name: string; email: string; content: string; answer: string | null }>(
    await ctx.db.execute(sql`select ${COLUMNS}, q.full_name, q.email, q.content, q.answer
      from qnas q join qna_categories c on c.id = q.category_id
      where q.id = ${id} ${userId === null ? sql`` : sql`and q.user_id = ${userId}`}`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  const files = rowsOf<{ id: string; name: string; mime: string; size: number }>(
    await ctx.db.execute(sql`select u.id, u.original_name as name, u.mime, u.size from qna_files f
      join uploaded_files u on u.id = f.file_id where f.qna_id = ${id} order by f.rank, u.created_at`),
  );
  return { ...summaryOf(row, ctx.lang), fullName: row.full_name, email: row.email, content: row.content, files, answer: row.answer };
}

/**
 * POST /qnas: the inquiry with its files in one transaction. Each file must be the member's own inquiry upload,
 * not yet attached; the rows are locked so that one upload cannot end up in two inquiries sent at once.
 */
export async function createQna(ctx: ServiceCtx, user: { id: number; fullName: string; email: string }, body: TQnaBody): Promise<number> {
  const files = [...new Set(body.files)];
  return ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as ServiceCtx['db'];
    const [cat] = rowsOf(await tx.execute(sql`select id from qna_categories where id = ${body.idCategory}`));
    if (!cat)
      throw new AppError('UNKNOWN_FILTER_VALUE', { field: apiMessages[ctx.lang].fields.idCategory, value: String(body.idCategory) });
    if (files.length) {
      const ids = sql.join(
        files.map((f) => sql`${f}::uuid`),
        sql`, `,
      );
      // Lock the uploads first; the check that they are unused is a statement of its own, so that it sees an
      // inquiry that took one of them while this one waited for the lock.
      const mine = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from uploaded_files where id in (${ids})
          and owner_user_id = ${user.id} and purpose = ${QNA_FILE_PURPOSE} for update`),
      );
      const used = rowsOf(await tx.execute(sql`select 1 from qna_files where file_id in (${ids})`));
      if (mine.length !== files.length || used.length > 0) throw new AppError('QNA_FILE_NOT_FOUND');
    }
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into qnas (user_id, category_id, full_name, email, title, content)
        values (${user.id}, ${body.idCategory}, ${user.fullName}, ${user.email}, ${body.title}, ${body.content}) returning id`),
    );
    if (files.length)
      await tx.execute(
        sql`insert into qna_files (qna_id, file_id, rank) values ${sql.join(
          files.map((f, i) => sql`(${row!.id}, ${f}::uuid, ${i})`),
          sql`, `,
        )}`,
      );
    return row!.id;
  });
}

/** DELETE /qnas/:id: the author's, while unanswered (the row is locked against an answer arriving meanwhile). */
export async function deleteQna(ctx: ServiceCtx, id: number, userId: number): Promise<void> {
  const keys = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as ServiceCtx['db'];
    const [row] = rowsOf<{ answered_at: string | null }>(
      await tx.execute(sql`select answered_at from qnas where id = ${id} and user_id = ${userId} for update`),
    );
    if (!row) throw new AppError('NOT_FOUND');
    if (row.answered_at) throw new AppError('QNA_ANSWERED');
    const gone = rowsOf<{ storage_key: string }>(
      await tx.execute(sql`delete from uploaded_files where id in (select file_id from qna_files where qna_id = ${id})
        returning storage_key`),
    );
    await tx.execute(sql`delete from qnas where id = ${id}`);
    return gone.map((g) => g.storage_key);
  });
  await Promise.all(keys.map((k) => ctx.storage.delete(k)));
}

/** A file of an inquiry for its author (or an admin: `userId` null). */
export async function qnaFileOf(ctx: ServiceCtx, id: number, fileId: string, userId: number | null): Promise<UploadRow> {
  const [row] = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`select f.file_id as id from qna_files f join qnas q on q.id = f.qna_id
      where f.qna_id = ${id} and f.file_id = ${fileId}::uuid ${userId === null ? sql`` : sql`and q.user_id = ${userId}`}`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  const [file] = await ctx.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, row.id));
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}

/**
 * POST /admin/qnas/:id/answer: stores the answer (a new one replaces it) as sanitized rich text and, in the same
 * transaction, the member's e-mail (as plain text, in the language they last used) to the outbox: a mail server
 * that is down delays the mail, never the answer (it is on the my page at once). `answer_mailed_at`: when it was written.
 */
export async function answerQna(ctx: ServiceCtx, id: number, input: string, adminId: number | null): Promise<TQna> {
  // Stored as clean rich text (an editor's HTML, or plain text made into paragraphs), never as sent.
  const answer = richTextFromInput(input);
  await ctx.db.transaction(async (tx) => {
    const [row] = rowsOf<{ user_id: number; full_name: string; email: string; title: string; lang: string | null }>(
      await tx.execute(sql`update qnas q set answer = ${answer}, answered_at = now(), answered_by = ${adminId}, answer_mailed_at = now()
      from users u where q.id = ${id} and u.id = q.user_id
      returning q.user_id, q.full_name, q.email, q.title, u.lang`),
    );
    if (!row) throw new AppError('NOT_FOUND');
    const lang = matchLanguage(row.lang) ?? 'ko-KR';
    const m = apiMessages[lang].mail;
    const params = {
      brand: localized(ctx.config.site.brandName, lang),
      name: row.full_name,
      title: row.title,
      answer: richTextToPlain(answer),
      link: `${siteOrigin(ctx.config)}/mypage/qna/${id}`,
    };
    await queueMessages(ctx, tx, [
      {
        channel: 'mail',
        purpose: 'qna-answered',
        to: row.email,
        subject: interpolate(m.qnaAnsweredSubject, params),
        text: interpolate(m.qnaAnsweredText, params),
      },
    ]);
  });
  return getQna(ctx, id, null);
}
