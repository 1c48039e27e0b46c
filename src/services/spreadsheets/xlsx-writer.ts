// A streaming XLSX writer: the smallest workbook spreadsheet programs open (one sheet, inline strings,
// no styles; ECMA-376 Part 1, SpreadsheetML), zipped with fflate as rows arrive. Why not exceljs's
// streaming writer: it ignores backpressure and buffered a 100,000-row
// sheet in memory (~95 MB) while a slower client read it; here each chunk waits for the reply to drain.
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type { CellValue } from './export-rows.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const staticParts = (sheetName: string): Record<string, string> => ({
  '[Content_Types].xml': `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  '_rels/.rels': `${HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
});

/** A, B, ..., Z, AA, ... */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

// XML 1.0 cannot hold most control characters at all; they are dropped (the API's text never needs them).
const escapeXml = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

function cellXml(value: CellValue, ref: string): string {
  if (value === null) return '';
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

export function xlsxStream(rows: AsyncIterable<CellValue[]>, sheetName: string): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const encoder = new TextEncoder();
  (async () => {
    for (const [name, xml] of Object.entries(staticParts(escapeXml(sheetName)))) {
      const part = new ZipDeflate(name, { level: 6 });
      zip.add(part);
      part.push(encoder.encode(xml), true);
    }
    const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
    zip.add(sheet);
    let buffer = `${HEAD}<worksheet xmlns="${MAIN}"><sheetData>`;
    let number = 0;
    for await (const row of rows) {
      number++;
      buffer += `<row r="${number}">${row.map((v, i) => cellXml(v, `${columnLetters(i)}${number}`)).join('')}</row>`;
      if (buffer.length >= 64 * 1024) {
        sheet.push(encoder.encode(buffer), false);
        buffer = '';
        // The reply's buffer is full: wait for the client before reading more rows.
        while (out.writableNeedDrain && !out.destroyed) await once(out, 'drain');
        if (out.destroyed) return;
      }
    }
    sheet.push(encoder.encode(`${buffer}</sheetData></worksheet>`), true);
    zip.end();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
