// A sheet's header and rows, checked against the kind's columns and read into field values.
import { printedNumber } from '../../lib/printed-number.js';
import { readCell } from './cells.js';
import { COLUMNS, NAME_COLUMN, type Column, type ImportKind } from './kinds.js';
import type { ReportBuilder } from './report.js';
import type { Sheet } from './read-sheet.js';

export interface ImportRow {
  row: number;
  /** Field values by column name; a column absent from the sheet, or a blank "keep" cell, is absent here. */
  values: Record<string, unknown>;
  /** Whether the row had an error of its own while its cells were read. */
  bad: boolean;
}

/** The sheet's columns, or null when the header is wrong (every problem reported). */
export function checkHeader(sheet: Sheet, kind: ImportKind, report: ReportBuilder): Column[] | null {
  const known = new Map(COLUMNS[kind].map((c) => [c.name, c]));
  const columns: Column[] = [];
  const seen = new Set<string>();
  let ok = true;
  sheet.header.forEach((name, i) => {
    const column = known.get(name);
    if (name === '') {
      report.error(1, null, `column ${i + 1} has no name in the header row`);
      ok = false;
    } else if (!column) {
      report.error(1, name, `is not a column of ${kind} imports; the columns are: ${[...known.keys()].join(', ')}`);
      ok = false;
    } else if (seen.has(name)) {
      report.error(1, name, 'appears twice in the header row');
      ok = false;
    } else {
      seen.add(name);
      columns.push(column);
    }
  });
  const nameColumn = NAME_COLUMN[kind];
  if (ok && !seen.has(nameColumn) && !seen.has('id')) {
    report.error(1, nameColumn, `the header row needs an id or ${nameColumn} column`);
    ok = false;
  }
  return ok ? columns : null;
}

export function readRows(sheet: Sheet, columns: readonly Column[], report: ReportBuilder): ImportRow[] {
  return sheet.rows.map(({ row, cells }) => {
    const values: Record<string, unknown> = {};
    let bad = false;
    if (cells.length > columns.length && cells.slice(columns.length).some((c) => c.text.trim() !== '' || c.formula)) {
      report.error(row, null, `has ${cells.length} cells but the header names ${columns.length} columns`);
      bad = true;
    }
    columns.forEach((column, i) => {
      const cell = cells[i] ?? { text: '', formula: false };
      const result = readCell(cell, column.type, sheet.separator);
      if (!result.ok) {
        report.cellError(row, column.name, result.message);
        bad = true;
      } else if (result.value !== undefined) {
        values[column.name] = result.value;
      }
    });
    return { row, values, bad };
  });
}

/**
 * Numbers equal as exports print them (10 significant digits: float noise from per-100 g conversions
 * is no change, and an exported number read back is the stored one); the rest by value.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || printedNumber(a) === printedNumber(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const [ra, rb] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const ka = Object.keys(ra);
  return ka.length === Object.keys(rb).length && ka.every((k) => Object.hasOwn(rb, k) && sameValue(ra[k], rb[k]));
}

/** The names of the members of `after` that differ from `before`. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((k) => !sameValue(before[k], after[k]));
}
