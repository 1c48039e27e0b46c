// Two labels' differences (a revision diff's or an approval's) as a page shows them: each row that
// prints differently by its name, with both printings, and each statement compared word by word.
import type { PrintedRow } from '../../services/labels/index.js';
import { wordDiff, type WordRun } from './word-diff.js';
import { nutrientName } from './words.js';

export interface LabelDiffView {
  rows: Array<{ name: string; from: string; to: string }>;
  statements: Array<{ name: string; runs: WordRun[] }>;
}

/** "12g (15%)"; a row one label does not print at all: "not printed". */
function printedText(row: PrintedRow | null | undefined): string {
  if (!row) return 'not printed';
  return row.percent_dv_display ? `${row.display} (${row.percent_dv_display})` : row.display;
}

export function labelDiffView(
  rows: ReadonlyArray<{ key: string; from: PrintedRow | null; to: PrintedRow | null }>,
  statements: Readonly<Record<string, Record<string, unknown>>>,
  fromSide: string,
  toSide: string,
): LabelDiffView {
  return {
    rows: rows.map((r) => ({ name: nutrientName(r.key), from: printedText(r.from), to: printedText(r.to) })),
    statements: Object.entries(statements).map(([key, sides]) => ({
      name: nutrientName(key),
      runs: wordDiff(sides[fromSide], sides[toSide]),
    })),
  };
}
