import type { TDocument } from '@podo/contracts';

/** Paragraphs and lists of a notice, an FAQ answer or a document article. */
export function Blocks({ blocks }: { blocks: TDocument['articles'][number]['blocks'] }) {
  return (
    <>
      {blocks.map((b, i) =>
        typeof b === 'string' ? (
          <p key={i}>{b}</p>
        ) : (
          <ul key={i}>
            {b.map((item, k) => (
              <li key={k}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** 'ko' for the lang attribute of a text in ko-KR (zh-CN and zh-TW keep their region). */
export const htmlLang = (lang: string) => (lang.startsWith('zh') ? lang : lang.slice(0, 2));

/** The lang attribute for a text in `textLang` on a page in `pageLang`: none when they agree. */
export const htmlLangOf = (textLang: string, pageLang: string) => (textLang === pageLang ? undefined : htmlLang(textLang));
