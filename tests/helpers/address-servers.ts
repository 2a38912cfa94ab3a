import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Small servers that answer like the road-name address API (business.juso.go.kr addrLinkApi.do, resultType=json)
 * and Kakao Local's address search (dapi.kakao.com/v2/local/search/address.json).
 */
/** Every request the fake servers received (tests look at the parameters sent). */
export const calls: URL[] = [];
export const JUSO_ROWS = [
  {
    roadAddr: '서울특별시 강남구 테헤란로 123 (역삼동)',
    roadAddrPart1: '서울특별시 강남구 테헤란로 123',
    jibunAddr: '서울특별시 강남구 역삼동 736-1 포도빌딩',
    engAddr: '123 Teheran-ro, Gangnam-gu, Seoul',
    zipNo: '06236',
    bdNm: '포도빌딩',
    siNm: '서울특별시',
  },
  {
    roadAddr: '서울특별시 강남구 테헤란로 125 (역삼동)',
    roadAddrPart1: '서울특별시 강남구 테헤란로 125',
    jibunAddr: '서울특별시 강남구 역삼동 737',
    engAddr: '125 Teheran-ro, Gangnam-gu, Seoul',
    zipNo: '06236',
    bdNm: '',
    siNm: '서울특별시',
  },
];
const jusoAnswer = (errorCode: string, juso: object[] | null, totalCount = juso?.length ?? 0) => ({
  results: {
    common: {
      errorCode,
      errorMessage: errorCode === '0' ? '정상' : '오류',
      totalCount: String(totalCount),
      currentPage: '1',
      countPerPage: '10',
    },
    juso,
  },
});
export function fakeJuso(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    calls.push(url);
    const keyword = url.searchParams.get('keyword') ?? '';
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
    if (url.searchParams.get('confmKey') !== 'juso-test-key') return json(200, jusoAnswer('E0001', null));
    if (keyword === 'slow') return void setTimeout(() => json(200, jusoAnswer('0', [])), 5_000);
    if (keyword === 'broken') return json(500, { message: 'internal' });
    if (keyword.includes('%') || keyword === '서울') return json(200, jusoAnswer(keyword === '서울' ? 'E0006' : 'E0012', null));
    if (keyword.includes('테헤란로')) return json(200, jusoAnswer('0', JUSO_ROWS, 245));
    return json(200, jusoAnswer('0', []));
  });
}
export function fakeKakao(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
    if (req.headers.authorization !== 'KakaoAK kakao-test-key')
      return json(401, { errorType: 'AccessDeniedError', message: 'wrong appKey' });
    const query = url.searchParams.get('query') ?? '';
    const documents = query.includes('테헤란로 123')
      ? [
          {
            address_name: '서울 강남구 역삼동 736-1',
            address_type: 'ROAD_ADDR',
            x: '127.028610',
            y: '37.499590',
            road_address: {
              address_name: '서울 강남구 테헤란로 123',
              zone_no: '06236',
              building_name: '포도빌딩',
              x: '127.028610',
              y: '37.499590',
            },
          },
        ]
      : [];
    return json(200, { meta: { total_count: documents.length, pageable_count: documents.length, is_end: true }, documents });
  });
}
export const listen = async (s: Server) => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};
