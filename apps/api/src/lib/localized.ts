import type { Language } from '@podo/i18n';

/** A stored text per language (Korean, the original, always there). */
type Localized<T> = Partial<Record<string, T>> & { 'ko-KR': T };

/** A text in the request language, else the Korean original, with the language it is in. */
export const pickText = <T>(v: Localized<T>, lang: Language): { lang: Language; value: T } =>
  v[lang] !== undefined ? { lang, value: v[lang] as T } : { lang: 'ko-KR', value: v['ko-KR'] };
