/**
 * The row a statement always returns (insert … returning, a count, the member row, as members are never deleted).
 * Its absence is a bug rather than a request error, so it fails with a message naming the statement.
 */
export function oneRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`expected a row: ${what}`);
  return row;
}
