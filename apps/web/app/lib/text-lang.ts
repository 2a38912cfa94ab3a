/**
 * The `lang` attribute of a text the API or the site config sent in another language than the page's (a
 * missing translation shown in Korean), so screen readers and translation tools read it as Korean.
 * Undefined when the text is in the page's language.
 */
export function textLang(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  return lang === 'ko-KR' ? 'ko' : lang;
}

/**
 * A sentence naming a company (the footer's copyright line) split around the name, so the name can carry its
 * own `lang`: [before, after], or [sentence, undefined] when the name is not in it. A name ending in an
 * abbreviation's period ("Co., Ltd.") takes the sentence's period too, so the line never reads "Ltd.. All".
 */
export function aroundName(sentence: string, name: string): [string, string | undefined] {
  const text = name.endsWith('.') ? sentence.replace(`${name}.`, name) : sentence;
  const i = name ? text.indexOf(name) : -1;
  return i < 0 ? [text, undefined] : [text.slice(0, i), text.slice(i + name.length)];
}
