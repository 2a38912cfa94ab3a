/**
 * Unified search normalization, shared by the catalogue writers (who store `search_text` and `search_grams`) and
 * the search calls (which turn the visitor's text into the same form).
 *
 * - Case-insensitive and accent-insensitive for Latin text: 'Château' and 'chateau' are the same.
 * - Hangul syllables stay whole (NFD then NFC), so '샤또', '피노', '까베르네' match syllable by syllable.
 * - Spaces and punctuation are dropped: '까베르네 소비뇽' finds '까베르네소비뇽' and 'Pinot-Noir' finds 'pinot noir'.
 *
 * Index: every unigram, bigram and trigram of the normalized text is encoded as a number (see gramCode) and
 * stored in a GIN-indexed bigint[] column. A query of one, two or three characters looks up its single gram, which
 * proves the match on its own; a longer query looks up its trigrams, then `search_text like '%q%'` confirms the
 * exact substring (overlapping trigrams do not prove that they sit next to each other in the text).
 */

/** Combining diacritical marks (U+0300–036F and the supplement/extension blocks), as a character class. */
// Matching lone combining marks is the point here (after NFD), so the rule against them in classes does not apply.
// eslint-disable-next-line no-misleading-character-class
const COMBINING_ACCENTS = new RegExp('[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]', 'g');

/** Lowercase, accents removed, Hangul kept, everything that is not a letter or digit dropped. */
export function normalizeSearch(text: string): string {
  return (
    text
      .normalize('NFD')
      // Combining accents of Latin, Greek and Cyrillic letters only: Japanese voiced marks (カ + ゙ = ガ) stay.
      .replace(COMBINING_ACCENTS, '')
      .normalize('NFC')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/[^\p{L}\p{N}]/gu, '')
  );
}

/** The stored search text of an entity: its normalized parts joined by '|' (which no query can contain). */
export function buildSearchText(parts: (string | null | undefined)[]): string {
  const seen = new Set<string>();
  for (const p of parts) {
    const n = p ? normalizeSearch(p) : '';
    if (n) seen.add(n);
  }
  return [...seen].join('|');
}

const SHIFT = 2 ** 21; // above the largest code point (0x10FFFF)
/** Trigram codes: 17 bits a character above 2^52, so they stay exact in a double and apart from bigram codes. */
const TRI_SHIFT = 2 ** 17;
const TRI_BASE = 2 ** 52;

/** A unigram is its code point; a bigram is first * 2^21 + second (below 2^42, exact in a double). */
export function gramCode(a: string, b?: string): number {
  const x = a.codePointAt(0) ?? 0;
  return b === undefined ? x : x * SHIFT + (b.codePointAt(0) ?? 0);
}

/**
 * A trigram is 2^52 + first * 2^34 + second * 2^17 + third (between 2^52 and 2^53, exact in a double), for
 * characters below U+20000 (Latin, Hangul, kana, common CJK); undefined otherwise: such text has no trigram and a
 * query holding such a character falls back to its bigrams.
 */
export function trigramCode(a: string, b: string, c: string): number | undefined {
  const x = a.codePointAt(0) ?? 0;
  const y = b.codePointAt(0) ?? 0;
  const z = c.codePointAt(0) ?? 0;
  if (x >= TRI_SHIFT || y >= TRI_SHIFT || z >= TRI_SHIFT) return undefined;
  return TRI_BASE + x * TRI_SHIFT * TRI_SHIFT + y * TRI_SHIFT + z;
}

/** Every distinct unigram, bigram and trigram code of a stored search text (no gram spans the '|' separators). */
export function buildSearchGrams(searchText: string): number[] {
  const out = new Set<number>();
  for (const part of searchText.split('|')) {
    const chars = [...part];
    for (let i = 0; i < chars.length; i++) {
      out.add(gramCode(chars[i]!));
      if (i + 1 < chars.length) out.add(gramCode(chars[i]!, chars[i + 1]!));
      if (i + 2 < chars.length) {
        const t = trigramCode(chars[i]!, chars[i + 1]!, chars[i + 2]!);
        if (t !== undefined) out.add(t);
      }
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** The trigrams of a query of three or more characters, in order; undefined when one cannot be encoded. */
function queryTrigrams(chars: string[]): number[] | undefined {
  const out: number[] = [];
  for (let i = 0; i + 2 < chars.length; i++) {
    const t = trigramCode(chars[i]!, chars[i + 1]!, chars[i + 2]!);
    if (t === undefined) return undefined;
    out.push(t);
  }
  return out;
}

/**
 * The codes a query must all be found under: its unigram, bigram or trigram when one, two or three characters
 * long, else all its trigrams (its bigrams when a character has no trigram code).
 */
export function queryGrams(normalizedQuery: string): number[] {
  const chars = [...normalizedQuery];
  if (chars.length === 0) return [];
  if (chars.length === 1) return [gramCode(chars[0]!)];
  const tri = chars.length >= 3 ? queryTrigrams(chars) : undefined;
  if (tri) return [...new Set(tri)];
  const out = new Set<number>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(gramCode(chars[i]!, chars[i + 1]!));
  return [...out];
}

/**
 * Whether finding queryGrams proves the match, so no `like` is needed: a query of one, two or three characters
 * is a single gram, stored exactly when the text holds it (grams never span the '|' between parts). Longer
 * queries are not: 'abcd' has the trigrams 'abc' and 'bcd', which a text 'abc|bcd' holds as well.
 */
export function queryGramsExact(normalizedQuery: string): boolean {
  const chars = [...normalizedQuery];
  if (chars.length === 0) return false;
  if (chars.length <= 2) return true;
  return chars.length === 3 && trigramCode(chars[0]!, chars[1]!, chars[2]!) !== undefined;
}

/** Escapes % _ and \ for a LIKE pattern. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// ---- recent searches (cookie) ------------------------------------------------------------------------------

/** Cookie holding recent searches as a comma-joined list, most recent first (spec §4). */
export const RECENT_SEARCH_COOKIE = 'recent-searches';
export const RECENT_SEARCH_MAX = 10;

/** Parses the cookie value: decoded, trimmed, de-duplicated, capped. */
export function parseRecentSearches(value: string | null | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const raw of value.split(',')) {
    let item: string;
    try {
      item = decodeURIComponent(raw).trim();
    } catch {
      continue;
    }
    if (item && !out.includes(item)) out.push(item);
    if (out.length >= RECENT_SEARCH_MAX) break;
  }
  return out;
}

/** Puts a term first (removing an earlier copy) and caps the list. */
export function addRecentSearch(list: string[], term: string): string[] {
  const t = term.trim().slice(0, 50);
  if (!t) return list;
  return [t, ...list.filter((x) => x !== t)].slice(0, RECENT_SEARCH_MAX);
}

/** Cookie value of a list: each item URI-encoded (so commas inside a term survive), joined by ','. */
export function serializeRecentSearches(list: string[]): string {
  return list.map((x) => encodeURIComponent(x)).join(',');
}
