import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // A limit of two: the probes are exempt from it, polled every few seconds by every load balancer.
  t = await createTestApp({ RATE_LIMIT_MAX: '2' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}` });

describe('health for load balancers', () => {
  it('answers liveness and readiness, uncached and outside the rate limit', async () => {
    for (let i = 0; i < 4; i++) {
      const live = await get('/health/live');
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ status: 'ok' });
      const ready = await get('/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', db: 'ok', migrations: 'done', draining: false, database: t.db.kind });
      expect(ready.headers['cache-control']).toBe('no-store');
    }
    // The older combined check stays for existing monitors.
    expect((await get('/health')).json()).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('is not ready while the database lacks this build’s last migration', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await t.db.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`);
    try {
      const ready = await get('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', migrations: 'pending', draining: false });
      expect((await get('/health/live')).statusCode).toBe(200);
    } finally {
      await t.db.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`);
    }
    expect((await get('/health/ready')).statusCode).toBe(200);
  });

  it('turns not ready when draining, still answers, and closes each connection after its answer', async () => {
    t.app.deps.lifecycle.draining = true;
    try {
      const ready = await get('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', draining: true, db: 'ok' });
      expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
      const live = await get('/health/live');
      expect(live.statusCode).toBe(200);
      const page = await get('/setting/language');
      expect(page.statusCode).toBe(200);
      expect(page.headers.connection).toBe('close');
    } finally {
      t.app.deps.lifecycle.draining = false;
    }
    const after = await get('/setting/language');
    expect(after.headers.connection).not.toBe('close');
  });
});
