import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductPage } from '@podo/contracts';
import { DEMO_STAFF } from '@podo/db';
import { auth, freshIp, loginToken, staffToken } from '../../../../../tests/helpers/accounts';
import { Secret, TOTP } from 'otpauth';
import { startApiProcess, type ApiProcess } from '../../../../../tests/helpers/api-process';
import { first, present } from '../../../../../tests/helpers/items';
import { postgresOnly } from '../../../../../tests/helpers/postgres-only';
import { createTempDatabase, createTestApp, TEST_JWT_SECRET, type TestApp } from '../../../../../tests/helpers/test-app';
import { apiCalls, insertFixtures, type Fixtures } from '../wines/test-fixtures';

interface Vintage {
  id: number;
  retailPrice: number;
  tradePrice: number | null;
}

describe('PATCH /api/v1/admin/wines/vintages/:id', () => {
  let t: TestApp;
  let fx: Fixtures;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixtures(t.db.db);
    admin = await staffToken(t, 'admin@example.com');
    buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
  });
  afterAll(() => t?.close());

  const { get } = apiCalls(() => t.app);
  const patch = (id: number | string, body: unknown, token: string | null = admin, lang = 'en-US') =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/wines/vintages/${id}`,
      payload: body as object,
      headers: { 'accept-language': lang, ...(token ? auth(token) : {}) },
      remoteAddress: freshIp(),
    });
  const opusVintage = () => first(present(fx.vintages.opus, 'the opus vintages'));

  it('needs an admin: 401 without a token, 403 ADMIN_ONLY for a buyer', async () => {
    expect((await patch(opusVintage(), { retailPrice: 1 }, null)).statusCode).toBe(401);
    const r = await patch(opusVintage(), { retailPrice: 1 }, buyer);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('ADMIN_ONLY');
  });

  it('refuses a bad price with a localized 400, and an unknown vintage with 404', async () => {
    const message = async (body: unknown, lang = 'en-US') => {
      const r = await patch(opusVintage(), body, admin, lang);
      expect(r.statusCode, r.body).toBe(400);
      return r.json().message as string;
    };
    expect(await message({})).toBe('Request body: Enter a retail price, a trade price or both.');
    expect(await message({ price: 1000 })).toBe('Request body: Enter a retail price, a trade price or both.');
    expect(await message({}, 'ko-KR')).toBe('요청 본문: 소비자가나 공급가 중 하나 이상을 입력해 주세요.');
    expect(await message({ retailPrice: -1 })).toBe('Retail price: Enter a value of 0 or more.');
    expect(await message({ tradePrice: 1.5 })).toBe('Trade price: Enter a valid number.');
    expect(await message({ retailPrice: '1000' })).toBe('Retail price: Enter a valid number.');
    expect(await message({ tradePrice: -5 }, 'ja-JP')).toMatch(/^卸価格/);
    expect(await message({ retailPrice: 100_000_001 })).toMatch(/^Retail price: /);
    const unknown = await patch(999_999, { retailPrice: 1000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested information could not be found.' });
    expect((await patch('abc', { retailPrice: 1000 })).statusCode).toBe(400);
  });

  it("changes the price and shows it at once: visitors' cached list and detail, the buyer's trade price, the bounds", async () => {
    const wine = present(fx.wines.opus, 'the opus fixture');
    const listUrl = `/brand/wines/products?idWineries=${fx.wineries.OPUS}`;
    const card = async (token?: string) => {
      const page = (await get(listUrl, { token })).json() as TProductPage;
      return present(
        page._embedded.items.find((p) => p.id === wine),
        'the wine in the list',
      );
    };
    const vintage = async (token?: string) =>
      first((await get(`/wines/brand-products/${wine}`, { token })).json().data.vintageList as Vintage[]);
    const bounds = async () => (await get('/wines/left-filter')).json().data.priceRange as { min: number; max: number };

    // Visitors' answers and the bounds are cached now.
    expect(await card()).toMatchObject({ retailPrice: 2_500_000, tradePrice: null });
    expect(await vintage()).toMatchObject({ retailPrice: 2_500_000, tradePrice: null });
    expect(await card(buyer)).toMatchObject({ retailPrice: 2_500_000, tradePrice: 2_000_000 });
    expect((await bounds()).max).toBe(2_500_000);

    const r = await patch(opusVintage(), { retailPrice: 12_345, tradePrice: 9_870 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      data: { id: opusVintage(), productId: wine, year: 2018, retailPrice: 12_345, tradePrice: 9_870, isOnSale: true },
    });

    expect(await card()).toMatchObject({ retailPrice: 12_345, tradePrice: null });
    expect(await vintage()).toMatchObject({ retailPrice: 12_345, tradePrice: null });
    expect(await card(buyer)).toMatchObject({ retailPrice: 12_345, tradePrice: 9_870 });
    expect(await vintage(buyer)).toMatchObject({ retailPrice: 12_345, tradePrice: 9_870 });
    expect(await bounds()).toMatchObject({ min: 12_345 });
    expect((await bounds()).max).toBeLessThan(2_500_000);

    // One price alone leaves the other.
    expect((await patch(opusVintage(), { tradePrice: 9_000 })).json().data).toMatchObject({ retailPrice: 12_345, tradePrice: 9_000 });
    expect(await vintage(buyer)).toMatchObject({ retailPrice: 12_345, tradePrice: 9_000 });
  });
});

describe(
  'two server processes on one PostgreSQL database',
  postgresOnly('starts two server processes on a database of a real PostgreSQL server (LISTEN/NOTIFY)'),
  () => {
    let temp: Awaited<ReturnType<typeof createTempDatabase>>;
    let dataDir: string;
    let a: ApiProcess;
    let b: ApiProcess;
    beforeAll(async () => {
      temp = await createTempDatabase();
      dataDir = mkdtempSync(path.join(tmpdir(), 'podo-processes-'));
      const env = { DATABASE_URL: temp.url, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, DEMO_DATA: 'true' };
      // One after the other: the first migrates and loads the demo catalogue.
      a = await startApiProcess(env);
      b = await startApiProcess(env);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await temp?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    const call = async (server: ApiProcess, url: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
      const res = await fetch(`${server.baseUrl}/api/v1${url}`, {
        method: init.method ?? 'GET',
        headers: {
          'accept-language': 'en-US',
          ...(init.token ? auth(init.token) : {}),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text}`);
      return JSON.parse(text);
    };
    const login = async (server: ApiProcess, email: string, password: string): Promise<string> =>
      (await call(server, '/login', { method: 'POST', body: { email, password } })).data.accessToken;

    let admin: string;
    let buyer: string;
    let wine: { id: number; vintageId: number; url: string; listUrl: string };
    beforeAll(async () => {
      admin = await login(a, 'admin@example.com', 'Admin!2345');
      // The back office's second factor: the demo admin's authenticator code (a fresh database: no step used yet).
      const secret = Secret.fromBase32(DEMO_STAFF['admin@example.com']!.totpSecret);
      await call(a, '/staff/second-factor', { method: 'POST', token: admin, body: { code: TOTP.generate({ secret }) } });
      buyer = await login(b, 'buyer@example.com', 'Buyer!2345');
      const { id } = first((await call(b, '/brand/wines/products?size=1&sort=PRICE_DESC'))._embedded.items as { id: number }[]);
      const detail = (await call(b, `/wines/brand-products/${id}`)).data;
      wine = {
        id,
        vintageId: first(detail.vintageList as Vintage[], 'a vintage on sale').id,
        url: `/wines/brand-products/${id}`,
        listUrl: `/brand/wines/products?idWineries=${detail.winery.id}&size=100`,
      };
    });

    /** What B serves now: the visitor's list card and vintage, the buyer's vintage. */
    const served = async () => {
      const [page, visitor, trade] = await Promise.all([call(b, wine.listUrl), call(b, wine.url), call(b, wine.url, { token: buyer })]);
      const vintageOf = (d: { data: { vintageList: Vintage[] } }) =>
        present(
          d.data.vintageList.find((x) => x.id === wine.vintageId),
          'the vintage',
        );
      return {
        card: present(
          (page as TProductPage)._embedded.items.find((p) => p.id === wine.id),
          'the wine in the list',
        ).retailPrice,
        retail: vintageOf(visitor).retailPrice,
        trade: vintageOf(trade).tradePrice,
      };
    };

    /** Changes the price through A while B's visitors' answers are cached (5 s); polls B until it serves the new one. */
    const changeThroughA = async (retailPrice: number, tradePrice: number) => {
      await served();
      const before = await served();
      await call(a, `/admin/wines/vintages/${wine.vintageId}`, { method: 'PATCH', token: admin, body: { retailPrice, tradePrice } });
      const t0 = performance.now();
      const wanted = { card: retailPrice, retail: retailPrice, trade: tradePrice };
      let now = before;
      while (performance.now() - t0 < 3_000) {
        now = await served();
        if (now.card === wanted.card && now.retail === wanted.retail && now.trade === wanted.trade) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      return { before, now, wanted, ms: performance.now() - t0 };
    };

    it('a price changed through one is served by the other within a second, to visitors and buyers', async () => {
      // Below every price of the catalogue, so the card (the wine's lowest price) shows it too.
      const { before, now, wanted, ms } = await changeThroughA(1_234, 987);
      expect(before.retail).not.toBe(1_234);
      expect(now).toEqual(wanted);
      expect(ms).toBeLessThan(1_000);
    });

    it('outlives the termination of its listening connections: listens again, forgets its caches, hears the next write', async () => {
      const pgAdmin = new pg.Client({ connectionString: temp.url });
      pgAdmin.on('error', () => {});
      await pgAdmin.connect();
      try {
        /** Backends of the processes' LISTEN connections, once LISTEN has run on them. */
        const listening = async () =>
          (
            await pgAdmin.query<{ pid: number }>(`select pid from pg_stat_activity
              where datname = current_database() and application_name = 'cache-listen' and state = 'idle' and query ilike 'listen%'`)
          ).rows.map((r) => r.pid);
        const old = await listening();
        expect(old).toHaveLength(2);
        // A change no process announces, while B holds the old answers: B keeps serving them...
        await served();
        const cached = await served();
        await pgAdmin.query(`update product_vintages set retail_price = 1050, trade_price = 850 where id = $1`, [wine.vintageId]);
        await pgAdmin.query(
          `update products set price_min = (select min(retail_price) from product_vintages where product_id = $1 and is_on_sale) where id = $1`,
          [wine.id],
        );
        expect(await served()).toMatchObject({ card: cached.card, retail: cached.retail });
        await pgAdmin.query(`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'cache-listen'`);
        const fresh = async () => (await listening()).filter((pid) => !old.includes(pid));
        for (let i = 0; i < 100 && (await fresh()).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
        expect(await fresh()).toHaveLength(2);
        // ...until it listens again: notifications may have been missed meanwhile, so it forgot everything.
        expect(await served()).toEqual({ card: 1_050, retail: 1_050, trade: 850 });
      } finally {
        await pgAdmin.end();
      }
      const { now, wanted, ms } = await changeThroughA(1_111, 888);
      expect(now).toEqual(wanted);
      expect(ms).toBeLessThan(1_000);
      for (const server of [a, b]) {
        expect(await call(server, '/health')).toMatchObject({ status: 'ok' });
        expect(server.output()).toMatch(/cache invalidations: listening connection lost/);
        expect(server.output()).not.toMatch(/"level":(50|60)/);
      }
    });
  },
);
