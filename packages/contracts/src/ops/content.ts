import {
  ZCaptchaQuery,
  ZCaptchaResult,
  ZCategoryList,
  ZContactBody,
  ZContactResult,
  ZDocumentParams,
  ZDocumentResult,
  ZDocumentTypeList,
  ZDocumentTypeParams,
  ZDocumentVersionList,
  ZFaqList,
  ZFaqQuery,
  ZPostCategoryQuery,
  ZPostListQuery,
  ZPostPage,
  ZPostParams,
  ZPostResult,
  ZPostTypeList,
  ZMagazineListQuery,
  ZMagazinePage,
  ZLikedMagazineQuery,
  ZLikedMagazinePage,
  ZContentKindsBody,
  ZMagazineResult,
  ZEventListQuery,
  ZEventPage,
  ZEventResult,
  ZTeamList,
  ZTeamParams,
  ZQnaTypeList,
  ZQnaCategoryQuery,
  ZQnaListQuery,
  ZQnaPage,
  ZQnaResult,
  ZQnaBody,
  ZQnaCreated,
  ZQnaFileParams,
} from '../content';
import { ZUploadResult } from '../accounts';
import { z } from 'zod';
import { zId, ZKindList, ZLikeToggle, ZProductPage, ZSortTypeList, ZWineryWinesQuery } from '../catalog';
import { defineOperation } from '../operation';

const tags = ['documents'];

export const documentTypes = defineOperation({
  method: 'GET',
  path: '/documents/types',
  tags,
  summary: 'The kinds of documents (이용약관, 개인정보처리방침), named in the request language',
  auth: 'public',
  response: ZDocumentTypeList,
  errors: [],
});

export const currentDocument = defineOperation({
  method: 'GET',
  path: '/documents/type/:type',
  tags,
  summary: 'The version of a document in force now, with its text',
  auth: 'public',
  params: ZDocumentTypeParams,
  response: ZDocumentResult,
  errors: ['NOT_FOUND'],
});

export const documentVersions = defineOperation({
  method: 'GET',
  path: '/documents/type/:type/list',
  tags,
  summary: 'Every version of a document, newest first, with its effective date (future ones included)',
  auth: 'public',
  params: ZDocumentTypeParams,
  response: ZDocumentVersionList,
  errors: [],
});

export const document = defineOperation({
  method: 'GET',
  path: '/documents/:id',
  tags,
  summary: 'One version of a document, with its text',
  auth: 'public',
  params: ZDocumentParams,
  response: ZDocumentResult,
  errors: ['NOT_FOUND'],
});

const postTags = ['posts'];

export const postTypes = defineOperation({
  method: 'GET',
  path: '/posts/types',
  tags: postTags,
  summary: 'The kinds of posts (공지사항), named in the request language',
  auth: 'public',
  response: ZPostTypeList,
  errors: [],
});

export const postCategories = defineOperation({
  method: 'GET',
  path: '/posts/categories',
  tags: postTags,
  summary: 'The categories of a kind of post, in their order',
  auth: 'public',
  query: ZPostCategoryQuery,
  response: ZCategoryList,
  errors: [],
});

export const posts = defineOperation({
  method: 'GET',
  path: '/posts',
  tags: postTags,
  summary: 'Posts of a kind, pinned first then newest, by category and text',
  auth: 'public',
  query: ZPostListQuery,
  response: ZPostPage,
  errors: ['UNKNOWN_FILTER_VALUE'],
});

export const post = defineOperation({
  method: 'GET',
  path: '/posts/:id',
  tags: postTags,
  summary: 'One post with its text and its newer and older neighbours',
  auth: 'public',
  params: ZPostParams,
  response: ZPostResult,
  errors: ['NOT_FOUND'],
});

export const faqCategories = defineOperation({
  method: 'GET',
  path: '/faqs/categories',
  tags: ['faqs'],
  summary: 'The FAQ categories, in their order',
  auth: 'public',
  response: ZCategoryList,
  errors: [],
});

export const faqs = defineOperation({
  method: 'GET',
  path: '/faqs',
  tags: ['faqs'],
  summary: 'Frequently asked questions with their answers, by category and text',
  auth: 'public',
  query: ZFaqQuery,
  response: ZFaqList,
  errors: ['UNKNOWN_FILTER_VALUE'],
});

