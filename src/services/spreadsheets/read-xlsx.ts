// Reads the first sheet of an XLSX workbook (ECMA-376 Part 1, SpreadsheetML) as rows of text cells,
// streaming: each part the import needs (workbook, its relationships, styles, shared strings, the
// sheet) is inflated chunk by chunk and scanned as it comes, yielding to the event loop after each
// chunk, and every byte, row, column and cell is counted against the import's bounds as it is read.
// A row is as wide as its last cell with a value, whatever range the sheet declares, so a cell in
// column XFD is one cell past the column limit (refused), never 16,384 built cells per row.
//
// Values are read as a spreadsheet shows them: shared and inline strings (rich text joined), numbers,
// booleans (`true`/`false`), error values (`#N/A`), and numbers in a date format as the ISO date
// (`2026-11-18`, 1900 or 1904 date system). A formula cell is a formula, its cached result unused.
import { setImmediate as nextTurn } from 'node:timers/promises';
import yauzl from 'yauzl';
import { MAX_CELL_CHARS, MAX_XLSX_PARTS } from './limits.js';
import { type Cell, EMPTY_CELL, isBlankRow, type Sheet, sheetReading } from './sheet.js';
import { type SheetBounds, UnreadableSheet } from './sheet-bounds.js';
import { type XmlHandler, XmlScanner } from './xml-scanner.js';
import { pushAll } from '../../lib/push-all.js';

const NOT_A_WORKBOOK = 'the XLSX file cannot be read (not a valid .xlsx workbook)';

function openZip(data: Buffer): Promise<{ zip: yauzl.ZipFile; entries: Map<string, yauzl.Entry> }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(new UnreadableSheet(NOT_A_WORKBOOK));
      if (zip.entryCount > MAX_XLSX_PARTS) {
        zip.close();
        return reject(
          new UnreadableSheet(`the XLSX file holds ${zip.entryCount.toLocaleString('en-US')} parts; a workbook has a few dozen`),
        );
      }
      const entries = new Map<string, yauzl.Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('error', () => reject(new UnreadableSheet(NOT_A_WORKBOOK)));
      zip.on('end', () => resolve({ zip, entries }));
      zip.readEntry();
    });
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(new UnreadableSheet(NOT_A_WORKBOOK)) : resolve(stream)));
  });
}

/** Inflates one part into the handler a chunk at a time, counting its bytes, one event-loop turn per chunk. */
async function scanPart(zip: yauzl.ZipFile, entry: yauzl.Entry, bounds: SheetBounds, handler: XmlHandler): Promise<void> {
  const stream = await openEntry(zip, entry);
  const scanner = new XmlScanner(handler);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bounds.inflated(chunk.length);
      scanner.write(decoder.decode(chunk, { stream: true }));
      sheetReading.publish({ phase: 'slice' });
      await nextTurn();
    }
  } catch (error) {
    if (error instanceof UnreadableSheet) throw error;
    // yauzl's size check: the part inflates to more than its headers declare.
    if (/bytes in the stream/.test((error as Error | undefined)?.message ?? '')) {
      throw new UnreadableSheet('the XLSX workbook holds a part larger than it declares; it is not read');
    }
    throw new UnreadableSheet(NOT_A_WORKBOOK);
  }
}

/** Collects the text of the `t` elements of a string (its rich-text runs joined), except phonetic runs (`rPh`). */
class TextCollector {
  text = '';
  private phonetic = 0;
  private inText = false;

  open(name: string): void {
    if (name === 'rPh') this.phonetic++;
    if (name === 't' && this.phonetic === 0) this.inText = true;
  }
  close(name: string): void {
    if (name === 'rPh') this.phonetic--;
    if (name === 't') this.inText = false;
  }
  add(text: string): void {
    // A cell longer than a cell may be is refused by its row and column: one character past the limit says so.
    if (this.inText && this.text.length <= MAX_CELL_CHARS) this.text += text.slice(0, MAX_CELL_CHARS + 1 - this.text.length);
  }
}

/** Part names by relationship type, from a `.rels` part (targets resolved against `base`). */
async function relationships(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, name: string, base: string, bounds: SheetBounds) {
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  const entry = entries.get(name);
  if (!entry) return { byId, byType };
  await scanPart(zip, entry, bounds, {
    open(element, a) {
      if (element !== 'Relationship' || !a.Target) return;
      const target = a.Target.startsWith('/') ? a.Target.slice(1) : `${base}${a.Target.replace(/^\.\//, '')}`;
      if (a.Id) byId.set(a.Id, target);
      const type = a.Type?.slice(a.Type.lastIndexOf('/') + 1);
      if (type && !byType.has(type)) byType.set(type, target);
    },
    close() {},
    text() {},
  });
  return { byId, byType };
}

