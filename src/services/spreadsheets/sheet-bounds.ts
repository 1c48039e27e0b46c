// The bounds of one import's file (docs/api.md#spreadsheet-imports), counted while it is read, so that reading
// stops at the first row, cell or byte past a limit instead of after the work: a sheet costs what
// its real cells cost, never what it declares. Each refusal names the limit and its setting.
import type { ImportLimits } from './limits.js';
import { workStep } from '../../lib/work-steps.js';

/** A file that cannot be read, or may not be (past a limit): the import answers 422 naming it. */
export class UnreadableSheet extends Error {}

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;

/** A, B, ..., Z, AA, ... for a 1-based column number. */
export function columnName(column: number): string {
  let n = column;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export class SheetBounds {
  private dataRows = 0;
  private cells = 0;
  private unpacked = 0;

  constructor(readonly limits: Pick<ImportLimits, 'maxRows' | 'maxColumns' | 'maxCells' | 'maxUnpackedBytes'>) {}

  /** A cell with a value in this 1-based column. */
  column(column: number): void {
    if (column > this.limits.maxColumns) {
      throw new UnreadableSheet(
        `has a value in column ${columnName(column)} (column ${count(column)}); at most ${count(this.limits.maxColumns)} columns are read (IMPORT_MAX_COLUMNS)`,
      );
    }
  }

  private lastRow = 0;

  /**
   * An XLSX row's number (its `r`): rows come in order, each once, as every spreadsheet program writes
   * them. A sheet whose rows all said r="1" was all header: 400 such rows froze the process for 26 s.
   */
  rowNumber(row: number): void {
    workStep();
    if (!Number.isInteger(row) || row < 1 || row > 1_048_576)
      throw new UnreadableSheet(`has a row numbered "${String(row).slice(0, 20)}"; rows are numbered 1 to 1,048,576`);
    if (row <= this.lastRow) {
      throw new UnreadableSheet(`has row ${count(row)} after row ${count(this.lastRow)}; the rows of a sheet come in order, each once`);
    }
    this.lastRow = row;
  }

  /** A row read: `width` cells (up to its last cell with a value); `data` for a row that is not the header. */
  row(width: number, data: boolean): void {
    if (data && ++this.dataRows > this.limits.maxRows) {
      throw new UnreadableSheet(
        `has more than ${count(this.limits.maxRows)} rows; one import takes at most ${count(this.limits.maxRows)} (IMPORT_MAX_ROWS): split the file`,
      );
    }
    this.cells += width;
    if (this.cells > this.limits.maxCells) {
      throw new UnreadableSheet(
        `has more than ${count(this.limits.maxCells)} cells; one import reads at most ${count(this.limits.maxCells)} (IMPORT_MAX_CELLS): split the file`,
      );
    }
  }

  /** What the parts of an XLSX workbook declare they unpack to, all together, before any is unpacked. */
  declaredUnpacked(bytes: number): void {
    if (bytes > this.limits.maxUnpackedBytes) throw this.unpackedTooLarge(`unpacks to ${megabytes(bytes)}`);
  }

  /** Bytes unpacked so far (counted as they are inflated, whatever the parts declared). */
  inflated(bytes: number): void {
    this.unpacked += bytes;
    if (this.unpacked > this.limits.maxUnpackedBytes)
      throw this.unpackedTooLarge(`unpacks to more than ${megabytes(this.limits.maxUnpackedBytes)}`);
  }

  /** Strings a workbook shares among its cells: a sheet cannot use more than it has cells. */
  sharedStrings(n: number): void {
    if (n > this.limits.maxCells) {
      throw new UnreadableSheet(
        `the XLSX workbook holds more than ${count(this.limits.maxCells)} shared strings; one import reads at most ${count(this.limits.maxCells)} cells (IMPORT_MAX_CELLS)`,
      );
    }
  }

  private unpackedTooLarge(what: string): UnreadableSheet {
    return new UnreadableSheet(
      `the XLSX workbook ${what}; at most ${megabytes(this.limits.maxUnpackedBytes)} is read (IMPORT_MAX_UNPACKED_BYTES)`,
    );
  }
}
