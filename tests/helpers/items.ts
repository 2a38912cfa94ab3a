/**
 * Items a test expects to be there (the first row of a query, a regex group, an entry of a map). Each fails the
 * test with a message naming what was missing, instead of a TypeError a line later.
 */

/** The first item of a list the test expects to be non-empty. */
export function first<T>(xs: readonly T[], what = 'item'): T {
  return at(xs, 0, what);
}

/** The item at index `i` (negative counts from the end, as with Array.prototype.at). */
export function at<T>(xs: readonly T[], i: number, what = 'item'): T {
  const x = xs.at(i);
  if (x === undefined) throw new Error(`expected ${what} at index ${i}, the list has ${xs.length}`);
  return x;
}

/** A value the test expects to exist. */
export function present<T>(x: T | null | undefined, what: string): T {
  if (x === undefined || x === null) throw new Error(`expected ${what}, got ${String(x)}`);
  return x;
}

/** Group `i` of a regex match, failing when there was no match or the group took no part in it. */
export function group(m: RegExpMatchArray | null, i = 1): string {
  if (!m) throw new Error('expected a regex match');
  const g = m[i];
  if (g === undefined) throw new Error(`expected group ${i} in the match "${m[0]}"`);
  return g;
}
