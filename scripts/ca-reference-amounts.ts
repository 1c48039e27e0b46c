// Writes src/core/label/reference-amounts/ca-table-2024.ts from the CSV of Health Canada's Table of
// Reference Amounts for Food (version of October 18, 2024): one row per Column 2 entry, its texts as the
// CSV gives them. The CSV was parsed from the table's HTML page (canada.ca, "Nutrition labelling - Table of
// reference amounts for food"); each row is checked here against the page's text before it is written
// (its Column 1 and Column 2 words must be in the text), so a row the text does not bear stops the script.
//
//   node --import tsx scripts/ca-reference-amounts.ts ROWS.csv SOURCE.txt
//
// docs/labeling.md#canada-free-of says where the table came from and how its rows are used.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCsv } from './lib/csv.js';

export interface CsvTableRow {
  item: string;
  category: string;
  subcategory: string;
  reference_amount: string;
  unit: string;
  serving_size_text: string;
  source_note: string;
}

/** One row as the product keeps it (src/core/label/reference-amounts/ca-table-2024.ts). */
export interface TableRowData {
  item: string;
  /** 1 for an item's first Column 2 entry, 2 for its second, ... */
  entry: number;
  category: string;
  product_category: string;
  /** Column 2 as the table words it ("75 g", "Amount to make 75 g final product"). */
  column_2: string;
  /** The amount where Column 2 is a plain "<n> g" or "<n> mL"; null otherwise. */
  amount: number | null;
  unit: 'g' | 'mL' | null;
  /** Columns 3A and 3B as the CSV joins them. */
  serving_size_text: string;
}

const COLUMN_2 = /^Column 2 verbatim: '(.*?)'\. (?:Item has|Source:)/s;

export function tableRows(csvText: string): TableRowData[] {
  const [header, ...records] = parseCsv(csvText);
  if (!header) throw new Error('the CSV is empty');
  const at = (name: keyof CsvTableRow) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`the CSV has no column ${name}`);
    return index;
  };
  const columns = {
    item: at('item'),
    category: at('category'),
    subcategory: at('subcategory'),
    reference_amount: at('reference_amount'),
    unit: at('unit'),
    serving_size_text: at('serving_size_text'),
    source_note: at('source_note'),
  };
  const entries = new Map<string, number>();
  return records
    .filter((record) => record.some((cell) => cell !== ''))
    .map((record) => {
      const cell = (name: keyof typeof columns) => record[columns[name]] ?? '';
      const item = cell('item');
      const entry = (entries.get(item) ?? 0) + 1;
      entries.set(item, entry);
      const column2 = COLUMN_2.exec(cell('source_note'))?.[1];
      if (column2 === undefined) throw new Error(`row ${item}: no Column 2 text in its source_note`);
      const plain = /^\d+(\.\d+)?$/.test(cell('reference_amount'));
      const unit = cell('unit');
      return {
        item,
        entry,
        category: cell('category'),
        product_category: cell('subcategory'),
        column_2: column2,
        amount: plain ? Number(cell('reference_amount')) : null,
        unit: unit === 'g' || unit === 'mL' ? unit : null,
        serving_size_text: cell('serving_size_text'),
      };
    });
}

/** Whitespace collapsed, curly quotes straight: texts compared this way (the page's text and the CSV's cells). */
export const squeeze = (text: string): string =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    // The page's text was taken with its tags stripped: "toppings , such" where a tag closed before the comma.
    .replace(/ ([,.;:])/g, '$1')
    .trim();

/** The rows whose Column 1 or Column 2 words are not in the page's text (each part of a " / "-joined text is looked for). */
export function rowsNotInSource(rows: readonly TableRowData[], sourceText: string): string[] {
  const source = squeeze(sourceText);
  const missing: string[] = [];
  for (const row of rows) {
    const parts = [...row.product_category.split(' / '), ...row.column_2.split(' / ')]
      .map((part) => squeeze(part.replace(/^- /, '').replace(/,$/, '')))
      .filter((part) => part !== '');
    for (const part of parts) if (!source.includes(part)) missing.push(`${row.item} (entry ${row.entry}): "${part}"`);
  }
  return missing;
}

function write(rows: readonly TableRowData[]): string {
  const lines = rows.map((row) => `  ${JSON.stringify(row)},`);
  return `// Health Canada, Nutrition Labelling - Table of Reference Amounts for Food, version of October 18, 2024
// (canada.ca; it supersedes the November 24, 2022 version and is incorporated by reference in the Food and
// Drug Regulations, B.01.001). Every row of the table: one per Column 2 entry, the texts as the table gives
// them. Written by scripts/ca-reference-amounts.ts from a CSV parsed from the table's HTML page, each row
// checked against the page's text; do not edit by hand. docs/labeling.md#canada-free-of.
import type { CaTableRow } from './ca-table-row.js';

export const CA_TABLE_2024: readonly CaTableRow[] = [
${lines.join('\n')}
];
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [csvPath, sourcePath] = process.argv.slice(2);
  if (!csvPath || !sourcePath) {
    console.error('usage: node --import tsx scripts/ca-reference-amounts.ts ROWS.csv SOURCE.txt');
    process.exit(2);
  }
  const rows = tableRows(readFileSync(csvPath, 'utf8'));
  const missing = rowsNotInSource(rows, readFileSync(sourcePath, 'utf8'));
  if (missing.length > 0) {
    console.error(`rows whose words are not in the source text:\n${missing.join('\n')}`);
    process.exit(1);
  }
  const out = new URL('../src/core/label/reference-amounts/ca-table-2024.ts', import.meta.url);
  writeFileSync(out, write(rows));
  // In the repository's own format, so that writing it again changes nothing.
  execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(out)], { stdio: 'inherit' });
  console.log(`wrote ${rows.length} rows to ${fileURLToPath(out)}`);
}
