// Spreadsheets built to cost the server more than their size (docs/api.md#spreadsheet-imports bounds them): the
// regression tests send them, and the attack benchmark can send the same bytes.
import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip of deflated parts (APPNOTE.TXT 4.3: local headers, then the central directory). Node's zlib
 * packs 150 MB of whitespace in 2 s where a pure-JS deflate takes 20 s.
 */
function zip(parts: Record<string, Uint8Array>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(parts)) {
    const fileName = Buffer.from(name);
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A workbook of one sheet whose <sheetData> holds `rowsXml`, as spreadsheet programs lay it out. */
export function workbookWith(rowsXml: string | Uint8Array, options: { dimension?: string } = {}): Buffer {
  const enc = new TextEncoder();
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}">${
    options.dimension ? `<dimension ref="${options.dimension}"/>` : ''
  }<sheetData>`;
  const body = typeof rowsXml === 'string' ? enc.encode(rowsXml) : rowsXml;
  const sheet = new Uint8Array(head.length + body.length + 24);
  sheet.set(enc.encode(head), 0);
  sheet.set(body, head.length);
  sheet.set(enc.encode('</sheetData></worksheet>'), head.length + body.length);
  return zip({
    '[Content_Types].xml': enc.encode(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': enc.encode(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': enc.encode(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': enc.encode(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': sheet,
  });
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * The 9 KB XLSX that took the server down: a header cell in the last column (XFD, the 16,384th)
 * beside `name`, a sheet declaring the range A1:XFD{rows}, and `rows` rows of one cell each.
 */
export function lastColumnHeaderXlsx(rows = 1000): Buffer {
  let xml = `<row r="1">${inline('A1', 'name')}${inline('XFD1', 'x')}</row>`;
  for (let r = 2; r <= rows + 1; r++) xml += `<row r="${r}">${inline(`A${r}`, `Item ${r}`)}</row>`;
  return workbookWith(xml, { dimension: `A1:XFD${rows + 1}` });
}

/** A zip bomb: a workbook whose sheet is `megabytes` MB of whitespace (150 MB packs into ~150 KB). */
export function whitespaceBombXlsx(megabytes = 150): Buffer {
  return workbookWith(new Uint8Array(megabytes * 1024 * 1024).fill(0x20));
}

/** A CSV whose header names `columns` columns that no import has (`c1,c2,...`), and one data row. */
export function unknownColumnsCsv(columns: number): string {
  const header = Array.from({ length: columns }, (_, i) => `c${i + 1}`).join(',');
  return `${header}\n${'1,'.repeat(columns - 1)}1\n`;
}

/**
 * The 78 KB XLSX whose every row says r="1": read as all header, 400 rows of ~35 cells froze the
 * process for 26 s. `rows` rows of `cells` cells, each row numbered 1.
 */
export function repeatedFirstRowXlsx(rows = 400, cells = 35): Buffer {
  const columns = Array.from({ length: cells }, (_, i) => String.fromCharCode(65 + (i % 26)).repeat(1 + Math.floor(i / 26)));
  const row = `<row r="1">${columns.map((column, i) => inline(`${column}1`, `h${i}`)).join('')}</row>`;
  return workbookWith(row.repeat(rows));
}

/** An XLSX of `rows` well-formed ingredient rows (name, description1, weight1, calories), rows in order. */
export function orderedIngredientsXlsx(rows: number): Buffer {
  let xml = `<row r="1">${inline('A1', 'name')}${inline('B1', 'description1')}${inline('C1', 'weight1')}${inline('D1', 'calories')}</row>`;
  for (let r = 2; r <= rows + 1; r++)
    xml += `<row r="${r}">${inline(`A${r}`, `Item ${r}`)}${inline(`B${r}`, '1 cup')}<c r="C${r}"><v>100</v></c><c r="D${r}"><v>50</v></c></row>`;
  return workbookWith(xml);
}