export const createContact = defineOperation({
  method: 'POST',
  path: '/contacts',
  tags: ['contact'],
  summary:
    'Send an inquiry to the importer (stored and e-mailed); robots are kept out by reCAPTCHA, or without its keys by a hidden field, a minimum fill time and a limit per address',
  auth: 'optional',
  body: ZContactBody,
  response: ZContactResult,
  status: 201,
  errors: ['CONTACT_SPAM', 'CONTACT_LIMIT', 'CAPTCHA_FAILED', 'SERVICE_UNAVAILABLE'],
});

export const captchaCheck = defineOperation({
  method: 'POST',
  path: '/captcha/google-check',
  tags: ['contact'],
  summary: 'Check a reCAPTCHA token with Google (503 when this site has no reCAPTCHA keys)',
  auth: 'public',
  query: ZCaptchaQuery,
  response: ZCaptchaResult,
  errors: ['SERVICE_UNAVAILABLE'],
});

// ---- magazines (spec §7 "Magazines") ---------------------------------------------------------------------------
const magazineTags = ['magazines'];
const ZContentIdParams = z.object({ id: zId });

export const magazineList = defineOperation({
  method: 'GET',
  path: '/magazines',
  tags: magazineTags,
  summary: 'Published magazine articles by category and text, sorted and paged (with the member’s likes)',
  auth: 'optional',
  query: ZMagazineListQuery,
  response: ZMagazinePage,
  errors: ['UNKNOWN_FILTER_VALUE'],
});

export const magazineCategories = defineOperation({
  method: 'GET',
  path: '/magazines/categories',
  tags: magazineTags,
  summary: 'The magazine categories, in their order',
  auth: 'public',
  response: ZCategoryList,
  errors: [],
});

export const magazineSortTypes = defineOperation({
  method: 'GET',
  path: '/magazines/sort-types',
  tags: magazineTags,
  summary: 'Sorts of the magazine list',
  auth: 'public',
  response: ZSortTypeList,
  errors: [],
});

export const likedMagazines = defineOperation({
  method: 'GET',
  path: '/magazines/like',
  tags: magazineTags,
  summary: "The member's liked magazines, most recently liked first",
  auth: 'user',
  query: ZLikedMagazineQuery,
  response: ZLikedMagazinePage,
  errors: [],
});

export const magazineProductKinds = defineOperation({
  method: 'POST',
  path: '/magazines/products/kinds',
  tags: magazineTags,
  summary: "Wine kinds with counts of a magazine's wines (the tabs above its wines)",
  auth: 'public',
  body: ZContentKindsBody,
  response: ZKindList,
  errors: ['NOT_FOUND'],
});

export const magazine = defineOperation({
  method: 'GET',
  path: '/magazines/:id',
  tags: magazineTags,
  summary: 'A magazine article with its text and its newer and older neighbours',
  auth: 'optional',
  params: ZContentIdParams,
  response: ZMagazineResult,
  errors: ['NOT_FOUND'],
});

export const toggleMagazineLike = defineOperation({
  method: 'POST',
  path: '/magazines/:id/like',
  tags: magazineTags,
  summary: 'Likes the article, or removes the like when already there',
  auth: 'user',
  params: ZContentIdParams,
  response: ZLikeToggle,
  errors: ['NOT_FOUND'],
});

export const magazineProducts = defineOperation({
  method: 'GET',
  path: '/magazines/:id/products',
  tags: magazineTags,
  summary: 'The wines an article features (filter by kinds), as the product list',
  auth: 'optional',
  params: ZContentIdParams,
  query: ZWineryWinesQuery,
  response: ZProductPage,
  errors: ['NOT_FOUND'],
});

// ---- events (spec §7 "Events") ---------------------------------------------------------------------------------
const eventTags = ['events'];

export const eventList = defineOperation({
  method: 'GET',
  path: '/events',
  tags: eventTags,
  summary: 'Published events by state (coming, running, ended) and text, sorted and paged',
  auth: 'public',
  query: ZEventListQuery,
  response: ZEventPage,
  errors: [],
});

export const eventSortTypes = defineOperation({
  method: 'GET',
  path: '/events/sort-types',
  tags: eventTags,
  summary: 'Sorts of the event list',
  auth: 'public',
  response: ZSortTypeList,
  errors: [],
});

export const eventProductKinds = defineOperation({
  method: 'POST',
  path: '/events/products/kinds',
  tags: eventTags,
  summary: "Wine kinds with counts of an event's wines",
  auth: 'public',
  body: ZContentKindsBody,
  response: ZKindList,
  errors: ['NOT_FOUND'],
});

