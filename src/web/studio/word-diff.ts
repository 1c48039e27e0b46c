// Two statements compared word by word (jsdiff's diffWords), so a reader sees "Butter" become
// "Margarine" inside a long ingredient list instead of two lists to compare by eye. Bounded: past
// MAX_EDITS the two texts are shown whole, one removed and one added.
import { diffWords } from 'diff';

export interface WordRun {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

const MAX_EDITS = 2000;

const textOf = (value: unknown): string =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.map(String).join('; ') : String(value);

export function wordDiff(before: unknown, after: unknown): WordRun[] {
  const from = textOf(before);
  const to = textOf(after);
  const changes = diffWords(from, to, { maxEditLength: MAX_EDITS });
  if (!changes) {
    return [...(from ? [{ text: from, kind: 'removed' as const }] : []), ...(to ? [{ text: to, kind: 'added' as const }] : [])];
  }
  return changes.map((c) => ({ text: c.value, kind: c.added ? 'added' : c.removed ? 'removed' : 'same' }));
}
