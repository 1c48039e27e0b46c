// Exports as CSV or XLSX streams (docs/api.md#bulk-work). Both are written row by row as the database pages
// are read: the reply streams, and memory holds one page, whatever the account's size.
import { Readable } from 'node:stream';
import type { Caller, ServiceContext } from '../context.js';
import { exportRows, type CellValue } from './export-rows.js';
import type { ImportKind } from './kinds.js';
import { xlsxStream } from './xlsx-writer.js';

export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** RFC 4180 quoting: a field with a separator, quote or line break is quoted, quotes doubled. */
function csvField(value: CellValue): string {
  if (value === null) return '';
  const text = String(value);
  return /[",;\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function* csvChunks(rows: AsyncGenerator<CellValue[]>): AsyncGenerator<string> {
  // A byte order mark: spreadsheet programs read the file as UTF-8 only with it (imports drop it).
  let chunk = '\uFEFF';
  for await (const row of rows) {
    chunk += `${row.map(csvField).join(',')}\r\n`;
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** The account's records of `kind` as a stream of the file's bytes. */
export function exportStream(ctx: ServiceContext, caller: Caller, kind: ImportKind, format: ExportFormat): Readable {
  const rows = exportRows(ctx.database.db, caller.accountId, kind);
  return format === 'csv' ? Readable.from(csvChunks(rows)) : xlsxStream(rows, kind);
}