/** Built-in number formats that show dates (ECMA-376 Part 1, 18.8.30 numFmt; 27-36 and 50-58 are East Asian dates). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** Whether a format code shows a date or time: any of y m d h s outside quoted text and [...] sections. */
const isDateCode = (code: string) =>
  /[ymdhs]/i.test(
    code
      .replace(/\[[^\]]*]/g, '')
      .replace(/"[^"]*"/g, '')
      .replace(/\\./g, ''),
  );

/** For each cell style index, whether it shows numbers as dates. */
async function dateStyles(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, bounds: SheetBounds): Promise<boolean[]> {
  const styles: boolean[] = [];
  if (!entry) return styles;
  const custom = new Map<number, string>();
  let inCellXfs = false;
  await scanPart(zip, entry, bounds, {
    open(name, a) {
      if (name === 'numFmt' && a.numFmtId) custom.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        if (styles.length >= MAX_XLSX_STYLES)
          throw new UnreadableSheet(`the XLSX workbook has more than ${MAX_XLSX_STYLES.toLocaleString('en-US')} cell styles`);
        const id = Number(a.numFmtId ?? 0);
        const code = custom.get(id);
        styles.push(code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateCode(code));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return styles;
}

/** Cell styles a workbook may have: Excel's own limit is 64,000. */
const MAX_XLSX_STYLES = 65_536;

async function sharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, bounds: SheetBounds): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let item: TextCollector | null = null;
  await scanPart(zip, entry, bounds, {
    open(name) {
      if (name === 'si') item = new TextCollector();
      else item?.open(name);
    },
    close(name) {
      if (name === 'si' && item) {
        strings.push(item.text);
        bounds.sharedStrings(strings.length);
        item = null;
      } else item?.close(name);
    },
    text(text) {
      item?.add(text);
    },
  });
  return strings;
}

/** Serial day numbers to dates as Excel counts them (the 1900 system counts from 1899-12-30 in practice; 1904 from 1904-01-01). */
const serialToIsoDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)).toISOString().slice(0, 10);

const FORMULA: Cell = Object.freeze({ text: '', formula: true });

/** A, B, ..., XFD -> 1, 2, ..., 16384; 0 when `ref` is not a cell reference. */
function columnOf(ref: string): number {
  let column = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else break;
    if (column > 1_000_000) return 0;
  }
  return column;
}

interface SheetContext {
  strings: string[];
  dates: boolean[];
  date1904: boolean;
}

/** One `<c>` element's parts, turned into a cell when it closes. */
class CellReader {
  column = 0;
  type = 'n';
  style = 0;
  formula = false;
  hasValue = false;
  value = '';
  inline: TextCollector | null = null;
  private inValue = false;

  reset(column: number, type: string, style: number): void {
    this.column = column;
    this.type = type;
    this.style = style;
    this.formula = false;
    this.hasValue = false;
    this.value = '';
    this.inline = null;
    this.inValue = false;
  }

  open(name: string): void {
    if (this.inline) this.inline.open(name);
    else if (name === 'f') this.formula = true;
    else if (name === 'v') {
      this.inValue = true;
      this.hasValue = true;
    } else if (name === 'is') {
      this.inline = new TextCollector();
      this.hasValue = true;
    }
  }

  close(name: string): void {
    if (name === 'is') {
      this.value = this.inline?.text ?? '';
      this.inline = null;
    } else if (this.inline) this.inline.close(name);
    else if (name === 'v') this.inValue = false;
  }

  text(text: string): void {
    if (this.inline) this.inline.add(text);
    else if (this.inValue && this.value.length <= MAX_CELL_CHARS) this.value += text.slice(0, MAX_CELL_CHARS + 1 - this.value.length);
  }

  /** The cell, or null for one without a value (a styled blank). */
  cell(sheet: SheetContext): Cell | null {
    if (this.formula) return FORMULA;
    if (!this.hasValue) return null;
    const v = this.value;
    switch (this.type) {
      case 's':
        return { text: sheet.strings[Number(v)] ?? '', formula: false };
      case 'inlineStr':
      case 'str':
      case 'e':
        return { text: v, formula: false };
      case 'b':
        return { text: v.trim() === '1' ? 'true' : 'false', formula: false };
      case 'd': {
        const date = new Date(v);
        return { text: Number.isNaN(date.getTime()) ? v : date.toISOString().slice(0, 10), formula: false };
      }
      default: {
        const n = Number.parseFloat(v);
        if (Number.isFinite(n) && sheet.dates[this.style]) return { text: serialToIsoDate(n, sheet.date1904), formula: false };
        return Number.isNaN(n) ? { text: v, formula: false } : { text: String(n), formula: false, numeric: true };
      }
    }
  }
}

