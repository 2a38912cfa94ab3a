import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, loginToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

/**
 * Small servers that answer like the road-name address API (business.juso.go.kr addrLinkApi.do, resultType=json)
 * and Kakao Local's address search (dapi.kakao.com/v2/local/search/address.json).
 */
const calls: URL[] = [];
const JUSO_ROWS = [
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
function fakeJuso(): Server {
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
function fakeKakao(): Server {
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
const listen = async (s: Server) => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

let juso: Server;
let kakao: Server;
let t: TestApp;
let bare: TestApp;
let token: string;
beforeAll(async () => {
  juso = fakeJuso();
  kakao = fakeKakao();
  const [jusoBase, kakaoBase] = await Promise.all([listen(juso), listen(kakao)]);
  t = await createTestApp({
    JUSO_API_KEY: 'juso-test-key',
    JUSO_API_URL: `${jusoBase}/addrlink/addrLinkApi.do`,
    KAKAO_REST_KEY: 'kakao-test-key',
    KAKAO_LOCAL_URL: `${kakaoBase}/v2/local/search/address.json`,
  });
  bare = await createTestApp();
  token = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  juso.close();
  kakao.close();
});

const get = (app: TestApp, url: string, lang = 'ko-KR', tok = token) =>
  app.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...auth(tok), 'accept-language': lang } });

describe('GET /juso (road-name address search)', () => {
  it('answers the addresses of a keyword with their postal codes, sending the key and the page', async () => {
    const r = await get(t, `/juso?keyword=${encodeURIComponent('테헤란로 123')}&page=2&size=5`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({
      available: true,
      items: [
        {
          roadAddress: '서울특별시 강남구 테헤란로 123 (역삼동)',
          jibunAddress: '서울특별시 강남구 역삼동 736-1 포도빌딩',
          englishAddress: '123 Teheran-ro, Gangnam-gu, Seoul',
          postalCode: '06236',
          buildingName: '포도빌딩',
        },
        expect.objectContaining({ roadAddress: '서울특별시 강남구 테헤란로 125 (역삼동)', buildingName: '' }),
      ],
      page: { number: 2, size: 5, totalElements: 245 },
    });
    const sent = calls.at(-1);
    expect(Object.fromEntries(sent?.searchParams ?? [])).toEqual({
      confmKey: 'juso-test-key',
      currentPage: '2',
      countPerPage: '5',
      keyword: '테헤란로 123',
      resultType: 'json',
    });
  });

  it("says why a keyword is refused, in the caller's language, and 503 when the service fails or is late", async () => {
    const broad = await get(t, `/juso?keyword=${encodeURIComponent('서울')}`, 'en-US');
    expect(broad.statusCode).toBe(400);
    expect(broad.json().code).toBe('ADDRESS_KEYWORD_INVALID');
    expect(broad.json().message).toMatch(/more specific/);
    expect((await get(t, `/juso?keyword=${encodeURIComponent('50%')}`)).json().code).toBe('ADDRESS_KEYWORD_INVALID');
    const short = await get(t, '/juso?keyword=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('검색어');
    for (const keyword of ['broken', 'slow']) {
      const r = await get(t, `/juso?keyword=${keyword}`);
      expect(r.statusCode, keyword).toBe(503);
      expect(r.json()).toEqual({
        code: 'ADDRESS_SERVICE_UNAVAILABLE',
        message: '지금은 주소 검색을 사용할 수 없습니다. 주소를 직접 입력해 주세요.',
      });
    }
  }, 15_000);

  it('is off without a key (the form takes the address typed in) and needs a login', async () => {
    const bareToken = await loginToken(bare, 'buyer@example.com', 'Buyer!2345');
    const before = calls.length;
    const r = await get(bare, `/juso?keyword=${encodeURIComponent('테헤란로')}`, 'ko-KR', bareToken);
    expect(r.json().data).toEqual({ available: false, items: [], page: { number: 1, size: 10, totalElements: 0 } });
    expect(calls.length).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/juso?keyword=테헤란로' })).statusCode).toBe(401);
  });
});

describe('GET /location (coordinates through Kakao Local)', () => {
  it('answers longitude and latitude of an address, and found: false for none', async () => {
    const r = await get(t, `/location?address=${encodeURIComponent('서울특별시 강남구 테헤란로 123')}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({
      available: true,
      found: true,
      longitude: 127.02861,
      latitude: 37.49959,
      roadAddress: '서울 강남구 테헤란로 123',
      postalCode: '06236',
    });
    const none = await get(t, `/location?address=${encodeURIComponent('없는 주소 1')}`);
    expect(none.json().data).toMatchObject({ available: true, found: false, longitude: null });
  });

  it('is off without a key, and 503 when Kakao refuses the key', async () => {
    const bareToken = await loginToken(bare, 'buyer@example.com', 'Buyer!2345');
    expect((await get(bare, '/location?address=테헤란로', 'ko-KR', bareToken)).json().data).toMatchObject({
      available: false,
      found: false,
    });
    const wrong = await createTestApp({
      KAKAO_REST_KEY: 'wrong-key',
      KAKAO_LOCAL_URL: `http://127.0.0.1:${(kakao.address() as AddressInfo).port}/v2/local/search/address.json`,
    });
    try {
      const wrongToken = await loginToken(wrong, 'buyer@example.com', 'Buyer!2345');
      const r = await get(wrong, `/location?address=${encodeURIComponent('테헤란로 123')}`, 'ja-JP', wrongToken);
      expect(r.statusCode).toBe(503);
      expect(r.json().message).toBe('現在、住所検索を利用できません。住所を直接入力してください。');
    } finally {
      await wrong.close();
    }
  });
});
