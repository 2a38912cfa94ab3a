import { describe, expect, it } from 'vitest';
import { LANGUAGES, matchLanguage, negotiateLanguage, resolveLanguage } from './index';
import { apiMessages, keyPaths, webMessages } from './resources';

/** The value at a dotted key path of a nested message object. */
const valueAt = (bundle: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], bundle);

/** The suffix of a plural form (Intl.PluralRules categories), as apps/web/app/lib/i18n.ts looks them up. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('locale files', () => {
  for (const [name, bundle] of [
    ['web', webMessages],
    ['api', apiMessages],
  ] as const) {
    const reference = keyPaths(bundle['ko-KR']).sort();
    for (const lang of LANGUAGES) {
      it(`${lang} ${name}.json has exactly the keys of ko-KR (and plural forms of its own), none empty`, () => {
        // A language may add plural forms of a key (`total_one` beside `total`): Korean has none to add.
        const keys = keyPaths(bundle[lang])
          .filter((k) => !(PLURAL.test(k) && reference.includes(k.replace(PLURAL, ''))))
          .sort();
        expect(
          reference.filter((k) => !keys.includes(k)),
          'missing keys',
        ).toEqual([]);
        expect(
          keys.filter((k) => !reference.includes(k)),
          'extra keys',
        ).toEqual([]);
        const values = keyPaths(bundle[lang]).map((k) => valueAt(bundle[lang], k));
        expect(values.filter((v) => typeof v !== 'string' || !v.trim())).toEqual([]);
      });
    }
  }

  it('keeps {{placeholders}} identical across languages', () => {
    // The variable names: a format (`{{brand, josa(이/가)}}` in Korean only) is the language's own business.
    const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
    for (const bundle of [webMessages, apiMessages]) {
      for (const key of keyPaths(bundle['ko-KR'])) {
        const get = (lang: (typeof LANGUAGES)[number]) => valueAt(bundle[lang], key) as string;
        for (const lang of LANGUAGES) {
          expect(vars(get(lang)), `${lang} ${key}`).toEqual(vars(get('ko-KR')));
          for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
            const plural = valueAt(bundle[lang], `${key}_${form}`) as string | undefined;
            if (plural !== undefined) expect(vars(plural), `${lang} ${key}_${form}`).toEqual(vars(get('ko-KR')));
          }
        }
      }
    }
  });

  it('uses the spec texts in Korean', () => {
    expect(webMessages['ko-KR'].common.comingSoon).toBe('준비 중입니다.');
    expect(webMessages['ko-KR'].common.emptyList).toBe('검색 결과가 없습니다.');
    expect(webMessages['ko-KR'].common.emptyModal).toBe('데이터가 없습니다.');
    expect(webMessages['ko-KR'].common.serverError).toBe('SERVER ERROR : 관리자에게 문의하세요.');
    expect(webMessages['ko-KR'].search.deleteAll).toBe('전체삭제');
  });
});

describe('language choice', () => {
  it('maps tags to the supported languages', () => {
    expect(matchLanguage('ko')).toBe('ko-KR');
    expect(matchLanguage('EN-gb')).toBe('en-US');
    expect(matchLanguage('zh')).toBe('zh-CN');
    expect(matchLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLanguage('zh-Hant')).toBe('zh-TW');
    expect(matchLanguage('zh-HK')).toBe('zh-TW');
    expect(matchLanguage('ja_JP')).toBe('ja-JP');
    expect(matchLanguage('fr-FR')).toBeUndefined();
    expect(matchLanguage('')).toBeUndefined();
  });

  it('negotiates Accept-Language by q-value, then order', () => {
    expect(negotiateLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toBe('en-US');
    expect(negotiateLanguage('ja;q=0.5, zh-TW;q=0.9')).toBe('zh-TW');
    expect(negotiateLanguage('en;q=0, ko;q=0.1')).toBe('ko-KR');
    expect(negotiateLanguage('de, fr')).toBeUndefined();
    expect(negotiateLanguage(';;;,,,q=abc')).toBeUndefined();
  });

  it('prefers the lang query, then the browser, then Korean', () => {
    expect(resolveLanguage({ query: 'ja-JP', acceptLanguage: 'en-US' })).toBe('ja-JP');
    expect(resolveLanguage({ query: 'xx', acceptLanguage: 'en-US' })).toBe('en-US');
    expect(resolveLanguage({})).toBe('ko-KR');
  });
});
