import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmsServer } from './sms-server';
import { startSmtpServer } from './smtp-server';

export interface Mailbox {
  /** Environment for the product server: SMS and e-mail go to the local stand-ins. */
  env: Record<string, string>;
  /** http://127.0.0.1:<port>: GET /sms and GET /mail list what arrived, as JSON. */
  url: string;
  close(): Promise<void>;
}

/**
 * The SMS provider and SMTP server stand-ins of the browser suite's shared product server, with a small JSON window
 * on what they received: the test files run in other processes than the one that started them, and read the
 * certification codes (and any message) from there.
 */
export async function startMailbox(): Promise<Mailbox> {
  const [sms, smtp] = await Promise.all([startSmsServer(), startSmtpServer()]);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = path === '/sms' ? sms.messages : path === '/mail' ? smtp.messages.map(({ raw: _, ...m }) => m) : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: sms.url, SMTP_URL: smtp.url },
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await Promise.all([sms.close(), smtp.close()]);
    },
  };
}
