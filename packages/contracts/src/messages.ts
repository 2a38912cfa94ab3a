import type { Language } from '@podo/i18n';
import { apiMessages, interpolate } from '@podo/i18n/resources';
import type { ErrorCode } from './errors';
import { z } from 'zod';

/** Localized text of an error code. */
export function errorMessage(lang: Language, code: ErrorCode, params?: Record<string, string | number>): string {
  return interpolate(apiMessages[lang].errors[code] ?? apiMessages['ko-KR'].errors[code], params);
}

const zodLocales: Record<Language, () => { localeError: z.core.$ZodErrorMap }> = {
  'ko-KR': z.locales.ko,
  'en-US': z.locales.en,
  'zh-CN': z.locales.zhCN,
  'zh-TW': z.locales.zhTW,
  'ja-JP': z.locales.ja,
};
const localeCache = new Map<Language, z.core.$ZodErrorMap>();

function issueText(lang: Language, issue: z.core.$ZodIssue): string {
  const v = apiMessages[lang].validation;
  // Schemas name their own messages by key (e.g. { message: 'email' }); everything else uses zod's locale.
  const byKey: Partial<Record<string, string>> = v;
  // Own keys only: a message such as 'constructor' must not find Object.prototype's.
  const named = issue.message && Object.hasOwn(byKey, issue.message) ? byKey[issue.message] : undefined;
  if (named) return named;
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) return v.required;
  // A list or an object sent as something else: said plainly, not in the validator's type names.
  if (issue.code === 'invalid_type' && issue.expected === 'array') return v.expectedList;
  if (issue.code === 'invalid_type' && (issue.expected === 'object' || issue.expected === 'record')) return v.expectedObject;
  // An empty (or, after trimming, blank) text where one character is the minimum is a missing value, not a length.
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) return v.required;
  if (issue.code === 'invalid_format' && (issue as { format?: string }).format === 'email') return v.email;
  let map = localeCache.get(lang);
  if (!map) {
    map = zodLocales[lang]().localeError;
    localeCache.set(lang, map);
  }
  const out = map(issue as never);
  return (typeof out === 'string' ? out : out?.message) ?? issue.message;
}

/** One readable, localized sentence for the first failed field of a request. */
export function validationMessage(lang: Language, issues: z.core.$ZodIssue[], context?: string, route?: string): string {
  const issue = issues[0];
  if (!issue) return errorMessage(lang, 'VALIDATION_FAILED');
  const fields = apiMessages[lang].fields as Record<string, string>;
  // A name that means something else in one operation (`type` of an inquiry category, of a document) has its label there.
  const routeFields =
    (route ? (apiMessages[lang].routeFields as Record<string, Record<string, string>>)[route.replace(/^\/api\/v1/, '')] : undefined) ?? {};
  const key = issue.path.length ? String(issue.path[issue.path.length - 1]) : context === 'body' ? 'body' : 'query';
  const field = (Object.hasOwn(routeFields, key) ? routeFields[key] : undefined) ?? fields[key] ?? issue.path.join('.') ?? key;
  return interpolate(apiMessages[lang].validation.field, { field, message: issueText(lang, issue) });
}
