import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitForMessage } from './smtp-server';

/** One SMS the fake provider accepted: the JSON the API posted (`{ from, to, text }`) and its bearer token. */
export interface ReceivedSms {
  /** Digits only, as the API sends them (01012345678). */
  to: string;
  from: string;
  text: string;
  /** The Authorization header, if any. */
  authorization?: string;
}

export interface TestSmsServer {
  /** http://127.0.0.1:<port>/sms: give it to the API as SMS_HTTP_URL (with SMS_PROVIDER=http). */
  url: string;
  messages: ReceivedSms[];
  waitFor(pred: (m: ReceivedSms) => boolean, timeoutMs?: number): Promise<ReceivedSms>;
  /** The next `count` requests are answered with this HTTP status (a provider failure) and not kept. */
  failNext(status: number, count?: number): void;
  close(): Promise<void>;
}

/**
 * A local HTTP SMS provider that keeps the messages it is sent. It answers 200 `{ ok: true }` for a JSON body
 * with string `to` and `text`, 400 otherwise. No vitest dependency: browser tests use it too.
 */
export async function startSmsServer(): Promise<TestSmsServer> {
  const messages: ReceivedSms[] = [];
  const waiters = new Set<() => void>();
  let failures: { status: number; left: number } | undefined;

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST') return answer(res, 405, { ok: false, error: 'method' });
      if (failures && failures.left > 0) {
        failures.left--;
        return answer(res, failures.status, { ok: false, error: 'provider failure' });
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(res, 400, { ok: false, error: 'json' });
      }
      if (typeof body.to !== 'string' || typeof body.text !== 'string') return answer(res, 400, { ok: false, error: 'fields' });
      messages.push({
        to: body.to,
        from: typeof body.from === 'string' ? body.from : '',
        text: body.text,
        authorization: req.headers.authorization,
      });
      for (const w of [...waiters]) w();
      answer(res, 200, { ok: true, id: String(messages.length) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    waitFor(pred, timeoutMs = 5000) {
      return waitForMessage(messages, waiters, pred, timeoutMs, 'SMS');
    },
    failNext(status, count = 1) {
      failures = { status, left: count };
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
