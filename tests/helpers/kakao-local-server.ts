import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const KAKAO_TEST_KEY = 'kakao-map-test-key';

/**
 * A server that answers like Kakao Local (dapi.kakao.com/v2/local): the six endpoints of the /kakao-map proxy, each
 * with Kakao's `{documents, meta}` shapes, 401 for another key than KAKAO_TEST_KEY. `mode` makes it fail: `error`
 * answers 500, `slow` never answers in time, `html` answers a page instead of JSON.
 */
export function fakeKakaoLocal(): {
  server: Server;
  /** The base to give as KAKAO_LOCAL_URL. */
  url: () => string;
  /** Every request received: its path and parameters, and the Authorization header. */
  calls: { path: string; params: URLSearchParams; authorization: string | undefined }[];
  mode: { value: 'ok' | 'error' | 'slow' | 'html' };
  listening: Promise<void>;
} {
  const calls: { path: string; params: URLSearchParams; authorization: string | undefined }[] = [];
  const mode = { value: 'ok' as 'ok' | 'error' | 'slow' | 'html' };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    calls.push({ path: url.pathname, params: url.searchParams, authorization: req.headers.authorization });
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
    if (req.headers.authorization !== `KakaoAK ${KAKAO_TEST_KEY}`)
      return json(401, { errorType: 'AccessDeniedError', message: 'cannot find appKey' });
    if (mode.value === 'error') return json(500, { errorType: 'InternalError', message: 'internal' });
    if (mode.value === 'slow') return void setTimeout(() => json(200, { documents: [], meta: {} }), 10_000).unref();
    if (mode.value === 'html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    const p = url.searchParams;
    const x = p.get('x') ?? '127.0276';
    const y = p.get('y') ?? '37.4979';
    const paged = (documents: unknown[]) =>
      json(200, { documents, meta: { total_count: documents.length, pageable_count: documents.length, is_end: true } });
    switch (url.pathname.replace(/^.*\/v2\/local/, '')) {
      case '/search/category.json':
        return paged([
          {
            id: '8234567',
            place_name: '롯데마트 잠실점',
            category_name: '가정,생활 > 대형마트 > 롯데마트',
            category_group_code: p.get('category_group_code'),
            category_group_name: '대형마트',
            phone: '02-411-2580',
            address_name: '서울 송파구 신천동 29',
            road_address_name: '서울 송파구 올림픽로 240',
            x: '127.098200',
            y: '37.511000',
            place_url: 'http://place.map.kakao.com/8234567',
            distance: '420',
          },
        ]);
      case '/search/address.json':
        return paged(
          (p.get('query') ?? '').includes('올림픽로 240')
            ? [
                {
                  address_name: '서울 송파구 올림픽로 240',
                  address_type: 'ROAD_ADDR',
                  x: '127.098200',
                  y: '37.511000',
                  road_address: { address_name: '서울 송파구 올림픽로 240', zone_no: '05554', building_name: '롯데월드' },
                },
              ]
            : [],
        );
      case '/search/keyword.json':
        return paged([
          {
            id: '1234',
            place_name: `${p.get('query')} 와인샵`,
            category_group_code: p.get('category_group_code') ?? '',
            address_name: '서울 강남구 역삼동 736-1',
            road_address_name: '서울 강남구 테헤란로 123',
            x,
            y,
          },
        ]);
      case '/geo/coord2regioncode.json':
        return json(200, {
          meta: { total_count: 2 },
          documents: [
            {
              region_type: 'B',
              address_name: '서울특별시 강남구 역삼동',
              region_1depth_name: '서울특별시',
              region_2depth_name: '강남구',
              code: '1168010100',
              x: Number(x),
              y: Number(y),
            },
            {
              region_type: 'H',
              address_name: '서울특별시 강남구 역삼1동',
              region_1depth_name: '서울특별시',
              region_2depth_name: '강남구',
              code: '1168064000',
              x: Number(x),
              y: Number(y),
            },
          ],
        });
      case '/geo/coord2address.json':
        return json(200, {
          meta: { total_count: 1 },
          documents: [
            {
              road_address: { address_name: '서울특별시 강남구 테헤란로 123', region_1depth_name: '서울', zone_no: '06236' },
              address: { address_name: '서울 강남구 역삼동 736-1', region_1depth_name: '서울' },
            },
          ],
        });
      case '/geo/transcoord.json':
        return json(200, { meta: { total_count: 1 }, documents: [{ x: Number(x) * 1000, y: Number(y) * 1000 }] });
      default:
        return json(404, { errorType: 'NotFound', message: url.pathname });
    }
  });
  const listening = new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/local`, calls, mode, listening };
}
