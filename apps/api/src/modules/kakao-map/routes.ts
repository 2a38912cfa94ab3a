import type { FastifyInstance } from 'fastify';
import { storesOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { kakaoLocal } from './service';

/** Spec §7 "Map proxy": Kakao Local with the server's key, so the browser never sees it. Parameters as Kakao names them. */
export async function kakaoMapRoutes(app: FastifyInstance) {
  route(app, ops.kakaoCategory, async (ctx, { query: q }) =>
    kakaoLocal(ctx, 'search/category', {
      category_group_code: q.categoryGroupCode,
      x: q.x,
      y: q.y,
      radius: q.radius,
      page: q.page,
      size: q.size,
      sort: q.sort,
    }),
  );
  route(app, ops.kakaoAddress, async (ctx, { query: q }) =>
    kakaoLocal(ctx, 'search/address', { query: q.query, analyze_type: q.analyze_type, page: q.page, size: q.size }),
  );
  route(app, ops.kakaoKeyword, async (ctx, { query: q }) =>
    kakaoLocal(ctx, 'search/keyword', {
      query: q.query,
      category_group_code: q.categoryGroupCode,
      x: q.x,
      y: q.y,
      radius: q.radius,
      page: q.page,
      size: q.size,
      sort: q.sort,
    }),
  );
  route(app, ops.kakaoCoord2RegionCode, async (ctx, { query: q }) =>
    kakaoLocal(ctx, 'geo/coord2regioncode', { x: q.x, y: q.y, input_coord: q.input_coord, output_coord: q.output_coord }),
  );
  route(app, ops.kakaoCoord2Address, async (ctx, { query: q }) =>
    kakaoLocal(ctx, 'geo/coord2address', { x: q.x, y: q.y, input_coord: q.input_coord }),
  );
  route(app, ops.kakaoTransCoord, async (ctx, { query: q }) =>
    kakaoLocal(ctx, 'geo/transcoord', { x: q.x, y: q.y, input_coord: q.input_coord, output_coord: q.output_coord }),
  );
}
