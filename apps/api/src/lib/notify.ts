import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq, ne, sql } from 'drizzle-orm';
import { localized, type AppConfig } from '@podo/config';
import { throttleBuckets, users, type Database } from '@podo/db';
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import type { JobQueue } from '../deps';
import { AppError } from './errors';
import { queueMessages } from './outbox';
import { hit, unhit } from './throttle';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** `<…@domain>`: the same for every attempt at one outbox message (lib/outbox.ts). */
  messageId?: string;
}
export interface SmsMessage {
  /** 010-1234-5678 */
  to: string;
  text: string;
}

/** How the API reaches people: e-mail over SMTP and SMS through a provider. */
export interface Notifier {
  sendMail(msg: MailMessage): Promise<void>;
  sendSms(msg: SmsMessage): Promise<void>;
  close(): void;
}

/**
 * A message could not be handed over (SMTP server down or refusing, SMS provider error or timeout). Callers
 * answer SERVICE_UNAVAILABLE (503) for it; any other error is a bug and stays a 500.
 */
export class DeliveryError extends Error {
  constructor(
    readonly channel: 'mail' | 'sms',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

/**
 * SMTP timeouts (ms). Defaults of nodemailer are minutes long; a request waiting for a code must not hang that
 * long. Query parameters of SMTP_URL override them (e.g. `smtp://host:587?connectionTimeout=5000&requireTLS=true`).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 };
/** The whole hand-over of one e-mail, including the SMTP conversation. */
const MAIL_DEADLINE_MS = 30_000;
/** The whole HTTP call to the SMS provider. */
const SMS_DEADLINE_MS = 10_000;

/**
 * E-mail: real SMTP through nodemailer when SMTP_URL is set, else the message is written to the server log
 * (development). SMS: the HTTP provider POSTs JSON `{ from, to, text }` with a bearer token to SMS_HTTP_URL;
 * the `log` provider writes the message to the server log (development and demo).
 * Failures to deliver throw DeliveryError.
 */
export function createNotifier(config: AppConfig, log: FastifyBaseLogger): Notifier {
  let transport: Transporter | undefined;
  // Options given with `url` are the defaults; the URL's query parameters (secure, ignoreTLS, requireTLS,
  // tls.rejectUnauthorized, timeouts…) win over them. A few pooled connections, each reused for up to 100 mails:
  // a new conversation per mail cost the worker more than the rest of a message's delivery (docs/benchmarks.md).
  if (config.mail.smtpUrl) {
    transport = nodemailer.createTransport({ url: config.mail.smtpUrl, ...SMTP_TIMEOUTS, pool: true, maxConnections: 4, maxMessages: 100 });
  }

  return {
    async sendMail(msg) {
      if (!transport) {
        log.info({ mail: { to: msg.to, subject: msg.subject, text: msg.text } }, `mail (no SMTP_URL): ${msg.subject}`);
        return;
      }
      try {
        await transport.sendMail({
          from: config.mail.from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          ...(msg.messageId ? { messageId: msg.messageId } : {}),
          signal: AbortSignal.timeout(MAIL_DEADLINE_MS),
        });
      } catch (e) {
        throw new DeliveryError('mail', `SMTP delivery failed: ${(e as Error).message}`, { cause: e });
      }
    },
    async sendSms(msg) {
      if (config.sms.provider === 'log' || !config.sms.httpUrl) {
        log.info({ sms: { to: msg.to, text: msg.text } }, `sms (log provider): ${msg.text}`);
        return;
      }
      let res: Response;
      try {
        res = await fetch(config.sms.httpUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(config.sms.httpToken ? { authorization: `Bearer ${config.sms.httpToken}` } : {}),
          },
          body: JSON.stringify({ from: config.sms.sender?.replace(/-/g, ''), to: msg.to.replace(/-/g, ''), text: msg.text }),
          signal: AbortSignal.timeout(SMS_DEADLINE_MS),
          redirect: 'error',
        });
      } catch (e) {
        throw new DeliveryError('sms', `SMS provider unreachable: ${(e as Error).message}`, { cause: e });
      }
      // Read the answer either way so the connection can be reused; keep a little of it for the log.
      const body = await res.text().catch(() => '');
      if (!res.ok) throw new DeliveryError('sms', `SMS provider answered ${res.status}: ${body.slice(0, 200)}`);
    },
    close() {
      transport?.close();
    },
  };
}

// ---- the global SMS cap ----

/** What the capped SMS calls need (a ServiceCtx has it). */
export interface SmsCapDeps {
  config: AppConfig;
  db: Database;
  notifier: Notifier;
  /** The admin's notice goes through the outbox. */
  jobs: JobQueue;
}

/** An SMS was not handed over because the hourly or daily cap (SMS_CAP_PER_HOUR / SMS_CAP_PER_DAY) is reached. */
export class SmsCapReached extends DeliveryError {
  constructor(readonly window: 'hour' | 'day') {
    super('sms', `SMS cap per ${window} reached`);
    this.name = 'SmsCapReached';
  }
}

interface CapWindow {
  name: 'hour' | 'day';
  cap: number;
  /** throttle_buckets key naming this very hour or day, so a new one starts from zero. */
  key: string;
  endsAt: Date;
}

const KST_OFFSET_MS = 9 * 3600_000;

