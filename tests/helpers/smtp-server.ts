import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail the test SMTP server received, decoded to text. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-case, joined by ', ' when there are several. */
  to: string;
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** The From header as written (e.g. `"PODO" <no-reply@example.com>`). */
  fromHeader: string;
  /** Subject with RFC 2047 encoded words decoded. */
  subject: string;
  /** The text/plain body, transfer encoding (base64, quoted-printable) and charset decoded. */
  text: string;
  /** The raw message as received. */
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>: plain SMTP (STARTTLS is not offered), no authentication needed. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving later) that matches. */
  waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Stops listening (a mail server that is down: connections are refused), until `start()` on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps every message it receives. It speaks the real protocol,
 * so the API's nodemailer transport is tested end to end. No vitest dependency: browser tests use it too.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const make = () =>
    new SMTPServer({
      secure: false,
      // Without STARTTLS in the EHLO answer nodemailer sends in plain text (it would otherwise upgrade
      // opportunistically and refuse the server's self-signed certificate).
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      size: 5 * 1024 * 1024,
      // stop() is a server going down: the open connections (a client's pool) are told 421 and closed at once.
      closeTimeout: 50,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', callback);
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('latin1');
          try {
            const parsed = parseMessage(raw);
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(', '),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              fromHeader: parsed.fromHeader,
              subject: parsed.subject,
              text: parsed.text,
              raw: Buffer.from(raw, 'latin1').toString('utf8'),
            });
            for (const w of [...waiters]) w();
            callback();
          } catch (e) {
            callback(e as Error);
          }
        });
      },
    });
  const listen = async (on: number) => {
    const server = make();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', () => {});
    return server;
  };
  let server: SMTPServer | null = await listen(0);
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
  const stop = () => {
    const s = server;
    server = null;
    return new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(pred, timeoutMs = 5000) {
      return waitForMessage(messages, waiters, pred, timeoutMs, 'mail');
    },
    stop,
    async start() {
      server ??= await listen(port);
    },
    close: stop,
  };
}

/** Shared by the SMTP and SMS helpers: resolve on the first matching message, now or later. */
export function waitForMessage<T>(
  messages: T[],
  waiters: Set<() => void>,
  pred: (m: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const found = messages.find(pred);
  if (found) return Promise.resolve(found);
  return new Promise<T>((resolve, reject) => {
    const check = () => {
      const m = messages.find(pred);
      if (m) {
        clearTimeout(timer);
        waiters.delete(check);
        resolve(m);
      }
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`no matching ${what} within ${timeoutMs} ms (received ${messages.length})`));
    }, timeoutMs);
    waiters.add(check);
  });
}

// ---- a small MIME reader (enough for what nodemailer writes: single part or multipart, base64 or QP) ----

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Splits a raw (latin1) entity into unfolded headers and body. */
function splitEntity(raw: string): Part {
  const sep = /\r?\n\r?\n/.exec(raw);
  const head = sep ? raw.slice(0, sep.index) : raw;
  const body = sep ? raw.slice(sep.index + sep[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function headerParam(value: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** Transfer-decodes a body to bytes. */
function decodeTransfer(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  const cs = (charset ?? 'utf-8').toLowerCase();
  try {
    return new TextDecoder(cs).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** RFC 2047: =?charset?B|Q?text?= words; whitespace between adjacent encoded words is dropped. */
export function decodeEncodedWords(value: string): string {
  // Headers arrive as bytes read as latin1; unencoded UTF-8 (SMTPUTF8) is read back as UTF-8 first.
  return Buffer.from(value, 'latin1')
    .toString('utf8')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, enc: string, text: string) => {
      const bytes = enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset.split('*')[0]);
    });
}

/** The first text/plain part of an entity (searching multiparts depth first). */
function findText(part: Part): string | undefined {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const mime = type.replace(/;.*/s, '').trim().toLowerCase();
  if (mime.startsWith('multipart/')) {
    const boundary = headerParam(type, 'boundary');
    if (!boundary) return undefined;
    const pieces = part.body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
    for (const piece of pieces.slice(1)) {
      if (!piece.trim()) continue;
      const text = findText(splitEntity(piece));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (mime !== 'text/plain') return undefined;
  const bytes = decodeTransfer(part.body, part.headers.get('content-transfer-encoding'));
  return decodeCharset(bytes, headerParam(type, 'charset')).replace(/\r\n/g, '\n');
}

function parseMessage(raw: string) {
  const top = splitEntity(raw);
  return {
    subject: decodeEncodedWords(top.headers.get('subject') ?? ''),
    fromHeader: decodeEncodedWords(top.headers.get('from') ?? ''),
    text: (findText(top) ?? '').replace(/\n$/, ''),
  };
}
