// Reads an uploaded CSV or XLSX file into rows of text cells. CSV: a UTF-8 byte order mark is
// dropped, Windows and Unix line endings are both read, and the separator is `,` or `;` (whichever
// the header row uses: spreadsheets in decimal-comma locales save with `;`). XLSX: the first sheet;
// a formula cell is never evaluated and its cached result is never used: it is reported as a
// formula (docs/api.md §10), because a value computed by another program is not a value we can check.
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { MAX_XLSX_UNPACKED_BYTES } from './limits.js';

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

export class UnreadableSheet extends Error {}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function looksLikeXlsx(data: Buffer, filename: string): boolean {
  return data.subarray(0, 4).equals(ZIP_MAGIC) || /\.xlsx$/i.test(filename);
}

/** The separator the header line uses most (outside quotes); `,` when it uses neither. */
function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

const isBlankRow = (cells: readonly Cell[]) => cells.every((c) => c.text.trim() === '');

function readCsv(data: Buffer): Sheet {
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  const separator = separatorOf(text);
  let records: string[][];
  try {
    records = parse(text, { delimiter: separator, relax_column_count: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch (error) {
    throw new UnreadableSheet(`the CSV cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
  const [header = [], ...body] = records;
  const rows = body
    .map((cells, i) => ({ row: i + 2, cells: cells.map((t) => ({ text: t, formula: false })) }))
    .filter((r) => !isBlankRow(r.cells));
  return { format: 'csv', separator, header: header.map((h) => h.trim()), rows };
}

/** The text of one XLSX cell value, as it would be typed. */
function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'number') return { text: String(value), formula: false, numeric: true };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'boolean') return { text: value ? 'true' : 'false', formula: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), formula: false };
  if ('formula' in value || 'sharedFormula' in value) return { text: '', formula: true };
  if ('richText' in value) return { text: value.richText.map((r) => r.text).join(''), formula: false };
  if ('text' in value && typeof value.text === 'string') return { text: value.text, formula: false };
  if ('error' in value) return { text: String(value.error), formula: false };
  return { text: '', formula: false };
}

/**
 * Unpacks every part of the workbook once, counting, before exceljs reads it whole: a small file may
 * unpack to gigabytes (a zip bomb). The sizes the parts declare are summed first (a bomb that says
 * what it is stops there, nothing inflated); then each part is inflated and yauzl checks it yields
 * exactly the size it declared, so a part that lies about its size fails at its declared size
 * instead of reaching exceljs. Resolves with the declared total; rejects a lying or broken file.
 */
function unpackedSize(data: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      let total = 0;
      const entries: yauzl.Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('error', reject);
      zip.on('end', () => {
        if (total > MAX_XLSX_UNPACKED_BYTES) return resolve(total);
        const inflateNext = (index: number): void => {
          const entry = entries[index];
          if (!entry) return resolve(total);
          if (entry.fileName.endsWith('/')) return inflateNext(index + 1);
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return reject(streamError);
            stream.on('error', reject);
            stream.on('end', () => inflateNext(index + 1));
            stream.resume();
          });
        };
        inflateNext(0);
      });
      zip.readEntry();
    });
  });
}

async function readXlsx(data: Buffer): Promise<Sheet> {
  let size: number;
  try {
    size = await unpackedSize(data);
  } catch (error) {
    if (/bytes in the stream/.test((error as Error | undefined)?.message ?? '')) {
      throw new UnreadableSheet('the XLSX workbook holds a part larger than it declares; it is not read');
    }
    throw new UnreadableSheet('the XLSX file cannot be read (not a valid .xlsx workbook)');
  }
  if (size > MAX_XLSX_UNPACKED_BYTES) {
    throw new UnreadableSheet(
      `the XLSX workbook unpacks to ${Math.round(size / 1024 / 1024)} MB; at most ${MAX_XLSX_UNPACKED_BYTES / 1024 / 1024} MB is read`,
    );
  }
  // Loaded on the first XLSX import only: exceljs adds ~11 MB to a process, and most never read one.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableSheet('the XLSX file cannot be read (not a valid .xlsx workbook)');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableSheet('the XLSX workbook has no sheet');
  const width = sheet.columnCount;
  const header: string[] = [];
  const rows: Sheet['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells = Array.from({ length: width }, (_, i) => cellOf(row.getCell(i + 1).value));
    if (number === 1) header.push(...cells.map((c) => c.text.trim()));
    else if (!isBlankRow(cells) || cells.some((c) => c.formula)) rows.push({ row: number, cells });
  });
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  return { format: 'xlsx', separator: null, header, rows };
}

export async function readSheet(data: Buffer, filename: string): Promise<Sheet> {
  if (looksLikeXlsx(data, filename)) return readXlsx(data);
  try {
    return readCsv(data);
  } catch (error) {
    if (error instanceof UnreadableSheet) throw error;
    throw new UnreadableSheet('the file is neither UTF-8 CSV text nor an XLSX workbook');
  }
}
