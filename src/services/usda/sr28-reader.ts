// Reads USDA Standard Reference Release 28 from a folder of its ASCII files (src/core/usda/sr28.ts):
// each file streamed line by line (NUT_DATA is 40 MB, 679,045 records), keeping only the nutrients
// the library carries. Everything is read before anything is written, so a damaged file leaves the
// database untouched.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FdcAmount } from '../../core/usda/nutrient-map.js';
import type { FdcPortion } from '../../core/usda/portions.js';
import { parseSrRecord, SR28_FILES, SR28_NUTRIENT_IDS, srPortion, srUnit, srValue } from '../../core/usda/sr28.js';
import type { ReadProgress } from './reader.js';
import { must } from '../../lib/must.js';
import { UsdaImportError } from './source.js';

export interface Sr28Food {
  /** NDB_No as a number (the stored key) and as USDA writes it ("01001", the source's text). */
  ndbNo: number;
  ndbText: string;
  description: string;
  category: string | null;
  nutrients: Map<number, FdcAmount>;
  portions: FdcPortion[];
  /** NUT_DATA values refused (not decimal, out of range), each as the import reports it. */
  refused: string[];
}

export interface Sr28Contents {
  foods: Sr28Food[];
  /** NUT_DATA records whose Nutr_No NUTR_DEF does not define. */
  unknownNutrientRows: number;
  unknownNutrientIds: number[];
  /** How each file's text was read: USDA's Latin-1, or UTF-8 where a copy was saved so (detected). */
  encodings: Record<string, TextEncoding>;
}

export type TextEncoding = 'ascii' | 'latin1' | 'utf-8';

/** The release's files in `dir`, by upper-case name (USDA's names; a copy may have lower-cased them). */
export async function sr28FilesIn(dir: string): Promise<Map<string, string> | null> {
  let entries: string[];
  try {
    if (!(await stat(dir)).isDirectory()) return null;
    entries = await readdir(dir);
  } catch {
    return null;
  }
  const files = new Map(entries.map((name) => [name.toUpperCase(), join(dir, name)]));
  return files.has('FOOD_DES.TXT') ? files : null;
}

export async function readSr28(dir: string, onProgress?: (p: ReadProgress) => void): Promise<Sr28Contents> {
  const files = await sr28FilesIn(dir);
  if (!files) throw new UsdaImportError(`${dir}: no FOOD_DES.txt: not a USDA SR28 release folder`);
  const missing = SR28_FILES.filter((f) => !files.has(f.toUpperCase()));
  if (missing.length > 0) throw new UsdaImportError(`${dir}: missing ${missing.join(', ')} (USDA SR28 ASCII files)`);
  const path = (file: string) => must(files.get(file.toUpperCase()), `${file} (checked present above)`);

  const encodings: Record<string, TextEncoding> = {};
  const eachRecord = async (...args: Parameters<typeof eachRecordOf>) => {
    encodings[args[1]] = await eachRecordOf(...args);
  };
  const units = new Map<string, string>();
  await eachRecord(path('NUTR_DEF.txt'), 'NUTR_DEF.txt', 6, ([number = '', unit = '']) => units.set(number, srUnit(unit)), onProgress);

  const groups = new Map<string, string>();
  await eachRecord(path('FD_GROUP.txt'), 'FD_GROUP.txt', 2, ([code = '', name = '']) => groups.set(code, name.trim()), onProgress);

  const foods = new Map<string, Sr28Food>();
  await eachRecord(
    path('FOOD_DES.txt'),
    'FOOD_DES.txt',
    14,
    ([ndb = '', group = '', description = '']) => {
      const ndbText = ndb.trim();
      const ndbNo = Number(ndbText);
      if (!/^\d{5}$/.test(ndbText) || !Number.isSafeInteger(ndbNo)) throw new Error(`NDB_No "${ndbText}" is not five digits`);
      foods.set(ndbText, {
        ndbNo,
        ndbText,
        description,
        category: groups.get(group) ?? null,
        nutrients: new Map(),
        portions: [],
        refused: [],
      });
    },
    onProgress,
  );

  await eachRecord(
    path('WEIGHT.txt'),
    'WEIGHT.txt',
    7,
    (r) => {
      const portion = srPortion(r);
      if (portion) foods.get(r[0] ?? '')?.portions.push(portion);
    },
    onProgress,
  );

  let unknownNutrientRows = 0;
  const unknownNutrientIds = new Set<number>();
  await eachRecord(
    path('NUT_DATA.txt'),
    'NUT_DATA.txt',
    18,
    ([ndb = '', nutrient = '', value = '']) => {
      const food = foods.get(ndb);
      if (!food) return;
      const number = nutrient.trim();
      const unit = units.get(number);
      if (unit === undefined) {
        unknownNutrientRows++;
        unknownNutrientIds.add(Number(number));
        return;
      }
      const id = SR28_NUTRIENT_IDS[number];
      if (id === undefined) return;
      const read = srValue(value, unit);
      if (read === undefined) return;
      if ('amount' in read) food.nutrients.set(id, read.amount);
      else food.refused.push(`refused NUT_DATA Nutr_No ${number}: ${read.refused} (the value is left unknown)`);
    },
    onProgress,
  );

  return {
    foods: [...foods.values()].sort((a, b) => a.ndbNo - b.ndbNo),
    unknownNutrientRows,
    unknownNutrientIds: [...unknownNutrientIds].sort((a, b) => a - b),
    encodings,
  };
}

