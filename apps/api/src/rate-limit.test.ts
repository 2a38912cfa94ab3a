import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, Socket, type Server } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tests/helpers/product-server';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/** The demo catalogue's list: an anonymous answer the response cache keeps. */
const LIST = '/api/v1/brand/wines/products?size=2';
const codesOf = async (t: TestApp, n: number, request: (i: number) => InjectOptions) => {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await t.app.inject(request(i))).statusCode);
  return codes;
};

describe('rate limits that hold', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ RATE_LIMIT_MAX: '4' });
  });
  afterAll(() => cached?.close());

  it('counts answers served from the response cache, with the limit headers', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await cached.app.inject({ method: 'GET', url: LIST }));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 429, 429]);
    // The second to fourth came from the cache (the same bytes) and still say how many are left.
    expect(answers[3]!.body).toBe(answers[1]!.body);
    expect(answers.slice(0, 4).map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['3', '2', '1', '0']);
  });

  it("never lets a client's own X-Forwarded-For pick its address: hop count and proxy list", async () => {
    const forged = (i: number) => `198.51.100.${i + 1}`;
    const hop = await createTestApp({ RATE_LIMIT_MAX: '3', TRUST_PROXY: '1' });
    try {
      // Behind one proxy that appends the address it saw: the client wrote the first entry, the proxy the last.
      const codes = await codesOf(hop, 5, (i) => ({
        method: 'GET',
        url: '/api/v1/setting/language',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `${forged(i)}, 203.0.113.9` },
      }));
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await hop.close();
    }
    const listed = await createTestApp({ RATE_LIMIT_MAX: '3', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    try {
      // Two listed proxies in a row: the first address outside the list is the client's.
      const viaProxies = await codesOf(listed, 4, (i) => ({
        method: 'GET',
        url: '/api/v1/setting/language',
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': `${forged(i)}, 203.0.113.10, 10.0.0.5` },
      }));
      expect(viaProxies).toEqual([200, 200, 200, 429]);
      // A client that is not a listed proxy is itself, whatever header it sends.
      const direct = await codesOf(listed, 4, (i) => ({
        method: 'GET',
        url: '/api/v1/setting/language',
        remoteAddress: '192.0.2.44',
        headers: { 'x-forwarded-for': forged(i) },
      }));
      expect(direct).toEqual([200, 200, 200, 429]);
    } finally {
      await listed.close();
    }
  });

  it('keeps limiting in each process when Redis refuses connections or stops answering', async () => {
    // Nothing listens on a freed port; the other "Redis" accepts connections and never answers.
    const refused = await freePort();
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentPort = (silent.address() as { port: number }).port;
    try {
      for (const port of [refused, silentPort]) {
        const t = await createTestApp({ RATE_LIMIT_MAX: '3', REDIS_URL: `redis://127.0.0.1:${port}` });
        try {
          const started = Date.now();
          const codes = await codesOf(t, 5, () => ({ method: 'GET', url: '/api/v1/setting/language' }));
          expect(codes, `Redis on port ${port}`).toEqual([200, 200, 200, 429, 429]);
          // Half a second per call at most while Redis hangs, not a request held until it answers.
          expect(Date.now() - started).toBeLessThan(5 * 1_500);
        } finally {
          await t.close();
        }
      }
    } finally {
      silent.close();
    }
  });
});

describe.runIf(existsSync('/usr/bin/redis-server'))('rate limits in Redis across processes', () => {
  let redis: ChildProcess;
  let port: number;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    port = await freePort();
    redis = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const env = { RATE_LIMIT_MAX: '4', REDIS_URL: `redis://127.0.0.1:${port}` };
    // The first command reaches Redis once it listens: wait for it before the apps count.
    for (let i = 0; i < 50 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 100));
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    redis?.kill('SIGKILL');
    await Promise.all([a?.close(), b?.close()]);
  });

  it('shares one budget between two processes, and each counts its own when Redis is killed', async () => {
    const call = (t: TestApp, ip: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/setting/language', remoteAddress: ip }).then((r) => r.statusCode);
    const shared = [await call(a, '10.0.0.1'), await call(b, '10.0.0.1'), await call(a, '10.0.0.1'), await call(b, '10.0.0.1')];
    expect(shared).toEqual([200, 200, 200, 200]);
    expect([await call(a, '10.0.0.1'), await call(b, '10.0.0.1')]).toEqual([429, 429]);

    redis.kill('SIGKILL');
    await new Promise((r) => redis.once('exit', r));
    // Per process now: four each for a new address, then refused; never unlimited.
    const codesA = [];
    for (let i = 0; i < 5; i++) codesA.push(await call(a, '10.0.0.2'));
    expect(codesA).toEqual([200, 200, 200, 200, 429]);
    expect(await call(b, '10.0.0.2')).toBe(200);
  });
});

/** Whether a Redis server answers PING on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    s.setTimeout(500);
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
    s.connect(port, '127.0.0.1', () => s.write('PING\r\n'));
    s.once('data', (d) => (s.destroy(), resolve(d.toString().startsWith('+PONG'))));
  });
}
