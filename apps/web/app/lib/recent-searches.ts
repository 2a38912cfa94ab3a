import { addRecentSearch, parseRecentSearches, RECENT_SEARCH_COOKIE, serializeRecentSearches } from '@podo/contracts/search';

/** Recent searches live a year (spec §4: a comma-joined cookie list; readable by scripts, so not HttpOnly). */
export const RECENT_SEARCH_MAX_AGE = 365 * 24 * 3600;

/**
 * The cookie's raw value from a Cookie header or document.cookie. Not URI-decoded as a whole: each item is encoded
 * on its own, so a comma inside a term cannot split it.
 */
export function rawRecentCookie(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === RECENT_SEARCH_COOKIE) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** The recent searches of a Cookie header (server) or document.cookie (browser), most recent first. */
export const recentSearchesOf = (header: string | null | undefined) => parseRecentSearches(rawRecentCookie(header));

/** Set-Cookie / document.cookie text holding `list`; an empty list deletes the cookie. */
export function recentSearchCookie(list: string[], secure: boolean): string {
  const value = serializeRecentSearches(list);
  const life = value ? `Max-Age=${RECENT_SEARCH_MAX_AGE}` : 'Max-Age=0';
  return `${RECENT_SEARCH_COOKIE}=${value}; Path=/; SameSite=Lax; ${life}${secure ? '; Secure' : ''}`;
}

/** The list after searching `term` (first, de-duplicated, capped). */
export const withRecentSearch = (list: string[], term: string) => addRecentSearch(list, term);

/** Browser: the current list. */
export const readRecentSearches = () => recentSearchesOf(document.cookie);

/** Browser: stores the list (or deletes the cookie when empty) and returns it. */
export function writeRecentSearches(list: string[]): string[] {
  document.cookie = recentSearchCookie(list, location.protocol === 'https:');
  return list;
}
