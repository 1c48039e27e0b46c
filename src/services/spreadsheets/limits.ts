// The size limits of a spreadsheet import (docs/api.md §10): what one import may hold.

/** Data rows in one import (the header row not counted); one more is a 422 naming the limit. */
export const MAX_IMPORT_ROWS = 10_000;

/** Characters in one cell: more than the longest text field takes (ingredient_list, 5,000). */
export const MAX_CELL_CHARS = 10_000;

/** The largest file accepted in the `file` field (413 beyond it): 10,000 wide rows fit. */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;

/**
 * What an XLSX file may unpack to: ten times the largest CSV, room for 10,000 wide rows of XML. A
 * workbook is read whole (exceljs), so a small file that unpacks to gigabytes must be refused first.
 */
export const MAX_XLSX_UNPACKED_BYTES = 160 * 1024 * 1024;

/** Rows read from the database per page while an export streams (a page, never the whole table, in memory). */
export const EXPORT_PAGE_ROWS = 500;
