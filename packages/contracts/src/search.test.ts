import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  buildSearchGrams,
  buildSearchText,
  normalizeSearch,
  parseRecentSearches,
  gramCode,
  queryGrams,
  queryGramsExact,
  RECENT_SEARCH_MAX,
  serializeRecentSearches,
  trigramCode,
} from './search';

/** Whether every query gram is among the stored grams (what the GIN index answers). */
const gramsFound = (stored: string, q: string) => {
  const grams = new Set(buildSearchGrams(stored));
  return q.length > 0 && queryGrams(q).every((g) => grams.has(g));
};
/** What the database does: the grams are found, and the text holds the query unless the grams prove it. */
const matches = (stored: string, query: string) => {
  const q = normalizeSearch(query);
  return gramsFound(stored, q) && (queryGramsExact(q) || stored.includes(q));
};

describe('search normalization', () => {
  const text = buildSearchText([
    '샤또 그뤼오 라로즈',
    'Château Gruaud-Larose',
    '까베르네 소비뇽',
    'カベルネ・ソーヴィニヨン',
    'Pinot Noir',
  ]);

  it('matches Hangul queries of 1, 2, 3 and 4 syllables, with or without spaces', () => {
    for (const q of ['샤', '샤또', '그뤼오', '까베르네', '까베르네 소비뇽', '까베르네소비뇽']) expect(matches(text, q), q).toBe(true);
    expect(matches(text, '피노누아')).toBe(false);
  });

  it('matches Latin text whatever the case and accents', () => {
    for (const q of ['CHATEAU', 'château', 'gruaud larose', 'Gruaud-Larose', 'pinot']) expect(matches(text, q), q).toBe(true);
    expect(matches(text, 'margaux')).toBe(false);
  });

  it('keeps Japanese voiced marks and Hangul syllables whole', () => {
    expect(normalizeSearch('カベルネ')).toBe('カベルネ');
    expect(normalizeSearch('ガ')).not.toBe(normalizeSearch('カ'));
    expect(matches(text, 'ソーヴィニヨン')).toBe(true);
  });

  it('never lets a bigram span two names', () => {
    // '즈' ends one part and 'c' starts the next: no stored bigram joins them.
    expect(matches(text, '즈ch')).toBe(false);
  });

  it('proves queries of one to three characters by their grams alone, never across a gap', () => {
    for (const q of ['샤', '피노', '까베르']) expect(queryGramsExact(q), q).toBe(true);
    expect(queryGramsExact('까베르네')).toBe(false);
    expect(queryGrams('까베르')).toEqual([trigramCode('까', '베', '르')]);
    // '까베' and '베르' are both there, but not as '까베르': in two names, or apart in one.
    for (const text of ['까베네|베르', '까베네베르', '베르까베']) {
      expect(matches(text, '까베르'), text).toBe(false);
      expect(gramsFound(text, '까베르'), text).toBe(false);
    }
    // Longer queries are confirmed by the text: 'abc' and 'bcd' are found in two names, 'abcd' is not there.
    expect(gramsFound('abc|bcd', 'abcd')).toBe(true);
    expect(matches('abc|bcd', 'abcd')).toBe(false);
    expect(matches('xabcdx', 'abcd')).toBe(true);
  });

  it('finds a gram-proved query exactly when the text holds it (every short query over a small alphabet)', () => {
    const abc = ['까', '베', '르', 'a'];
    const texts: string[] = [];
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let i = 0; i < 300; i++) {
      let t = '';
      for (let j = 0, n = 1 + rand(12); j < n; j++) t += rand(5) === 0 ? '|' : abc[rand(abc.length)];
      texts.push(t);
    }
    const queries = abc.flatMap((a) => abc.flatMap((b) => abc.flatMap((c) => [a, a + b, a + b + c])));
    for (const q of queries) expect(queryGramsExact(q), q).toBe(true);
    const wrong: string[] = [];
    for (const text of texts) {
      const grams = new Set(buildSearchGrams(text));
      for (const q of queries) if (queryGrams(q).every((g) => grams.has(g)) !== text.includes(q)) wrong.push(`${text} / ${q}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps unigram, bigram and trigram codes apart and exact', () => {
    const top = String.fromCodePoint(0x1ffff);
    const tri = trigramCode(top, top, top)!;
    expect(Number.isSafeInteger(tri)).toBe(true);
    expect(trigramCode('\u0000', '\u0000', '\u0001')!).toBeGreaterThan(
      gramCode(String.fromCodePoint(0x10ffff), String.fromCodePoint(0x10ffff)),
    );
    // A character from U+20000 up has no trigram: the query falls back to its bigrams, checked by LIKE.
    const rare = String.fromCodePoint(0x20000);
    expect(trigramCode('a', rare, 'b')).toBeUndefined();
    expect(queryGramsExact(`a${rare}b`)).toBe(false);
    expect(queryGrams(`a${rare}b`)).toEqual([gramCode('a', rare), gramCode(rare, 'b')]);
    expect(matches(`xa${rare}bx`, `a${rare}b`)).toBe(true);
  });

  it('has nothing to search for in punctuation only', () => {
    expect(normalizeSearch(' - , . ')).toBe('');
    expect(queryGrams('')).toEqual([]);
  });
});

describe('recent searches cookie', () => {
  it('puts the newest first, without duplicates, capped', () => {
    let list: string[] = [];
    for (let i = 0; i < RECENT_SEARCH_MAX + 3; i++) list = addRecentSearch(list, `q${i}`);
    list = addRecentSearch(list, 'q5');
    expect(list[0]).toBe('q5');
    expect(list).toHaveLength(RECENT_SEARCH_MAX);
    expect(new Set(list).size).toBe(list.length);
    expect(addRecentSearch(list, '   ')).toBe(list);
  });

  it('round-trips terms with commas and Korean through the cookie value', () => {
    const list = ['피노 누아', 'a,b', '샤또'];
    const value = serializeRecentSearches(list);
    expect(value.split(',')).toHaveLength(3);
    expect(parseRecentSearches(value)).toEqual(list);
    expect(parseRecentSearches('%E0%A4%A,ok')).toEqual(['ok']);
  });
});
