import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';
import { fakeKakaoLocal, KAKAO_TEST_KEY } from '../../../../../tests/helpers/kakao-local-server';

const kakao = fakeKakaoLocal();
let t: TestApp;
beforeAll(async () => {
  await kakao.listening;
  t = await createTestApp({ KAKAO_REST_KEY: KAKAO_TEST_KEY, KAKAO_LOCAL_URL: kakao.url() }, { seed: false });
});
afterAll(async () => {
  await t.close();
  kakao.server.close();
});

const get = (app: TestApp, url: string, lang = 'ko-KR') =>
  app.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'accept-language': lang } });

describe('Kakao map proxy', () => {
  it('forwards each call to its Kakao Local endpoint with the key and passes the answer through', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['/kakao-map/category?x=127.0982&y=37.511', '/v2/local/search/category.json', { category_group_code: 'MT1', radius: '2000' }],
      [`/kakao-map/address?query=${encodeURIComponent('올림픽로 240')}`, '/v2/local/search/address.json', { query: '올림픽로 240' }],
      [
        `/kakao-map/keyword?query=${encodeURIComponent('와인')}&categoryGroupCode=MT1`,
        '/v2/local/search/keyword.json',
        { category_group_code: 'MT1' },
      ],
      ['/kakao-map/coord2regioncode?x=127.0276&y=37.4979', '/v2/local/geo/coord2regioncode.json', { x: '127.0276' }],
      ['/kakao-map/coord2address?x=127.0276&y=37.4979&input_coord=WGS84', '/v2/local/geo/coord2address.json', { input_coord: 'WGS84' }],
      [
        '/kakao-map/transcoord?x=127.0276&y=37.4979&output_coord=WCONGNAMUL',
        '/v2/local/geo/transcoord.json',
        { output_coord: 'WCONGNAMUL' },
      ],
    ];
    for (const [url, path, params] of cases) {
      const before = kakao.calls.length;
      const r = await get(t, url);
      expect(r.statusCode, `${url} ${r.body}`).toBe(200);
      const call = kakao.calls[before]!;
      expect(call.path).toBe(path);
      expect(call.authorization).toBe(`KakaoAK ${KAKAO_TEST_KEY}`);
      for (const [k, v] of Object.entries(params)) expect(call.params.get(k), `${url} ${k}`).toBe(v);
      const body = r.json();
      expect(Array.isArray(body.documents)).toBe(true);
      expect(body.meta).toBeTypeOf('object');
    }
    const cat = (await get(t, '/kakao-map/category?x=127.0982&y=37.511')).json();
    expect(cat.documents[0]).toMatchObject({
      place_name: '롯데마트 잠실점',
      road_address_name: '서울 송파구 올림픽로 240',
      distance: '420',
    });
    const addr = (await get(t, `/kakao-map/address?query=${encodeURIComponent('올림픽로 240')}`)).json();
    expect(addr.documents[0].road_address.zone_no).toBe('05554');
  });

  it('answers a repeated question from its cache without asking Kakao again', async () => {
    const url = `/kakao-map/keyword?query=${encodeURIComponent('캐시 확인')}&x=127.1&y=37.5`;
    const before = kakao.calls.length;
    const first = await get(t, url);
    expect(first.statusCode).toBe(200);
    expect(kakao.calls.length).toBe(before + 1);
    // The same question, its parameters in another order: one cache entry.
    const second = await get(t, `/kakao-map/keyword?y=37.5&x=127.1&query=${encodeURIComponent('캐시 확인')}`);
    expect(second.json()).toEqual(first.json());
    expect(kakao.calls.length).toBe(before + 1);
    // Another question asks Kakao.
    await get(t, `/kakao-map/keyword?query=${encodeURIComponent('캐시 확인')}&x=127.2&y=37.5`);
    expect(kakao.calls.length).toBe(before + 2);
  });

  it('validates the input with a localized 400 before asking Kakao', async () => {
    const before = kakao.calls.length;
    const bad: [string, string][] = [
      ['/kakao-map/category?x=200&y=37.5', 'x'],
      ['/kakao-map/category?x=127&y=-91', 'y'],
      ['/kakao-map/category?y=37.5', 'x'],
      ['/kakao-map/category?x=127&y=37.5&radius=20001', 'radius'],
      ['/kakao-map/category?x=127&y=37.5&categoryGroupCode=ZZ9', 'categoryGroupCode'],
      ['/kakao-map/category?x=127&y=37.5&page=46', 'page'],
      ['/kakao-map/category?x=127&y=37.5&size=16', 'size'],
      ['/kakao-map/address', 'query'],
      [`/kakao-map/address?query=${'가'.repeat(101)}`, 'query'],
      ['/kakao-map/keyword?query=%20%20', 'query'],
      ['/kakao-map/keyword?query=a&sort=nearest', 'sort'],
      ['/kakao-map/coord2regioncode?x=abc&y=37.5', 'x'],
      ['/kakao-map/coord2address?x=127&y=95', 'y'],
      ['/kakao-map/transcoord?x=127&y=37.5&output_coord=GOOGLE', 'output_coord'],
    ];
    for (const [url] of bad) {
      const r = await get(t, url, 'en-US');
      expect(r.statusCode, url).toBe(400);
      expect(r.json().code, url).toBe('VALIDATION_FAILED');
    }
    expect((await get(t, '/kakao-map/category?x=200&y=37.5', 'en-US')).json().message).toMatch(/^Longitude \(x\): /);
    expect((await get(t, '/kakao-map/category?x=200&y=37.5')).json().message).toMatch(/^경도\(x\): /);
    expect((await get(t, '/kakao-map/address')).json().message).toBe('검색 조건: 필수 입력 항목입니다.');
    // Metres in another coordinate system are not degrees.
    expect((await get(t, '/kakao-map/transcoord?x=200000&y=450000&input_coord=WTM')).statusCode).toBe(200);
    expect(kakao.calls.length).toBe(before + 1);
  });

  it('answers 503 when Kakao fails, refuses the key, answers no JSON or is late; nothing of it is kept', async () => {
    for (const mode of ['error', 'html'] as const) {
      kakao.mode.value = mode;
      const r = await get(t, `/kakao-map/address?query=${mode}`, 'en-US');
      expect(r.statusCode, mode).toBe(503);
      expect(r.json()).toEqual({ code: 'MAP_SERVICE_UNAVAILABLE', message: 'The map service is not answering. Please try again shortly.' });
    }
    kakao.mode.value = 'slow';
    const started = Date.now();
    expect((await get(t, '/kakao-map/address?query=slow')).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(6_000);
    kakao.mode.value = 'ok';
    // The failure was not cached: the same question now succeeds.
    expect((await get(t, '/kakao-map/address?query=error')).statusCode).toBe(200);

    const wrongKey = await createTestApp({ KAKAO_REST_KEY: 'wrong', KAKAO_LOCAL_URL: `${kakao.url()}/` }, { seed: false });
    try {
      expect((await get(wrongKey, '/kakao-map/address?query=wrong-key')).json().code).toBe('MAP_SERVICE_UNAVAILABLE');
    } finally {
      await wrongKey.close();
    }
  }, 20_000);

  it('answers 503 when Kakao cannot be reached, and a clear 503 without a key', async () => {
    // A port nobody listens on.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const down = await createTestApp(
      { KAKAO_REST_KEY: KAKAO_TEST_KEY, KAKAO_LOCAL_URL: `http://127.0.0.1:${port}/v2/local` },
      { seed: false },
    );
    const none = await createTestApp({}, { seed: false });
    try {
      const r = await get(down, '/kakao-map/coord2address?x=127&y=37.5');
      expect(r.statusCode).toBe(503);
      expect(r.json().code).toBe('MAP_SERVICE_UNAVAILABLE');
      const before = kakao.calls.length;
      for (const lang of ['ko-KR', 'en-US', 'zh-CN', 'zh-TW', 'ja-JP']) {
        const n = await get(none, '/kakao-map/category?x=127&y=37.5', lang);
        expect(n.statusCode).toBe(503);
        expect(n.json().code).toBe('MAP_NOT_CONFIGURED');
        expect(n.json().message.length).toBeGreaterThan(10);
      }
      expect((await get(none, '/kakao-map/category?x=127&y=37.5')).json().message).toContain('지도 서비스가 설정되어 있지 않아');
      expect(kakao.calls.length).toBe(before);
    } finally {
      await down.close();
      await none.close();
    }
  });
});
