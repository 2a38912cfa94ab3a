import { z } from 'zod';
import { zId, zPage, zPageOf, zSize } from './catalog';
import { zEmail, zMobile } from './accounts';

/** Terms and policies kept with every version (spec §7 "Documents"; the /terms page). */
export const DOCUMENT_TYPES = ['TERM', 'PRIVACY'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const ZDocumentTypeParams = z.object({ type: z.enum(DOCUMENT_TYPES, { message: 'oneOf' }) });
export const ZDocumentParams = z.object({ id: zId });

export const ZDocumentTypeList = z.object({
  data: z.array(z.object({ type: z.enum(DOCUMENT_TYPES), name: z.string() })),
});

/** A version of a document without its text (the version selector). */
export const ZDocumentVersion = z.object({
  id: z.number().int(),
  version: z.string(),
  /** From when this version applies (ISO). */
  effectiveAt: z.string(),
  /** The version in force now. */
  current: z.boolean(),
});
export type TDocumentVersion = z.infer<typeof ZDocumentVersion>;
export const ZDocumentVersionList = z.object({ data: z.array(ZDocumentVersion) });

/** A paragraph, or a list of items. */
export const ZDocumentBlock = z.union([z.string(), z.array(z.string())]);
export const ZDocument = ZDocumentVersion.extend({
  type: z.enum(DOCUMENT_TYPES),
  typeName: z.string(),
  /** The language of the text: the request language, or Korean (the original) when it has no translation. */
  lang: z.string(),
  title: z.string(),
  intro: z.string(),
  articles: z.array(z.object({ heading: z.string(), blocks: z.array(ZDocumentBlock) })),
});
export type TDocument = z.infer<typeof ZDocument>;
export const ZDocumentResult = z.object({ data: ZDocument });

// ---- notices and FAQ ------------------------------------------------------------------------------------------------

export const POST_TYPES = ['NOTICE', 'CAREER'] as const;
export type PostType = (typeof POST_TYPES)[number];

const zSearch = z.string().trim().max(50).optional();

export const ZPostTypeList = z.object({ data: z.array(z.object({ type: z.enum(POST_TYPES), name: z.string() })) });
export const ZPostCategoryQuery = z.object({ type: z.enum(POST_TYPES, { message: 'oneOf' }).default('NOTICE') });
export const ZCategory = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryList = z.object({ data: z.array(ZCategory) });

export const ZPostListQuery = z.object({
  type: z.enum(POST_TYPES, { message: 'oneOf' }).default('NOTICE'),
  idCategory: zId.optional(),
  query: zSearch,
  page: zPage,
  size: zSize(10),
});
export const ZPostSummary = z.object({
  id: z.number().int(),
  type: z.enum(POST_TYPES),
  category: ZCategory.nullable(),
  title: z.string(),
  /** The language of the title (Korean when there is no translation). */
  lang: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
});
export type TPostSummary = z.infer<typeof ZPostSummary>;
export const ZPostPage = zPageOf(ZPostSummary);
export type TPostPage = z.infer<typeof ZPostPage>;
export const ZPostParams = z.object({ id: zId });
export const ZPost = ZPostSummary.extend({
  body: z.array(ZDocumentBlock),
  /** The neighbours in the list order (newer and older), for "previous / next". */
  newer: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  older: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type TPost = z.infer<typeof ZPost>;
export const ZPostResult = z.object({ data: ZPost });

export const ZFaqQuery = z.object({ idCategory: zId.optional(), query: zSearch });
export const ZFaq = z.object({
  id: z.number().int(),
  category: ZCategory,
  lang: z.string(),
  question: z.string(),
  answer: z.array(ZDocumentBlock),
});
export type TFaq = z.infer<typeof ZFaq>;
export const ZFaqList = z.object({ data: z.array(ZFaq) });

// ---- contact ----------------------------------------------------------------------------------------------------

export const CONTACT_BUSINESS_TYPES = ['BRAND', 'B2B'] as const;

/**
 * POST /contacts: an inquiry to the importer. `website` is a field people never see (filled only by robots),
 * `renderedAt` when the form was shown (ms since epoch): a form sent faster than a person can type is refused.
 * With reCAPTCHA keys configured, `captchaToken` is checked with Google instead.
 */
export const ZContactBody = z.object({
  companyName: z.string({ message: 'brandOrCompany' }).trim().min(1, { message: 'brandOrCompany' }).max(100),
  fullName: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(50),
  mobile: zMobile,
  email: zEmail,
  content: z.string({ message: 'required' }).trim().min(10, { message: 'contentMin' }).max(2000),
  privacyAgree: z.literal(true, { message: 'agreeRequired' }),
  businessType: z.enum(CONTACT_BUSINESS_TYPES, { message: 'oneOf' }).default('BRAND'),
  website: z.string().max(200).optional(),
  renderedAt: z.number().int().nonnegative().optional(),
  captchaToken: z.string().max(4000).optional(),
});
export type TContactBody = z.output<typeof ZContactBody>;
export const ZContactResult = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });

export const ZCaptchaQuery = z.object({ token: z.string().min(1).max(4000) });
export const ZCaptchaResult = z.object({ data: z.object({ success: z.boolean() }) });

// ---- magazines and events -------------------------------------------------------------------------------------

/** A section of an article: an optional subheading and its paragraphs and lists. */
export const ZContentSection = z.object({ heading: z.string().optional(), blocks: z.array(ZDocumentBlock) });
export type TContentSection = z.infer<typeof ZContentSection>;

export const MAGAZINE_SORTS = ['NEWEST', 'POPULAR', 'OLDEST'] as const;
export type MagazineSort = (typeof MAGAZINE_SORTS)[number];

export const ZMagazineListQuery = z.object({
  idCategory: zId.optional(),
  query: zSearch,
  sort: z.enum(MAGAZINE_SORTS, { message: 'oneOf' }).default('NEWEST'),
  page: zPage,
  size: zSize(12),
});
export type TMagazineListQuery = z.infer<typeof ZMagazineListQuery>;
export const ZMagazineSummary = z.object({
  id: z.number().int(),
  category: ZCategory,
  title: z.string(),
  summary: z.string(),
  /** The language of the title and summary (Korean when there is no translation). */
  lang: z.string(),
  author: z.string(),
  /** The cover picture (generated art), a path of this site. */
  coverUrl: z.string(),
  likeCount: z.number().int(),
  /** Whether the member asking likes it (false for visitors). */
  isLiked: z.boolean(),
  /** How many published wines it features. */
  productCount: z.number().int(),
  publishedAt: z.string(),
});
export type TMagazineSummary = z.infer<typeof ZMagazineSummary>;
export const ZMagazinePage = zPageOf(ZMagazineSummary);
export type TMagazinePage = z.infer<typeof ZMagazinePage>;
export const ZMagazine = ZMagazineSummary.extend({
  sections: z.array(ZContentSection),
  /** The neighbours in publishing order, for "previous / next". */
  newer: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  older: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type TMagazine = z.infer<typeof ZMagazine>;
export const ZMagazineResult = z.object({ data: ZMagazine });
export const ZLikedMagazineQuery = z.object({ page: zPage, size: zSize(12) });
export const ZLikedMagazinePage = zPageOf(ZMagazineSummary.extend({ likedAt: z.string() }));
export type TLikedMagazinePage = z.infer<typeof ZLikedMagazinePage>;

/** `POST /magazines/products/kinds` and `/events/products/kinds`: the wine kinds of one magazine's or event's wines. */
export const ZContentKindsBody = z.object({ id: zId });

export const EVENT_SORTS = ['CURRENT', 'NEWEST', 'ENDING_SOON'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];
export const EVENT_STATUSES = ['UPCOMING', 'ONGOING', 'ENDED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const ZEventListQuery = z.object({
  status: z.enum(EVENT_STATUSES, { message: 'oneOf' }).optional(),
  query: zSearch,
  sort: z.enum(EVENT_SORTS, { message: 'oneOf' }).default('CURRENT'),
  page: zPage,
  size: zSize(12),
});
export type TEventListQuery = z.infer<typeof ZEventListQuery>;
export const ZEventSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  lang: z.string(),
  place: z.string().nullable(),
  /** First and last day (YYYY-MM-DD, Korea time, inclusive). */
  startsOn: z.string(),
  endsOn: z.string(),
  /** Against today in Korea. */
  status: z.enum(EVENT_STATUSES),
  statusName: z.string(),
  coverUrl: z.string(),
  productCount: z.number().int(),
  publishedAt: z.string(),
});
export type TEventSummary = z.infer<typeof ZEventSummary>;
export const ZEventPage = zPageOf(ZEventSummary);
export type TEventPage = z.infer<typeof ZEventPage>;
export const ZEvent = ZEventSummary.extend({ sections: z.array(ZContentSection) });
export type TEvent = z.infer<typeof ZEvent>;
export const ZEventResult = z.object({ data: ZEvent });

