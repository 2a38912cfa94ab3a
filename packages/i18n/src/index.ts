export const LANGUAGES = ['ko-KR', 'en-US', 'zh-CN', 'zh-TW', 'ja-JP'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ko-KR';

/** Native names of the interface languages, for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'ko-KR': '한국어',
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'ja-JP': '日本語',
};

/** Maps any BCP 47 tag (ko, en-GB, zh-Hant-HK, ja_JP, ...) to a supported language, or undefined. */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const t = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!t) return undefined;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === t);
  if (exact) return exact;
  const [primary, ...rest] = t.split('-');
  switch (primary) {
    case 'ko':
      return 'ko-KR';
    case 'en':
      return 'en-US';
    case 'ja':
      return 'ja-JP';
    case 'zh': {
      // Traditional script, or regions that write it, get zh-TW; everything else Simplified.
      if (rest.includes('hant') || rest.includes('tw') || rest.includes('hk') || rest.includes('mo')) return 'zh-TW';
      return 'zh-CN';
    }
    default:
      return undefined;
  }
}

/** Picks the best supported language from an Accept-Language header, honouring q-values. */
export function negotiateLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const r of ranked) {
    const m = matchLanguage(r.tag);
    if (m) return m;
  }
  return undefined;
}

/** The language of a request: the lang query value, else the browser's Accept-Language, else ko-KR. */
export function resolveLanguage(opts: { query?: string | null; acceptLanguage?: string | null }): Language {
  return matchLanguage(opts.query) ?? negotiateLanguage(opts.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);
export { josa } from './josa';
