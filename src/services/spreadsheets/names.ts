// How a spreadsheet row's name finds a record (docs/api.md#import-matching): the records of exactly
// that name, else, when none has it exactly, those whose name differs only in case ("butter" finds
// "Butter"). One record found is the match; several are an error naming their ids; none is no match.
import { pushTo } from '../../lib/group.js';

/** A name compared without regard to case (and to the spaces around it). */
export const foldName = (name: string): string => name.trim().toLowerCase();

export interface NameMatch<T> {
  /** The records the name matches: exactly, else in another case. */
  found: T[];
  /** Whether they match exactly (false: only in another case). */
  exact: boolean;
}

/** Records by name, exact and case-folded, for matching many rows against one set of records. */
export class NameIndex<T extends { id: number }> {
  private readonly exact = new Map<string, T[]>();
  private readonly folded = new Map<string, T[]>();

  constructor(records: Iterable<T>, nameOf: (record: T) => string | null) {
    for (const record of records) {
      const name = nameOf(record);
      if (!name) continue;
      pushTo(this.exact, name, record);
      pushTo(this.folded, foldName(name), record);
    }
  }

  match(name: string): NameMatch<T> {
    const exact = this.exact.get(name);
    if (exact) return { found: exact, exact: true };
    return { found: this.folded.get(foldName(name)) ?? [], exact: false };
  }
}

/**
 * The error for a name that matches several records ("2 of this account's ingredients are named
 * ..."): their ids, and their names when they match only in another case, and how to say which.
 */
export function ambiguousName<T extends { id: number }>(
  name: string,
  match: NameMatch<T>,
  records: string,
  nameOf: (record: T) => string,
  fix: string,
): string {
  if (match.exact)
    return `${match.found.length} of ${records} are named "${name}" (ids ${match.found.map((r) => r.id).join(', ')}); ${fix}`;
  const candidates = match.found.map((r) => `${r.id} "${nameOf(r)}"`).join(', ');
  return `${match.found.length} of ${records} are named "${name}" in another case, none exactly (ids ${candidates}); ${fix}`;
}
