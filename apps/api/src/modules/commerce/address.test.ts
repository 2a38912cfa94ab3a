import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, loginToken } from '../../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { calls, fakeJuso, fakeKakao, listen } from '../../../../../tests/helpers/address-servers';

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
