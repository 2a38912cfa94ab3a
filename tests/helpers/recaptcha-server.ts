import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A server that answers like Google's reCAPTCHA siteverify (POST, form-encoded secret, response, remoteip): the
 * token 'good-token' passes with the secret 'test-secret', anything else fails with Google's error codes.
 * `down` makes it answer 500.
 */
export function fakeRecaptcha(): { server: Server; url: () => string; calls: URLSearchParams[]; down: { on: boolean } } {
  const calls: URLSearchParams[] = [];
  const down = { on: false };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const p = new URLSearchParams(body);
      calls.push(p);
      if (down.on || req.method !== 'POST') {
        res.writeHead(500).end();
        return;
      }
      const ok = p.get('secret') === 'test-secret' && p.get('response') === 'good-token';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          ok
            ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
            : { success: false, 'error-codes': [p.get('secret') === 'test-secret' ? 'invalid-input-response' : 'invalid-input-secret'] },
        ),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  return { server, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`, calls, down };
}
