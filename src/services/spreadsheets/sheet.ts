// A spreadsheet as read from a file (CSV or XLSX): a header and rows of text cells.
import { channel } from 'node:diagnostics_channel';

export interface Cell {
  text: string;
  /** A formula (XLSX formula cell, or CSV text that a spreadsheet would run as one). */
  formula: boolean;
  /** A number cell of an XLSX sheet: `text` is the number itself, with no separators to interpret. */
  numeric?: boolean;
}

export interface Sheet {
  format: 'csv' | 'xlsx';
  /** The separator of a CSV file: with `;`, numbers may use decimal commas ("1,5"). */
  separator: ',' | ';' | null;
  header: string[];
  /** Data rows, numbered as a spreadsheet numbers them (the header is row 1). */
  rows: Array<{ row: number; cells: Cell[] }>;
}

/** The blank cell every row shares between its cells with values (a row holds no copies of it). */
export const EMPTY_CELL: Cell = Object.freeze({ text: '', formula: false });

export const isBlankRow = (cells: readonly Cell[]) => cells.every((c) => !c.formula && c.text.trim() === '');

/**
 * Published after each slice of a file is read, before the reader yields to the event loop
 * ({phase: 'slice'}), and when the whole file is read ({phase: 'done'}): reading never holds the
 * event loop for a whole file, and this is how that is observed (tests, diagnostics).
 */
export const sheetReading = channel('recipal:spreadsheets:read');
