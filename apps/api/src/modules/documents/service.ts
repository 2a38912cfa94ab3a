import { and, desc, eq, lte } from 'drizzle-orm';
import { DOCUMENT_TYPES, type DocumentType, type TDocument, type TDocumentVersion } from '@podo/contracts';
import { localized } from '@podo/config';
import { documents, type LocalizedDocument } from '@podo/db';
import type { Language } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';

type DocumentRow = typeof documents.$inferSelect;

/** GET /documents/types. */
export function documentTypes(lang: Language) {
  return DOCUMENT_TYPES.map((type) => ({ type, name: apiMessages[lang].documents.types[type] }));
}

/** The id of the version in force at `now`: the latest whose effective time has come. */
async function currentId(ctx: ServiceCtx, type: DocumentType, now: Date): Promise<number | undefined> {
  const [row] = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.type, type), lte(documents.effectiveAt, now)))
    .orderBy(desc(documents.effectiveAt), desc(documents.id))
    .limit(1);
  return row?.id;
}

/** The site's facts a document names ({{company}}, {{privacyOfficer}} …), in the text's language. */
function fill(text: string, ctx: ServiceCtx, lang: Language): string {
  const site = ctx.config.site;
  return interpolate(text, {
    company: localized(site.company.name, lang),
    brand: localized(site.brandName, lang),
    phone: site.mainPhone,
    email: site.company.email,
    address: localized(site.company.address, lang),
    privacyOfficer: localized(site.company.privacyOfficer, lang),
  });
}

function view(ctx: ServiceCtx, row: DocumentRow, current: boolean): TDocument {
  const content: LocalizedDocument = row.content;
  // The request language's translation when there is one, else the Korean original.
  const lang: Language = content[ctx.lang] ? ctx.lang : 'ko-KR';
  const text = content[lang] ?? content['ko-KR'];
  const f = (s: string) => fill(s, ctx, lang);
  return {
    id: row.id,
    type: row.type as DocumentType,
    typeName: apiMessages[ctx.lang].documents.types[row.type as DocumentType],
    version: row.version,
    effectiveAt: row.effectiveAt.toISOString(),
    current,
    lang,
    title: f(text.title),
    intro: f(text.intro),
    articles: text.articles.map((a) => ({
      heading: f(a.heading),
      blocks: a.blocks.map((b) => (typeof b === 'string' ? f(b) : b.map(f))),
    })),
  };
}

/** GET /documents/type/:type: the version in force. */
export async function currentDocument(ctx: ServiceCtx, type: DocumentType, now = new Date()): Promise<TDocument> {
  const id = await currentId(ctx, type, now);
  if (id === undefined) throw new AppError('NOT_FOUND');
  return getDocument(ctx, id, now);
}

/** GET /documents/:id: any version, past or coming. */
export async function getDocument(ctx: ServiceCtx, id: number, now = new Date()): Promise<TDocument> {
  const [row] = await ctx.db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return view(ctx, row, (await currentId(ctx, row.type as DocumentType, now)) === row.id);
}

/** GET /documents/type/:type/list: newest first. */
export async function documentVersions(ctx: ServiceCtx, type: DocumentType, now = new Date()): Promise<TDocumentVersion[]> {
  const rows = await ctx.db
    .select({ id: documents.id, version: documents.version, effectiveAt: documents.effectiveAt })
    .from(documents)
    .where(eq(documents.type, type))
    .orderBy(desc(documents.effectiveAt), desc(documents.id));
  const current = rows.find((r) => r.effectiveAt <= now)?.id;
  return rows.map((r) => ({ id: r.id, version: r.version, effectiveAt: r.effectiveAt.toISOString(), current: r.id === current }));
}
