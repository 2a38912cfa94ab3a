import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestApp } from '../../../tests/helpers/test-app';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The value of one series in Prometheus' text format. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, with durations, cache hits and the pool', async () => {
    for (const type of ['TERM', 'PRIVACY', 'NONE']) await t.app.inject({ method: 'GET', url: `/api/v1/documents/type/${type}` });
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/v1/brand/wines/products?size=2' });
    const r = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = r.body;
    // One series per route pattern, never per id.
    expect(value(text, 'http_requests_total{route="/api/v1/documents/type/:type",method="GET",status="200"}')).toBe(2);
    expect(value(text, 'http_requests_total{route="/api/v1/documents/type/:type",method="GET",status="400"}')).toBe(1);
    expect(value(text, 'http_request_duration_seconds_count{route="/api/v1/brand/wines/products",method="GET",status="200"}')).toBe(3);
    expect(value(text, 'cache_hits_total{cache="answers"}')).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    if (usingPostgres()) expect(value(text, 'db_pool_connections{state="max"}')).toBeGreaterThan(0);
  });

  it('asks for the token when one is set, and is off in production without one', async () => {
    const guarded = await createTestApp({ METRICS_TOKEN: TOKEN }, { seed: false });
    try {
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('http_requests_total');
    } finally {
      await guarded.close();
    }
    const production = await createTestApp({ NODE_ENV: 'production' }, { seed: false });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
