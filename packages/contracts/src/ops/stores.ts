import {
  ZKakaoAddressQuery,
  ZKakaoAnswer,
  ZKakaoCategoryQuery,
  ZKakaoCoord2AddressQuery,
  ZKakaoCoord2RegionQuery,
  ZKakaoKeywordQuery,
  ZKakaoTransCoordQuery,
  ZStoreCompanyList,
  ZStoreListQuery,
  ZStoreOptionList,
  ZStorePage,
  ZStoreParams,
  ZStoreResult,
  ZStoreSiNmList,
} from '../stores';
import { ZSortTypeList } from '../catalog';
import { defineOperation } from '../operation';

const tags = ['stores'];

export const storeList = defineOperation({
  method: 'GET',
  path: '/stores',
  tags,
  summary: 'Published stores that sell the wines, by text, options, 시/도 and company, sorted and paged',
  auth: 'public',
  query: ZStoreListQuery,
  response: ZStorePage,
  errors: ['UNKNOWN_FILTER_VALUE'],
});

export const storeSortTypes = defineOperation({
  method: 'GET',
  path: '/stores/sort-types',
  tags,
  summary: 'The orders of the store list, named in the request language',
  auth: 'public',
  response: ZSortTypeList,
  errors: [],
});

export const storeOptions = defineOperation({
  method: 'GET',
  path: '/stores/options',
  tags,
  summary: 'The services a store may offer (주차, 시음 …), named in the request language',
  auth: 'public',
  response: ZStoreOptionList,
  errors: [],
});

export const storeSiNms = defineOperation({
  method: 'GET',
  path: '/stores/siNms',
  tags,
  summary: 'The 시/도 that have published stores, with their number of stores',
  auth: 'public',
  response: ZStoreSiNmList,
  errors: [],
});

export const storeCompanies = defineOperation({
  method: 'GET',
  path: '/stores/companies',
  tags,
  summary: 'The store companies (chains and independent shops) with their number of published stores',
  auth: 'public',
  response: ZStoreCompanyList,
  errors: [],
});

export const store = defineOperation({
  method: 'GET',
  path: '/stores/:id',
  tags,
  summary: 'One published store with its company, services, coordinates and number of wines',
  auth: 'public',
  params: ZStoreParams,
  response: ZStoreResult,
  errors: ['NOT_FOUND'],
});

const mapTags = ['kakao-map'];
const mapDescription =
  'A proxy to Kakao Local with the server key (KAKAO_REST_KEY): the answer is Kakao’s `{documents, meta}` as it came, ' +
  'kept for a few minutes. Without the key MAP_NOT_CONFIGURED; Kakao failing or late (3 s) MAP_SERVICE_UNAVAILABLE.';
const mapErrors = ['MAP_NOT_CONFIGURED', 'MAP_SERVICE_UNAVAILABLE'] as const;

export const kakaoCategory = defineOperation({
  method: 'GET',
  path: '/kakao-map/category',
  tags: mapTags,
  summary: 'Places of a category (default MT1, 대형마트) around a point (Kakao Local category search)',
  description: mapDescription,
  auth: 'public',
  query: ZKakaoCategoryQuery,
  response: ZKakaoAnswer,
  errors: mapErrors,
});

export const kakaoAddress = defineOperation({
  method: 'GET',
  path: '/kakao-map/address',
  tags: mapTags,
  summary: 'Addresses matching a text, with coordinates (Kakao Local address search)',
  description: mapDescription,
  auth: 'public',
  query: ZKakaoAddressQuery,
  response: ZKakaoAnswer,
  errors: mapErrors,
});

export const kakaoKeyword = defineOperation({
  method: 'GET',
  path: '/kakao-map/keyword',
  tags: mapTags,
  summary: 'Places matching a keyword (Kakao Local keyword search)',
  description: mapDescription,
  auth: 'public',
  query: ZKakaoKeywordQuery,
  response: ZKakaoAnswer,
  errors: mapErrors,
});

export const kakaoCoord2RegionCode = defineOperation({
  method: 'GET',
  path: '/kakao-map/coord2regioncode',
  tags: mapTags,
  summary: 'The administrative and legal regions of a point (Kakao Local coord2regioncode)',
  description: mapDescription,
  auth: 'public',
  query: ZKakaoCoord2RegionQuery,
  response: ZKakaoAnswer,
  errors: mapErrors,
});

export const kakaoCoord2Address = defineOperation({
  method: 'GET',
  path: '/kakao-map/coord2address',
  tags: mapTags,
  summary: 'The address of a point (Kakao Local coord2address)',
  description: mapDescription,
  auth: 'public',
  query: ZKakaoCoord2AddressQuery,
  response: ZKakaoAnswer,
  errors: mapErrors,
});

export const kakaoTransCoord = defineOperation({
  method: 'GET',
  path: '/kakao-map/transcoord',
  tags: mapTags,
  summary: 'A point converted from one coordinate system to another (Kakao Local transcoord)',
  description: mapDescription,
  auth: 'public',
  query: ZKakaoTransCoordQuery,
  response: ZKakaoAnswer,
  errors: mapErrors,
});
