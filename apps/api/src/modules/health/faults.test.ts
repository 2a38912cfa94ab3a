import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestApp } from '../../../../../tests/helpers/test-app';
import { postgresOnly } from '../../../../../tests/helpers/postgres-only';

const UNAVAILABLE_EN = 'The service is temporarily unavailable. Please try again shortly.';
const UNAVAILABLE_KO = '서비스를 일시적으로 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function login(t: TestApp): Promise<string> {
  const r = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'buyer@example.com', password: 'Buyer!2345' } });
  expect(r.statusCode).toBe(200);
  return r.json().data.accessToken as string;
}

/** GET with the buyer's token (or none) in English, timed. */
async function get(t: TestApp, url: string, token?: string, lang = 'en-US'): Promise<{ r: LightMyRequestResponse; ms: number }> {
  const t0 = performance.now();
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { r, ms: performance.now() - t0 };
}

/** A 503 of a database fault: localized message, code and Retry-After. */
function expectUnavailable(r: LightMyRequestResponse, message = UNAVAILABLE_EN) {
  expect(r.statusCode).toBe(503);
  expect(r.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message });
  expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
}

/** A session of its own on the app's test database (the locker), and one on the server's `test` database (the admin). */
async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {}); // its backend may be terminated with the others
  await c.connect();
  return c;
}
const dbName = (t: TestApp) => new URL(t.config.databaseUrl!).pathname.slice(1);

describe('GET /api/v1/health reports the database state', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { seed: false });
  });
  afterAll(() => t?.close());

  it('answers {status, db, database, uptimeSeconds}, never cached', async () => {
    const { r, ms } = await get(t, '/health');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      status: 'ok',
      db: 'ok',
      database: usingPostgres() ? 'postgres' : 'pglite',
      uptimeSeconds: expect.any(Number),
    });
    expect(r.headers['cache-control']).toBe('no-store');
    expect(ms).toBeLessThan(1000);
  });
});

