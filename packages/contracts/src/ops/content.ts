import { ZDocumentParams, ZDocumentResult, ZDocumentTypeList, ZDocumentTypeParams, ZDocumentVersionList } from '../content';
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
