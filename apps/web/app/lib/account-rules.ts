import { isValidPassword, normalizeMobile } from '@podo/contracts/rules';
import { dateFormat } from './format';

export type { MemberStatus } from '@podo/contracts/rules';

/** A plain e-mail check for instant feedback (the API has the final word). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (v: string) => EMAIL_RE.test(v.trim()) && v.trim().length <= 254;
export const isMobile = (v: string) => normalizeMobile(v) !== null;
export const isCode = (v: string) => /^\d{6}$/.test(v);

type T = (key: string, o?: Record<string, unknown>) => string;

/** The first problem of a new password and its confirmation, as message texts. */
export function passwordErrors(t: T, password: string, confirm: string): { password?: string; passwordConfirm?: string } {
  const out: { password?: string; passwordConfirm?: string } = {};
  if (!password) out.password = t('validation.passwordRequired');
  else if (!isValidPassword(password)) out.password = t('validation.passwordRule');
  if (!confirm) out.passwordConfirm = t('validation.passwordConfirmRequired');
  else if (confirm !== password) out.passwordConfirm = t('validation.passwordConfirm');
  return out;
}

/** Types 01012345678 as 010-1234-5678 while it is typed. */
export function formatMobileInput(v: string): string {
  const d = v.replace(/\D/g, '').slice(0, 11);
  if (d.length < 4) return d;
  if (d.length < 8) return `${d.slice(0, 3)}-${d.slice(3)}`;
  if (d.length === 10) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7)}`;
}

/** Types 1234567890 as 123-45-67890 while it is typed. */
export function formatBusinessNumberInput(v: string): string {
  const d = v.replace(/\D/g, '').slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** A date in the page's language (yyyy. m. d. in Korean). */
export function formatDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat(lang, { year: 'numeric', month: 'long', day: 'numeric' }).format(d);
}

/** 19990101 → 1999-01-01 for display. */
export const formatBirthday = (b: string | null) =>
  b && /^\d{8}$/.test(b) ? `${b.slice(0, 4)}-${b.slice(4, 6)}-${b.slice(6)}` : (b ?? '');

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
