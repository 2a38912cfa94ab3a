// The "bare route" of the catalogue benchmark: node:http + a `pg` pool, answering
// GET /api/v1/brand/wines/products?idKinds=..&countryCodes=..&page=..&size=..&query=.. with the SAME SQL as the API
// (productListSql, total included) and the SAME JSON (cardsOf + pageInfo), but without Fastify, validation, auth,
// rate limiting, security headers or Drizzle's executor. Started by bench/catalog.mjs: node --import tsx bench/bare-server.ts
import http from 'node:http';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { defaultPoolMax } from '../packages/config/src/index';
import * as schema from '../packages/db/src/schema/index';
import type { Database } from '../packages/db/src/client';
import { ANONYMOUS, cardsOf, pageInfo, productListSql, toPgQuery, type CardRow } from '../apps/api/src/modules/wines/service';

const url = process.env.DATABASE_URL!;
const port = Number(process.env.PORT ?? 3999);
// The same pool size as the API's (its default unless DATABASE_POOL_MAX is set for both).
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX ?? defaultPoolMax()) });
// Lookups (kind names, areas...) are read once through Drizzle and cached, as in the API.
const db = drizzle({ client: pool, schema }) as unknown as Database;

const ids = (v: string | null) => (v ? v.split(',').map(Number) : undefined);

http
  .createServer(async (req, res) => {
    try {
      const u = new URL(req.url ?? '/', 'http://x');
      const page = Number(u.searchParams.get('page') ?? 1);
      const size = Number(u.searchParams.get('size') ?? 24);
      const q = {
        idKinds: ids(u.searchParams.get('idKinds')),
        countryCodes: u.searchParams.get('countryCodes')?.split(','),
        query: u.searchParams.get('query') ?? undefined,
        page,
        size,
        sort: 'RECOMMEND' as const,
      };
      const { text, values } = toPgQuery(productListSql(q, ANONYMOUS, 'ko-KR'));
      const { rows } = await pool.query<CardRow & { total: number | null }>(text, values);
      const total = rows[0]?.total ?? 0;
      const items = await cardsOf(
        db,
        rows.filter((r) => r.id !== null),
        'ko-KR',
      );
      const body = JSON.stringify({ _embedded: { items }, page: pageInfo(page, size, total) });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    } catch (e) {
      res.writeHead(500);
      res.end(String(e));
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`bare route ready on ${port}`));
