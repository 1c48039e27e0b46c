// The size limits of a spreadsheet import (docs/api.md#spreadsheet-imports): what one import may hold. The bounds a
// deployment may change (file bytes, unpacked bytes, rows, columns, cells, jobs at once) are settings
// (src/config.ts, `IMPORT_*`); these are fixed.
export type { ImportLimits } from '../../config.js';

/** Characters in one cell: more than the longest text field takes (ingredient_list, 5,000). */
export const MAX_CELL_CHARS = 10_000;

/** Parts in one XLSX zip: a workbook has a dozen; a zip of a million entries is not read. */
export const MAX_XLSX_PARTS = 1_000;

/** Characters of one XML tag (its name and attributes): SpreadsheetML's are a few dozen. */
export const MAX_XML_TAG_CHARS = 64 * 1024;

/** Rows read from the database per page while an export streams (a page, never the whole table, in memory). */
export const EXPORT_PAGE_ROWS = 500;
