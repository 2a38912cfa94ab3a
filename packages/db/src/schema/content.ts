import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * A block of a document's article: a paragraph, or a list of items. Documents are stored as structure, not HTML, so
 * nothing in them can run in a page.
 */
export type DocumentBlock = string | string[];
/** An article of a document (제1조 (목적)) and its blocks. */
export interface DocumentArticle {
  heading: string;
  blocks: DocumentBlock[];
}
/** A document's text per interface language; Korean is the original and always present. */
export type LocalizedDocument = Partial<Record<string, { title: string; intro: string; articles: DocumentArticle[] }>> & {
  'ko-KR': { title: string; intro: string; articles: DocumentArticle[] };
};

/**
 * Terms and policies (이용약관, 개인정보처리방침), every version kept: the current one is the latest whose
 * effective time has come. `{{company}}`-style placeholders are filled from the site config when read.
 */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: varchar('type', { length: 20 }).notNull(),
    version: varchar('version', { length: 20 }).notNull(),
    content: jsonb('content').$type<LocalizedDocument>().notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_version_uq').on(t.type, t.version),
    index('documents_type_idx').on(t.type, t.effectiveAt),
    check('documents_type_ck', sql`${t.type} in ('TERM', 'PRIVACY')`),
  ],
);
