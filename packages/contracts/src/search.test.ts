import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  buildSearchGrams,
  buildSearchText,
  normalizeSearch,
  parseRecentSearches,
  queryGrams,
  RECENT_SEARCH_MAX,
  serializeRecentSearches,
} from './search';

/** What the database does: every query gram is among the stored grams, and the text holds the query. */
const matches = (stored: string, query: string) => {
  const q = normalizeSearch(query);
  const grams = new Set(buildSearchGrams(stored));
  return q.length > 0 && queryGrams(q).every((g) => grams.has(g)) && stored.includes(q);
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