/**
 * The encoding of a file's text. USDA wrote SR28 in Latin-1 ("µg" is byte B5); a copy re-saved as
 * UTF-8 read as Latin-1 turned "Café crème" into "CafÃ© crÃ¨me" without a word. Bytes past ASCII that
 * form valid UTF-8 throughout are UTF-8 (Latin-1 text almost never does: an accented letter alone is
 * an invalid sequence); otherwise Latin-1. Read once in a stream, before the records are.
 */
export async function detectEncoding(path: string): Promise<TextEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let high = false;
  try {
    for await (const chunk of createReadStream(path)) {
      const bytes = chunk as Buffer;
      if (!high && bytes.some((byte) => byte >= 0x80)) high = true;
      if (high) decoder.decode(bytes, { stream: true });
    }
    if (high) decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) return 'latin1';
    throw error;
  }
  return high ? 'utf-8' : 'ascii';
}

/**
 * Streams one file's records (CRLF; Latin-1, or UTF-8 where detectEncoding finds it), each with the
 * field count USDA's documentation gives (checked, so the readers' defaults for missing fields never
 * apply). Answers the encoding it read.
 */
async function eachRecordOf(
  path: string,
  file: string,
  fieldCount: number,
  onRecord: (record: string[]) => void,
  onProgress?: (p: ReadProgress) => void,
): Promise<TextEncoding> {
  const totalBytes = (await stat(path)).size;
  const encoding = await detectEncoding(path);
  const stream = createReadStream(path, { encoding: encoding === 'utf-8' ? 'utf8' : 'latin1' });
  let rows = 0;
  let bytes = 0;
  try {
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
      bytes += line.length + 2;
      if (line.trim() === '') continue;
      rows++;
      const record = parseSrRecord(line);
      if (!record || record.length !== fieldCount) {
        throw new UsdaImportError(
          `${file}: record ${rows} has ${record ? `${record.length} fields, expected ${fieldCount}` : 'a text field left open'} (the file is damaged or not SR28)`,
        );
      }
      try {
        onRecord(record);
      } catch (error) {
        if (error instanceof UsdaImportError) throw error;
        throw new UsdaImportError(`${file}: record ${rows}: ${(error as Error).message}`);
      }
      if (onProgress && rows % 20000 === 0) onProgress({ file, rows, bytes: Math.min(bytes, totalBytes), totalBytes, finished: false });
    }
  } catch (error) {
    if (error instanceof UsdaImportError) throw error;
    throw new UsdaImportError(`${file}: cannot be read (${(error as Error).message})`);
  } finally {
    stream.destroy();
  }
  if (rows === 0) throw new UsdaImportError(`${file}: the file is empty`);
  onProgress?.({ file, rows, bytes: totalBytes, totalBytes, finished: true });
  return encoding;
}
