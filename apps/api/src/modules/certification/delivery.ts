import type { AddressInfo } from 'node:net';
import { localized, type AppConfig } from '@podo/config';
import type { Language } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import type { MailMessage, SmsMessage } from '../../lib/notify';
import { CODE_POLICY, type CodePurpose } from './codes';

/**
 * The address links in e-mails point to: PUBLIC_URL when configured, else the server's own listen address (HOST and
 * PORT; 0.0.0.0 and :: mean localhost; PORT=0 takes the port the server got, `bound`). Never the request's Host or
 * X-Forwarded-Host: a client chooses those, and a reset link on its host would hand it the code.
 */
export function siteOrigin(config: AppConfig, bound?: AddressInfo | string | null): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = ['', '0.0.0.0', '::', '[::]'].includes(config.host) ? 'localhost' : config.host;
  const port = config.port || (bound && typeof bound === 'object' ? bound.port : 0);
  const name = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return port && port !== 80 ? `http://${name}:${port}` : `http://${name}`;
}

/** Minutes a code of this purpose lives, as shown in the message. */
export function codeMinutes(purpose: CodePurpose): number {
  return Math.round(CODE_POLICY.ttlMs[purpose] / 60_000);
}

function brand(config: AppConfig, lang: Language): string {
  return localized(config.site.brandName, lang);
}

/** The SMS carrying a code, in the requester's language. */
export function codeSms(config: AppConfig, lang: Language, opts: { to: string; code: string; purpose: CodePurpose }): SmsMessage {
  return {
    to: opts.to,
    text: interpolate(apiMessages[lang].sms.code, { brand: brand(config, lang), code: opts.code, minutes: codeMinutes(opts.purpose) }),
  };
}

/** /account/certemail?mode=SIGNUP_EMAIL&email=…&code=…: the sign-up e-mail link that confirms the code. */
export function certEmailLink(origin: string, email: string, code: string): string {
  return `${origin}/account/certemail?mode=SIGNUP_EMAIL&email=${encodeURIComponent(email)}&code=${code}`;
}

/** /account/resetpw?email=…&code=…: the password reset page, prefilled. */
export function resetPasswordLink(origin: string, email: string, code: string): string {
  return `${origin}/account/resetpw?email=${encodeURIComponent(email)}&code=${code}`;
}

/** The sign-up verification e-mail (code + confirming link). */
export function signupCodeMail(config: AppConfig, lang: Language, opts: { to: string; code: string; origin: string }): MailMessage {
  const m = apiMessages[lang].mail;
  const params = {
    brand: brand(config, lang),
    code: opts.code,
    minutes: codeMinutes('SIGNUP_EMAIL'),
    link: certEmailLink(opts.origin, opts.to, opts.code),
  };
  return { to: opts.to, subject: interpolate(m.codeSubject, params), text: interpolate(m.codeText, params) };
}

/**
 * The login code e-mail (docs/accounts.md "Login throttling"): sent only after the right password, from an address
 * new to an account under attack; it says so, and links to the password reset in case it was not the member.
 */
export function loginCodeMail(config: AppConfig, lang: Language, opts: { to: string; code: string; origin: string }): MailMessage {
  const m = apiMessages[lang].mail;
  const params = {
    brand: brand(config, lang),
    code: opts.code,
    minutes: codeMinutes('LOGIN_EMAIL'),
    link: `${opts.origin}/account/findpw`,
  };
  return { to: opts.to, subject: interpolate(m.loginCodeSubject, params), text: interpolate(m.loginCodeText, params) };
}

/** The password reset e-mail (code + link to the reset page). */
export function resetCodeMail(config: AppConfig, lang: Language, opts: { to: string; code: string; origin: string }): MailMessage {
  const m = apiMessages[lang].mail;
  const params = {
    brand: brand(config, lang),
    code: opts.code,
    minutes: codeMinutes('RESET_PASSWORD_EMAIL'),
    link: resetPasswordLink(opts.origin, opts.to, opts.code),
  };
  return { to: opts.to, subject: interpolate(m.resetSubject, params), text: interpolate(m.resetText, params) };
}
