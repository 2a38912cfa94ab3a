import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { josa, LANGUAGES } from '@podo/i18n';
import { keyPaths, webMessages } from '@podo/i18n/resources';
import { createI18n } from './i18n';

// The app's small t() must answer exactly what i18next answers for every text of every language.
function reference(lang: (typeof LANGUAGES)[number]) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { web: webMessages[lang] } },
    ns: ['web'],
    defaultNS: 'web',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  // The app's own format, given to i18next the way i18next takes custom formats.
  instance.services.formatter?.add('josa', (value: unknown, _lng: string | undefined, options: { pair?: string }) =>
    josa(String(value), options.pair ?? ''),
  );
  return instance;
}

const lookup = (obj: unknown, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], obj);

describe('t()', () => {
  for (const lang of LANGUAGES) {
    it(`matches i18next on every ${lang} text`, () => {
      const ours = createI18n(lang, webMessages[lang]).t;
      const theirs = reference(lang).t;
      for (const key of keyPaths(webMessages[lang])) {
        const text = String(lookup(webMessages[lang], key));
        const names = [...text.matchAll(/\{\{-?\s*(\w+)/g)].map((m) => m[1]);
        for (const sample of [0, 1, 2, 1234567, 'x<b>&']) {
          const options = Object.fromEntries(names.map((n) => [n, sample]));
          expect(ours(key, options), `${lang} ${key} ${String(sample)}`).toBe(theirs(key, options));
        }
        expect(ours(key)).toBe(theirs(key));
      }
    });
  }

  it('says one wine, not one wines, in English; Korean has one form', () => {
    const en = createI18n('en-US', webMessages['en-US']).t;
    expect(en('commerce.toCheckout', { count: 1 })).toBe('Check out (1 wine)');
    expect(en('commerce.toCheckout', { count: 2 })).toBe('Check out (2 wines)');
    expect(en('catalog.total', { count: 1 })).toBe('1 wine');
    const ko = createI18n('ko-KR', webMessages['ko-KR']).t;
    expect(ko('commerce.toCheckout', { count: 1 })).toBe('주문하기 (1개 품목)');
  });

  it('handles plurals, context, defaults, fallbacks, nesting and objects like i18next', () => {
    const messages = {
      n: { item_one: '{{count}} item', item_other: '{{count, number}} items', item_zero: 'no items' },
      g: { hello: 'hello', hello_female: 'hello madam' },
      nest: 'see $t(g.hello)',
      obj: { a: 'A {{x}}', b: { c: 'C' } },
    } as unknown as (typeof webMessages)['en-US'];
    const ours = createI18n('en-US', messages).t;
    const instance = i18next.createInstance();
    void instance.init({
      lng: 'en-US',
      fallbackLng: false,
      resources: { 'en-US': { web: messages } },
      defaultNS: 'web',
      initAsync: false,
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    const theirs = instance.t as unknown as typeof ours;
    const cases: [string | string[], Record<string, unknown>?][] = [
      ['n.item', { count: 0 }],
      ['n.item', { count: 1 }],
      ['n.item', { count: 12345 }],
      ['g.hello', { context: 'female' }],
      ['g.hello', { context: 'male' }],
      ['nest'],
      ['missing.key'],
      ['missing.key', { defaultValue: 'fallback {{x}}', x: 1 }],
      [['missing.one', 'g.hello']],
      ['obj'],
    ];
    for (const [key, options] of cases) expect(ours(key, options), String(key)).toBe(theirs(key, options));
    expect(ours('obj', { returnObjects: true, x: 1 })).toEqual(instance.t('obj', { returnObjects: true, x: 1 }));
  });
});