describe('503 under pressure: a statement that cannot get a connection (PostgreSQL) or a turn (PGlite) in time', () => {
  let t: TestApp;
  beforeAll(async () => {
    // PostgreSQL: the limit also bounds opening a connection, which the seeding does first (a few ms, more on a
    // busy machine). PGlite: a lone statement always runs, so the seeding is never refused.
    t = await createTestApp({ DB_ACQUIRE_TIMEOUT_MS: usingPostgres() ? '200' : '10', CATALOG_CACHE: 'false' }, { catalog: true });
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After in the request language, never a 500 or a hang; then serves again', async () => {
    const langs = Array.from({ length: 600 }, (_, i) => (i % 2 ? 'en-US' : 'ko-KR'));
    const answers = await Promise.all(langs.map((lang, i) => get(t, `/brand/wines/products?size=20&page=${(i % 5) + 1}`, undefined, lang)));
    const statuses = answers.map(({ r }) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    answers.forEach(({ r }, i) => {
      if (r.statusCode === 503) expectUnavailable(r, langs[i] === 'en-US' ? UNAVAILABLE_EN : UNAVAILABLE_KO);
    });
    const after = await get(t, '/brand/wines/products?size=20');
    expect(after.r.statusCode).toBe(200);
  });
});

describe(
  'database faults on PostgreSQL',
  postgresOnly('terminates the test database backends and holds table locks on a real server'),
  () => {
    let t: TestApp;
    let token: string;
    let productId: number;
    beforeAll(async () => {
      t = await createTestApp(
        { DB_LOCK_TIMEOUT_MS: '500', DB_ACQUIRE_TIMEOUT_MS: '500', DB_STATEMENT_TIMEOUT_MS: '5000', CATALOG_CACHE: 'false' },
        { catalog: true },
      );
      token = await login(t);
      productId = (await get(t, '/brand/wines/products?size=1', token)).r.json()._embedded.items[0].id;
    }, 120_000);
    afterAll(() => t?.close());

    it('survives 10 rounds of pg_terminate_backend under logged-in load: only 200 or a clean 503, then 200 again', async () => {
      const admin = await connect(process.env.TEST_DATABASE_URL!);
      const answers: LightMyRequestResponse[] = [];
      let running = true;
      // Twelve buyers' tabs: /me, the catalogue list and wish toggles (a transaction: a connection held between statements).
      const worker = async (w: number) => {
        for (let i = 0; running; i++) {
          const kind = (w + i) % 3;
          const r =
            kind === 2
              ? await t.app.inject({
                  method: 'POST',
                  url: `/api/v1/wines/products/${productId}/wish`,
                  headers: { 'accept-language': 'en-US', authorization: `Bearer ${token}` },
                })
              : (await get(t, kind === 0 ? '/me' : `/brand/wines/products?size=20&page=${(i % 4) + 1}`, token)).r;
          answers.push(r);
        }
      };
      const load = Array.from({ length: 12 }, (_, w) => worker(w));
      let terminated = 0;
      try {
        for (let round = 0; round < 10; round++) {
          await sleep(150);
          const { rows } = await admin.query<{ n: number }>(
            `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
            [dbName(t)],
          );
          terminated += rows[0]!.n;
        }
        await sleep(150);
      } finally {
        running = false;
        await Promise.all(load);
        await admin.end();
      }
      expect(terminated).toBeGreaterThanOrEqual(10);
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(statuses).toContain(503);
      for (const r of answers) if (r.statusCode === 503) expectUnavailable(r);

      // After the fault: fresh connections, every request served.
      await sleep(200);
      const after = await Promise.all(Array.from({ length: 30 }, (_, i) => get(t, i % 2 ? '/me' : '/brand/wines/products?size=20', token)));
      expect(after.map(({ r }) => r.statusCode)).toEqual(after.map(() => 200));
      // Up again; `slow` for a few seconds when some request of the fault ran out of a time limit on this busy host.
      const health = await get(t, '/health');
      expect(health.r.statusCode).toBe(200);
      expect(['ok', 'slow']).toContain(health.r.json().db);
      // No connection was lost for good: with nothing running, every client of the pool is back in it.
      const pool = (t.db.db as unknown as { $client: { totalCount: number; idleCount: number } }).$client;
      expect(pool.idleCount).toBe(pool.totalCount);
    }, 60_000);

    it('answers health within 1 s and API calls 503 within the lock timeout while users and products are locked', async () => {
      const locker = await connect(t.config.databaseUrl!);
      try {
        await locker.query('begin');
        await locker.query('lock table users in access exclusive mode');
        await locker.query('lock table products in access exclusive mode');

        const [health, me, list] = await Promise.all([get(t, '/health'), get(t, '/me', token), get(t, '/brand/wines/products?size=20')]);
        expect(health.r.statusCode).toBe(200);
        expect(health.ms).toBeLessThan(1000);
        for (const call of [me, list]) {
          expectUnavailable(call.r);
          expect(call.ms).toBeGreaterThanOrEqual(450);
          expect(call.ms).toBeLessThan(500 + 1500);
        }
        // The requests ran out of time lately: the database answers, slowly for them.
        const later = await get(t, '/health');
        expect(later.ms).toBeLessThan(1000);
        expect(later.r.json()).toMatchObject({ status: 'degraded', db: 'slow' });
        expect(later.r.statusCode).toBe(200);
      } finally {
        await locker.query('rollback').catch(() => {});
        await locker.end();
      }
      expect((await get(t, '/me', token)).r.statusCode).toBe(200);
    }, 30_000);
  },
);

describe('a full pool on PostgreSQL', postgresOnly('fills the pool with statements waiting for a lock another session holds'), () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // No lock timeout: the waiting statements are ended by the statement timeout.
    t = await createTestApp({ DB_LOCK_TIMEOUT_MS: '0', DB_STATEMENT_TIMEOUT_MS: '1500', DB_ACQUIRE_TIMEOUT_MS: '300' });
    token = await login(t);
  }, 60_000);
  afterAll(() => t?.close());

  it('answers 503 after the acquisition timeout, health within 1 s, and 503 after the statement timeout', async () => {
    const locker = await connect(t.config.databaseUrl!);
    const watcher = await connect(process.env.TEST_DATABASE_URL!);
    try {
      // Open the pool's 20 connections first: on a busy host, opening them while the test runs could take longer
      // than the 300 ms acquisition limit, and those requests would never reach the lock.
      const pool = (t.db.db as unknown as { $client: { totalCount: number; query(q: string): Promise<unknown> } }).$client;
      for (let tries = 0; pool.totalCount < 20 && tries < 50; tries++) {
        await Promise.allSettled(Array.from({ length: 20 }, () => pool.query('select pg_sleep(0.2)')));
      }
      // The member is checked once before the lock: reads keep it a few seconds, and 20 reads that had to check it
      // at once would share one check (one connection) instead of each reading /me on a connection of its own.
      expect((await get(t, '/me', token)).r.statusCode).toBe(200);
      await locker.query('begin');
      await locker.query('lock table users in access exclusive mode');
      // createTestApp's pool holds 20 connections: 20 requests wait for the lock on all of them.
      const blocked = Array.from({ length: 20 }, () => get(t, '/me', token));
      for (let waited = 0; ; waited += 20) {
        const { rows } = await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [dbName(t)],
        );
        if (rows[0]!.n >= 20) break;
        if (waited > 10_000) throw new Error(`only ${rows[0]!.n} statements wait for the lock`);
        await sleep(20);
      }

      const extra = await get(t, '/me', token, 'ko-KR');
      expectUnavailable(extra.r, UNAVAILABLE_KO);
      expect(extra.ms).toBeGreaterThanOrEqual(250);
      expect(extra.ms).toBeLessThan(300 + 700);

      const health = await get(t, '/health');
      expect(health.ms).toBeLessThan(1000);
      expect(health.r.statusCode).toBe(200);
      expect(health.r.json()).toMatchObject({ db: 'slow' });

      for (const { r, ms } of await Promise.all(blocked)) {
        expectUnavailable(r);
        expect(ms).toBeLessThan(1500 + 1500);
      }
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
      await watcher.end();
    }
    expect((await get(t, '/me', token)).r.statusCode).toBe(200);
  }, 30_000);
});
