import { sql } from 'drizzle-orm';
import type { LocalizedText } from './catalog';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { uploadedFiles, users } from './accounts';

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

/** Localized body of blocks (Korean required). */
export type LocalizedBlocks = Partial<Record<string, DocumentBlock[]>> & { 'ko-KR': DocumentBlock[] };

/** Categories of posts (공지 / 이벤트 안내 / 배송 …), of FAQ entries and of magazines, ordered by rank. */
export const postCategories = pgTable(
  'post_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: varchar('type', { length: 20 }).notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    rank: integer('rank').notNull().default(0),
  },
  (t) => [
    uniqueIndex('post_categories_code_uq').on(t.type, t.code),
    check('post_categories_type_ck', sql`${t.type} in ('NOTICE', 'FAQ', 'MAGAZINE')`),
  ],
);

/** Notices of the importer: a title and a body of paragraphs and lists; pinned ones come first. */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: varchar('type', { length: 20 }).notNull(),
    categoryId: integer('category_id').references(() => postCategories.id),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedBlocks>().notNull(),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('posts_list_idx').on(t.type, t.pinned, t.publishedAt), check('posts_type_ck', sql`${t.type} in ('NOTICE', 'CAREER')`)],
);

/** Frequently asked questions, by category and rank. */
export const faqs = pgTable(
  'faqs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => postCategories.id),
    question: jsonb('question').$type<LocalizedText>().notNull(),
    answer: jsonb('answer').$type<LocalizedBlocks>().notNull(),
    rank: integer('rank').notNull().default(0),
  },
  (t) => [index('faqs_category_idx').on(t.categoryId, t.rank)],
);

/** Inquiries sent through the contact form, kept as sent; `mailedAt` when the importer's e-mail was written to the outbox. */
export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    businessType: varchar('business_type', { length: 10 }).notNull().default('BRAND'),
    companyName: varchar('company_name', { length: 100 }).notNull(),
    fullName: varchar('full_name', { length: 50 }).notNull(),
    mobile: varchar('mobile', { length: 13 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    lang: varchar('lang', { length: 5 }).notNull(),
    ip: varchar('ip', { length: 45 }).notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contacts_ip_idx').on(t.ip, t.createdAt)],
);

/** A section of a magazine article or an event page: an optional subheading and its blocks. */
export interface ContentSection {
  heading?: string;
  blocks: DocumentBlock[];
}
/** Sections per interface language; Korean is the original and always present. */
export type LocalizedSections = Partial<Record<string, ContentSection[]>> & { 'ko-KR': ContentSection[] };

/**
 * Magazine articles (tasting notes, producer visits, pairing guides), by category (post_categories of type MAGAZINE).
 * `cover` names the motif of the generated cover picture; `likeCount` follows `magazine_likes`.
 */
export const magazines = pgTable(
  'magazines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => postCategories.id),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedSections>().notNull(),
    author: varchar('author', { length: 50 }).notNull(),
    cover: varchar('cover', { length: 20 }).notNull(),
    likeCount: integer('like_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('magazines_published_idx').on(t.publishedAt), index('magazines_category_idx').on(t.categoryId, t.publishedAt)],
);

/** A member's liked magazines. */
export const magazineLikes = pgTable(
  'magazine_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    magazineId: integer('magazine_id')
      .notNull()
      .references(() => magazines.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.magazineId] }), index('magazine_likes_user_idx').on(t.userId, t.createdAt)],
);

/** Tastings, promotions and trade fairs of the importer, with their period in Korea days (inclusive). */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedSections>().notNull(),
    place: jsonb('place').$type<LocalizedText>(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    cover: varchar('cover', { length: 20 }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_period_idx').on(t.endsOn, t.startsOn), check('events_period_ck', sql`${t.startsOn} <= ${t.endsOn}`)],
);

/** The importer's team on the company page (GET /{product}-members), in rank order. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    role: jsonb('role').$type<LocalizedText>().notNull(),
    bio: jsonb('bio').$type<LocalizedText>().notNull(),
    rank: integer('rank').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_members_rank_idx').on(t.rank)],
);

/** Retail chains and shops that sell the importer's wines (롯데마트, 이마트, 독립 와인숍 …), by rank. */
export const storeCompanies = pgTable(
  'store_companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: varchar('code', { length: 40 }).notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    rank: integer('rank').notNull().default(0),
  },
  (t) => [uniqueIndex('store_companies_code_uq').on(t.code)],
);

/**
 * Shops where the wines can be bought ("where to buy"). `siNm` is the full official name of the 시/도 (서울특별시,
 * 경기도) and `sggNm` the 시/군/구, as the road-name address API names them; the address itself is Korean only.
 * Wines are linked to a store through product_links (kind STORE, target_id = stores.id).
 */
export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => storeCompanies.id),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    siNm: varchar('si_nm', { length: 20 }).notNull(),
    sggNm: varchar('sgg_nm', { length: 30 }).notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** Opening hours as shown (매일 10:00–22:00, 둘째·넷째 일요일 휴무), per language. */
    hours: jsonb('hours').$type<LocalizedText>().notNull(),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    /** Services of the shop: PARKING, TASTING, DELIVERY, CELLAR, SOMMELIER (STORE_OPTIONS in the contracts). */
    options: text('options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPublished: boolean('is_published').notNull().default(true),
    rank: integer('rank').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stores_si_idx').on(t.siNm, t.sggNm),
    index('stores_company_idx').on(t.companyId),
    check('stores_options_ck', sql`${t.options} <@ array['PARKING', 'TASTING', 'DELIVERY', 'CELLAR', 'SOMMELIER']::text[]`),
    check('stores_coords_ck', sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`),
  ],
);

/** Categories of 1:1 inquiries by kind: trade ordering (B2B) or the brand site (BRAND). */
export const qnaCategories = pgTable(
  'qna_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: varchar('type', { length: 10 }).notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    rank: integer('rank').notNull().default(0),
  },
  (t) => [uniqueIndex('qna_categories_code_uq').on(t.type, t.code), check('qna_categories_type_ck', sql`${t.type} in ('B2B', 'BRAND')`)],
);

/**
 * A member's 1:1 inquiry: name and e-mail as they were when it was sent, and the importer's answer once given
 * (then it can no longer be deleted). `answerMailedAt` when the member's e-mail was written to the outbox.
 */
export const qnas = pgTable(
  'qnas',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => qnaCategories.id),
    fullName: varchar('full_name', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 4000 }).notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id),
    answerMailedAt: timestamp('answer_mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('qnas_user_idx').on(t.userId, t.createdAt), index('qnas_waiting_idx').on(t.answeredAt, t.createdAt)],
);

/** Files attached to an inquiry (uploaded_files of purpose QNA), in the order given. */
export const qnaFiles = pgTable(
  'qna_files',
  {
    qnaId: integer('qna_id')
      .notNull()
      .references(() => qnas.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => uploadedFiles.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.qnaId, t.fileId] }), uniqueIndex('qna_files_file_uq').on(t.fileId)],
);