async function readRows(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  bounds: SheetBounds,
  context: SheetContext,
): Promise<Omit<Sheet, 'format' | 'separator'>> {
  const header: string[] = [];
  const rows: Sheet['rows'] = [];
  const cellReader = new CellReader();
  let inSheetData = false;
  let inCell = false;
  let rowNumber = 0;
  let cells: Cell[] = [];
  let nextColumn = 1;

  await scanPart(zip, entry, bounds, {
    open(name, a) {
      if (inCell) return cellReader.open(name);
      if (name === 'sheetData') inSheetData = true;
      else if (!inSheetData) return;
      else if (name === 'row') {
        rowNumber = a.r ? Number(a.r) : rowNumber + 1;
        bounds.rowNumber(rowNumber);
        cells = [];
        nextColumn = 1;
      } else if (name === 'c') {
        const column = a.r ? columnOf(a.r) || nextColumn : nextColumn;
        cellReader.reset(column, a.t ?? 'n', Number(a.s ?? 0));
        nextColumn = column + 1;
        inCell = true;
      }
    },
    close(name) {
      if (inCell && name !== 'c') return cellReader.close(name);
      if (name === 'c' && inCell) {
        inCell = false;
        const cell = cellReader.cell(context);
        if (!cell) return;
        bounds.column(cellReader.column);
        // Columns between the cells with values are blank; the row ends at its last value.
        while (cells.length < cellReader.column - 1) cells.push(EMPTY_CELL);
        cells[cellReader.column - 1] = cell;
      } else if (name === 'row' && inSheetData) {
        const isHeader = rowNumber === 1;
        if (!isHeader && isBlankRow(cells)) return;
        bounds.row(cells.length, !isHeader);
        if (isHeader)
          pushAll(
            header,
            cells.map((c) => c.text.trim()),
          );
        else rows.push({ row: rowNumber, cells });
      } else if (name === 'sheetData') inSheetData = false;
    },
    text(text) {
      if (inCell) cellReader.text(text);
    },
  });
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  return { header, rows };
}

export async function readXlsx(data: Buffer, bounds: SheetBounds): Promise<Sheet> {
  const { zip, entries } = await openZip(data);
  try {
    // What the parts say they unpack to, before any is: a bomb that says what it is stops here.
    let declared = 0;
    for (const entry of entries.values()) declared += entry.uncompressedSize;
    bounds.declaredUnpacked(declared);

    const root = await relationships(zip, entries, '_rels/.rels', '', bounds);
    const workbookName = root.byType.get('officeDocument') ?? 'xl/workbook.xml';
    const base = workbookName.slice(0, workbookName.lastIndexOf('/') + 1);
    const links = await relationships(zip, entries, `${base}_rels/${workbookName.slice(base.length)}.rels`, base, bounds);
    let firstSheet: string | undefined;
    let date1904 = false;
    const workbook = entries.get(workbookName);
    if (workbook) {
      await scanPart(zip, workbook, bounds, {
        open(name, a) {
          if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
          else if (name === 'sheet' && firstSheet === undefined) firstSheet = links.byId.get(a.id ?? '') ?? '';
        },
        close() {},
        text() {},
      });
    }
    const sheetEntry = entries.get(firstSheet || `${base || 'xl/'}worksheets/sheet1.xml`);
    if (!sheetEntry) throw new UnreadableSheet(workbook ? 'the XLSX workbook has no sheet' : NOT_A_WORKBOOK);
    const stylesEntry = entries.get(links.byType.get('styles') ?? 'xl/styles.xml');
    const stringsEntry = entries.get(links.byType.get('sharedStrings') ?? 'xl/sharedStrings.xml');
    const context: SheetContext = {
      dates: await dateStyles(zip, stylesEntry, bounds),
      strings: await sharedStrings(zip, stringsEntry, bounds),
      date1904,
    };
    const { header, rows } = await readRows(zip, sheetEntry, bounds, context);
    return { format: 'xlsx', separator: null, header, rows };
  } finally {
    zip.close();
  }
}