/** The current clock hour and calendar day in Korea time (UTC+9, no daylight saving) and their caps. */
export function smsCapWindows(config: AppConfig, now = Date.now()): CapWindow[] {
  const local = now + KST_OFFSET_MS;
  const hour = Math.floor(local / 3600_000) * 3600_000;
  const day = Math.floor(local / 86_400_000) * 86_400_000;
  const stamp = (ms: number, len: number) => new Date(ms).toISOString().slice(0, len);
  return [
    { name: 'hour', cap: config.sms.capPerHour, key: `sms:cap:hour:${stamp(hour, 13)}`, endsAt: new Date(hour + 3600_000 - KST_OFFSET_MS) },
    { name: 'day', cap: config.sms.capPerDay, key: `sms:cap:day:${stamp(day, 10)}`, endsAt: new Date(day + 86_400_000 - KST_OFFSET_MS) },
  ];
}

/**
 * Counts one SMS in a window unless it is full, in one statement: parallel senders in any number of processes
 * never get more than the cap between them. False when the window is full.
 */
async function take(db: Database, w: CapWindow): Promise<boolean> {
  if (w.cap <= 0) return false;
  const result = await db.execute(sql`
    insert into ${throttleBuckets} (key, count, reset_at)
    values (${w.key}, 1, ${w.endsAt.toISOString()}::timestamptz)
    on conflict (key) do update set count = ${throttleBuckets.count} + 1
      where ${throttleBuckets.count} < ${w.cap}
    returning count`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

async function full(db: Database, w: CapWindow): Promise<boolean> {
  if (w.cap <= 0) return true;
  const [row] = await db.select({ count: throttleBuckets.count }).from(throttleBuckets).where(eq(throttleBuckets.key, w.key)).limit(1);
  return (row?.count ?? 0) >= w.cap;
}

/** `2026-11-24 16:00 KST`: when a window ends, for the admin notice. */
const kstTime = (d: Date) => `${new Date(d.getTime() + KST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')} KST`;

/**
 * Tells the admin (ADMIN_EMAIL, else every admin member in their language) that a window's cap is reached: once per
 * window, whatever the number of processes and parallel requests (the first hit of its key is the only count of 1).
 * The notice is written to the outbox (a mail server that is down delays it).
 */
async function noticeCapReached(deps: SmsCapDeps, w: CapWindow, log: Pick<FastifyBaseLogger, 'warn' | 'error'>) {
  try {
    // The once-per-window mark and the notice commit together: a failure leaves neither, and the next refusal tries again.
    await deps.db.transaction(async (tx) => {
      const once = await hit(tx, `sms:cap:notice:${w.key}`, w.endsAt.getTime() - Date.now() + 86_400_000);
      if (once.count !== 1) return;
      log.warn({ smsCap: { window: w.name, cap: w.cap } }, `SMS cap per ${w.name} reached: no SMS until ${w.endsAt.toISOString()}`);
      const to: { email: string; lang: Language }[] = deps.config.adminEmail
        ? [{ email: deps.config.adminEmail, lang: DEFAULT_LANGUAGE }]
        : (
            await tx
              .select({ email: users.email, lang: users.lang })
              .from(users)
              .where(and(eq(users.role, 'ADMIN'), ne(users.status, 'WITHDRAWN')))
          ).map((u) => ({ email: u.email, lang: matchLanguage(u.lang) ?? DEFAULT_LANGUAGE }));
      await queueMessages(
        deps,
        tx,
        to.map((admin) => {
          const m = apiMessages[admin.lang].mail;
          const params = { brand: localized(deps.config.site.brandName, admin.lang), limit: w.cap, until: kstTime(w.endsAt) };
          const text = w.name === 'hour' ? m.smsCapHourText : m.smsCapDayText;
          return {
            channel: 'mail' as const,
            purpose: 'sms-cap',
            to: admin.email,
            subject: interpolate(m.smsCapSubject, params),
            text: interpolate(text, params),
          };
        }),
      );
    });
  } catch (err) {
    // Never passed to the person asking for a code: they get the cap's own answer.
    log.error({ err }, 'the SMS cap notice to the admin could not be written');
  }
}

/**
 * Throws `code` (SMS_UNAVAILABLE or SMS_UNAVAILABLE_USE_EMAIL, 503) when the hour's or the day's SMS cap is already
 * reached, before a code is issued: nothing is counted against the person's own limits, and the answer does not
 * depend on who asks (recovery must not tell whether an account matched).
 */
export async function assertSmsAvailable(
  deps: SmsCapDeps,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  code: 'SMS_UNAVAILABLE' | 'SMS_UNAVAILABLE_USE_EMAIL' = 'SMS_UNAVAILABLE',
): Promise<void> {
  for (const w of smsCapWindows(deps.config)) {
    if (await full(deps.db, w)) {
      await noticeCapReached(deps, w, log);
      throw new AppError(code);
    }
  }
}

/**
 * Sends an SMS within the global caps: counted in the hour and the day first (SmsCapReached, and the admin told
 * once, when either is full); a message the provider did not take is given back, so an outage does not use up the
 * cap. Every SMS the API sends goes through here.
 */
export async function sendCappedSms(deps: SmsCapDeps, msg: SmsMessage, log: Pick<FastifyBaseLogger, 'warn' | 'error'>): Promise<void> {
  const db = deps.db;
  const taken: CapWindow[] = [];
  for (const w of smsCapWindows(deps.config)) {
    if (!(await take(db, w))) {
      await Promise.all(taken.map((t) => unhit(db, t.key)));
      await noticeCapReached(deps, w, log);
      throw new SmsCapReached(w.name);
    }
    taken.push(w);
  }
  try {
    await deps.notifier.sendSms(msg);
  } catch (e) {
    if (e instanceof DeliveryError) await Promise.all(taken.map((t) => unhit(db, t.key)));
    throw e;
  }
}
