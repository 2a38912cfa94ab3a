import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../server/src/web';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
let clientDir: string;
let port: number;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'podo-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'app-3f2a.js'), 'console.log(1);\n');
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({}, { seed: false });
  // The static part of the web (apps/server/src/web.ts) as the server mounts it.
  await t.app.register(async (web) => serveStatic(web, clientDir));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** helmet's headers, as every answer must carry them (the CSP with a nonce of its own). */
function expectSecure(headers: Record<string, unknown>, what: string) {
  expect(headers['content-security-policy'], what).toMatch(
    /^default-src 'self';.*frame-ancestors 'self'.*script-src 'self' 'nonce-[\w+/]+=*'/,
  );
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], what).toBe('same-origin');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(headers['x-permitted-cross-domain-policies'], what).toBe('none');
}

describe('security headers on every answer', () => {
  it('carries them on early 400s: a URL that does not decode, a bad content type, a wrong length', async () => {
    for (const url of ['/%zz', '/api/v1/%', '/api/v1/countries/%E0%A4%A', '/product/%']) {
      const r = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } });
      expect(r.statusCode, url).toBe(400);
      expect(r.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request is not valid.' });
      expectSecure(r.headers, url);
    }
    const badType = await t.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'nonsense' }, payload: 'x' });
    expect(badType.statusCode).toBe(415);
    expectSecure(badType.headers, 'bad content type');
    const badLength = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json', 'content-length': '50' },
      payload: '{}',
    });
    expect(badLength.statusCode).toBe(400);
    expectSecure(badLength.headers, 'bad content length');
  });

  it('carries them on 404s of the API and of static files (missing asset, favicon), on HEAD, and on files served', async () => {
    const cases: [method: 'GET' | 'HEAD', url: string, status: number][] = [
      ['GET', '/api/v1/nothing-here', 404],
      ['GET', '/assets/app-0000.js', 404],
      ['HEAD', '/assets/app-0000.js', 404],
      ['GET', '/assets/deep/er/x.css', 404],
      ['GET', '/favicon.ico', 404],
      ['HEAD', '/favicon.ico', 404],
      ['GET', '/assets/app-3f2a.js', 200],
      ['HEAD', '/assets/app-3f2a.js', 200],
      ['GET', '/favicon.svg', 200],
      ['HEAD', '/api/v1/health', 200],
    ];
    for (const [method, url, status] of cases) {
      const r = await t.app.inject({ method, url, headers: { 'accept-language': 'ko-KR' } });
      expect(r.statusCode, `${method} ${url}`).toBe(status);
      expectSecure(r.headers, `${method} ${url}`);
    }
    // A missing asset is a short localized 404, not a rendered page.
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-0000.js', headers: { 'accept-language': 'en-US' } });
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested information could not be found.' });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('carries them on what node:http answers itself: a malformed request line or header, headers too large', async () => {
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
        socket.on('close', () => resolve(answer));
        socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? resolve(answer) : reject(e)));
      });
    const cases: [string, number][] = [
      ['NOT HTTP AT ALL\r\n\r\n', 400],
      ['GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n', 400],
      ['GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Test: a\u0001b\r\n\r\n', 400],
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ];
    for (const [request, status] of cases) {
      const answer = await raw(request);
      const [head, body] = answer.split('\r\n\r\n');
      if (head === undefined || body === undefined) throw new Error(`no blank line after the headers: ${answer.slice(0, 80)}`);
      const [statusLine, ...lines] = head.split('\r\n');
      expect(statusLine, request.slice(0, 30)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      expectSecure(headers, request.slice(0, 30));
      expect(JSON.parse(body)).toEqual({ code: 'BAD_REQUEST', message: '요청 형식이 올바르지 않습니다.' });
      expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
    }
    // A well-formed request over the socket after all that: the server is fine.
    const ok = await raw('GET /%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(ok).toMatch(/^HTTP\/1\.1 400 /);
    expect(ok.toLowerCase()).toContain('x-frame-options: sameorigin');
  });
});
