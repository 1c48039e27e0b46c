// One cell's text <-> one field's value, both ways, so that what an export writes an import reads
// back unchanged (docs/api.md#bulk-work).
//
// CSV injection (OWASP "CSV Injection"; ASVS 5.0 V1.2.10): a spreadsheet runs a cell that begins with
// =, +, - or @ as a formula, and some also one that begins with a tab, carriage return, line feed or
// NUL, one whose formula character follows spaces, or one that begins with the fullwidth ＝ ＋ － ＠
// (which East Asian input methods type and spreadsheets read as their ASCII twins). Exports write
// such text with a leading apostrophe (the spreadsheet convention for "this is text"); imports drop
// that apostrophe again. An import cell that begins with = unescaped is refused: formulas are never
// evaluated, and storing one would hand it to the next spreadsheet.
import { printedNumber, printedNumbers } from '../../lib/printed-number.js';
import type { ColumnType } from './kinds.js';
import { MAX_CELL_CHARS } from './limits.js';
import { type MoneyColumn, readMoney } from './money.js';
import type { Cell } from './read-sheet.js';

export type CellResult = { ok: true; value: unknown } | { ok: false; message: string };

// Text a spreadsheet would run (a formula start), behind any number of apostrophes. Every such text
// gets one more apostrophe on the way out and loses one on the way in, so "'@" (which a user may
// mean literally) goes out as "''@" and comes back as "'@": the mapping is one-to-one.
const ESCAPABLE = /^'*(?:[\t\r\n\0]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DECIMAL_COMMA = /^[-+]?\d+,\d+$/;
const MAX_ID = 2_147_483_647;

const FORMULA_MESSAGE = 'is a spreadsheet formula; formulas are never evaluated: enter the value itself (or start text with an apostrophe)';

function numberOf(text: string, separator: ',' | ';' | null): CellResult {
  if (NUMBER.test(text)) {
    const n = Number(text);
    return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: 'must be a finite number' };
  }
  if (DECIMAL_COMMA.test(text)) {
    // "1,5": a decimal comma is what a ;-separated file from a decimal-comma locale holds; in a
    // ,-separated file it may as well be a thousands separator, so it is refused rather than guessed.
    if (separator === ';') return { ok: true, value: Number(text.replace(',', '.')) };
    return {
      ok: false,
      message: `"${text}" uses a decimal comma: write it with a point (${text.replace(',', '.')}), or save the file with ; as separator`,
    };
  }
  return { ok: false, message: `"${text.slice(0, 40)}" is not a number` };
}

/** "milk; tree_nut: almond, pecan" -> {milk: true, tree_nut: "almond, pecan"} (the rules then check the names). */
function allergensOf(text: string): Record<string, true | string> {
  const map: Record<string, true | string> = {};
  for (const part of text.split(';')) {
    const item = part.trim();
    if (!item) continue;
    const colon = item.indexOf(':');
    if (colon === -1) map[item] = true;
    else map[item.slice(0, colon).trim()] = item.slice(colon + 1).trim() || true;
  }
  return map;
}

/**
 * The value a cell gives its field; `undefined` means "not sent" (the record keeps its value). A money
 * cell is read with its column's decimal mark (`money`, decided from the whole column: money.ts).
 */
export function readCell(cell: Cell, type: ColumnType, separator: ',' | ';' | null, money?: Pick<MoneyColumn, 'decimal'>): CellResult {
  if (cell.formula) return { ok: false, message: FORMULA_MESSAGE };
  let text = cell.text;
  if (text.length > MAX_CELL_CHARS) return { ok: false, message: `is longer than ${MAX_CELL_CHARS.toLocaleString('en-US')} characters` };
  if (text.startsWith('=')) return { ok: false, message: FORMULA_MESSAGE };
  if (text.startsWith("'") && ESCAPABLE.test(text.slice(1))) text = text.slice(1);
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: type === 'text' || type === 'number' || type === 'money' ? null : undefined };
  switch (type) {
    case 'text':
      return { ok: true, value: text };
    case 'number':
    case 'count':
      return numberOf(trimmed, separator);
    case 'money':
      if (cell.numeric) return numberOf(trimmed, null);
      return readMoney(trimmed, money ?? { decimal: separator === ';' ? ',' : '.' });
    case 'id': {
      const n = Number(trimmed);
      return /^\d+$/.test(trimmed) && n >= 1 && n <= MAX_ID
        ? { ok: true, value: n }
        : { ok: false, message: `"${trimmed.slice(0, 40)}" is not an id` };
    }
    case 'boolean': {
      const word = trimmed.toLowerCase();
      if (['true', '1', 'yes'].includes(word)) return { ok: true, value: true };
      if (['false', '0', 'no'].includes(word)) return { ok: true, value: false };
      return { ok: false, message: 'must be true or false' };
    }
    case 'allergens':
      return { ok: true, value: allergensOf(trimmed) };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(trimmed) };
      } catch {
        return { ok: false, message: 'must be JSON, e.g. {"format": "fda_vertical"}' };
      }
  }
}

/** Text that a spreadsheet would run as a formula gets the apostrophe that makes it text. */
export function escapeText(text: string): string {
  return ESCAPABLE.test(text) ? `'${text}` : text;
}

/** A field's value as cell content: numbers and booleans as such (XLSX keeps their type), text escaped. */
export function writeCell(value: unknown, type: ColumnType): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (type === 'allergens') {
    const entries = Object.entries(value as Record<string, true | string>);
    return entries.length === 0 ? null : escapeText(entries.map(([k, v]) => (v === true ? k : `${k}: ${v}`)).join('; '));
  }
  if (type === 'json') return Object.keys(value as object).length === 0 ? null : JSON.stringify(printedNumbers(value));
  // Numbers as responses print them (at most 10 significant digits): rows.ts's sameValue reads them back as unchanged.
  if (typeof value === 'number') return printedNumber(value);
  if (typeof value === 'boolean') return value;
  return escapeText(String(value));
}
