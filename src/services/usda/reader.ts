// Reads the tables of a FoodData Central release (same layout for Foundation Foods and SR Legacy)
// into the foods to import. Streams every file; keeps only the rows of the release's end-user foods
// (foundation_food.csv / sr_legacy_food.csv) and only the nutrients we carry.
import { parse } from 'csv-parse';
import type { Readable } from 'node:stream';
import { MAPPED_FDC_IDS, type FdcAmount } from '../../core/usda/nutrient-map.js';
import type { FdcPortion } from '../../core/usda/portions.js';
import { releaseDateIn, type FdcFood, type ReleaseInfo, type ReleaseKind } from '../../core/usda/release.js';
import { UsdaImportError, type ReleaseFiles } from './source.js';

export interface ReadProgress {
  file: string;
  rows: number;
  bytes: number;
  totalBytes: number;
  /** True on the file's last report. */
  finished: boolean;
}

export interface ReleaseContents {
  release: ReleaseInfo;
  foods: FdcFood[];
  /** food_nutrient rows of imported foods whose nutrient_id nutrient.csv does not define. */
  unknownNutrientRows: number;
  unknownNutrientIds: number[];
  /** Foods listed in foundation_food.csv / sr_legacy_food.csv but absent from food.csv. */
  missingFoods: number[];
}

const FOOD_LISTS: ReadonlyArray<[string, ReleaseKind]> = [
  ['foundation_food.csv', 'foundation'],
  ['sr_legacy_food.csv', 'sr_legacy'],
];
const REQUIRED = ['food.csv', 'nutrient.csv', 'food_nutrient.csv', 'food_category.csv', 'food_portion.csv', 'measure_unit.csv'];

/** A header's column positions by lower-case name: those the reader needs, and any other the file has. */
type Columns<N extends string> = Record<N, number> & Partial<Record<string, number>>;

function hasColumns<N extends string>(header: Partial<Record<string, number>>, needed: readonly N[]): header is Columns<N> {
  return needed.every((n) => header[n] !== undefined);
}

/** A cell of a row; csv-parse has checked every row has the header's column count. */
const cell = (row: string[], at: number): string => row[at] ?? '';

/** Streams one CSV, checking its header has the columns we read; every row must have the header's column count. */
async function eachRow<N extends string>(
  files: ReleaseFiles,
  file: string,
  needed: readonly N[],
  onRow: (row: string[], col: Columns<N>) => void,
  onProgress?: (p: ReadProgress) => void,
): Promise<number> {
  const totalBytes = files.size(file);
  let stream: Readable;
  try {
    stream = await files.open(file);
  } catch (error) {
    throw new UsdaImportError(`${file}: cannot be read (${(error as Error).message})`);
  }
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  // Files of 2021 mix LF and CRLF line ends and quoted and bare headers; csv-parse handles both.
  const parser = stream.pipe(parse({ bom: true, skip_empty_lines: true }));
  stream.on('error', (error) => parser.destroy(error));
  let col: Columns<N> | null = null;
  let rows = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!col) {
        const header: Partial<Record<string, number>> = Object.fromEntries(record.map((name, i) => [name.trim().toLowerCase(), i]));
        if (!hasColumns(header, needed)) {
          const missing = needed.filter((n) => header[n] === undefined);
          throw new UsdaImportError(`${file}: missing column ${missing.join(', ')} (is this a FoodData Central file?)`);
        }
        col = header;
        continue;
      }
      rows++;
      onRow(record, col);
      if (onProgress && rows % 5000 === 0) onProgress({ file, rows, bytes: Math.min(bytes, totalBytes), totalBytes, finished: false });
    }
  } catch (error) {
    if (error instanceof UsdaImportError) throw error;
    // csv-parse names the line: "Invalid Record Length: expect 11, got 10 on line 42", "Quote Not Closed".
    throw new UsdaImportError(`${file}: ${(error as Error).message} (the file is damaged or truncated)`);
  }
  if (!col) throw new UsdaImportError(`${file}: the file is empty`);
  onProgress?.({ file, rows, bytes: Math.max(bytes, totalBytes), totalBytes, finished: true });
  return rows;
}

const num = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** Checks every file the import needs is present, before anything is read. */
export function checkFiles(files: ReleaseFiles): { list: string; kind: ReleaseKind } {
  const list = FOOD_LISTS.find(([file]) => files.has(file));
  if (!list) {
    throw new UsdaImportError(
      `${files.label}: missing foundation_food.csv or sr_legacy_food.csv: not a FoodData Central Foundation Foods or SR Legacy release`,
    );
  }
  const missing = REQUIRED.filter((file) => !files.has(file));
  if (missing.length > 0) {
    const hint = missing.some((f) => ['nutrient.csv', 'measure_unit.csv', 'food_category.csv'].includes(f))
      ? ' (releases that ship their lookup tables separately need the Supporting Data as a second SOURCE)'
      : '';
    throw new UsdaImportError(`${files.label}: missing ${missing.join(', ')}${hint}`);
  }
  return { list: list[0], kind: list[1] };
}

