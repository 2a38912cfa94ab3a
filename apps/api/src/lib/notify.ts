import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '@podo/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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
  // tls.rejectUnauthorized, timeouts…) win over them. One connection per message: nothing to go stale.
  if (config.mail.smtpUrl) transport = nodemailer.createTransport({ url: config.mail.smtpUrl, ...SMTP_TIMEOUTS });

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
