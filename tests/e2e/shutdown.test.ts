import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductServer, type ProductServer } from '../helpers/product-server';

/**
 * A rolling restart as a load balancer sees one process of it: SIGTERM turns readiness 503 while the process still
 * answers, the request in flight finishes with its answer, new connections are refused once it stops listening, and
 * the process exits by itself with code 0.
 */
const KEY = 'shutdown-test-key';
let kakao: Server;
let server: ProductServer;

beforeAll(async () => {
  // A Kakao Local that takes 1.5 s: the request in flight when the signal comes.
  kakao = createServer((_req, res) =>
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ documents: [], meta: { total_count: 0, pageable_count: 0, is_end: true } }));
    }, 1_500),
  );
  await new Promise<void>((r) => kakao.listen(0, '127.0.0.1', r));
  const { port } = kakao.address() as { port: number };
  server = await startProductServer({
    KAKAO_REST_KEY: KEY,
    KAKAO_LOCAL_URL: `http://127.0.0.1:${port}/v2/local`,
    SHUTDOWN_DRAIN_MS: '1500',
    SHUTDOWN_TIMEOUT_MS: '5000',
  });
});
afterAll(async () => {
  await server?.stop();
  kakao?.close();
});

/** A GET on a new connection: its status and Connection header, or the connection error's code. */
function get(url: string): Promise<{ status?: number; connection?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code }));
    req.end();
  });
}

describe('shutting down on SIGTERM', () => {
  it('turns not ready, finishes the request in flight, refuses new connections and exits with 0', async () => {
    const base = server.baseUrl;
    expect((await get(`${base}/api/v1/health/ready`)).status).toBe(200);
    const inFlight = get(`${base}/api/v1/kakao-map/address?query=${encodeURIComponent('올림픽로 240')}`);
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    // Draining: readiness says no, the process still answers, and each answer closes its connection.
    const ready = await get(`${base}/api/v1/health/ready`);
    expect(ready).toEqual({ status: 503, connection: 'close' });
    expect((await get(`${base}/api/v1/health/live`)).status).toBe(200);

    expect(await inFlight).toMatchObject({ status: 200 });
    // Past the drain time the server no longer listens.
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await get(`${base}/api/v1/health/live`)).error).toBe('ECONNREFUSED');
    expect(await exited).toBe(0);
    expect(server.log()).toMatch(/shutting down: not ready, finishing requests in flight/);
  });
});