export async function readRelease(files: ReleaseFiles, onProgress?: (p: ReadProgress) => void): Promise<ReleaseContents> {
  const { list, kind } = checkFiles(files);

  const units = new Map<number, string>();
  await eachRow(
    files,
    'nutrient.csv',
    ['id', 'unit_name'],
    (r, c) => {
      const id = num(r[c.id]);
      if (id !== null) units.set(id, cell(r, c.unit_name).trim());
    },
    onProgress,
  );

  const wanted = new Set<number>();
  await eachRow(
    files,
    list,
    ['fdc_id'],
    (r, c) => {
      const id = num(r[c.fdc_id]);
      if (id !== null) wanted.add(id);
    },
    onProgress,
  );

  const categories = new Map<string, string>();
  await eachRow(
    files,
    'food_category.csv',
    ['id', 'description'],
    (r, c) => {
      categories.set(cell(r, c.id).trim(), cell(r, c.description).trim());
    },
    onProgress,
  );

  const foods = new Map<number, FdcFood & { nutrients: Map<number, FdcAmount>; portions: FdcPortion[] }>();
  let newest = '';
  await eachRow(
    files,
    'food.csv',
    ['fdc_id', 'description', 'food_category_id'],
    (r, c) => {
      const id = num(r[c.fdc_id]);
      if (id === null || !wanted.has(id)) return;
      const published = c.publication_date !== undefined ? cell(r, c.publication_date).slice(0, 10) : '';
      if (published > newest) newest = published;
      const category = categories.get(cell(r, c.food_category_id).trim()) ?? null;
      foods.set(id, { fdcId: id, description: cell(r, c.description), category, nutrients: new Map(), portions: [] });
    },
    onProgress,
  );

  const measures = new Map<string, string>();
  await eachRow(
    files,
    'measure_unit.csv',
    ['id', 'name'],
    (r, c) => {
      measures.set(cell(r, c.id).trim(), cell(r, c.name).trim());
    },
    onProgress,
  );

  await eachRow(
    files,
    'food_portion.csv',
    ['id', 'fdc_id', 'amount', 'measure_unit_id', 'gram_weight'],
    (r, c) => {
      const food = foods.get(num(r[c.fdc_id]) ?? -1);
      if (!food) return;
      food.portions.push({
        id: num(r[c.id]) ?? 0,
        seqNum: c.seq_num !== undefined ? num(r[c.seq_num]) : null,
        amount: num(r[c.amount]),
        unitName: measures.get(cell(r, c.measure_unit_id).trim()) ?? 'undetermined',
        modifier: c.modifier !== undefined ? cell(r, c.modifier) : '',
        portionDescription: c.portion_description !== undefined ? cell(r, c.portion_description) : '',
        gramWeight: num(r[c.gram_weight]) ?? 0,
      });
    },
    onProgress,
  );

  let unknownNutrientRows = 0;
  const unknownNutrientIds = new Set<number>();
  await eachRow(
    files,
    'food_nutrient.csv',
    ['fdc_id', 'nutrient_id', 'amount'],
    (r, c) => {
      const food = foods.get(num(r[c.fdc_id]) ?? -1);
      if (!food) return;
      const nutrientId = num(r[c.nutrient_id]);
      if (nutrientId === null) return;
      const unit = units.get(nutrientId);
      if (unit === undefined) {
        unknownNutrientRows++;
        unknownNutrientIds.add(nutrientId);
        return;
      }
      if (!MAPPED_FDC_IDS.has(nutrientId)) return;
      const amount = num(r[c.amount]);
      if (amount !== null && amount >= 0) food.nutrients.set(nutrientId, { amount, unit });
    },
    onProgress,
  );

  const date = releaseDateIn(basenameOf(files.label)) ?? (newest || 'undated');
  return {
    release: { kind, date },
    foods: [...foods.values()].sort((a, b) => a.fdcId - b.fdcId),
    unknownNutrientRows,
    unknownNutrientIds: [...unknownNutrientIds].sort((a, b) => a - b),
    missingFoods: [...wanted].filter((id) => !foods.has(id)).sort((a, b) => a - b),
  };
}

const basenameOf = (label: string) =>
  label
    .replace(/[/\\]+$/, '')
    .split(/[/\\]/)
    .pop() ?? label;