export const event = defineOperation({
  method: 'GET',
  path: '/events/:id',
  tags: eventTags,
  summary: 'An event with its period, place and text',
  auth: 'public',
  params: ZContentIdParams,
  response: ZEventResult,
  errors: ['NOT_FOUND'],
});

export const eventProducts = defineOperation({
  method: 'GET',
  path: '/events/:id/products',
  tags: eventTags,
  summary: 'The wines of an event (filter by kinds), as the product list',
  auth: 'optional',
  params: ZContentIdParams,
  query: ZWineryWinesQuery,
  response: ZProductPage,
  errors: ['NOT_FOUND'],
});

export const teamMembers = defineOperation({
  method: 'GET',
  path: '/:product-members',
  tags: ['company'],
  summary: "The importer's team on the company page, in their order (the path carries the site's slug: /podo-members)",
  auth: 'public',
  params: ZTeamParams,
  response: ZTeamList,
  errors: ['NOT_FOUND'],
});

// ---- 1:1 inquiries (spec §7 "Q&A") ----------------------------------------------------------------------------
const qnaTags = ['qnas'];

export const qnaCategoryTypes = defineOperation({
  method: 'GET',
  path: '/qnas/categories/types',
  tags: qnaTags,
  summary: 'The kinds of inquiry categories (trade ordering, brand site), named in the request language',
  auth: 'public',
  response: ZQnaTypeList,
  errors: [],
});

export const qnaCategories = defineOperation({
  method: 'GET',
  path: '/qnas/categories',
  tags: qnaTags,
  summary: 'The categories of one kind of inquiry, in their order',
  auth: 'public',
  query: ZQnaCategoryQuery,
  response: ZCategoryList,
  errors: [],
});

export const qnaList = defineOperation({
  method: 'GET',
  path: '/qnas',
  tags: qnaTags,
  summary: "The member's own inquiries, newest first, by state and text",
  auth: 'user',
  query: ZQnaListQuery,
  response: ZQnaPage,
  errors: [],
});

export const qna = defineOperation({
  method: 'GET',
  path: '/qnas/:id',
  tags: qnaTags,
  summary: 'One inquiry with its files and the answer (its author and admins only)',
  auth: 'user',
  params: ZContentIdParams,
  response: ZQnaResult,
  errors: ['NOT_FOUND'],
});

export const createQna = defineOperation({
  method: 'POST',
  path: '/qnas',
  tags: qnaTags,
  summary: 'Send a 1:1 inquiry with a category and up to 5 files uploaded before (POST /qnas/file/upload)',
  auth: 'user',
  body: ZQnaBody,
  response: ZQnaCreated,
  status: 201,
  errors: ['UNKNOWN_FILTER_VALUE', 'QNA_FILE_NOT_FOUND'],
});

export const deleteQna = defineOperation({
  method: 'DELETE',
  path: '/qnas/:id',
  tags: qnaTags,
  summary: 'Delete an own inquiry while it has no answer (its files go with it)',
  auth: 'user',
  params: ZContentIdParams,
  response: z.object({ message: z.string(), data: z.object({ id: z.number().int() }) }),
  errors: ['NOT_FOUND', 'QNA_ANSWERED'],
});

export const qnaFileUpload = defineOperation({
  method: 'POST',
  path: '/qnas/file/upload',
  tags: qnaTags,
  summary: 'Upload one file for an inquiry (multipart: JPG, PNG, WEBP or PDF, checked by its bytes)',
  description:
    'One file in any multipart field, up to 10 MB; images are re-encoded, PDFs with active content refused. Pass the answered id in `files` of POST /qnas.',
  auth: 'user',
  multipart: true,
  status: 201,
  response: ZUploadResult,
  errors: ['FILE_REQUIRED', 'FILE_TOO_LARGE', 'FILE_TYPE_NOT_ALLOWED', 'FILE_INVALID', 'FILE_UNSAFE', 'TOO_MANY_REQUESTS'],
});

export const qnaFile = defineOperation({
  method: 'GET',
  path: '/qnas/:id/files/:fileId',
  tags: qnaTags,
  summary: 'A file of an inquiry, as a download (its author and admins only)',
  auth: 'user',
  params: ZQnaFileParams,
  response: { file: 'image/jpeg, image/png, image/webp or application/pdf' },
  errors: ['NOT_FOUND'],
});
