// Reading a realistic 10,000-row ingredient XLSX (the export's own layout, 70 columns of names,
// numbers and text): exceljs (what imports used) against the streaming reader imports use now.
// Each reader runs in its own process so that their peak memories do not mix:
//   node --import tsx bench/xlsx-read.ts            (both, 3 runs each)
//   node --import tsx bench/xlsx-read.ts exceljs|streaming FILE
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { INGREDIENT_COLUMNS } from '../src/services/spreadsheets/kinds.js';
import { readSheet } from '../src/services/spreadsheets/read-sheet.js';
import { xlsxStream } from '../src/services/spreadsheets/xlsx-writer.js';

async function buildSheet(rows: number): Promise<Buffer> {
  async function* cells() {
    yield INGREDIENT_COLUMNS.map((c) => c.name);
    for (let r = 0; r < rows; r++) {
      yield INGREDIENT_COLUMNS.map((c, i) =>
        c.type === 'number' ? (r * 7 + i) / 10 : c.type === 'text' ? `${c.name} of row ${r}` : c.type === 'boolean' ? true : null,
      );
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(cells(), 'ingredients')) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function measure(reader: string, file: string): Promise<void> {
  const data = readFileSync(file);
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = process.hrtime.bigint();
  let rows = 0;
  if (reader === 'exceljs') {
    const { default: excel } = await import('exceljs');
    const workbook = new excel.Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    workbook.worksheets[0]!.eachRow(() => {
      rows++;
    });
    rows--;
  } else {
    rows = (await readSheet(data, 'x.xlsx', loadConfig({}).imports)).rows.length;
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ reader, rows, ms: Math.round(ms), peakRssMb: Math.round(peak / 1024 / 1024) }));
}

const [reader, file] = process.argv.slice(2);
if (reader && file) {
  await measure(reader, file);
} else {
  const path = join(tmpdir(), 'recipal-bench-10000.xlsx');
  const sheet = await buildSheet(10_000);
  writeFileSync(path, sheet);
  console.log(`10,000 rows x ${INGREDIENT_COLUMNS.length} columns: ${Math.round(sheet.length / 1024)} KB packed`);
  for (let run = 0; run < 3; run++) {
    for (const which of ['exceljs', 'streaming']) {
      process.stdout.write(execFileSync(process.execPath, ['--import', 'tsx', 'bench/xlsx-read.ts', which, path]));
    }
  }
}
