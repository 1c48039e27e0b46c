// A sheet's header and rows, checked against the kind's columns and read into field values.
import { printedNumber } from '../../lib/printed-number.js';
import { readCell } from './cells.js';
import { decideMoneyColumn, type MoneyColumn } from './money.js';
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

/**
 * The column a header cell names: the API's field names, compared case-insensitively and with spaces
 * (or runs of them) for underscores, so "Ingredient Name" and "Total  grams" name `ingredient_name`
 * and `total_grams`.
 */
const headerKey = (text: string): string => text.trim().replace(/\s+/g, '_').toLowerCase();

/**
 * The sheet's columns in header order (null for a column that is ignored), or null when the header is
 * wrong (every problem reported). A header that names no field is not an error: its column is ignored
 * and named in the report's warnings, so a sheet with a "Notes" column still imports.
 */
export function checkHeader(sheet: Sheet, kind: ImportKind, report: ReportBuilder): Array<Column | null> | null {
  const known = new Map(COLUMNS[kind].map((c) => [headerKey(c.name), c]));
  const columns: Array<Column | null> = [];
  const seen = new Map<string, string>();
  let ok = true;
  sheet.header.forEach((text, i) => {
    const column = known.get(headerKey(text));
    const earlier = column && seen.get(column.name);
    if (text === '') {
      if (sheet.rows.some((r) => (r.cells[i]?.text.trim() ?? '') !== '' || r.cells[i]?.formula))
        report.warning(1, null, `column ${i + 1} has no name in the header row; its cells are ignored`);
      columns.push(null);
    } else if (!column) {
      report.warning(1, text, `is not a column of ${kind} imports; its cells are ignored`);
      columns.push(null);
    } else if (earlier !== undefined) {
      const same = earlier === text ? 'appears twice in the header row' : `names the same column as "${earlier}" (${column.name})`;
      report.error(1, text, same);
      ok = false;
    } else {
      seen.set(column.name, text);
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

export function readRows(sheet: Sheet, columns: ReadonlyArray<Column | null>, report: ReportBuilder): ImportRow[] {
  const money = moneyColumns(sheet, columns);
  return sheet.rows.map(({ row, cells }) => {
    const values: Record<string, unknown> = {};
    let bad = false;
    if (cells.length > columns.length && cells.slice(columns.length).some((c) => c.text.trim() !== '' || c.formula)) {
      report.error(row, null, `has ${cells.length} cells but the header names ${columns.length} columns`);
      bad = true;
    }
    columns.forEach((column, i) => {
      if (!column) return;
      const refusal = money.get(i)?.refused.get(row);
      if (refusal) {
        report.cellError(row, column.name, refusal);
        bad = true;
        return;
      }
      const cell = cells[i] ?? { text: '', formula: false };
      const result = readCell(cell, column.type, sheet.separator, money.get(i));
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

/** How each money column (by index) is read: one decimal mark per column, decided from all its text cells. */
function moneyColumns(sheet: Sheet, columns: ReadonlyArray<Column | null>): Map<number, MoneyColumn> {
  const decided = new Map<number, MoneyColumn>();
  columns.forEach((column, i) => {
    if (column?.type !== 'money') return;
    const cells = sheet.rows.flatMap(({ row, cells }) => {
      const cell = cells[i];
      return cell && !cell.numeric && !cell.formula && cell.text.trim() !== '' ? [{ row, text: cell.text }] : [];
    });
    decided.set(i, decideMoneyColumn(cells, sheet.separator === ';' ? ',' : '.'));
  });
  return decided;
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
