/**
 * A value the surrounding code has already proven present (a key it just inserted, a row it just wrote, an id of the
 * tree it just built). Absence is a bug in this program, never a caller's mistake, so it throws an internal error that
 * names what was missing instead of failing later on `undefined`.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`internal error: ${what} is missing`);
  return value;
}
