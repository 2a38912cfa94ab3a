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
 * E-mail: real SMTP through nodemailer when SMTP_URL is set, else the message is written to the server log
 * (development). SMS: the HTTP provider POSTs JSON `{ from, to, text }` with a bearer token to SMS_HTTP_URL;
 * the `log` provider writes the message to the server log (development and demo).
 */
export function createNotifier(config: AppConfig, log: FastifyBaseLogger): Notifier {
  let transport: Transporter | undefined;
  if (config.mail.smtpUrl) transport = nodemailer.createTransport(config.mail.smtpUrl);

  return {
    async sendMail(msg) {
      if (!transport) {
        log.info({ mail: { to: msg.to, subject: msg.subject, text: msg.text } }, `mail (no SMTP_URL): ${msg.subject}`);
        return;
      }
      await transport.sendMail({ from: config.mail.from, to: msg.to, subject: msg.subject, text: msg.text });
    },
    async sendSms(msg) {
      if (config.sms.provider === 'log' || !config.sms.httpUrl) {
        log.info({ sms: { to: msg.to, text: msg.text } }, `sms (log provider): ${msg.text}`);
        return;
      }
      const res = await fetch(config.sms.httpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.sms.httpToken ? { authorization: `Bearer ${config.sms.httpToken}` } : {}),
        },
        body: JSON.stringify({ from: config.sms.sender, to: msg.to.replace(/-/g, ''), text: msg.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
    close() {
      transport?.close();
    },
  };
}
