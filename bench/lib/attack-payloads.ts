// The hostile files of `npm run bench attacks`, built here (nothing is downloaded): an XLSX whose one
// header cell sits in the sheet's last column (XFD1), a CSV header of 100,000 unknown columns, an
// XLSX whose sheet unpacks to 150 MB of whitespace, and a valid 10,000-row ingredient CSV.
import { strToU8, zipSync } from 'fflate';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

function xlsx(sheetData: string, padding = ''): Buffer {
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData>${padding}</worksheet>`;
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8(CONTENT_TYPES),
        '_rels/.rels': strToU8(ROOT_RELS),
        'xl/workbook.xml': strToU8(WORKBOOK),
        'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
        'xl/worksheets/sheet1.xml': strToU8(sheet),
      },
      { level: 9 },
    ),
  );
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A header `name` in A1 and `x` in XFD1 (the last column), then `rows` rows with a name only. */
export function lastColumnXlsx(rows: number): Buffer {
  let data = `<row r="1">${cell('A1', 'name')}${cell('XFD1', 'x')}</row>`;
  for (let r = 2; r <= rows + 1; r++) data += `<row r="${r}">${cell(`A${r}`, `Row ${r}`)}</row>`;
  return xlsx(data);
}

/** A sheet of one header row that unpacks to `mb` MB of whitespace. */
export function whitespaceBombXlsx(mb: number): Buffer {
  return xlsx(`<row r="1">${cell('A1', 'name')}</row>`, ' '.repeat(mb * 1_000_000));
}

/** A CSV whose header is `name` and `columns` unknown columns, with one data row. */
export function wideHeaderCsv(columns: number): Buffer {
  const header = ['name', ...Array.from({ length: columns }, (_, i) => `unknown_${i}`)].join(',');
  return Buffer.from(`${header}\nFlour\n`);
}

/** A valid ingredients CSV of `rows` rows (names unique within the file). */
export function ingredientsCsv(rows: number): Buffer {
  const header =
    'name,description1,weight1,calories,protein,fat,fat_saturated,fat_trans,cholesterol,carbohydrate,fiber,sugar,added_sugar,sodium,calcium,iron,vitamin_a_IU,vitamin_c';
  const lines = [header];
  for (let i = 0; i < rows; i++) lines.push(`Bulk flour ${i},1 cup,125,455,12.9,1.2,0.2,0,0,95.4,3.4,0.3,0,2.5,19,5.8,0,0`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** An XLSX whose `rows` rows all say r="1" (each of `cells` cells): read as all header, it froze the process. */
export function repeatedFirstRowXlsx(rows: number, cells = 35): Buffer {
  const column = (i: number) => String.fromCharCode(65 + (i % 26)).repeat(1 + Math.floor(i / 26));
  const row = `<row r="1">${Array.from({ length: cells }, (_, i) => cell(`${column(i)}1`, `h${i}`)).join('')}</row>`;
  return xlsx(row.repeat(rows));
}
