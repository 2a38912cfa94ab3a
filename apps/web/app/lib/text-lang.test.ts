import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@podo/i18n';
import { webMessages } from '@podo/i18n/resources';
import { aroundName, textLang } from './text-lang';

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k]!);

describe('texts in another language than the page', () => {
  it('marks a Korean fallback as lang="ko" and nothing otherwise', () => {
    expect(textLang('ko-KR')).toBe('ko');
    expect(textLang(undefined)).toBeUndefined();
  });

  it('writes one period after "Co., Ltd." in the copyright line of every language, the name split out for its lang', () => {
    for (const lang of LANGUAGES) {
      const line = fill(webMessages[lang].footer.copyright, { year: '2026', company: 'PODO Wine Korea Co., Ltd.' });
      const [before, after] = aroundName(line, 'PODO Wine Korea Co., Ltd.');
      const text = `${before}PODO Wine Korea Co., Ltd.${after}`;
      expect(text, lang).not.toContain('..');
      expect(after, lang).toBeDefined();
    }
    const en = fill(webMessages['en-US'].footer.copyright, { year: '2026', company: 'PODO Wine Korea Co., Ltd.' });
    expect(aroundName(en, 'PODO Wine Korea Co., Ltd.')).toEqual(['© 2026 ', ' All rights reserved.']);
    const ko = fill(webMessages['ko-KR'].footer.copyright, { year: '2026', company: '(주)포도와인코리아' });
    expect(aroundName(ko, '(주)포도와인코리아')).toEqual(['© 2026 ', '. All rights reserved.']);
  });
});
