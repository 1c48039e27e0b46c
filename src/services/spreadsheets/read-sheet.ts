// Reads an uploaded CSV or XLSX file into rows of text cells (read-csv.ts, read-xlsx.ts), within the
// import's bounds (sheet-bounds.ts): rows, columns, cells and unpacked bytes are counted as the file
// is read, and reading stops at the first one past its limit. A formula cell is never evaluated and
// its cached result is never used: it is reported as a formula (docs/api.md#spreadsheet-imports), because a value
// computed by another program is not a value we can check.
import type { ImportLimits } from './limits.js';
import { readCsv } from './read-csv.js';
import { readXlsx } from './read-xlsx.js';
import { type Sheet, sheetReading } from './sheet.js';
import { SheetBounds } from './sheet-bounds.js';

export type { Cell, Sheet } from './sheet.js';
export { UnreadableSheet } from './sheet-bounds.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function looksLikeXlsx(data: Buffer, filename: string): boolean {
  return data.subarray(0, 4).equals(ZIP_MAGIC) || /\.xlsx$/i.test(filename);
}

export async function readSheet(data: Buffer, filename: string, limits: ImportLimits): Promise<Sheet> {
  const bounds = new SheetBounds(limits);
  try {
    return looksLikeXlsx(data, filename) ? await readXlsx(data, bounds) : await readCsv(data, bounds);
  } finally {
    sheetReading.publish({ phase: 'done' });
  }
}
