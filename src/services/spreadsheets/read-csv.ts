// Reads a CSV file as rows of text cells: UTF-8 with or without a byte order mark, Windows or Unix
// line endings, `,` or `;` as separator (whichever the header row uses: spreadsheets in
// decimal-comma locales save with `;`). The file goes through csv-parse a slice at a time, yielding
// to the event loop after each slice; before a slice is parsed its rows' widths are counted, so a
// row of a million fields is refused at the column limit, never built.
import { isUtf8 } from 'node:buffer';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Parser } from 'csv-parse';
import { type Cell, isBlankRow, type Sheet, sheetReading } from './sheet.js';
import { type SheetBounds, UnreadableSheet } from './sheet-bounds.js';
import { pushAll } from '../../lib/push-all.js';

/** Bytes parsed between two turns of the event loop. */
const SLICE_BYTES = 64 * 1024;

const QUOTE = 0x22;
const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const CR = 0x0d;
const LF = 0x0a;

/** The separator the header line uses most (outside quotes); `,` when it uses neither. Stops once the header is too wide. */
function separatorOf(data: Buffer, bounds: SheetBounds): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < data.length; i++) {
    const byte = data[i];
    if (byte === QUOTE) quoted = !quoted;
    else if (quoted) continue;
    else if (byte === LF || byte === CR) break;
    else if (byte === COMMA) commas++;
    else if (byte === SEMICOLON) semicolons++;
    // Whichever separator wins, the header has more fields than this.
    if (Math.max(commas, semicolons) >= bounds.limits.maxColumns) bounds.column(Math.max(commas, semicolons) + 1);
  }
  return semicolons > commas ? ';' : ',';
}

/** Counts the fields of each line as slices go by (quotes respected): past the column limit, refused before parsing. */
class WidthGuard {
  private quoted = false;
  private fields = 1;

  constructor(
    private readonly separator: number,
    private readonly bounds: SheetBounds,
  ) {}

  check(slice: Buffer): void {
    const max = this.bounds.limits.maxColumns;
    for (let i = 0; i < slice.length; i++) {
      const byte = slice[i];
      if (byte === QUOTE) this.quoted = !this.quoted;
      else if (this.quoted) continue;
      else if (byte === this.separator) {
        if (++this.fields > max) this.bounds.column(this.fields);
      } else if (byte === LF || byte === CR) this.fields = 1;
    }
  }
}

const write = (parser: Parser, slice: Buffer) =>
  new Promise<void>((resolve, reject) => parser.write(slice, (error) => (error ? reject(error) : resolve())));
const end = (parser: Parser) =>
  new Promise<void>((resolve, reject) => parser.end((error?: Error | null) => (error ? reject(error) : resolve())));

export async function readCsv(data: Buffer, bounds: SheetBounds): Promise<Sheet> {
  if (!isUtf8(data)) throw new UnreadableSheet('the file is neither UTF-8 CSV text nor an XLSX workbook');
  const separator = separatorOf(data, bounds);
  const guard = new WidthGuard(separator.charCodeAt(0), bounds);
  const header: string[] = [];
  const rows: Sheet['rows'] = [];
  let records = 0;
  const parser = new Parser({
    delimiter: separator,
    relax_column_count: true,
    skip_empty_lines: false,
    bom: true,
    // Each record is taken here (and nothing is pushed downstream): a bound past is an error that stops the parse.
    on_record: (record: string[]) => {
      records++;
      if (records === 1) {
        bounds.row(record.length, false);
        pushAll(
          header,
          record.map((h) => h.trim()),
        );
        return null;
      }
      const cells: Cell[] = record.map((text) => ({ text, formula: false }));
      if (isBlankRow(cells)) return null;
      bounds.row(cells.length, true);
      rows.push({ row: records, cells });
      return null;
    },
  });
  parser.on('error', () => undefined);
  try {
    for (let at = 0; at < data.length; at += SLICE_BYTES) {
      const slice = data.subarray(at, at + SLICE_BYTES);
      guard.check(slice);
      await write(parser, slice);
      sheetReading.publish({ phase: 'slice' });
      await nextTurn();
    }
    await end(parser);
  } catch (error) {
    parser.destroy();
    if (error instanceof UnreadableSheet) throw error;
    throw new UnreadableSheet(`the CSV cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
  return { format: 'csv', separator, header, rows };
}
