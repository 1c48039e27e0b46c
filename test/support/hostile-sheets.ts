// Spreadsheets built to cost the server more than their size (docs/api.md §10.1 bounds them): the
// regression tests send them, and the attack benchmark can send the same bytes.
import { zipSync } from 'fflate';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A workbook of one sheet whose <sheetData> holds `rowsXml`, as spreadsheet programs lay it out. */
export function workbookWith(rowsXml: string | Uint8Array, options: { dimension?: string; level?: number } = {}): Buffer {
  const enc = new TextEncoder();
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}">${
    options.dimension ? `<dimension ref="${options.dimension}"/>` : ''
  }<sheetData>`;
  const body = typeof rowsXml === 'string' ? enc.encode(rowsXml) : rowsXml;
  const sheet = new Uint8Array(head.length + body.length + 24);
  sheet.set(enc.encode(head), 0);
  sheet.set(body, head.length);
  sheet.set(enc.encode('</sheetData></worksheet>'), head.length + body.length);
  return Buffer.from(
    zipSync(
      {
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
      },
      { level: (options.level ?? 9) as 9 },
    ),
  );
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