// ---- the team (GET /{product}-members) ------------------------------------------------------------------------

export const ZTeamParams = z.object({
  product: z.string().max(31).meta({ description: "The site's slug (`podo` in `/podo-members`)", example: 'podo' }),
});
export const ZTeamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  /** The language of the bio (Korean when it has no translation). */
  bioLang: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;
export const ZTeamList = z.object({ data: z.array(ZTeamMember) });

// ---- 1:1 inquiries (spec §7 "Q&A") ----------------------------------------------------------------------------

export const QNA_TYPES = ['B2B', 'BRAND'] as const;
export type QnaType = (typeof QNA_TYPES)[number];
export const QNA_STATUSES = ['WAITING', 'ANSWERED'] as const;
export type QnaStatus = (typeof QNA_STATUSES)[number];
/** Files one inquiry may carry. */
export const QNA_FILES_MAX = 5;
export const QNA_TITLE_MAX = 100;
export const QNA_CONTENT_MAX = 4000;

export const ZQnaTypeList = z.object({ data: z.array(z.object({ type: z.enum(QNA_TYPES), name: z.string() })) });
export const ZQnaCategoryQuery = z.object({ type: z.enum(QNA_TYPES, { message: 'oneOf' }).default('B2B') });
export const ZQnaListQuery = z.object({
  status: z.enum(QNA_STATUSES, { message: 'oneOf' }).optional(),
  query: zSearch,
  page: zPage,
  size: zSize(10),
});
export const ZQnaBody = z.object({
  idCategory: z.coerce.number({ message: 'required' }).int({ message: 'required' }).positive({ message: 'required' }),
  title: z.string({ message: 'required' }).trim().min(2, { message: 'titleMin' }).max(QNA_TITLE_MAX),
  content: z.string({ message: 'required' }).trim().min(10, { message: 'contentMin' }).max(QNA_CONTENT_MAX),
  /** Ids of files uploaded with POST /qnas/file/upload (each once). */
  files: z
    .array(z.string({ message: 'fileIds' }))
    .max(QNA_FILES_MAX, { message: 'filesMax' })
    .refine((a) => a.every((id) => z.uuid().safeParse(id).success), { message: 'fileIds' })
    .default([]),
});
export type TQnaBody = z.output<typeof ZQnaBody>;
export const ZQnaFile = z.object({ id: z.string(), name: z.string(), mime: z.string(), size: z.number().int() });
export const ZQnaSummary = z.object({
  id: z.number().int(),
  type: z.enum(QNA_TYPES),
  category: ZCategory,
  title: z.string(),
  status: z.enum(QNA_STATUSES),
  statusName: z.string(),
  fileCount: z.number().int(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type TQnaSummary = z.infer<typeof ZQnaSummary>;
export const ZQnaPage = zPageOf(ZQnaSummary);
export type TQnaPage = z.infer<typeof ZQnaPage>;
export const ZQna = ZQnaSummary.extend({
  fullName: z.string(),
  /** Masked where others could see it: the member sees theirs whole. */
  email: z.string(),
  content: z.string(),
  files: z.array(ZQnaFile),
  /** The importer's answer as rich text (HTML sanitized on the server before it was stored), or null. */
  answer: z.string().nullable(),
});
export type TQna = z.infer<typeof ZQna>;
export const ZQnaResult = z.object({ data: ZQna });
export const ZQnaCreated = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });
export const ZQnaFileParams = z.object({ id: zId, fileId: z.uuid({ message: 'fileId' }) });
/** The answer: an editor's HTML (cleaned before it is stored) or plain text. */
export const ZQnaAnswerBody = z.object({
  answer: z
    .string({ message: 'required' })
    .trim()
    .min(2, { message: 'required' })
    .max(QNA_CONTENT_MAX * 4),
});
