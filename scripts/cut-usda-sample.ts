// Cuts the repository's small USDA sample (test/fixtures/usda-sample) out of the genuine USDA
// releases, so the tests that read USDA foods run where the releases are not (CI): the same files in
// the same formats, byte for byte the releases' own lines, holding only the rows the tests read.
//
//   node --import tsx scripts/cut-usda-sample.ts --from FOLDER [--to FOLDER]
//
// FOLDER (--from) holds the releases as USDA ships them: usda-fdc/foundation_2023-04-20,
// usda-fdc/foundation_2021-04-28, usda-fdc/supporting_2021-04-28 (FoodData Central CSV) and
// usda-sr28 (Standard Reference Release 28, ASCII). What is kept:
// - FoodData Central Foundation Foods (2023-04-20 and 2021-04-28): every food the release lists
//   (foundation_food.csv) with its food.csv row, its portions, and its food_nutrient.csv rows of the
//   nutrients the importer reads (src/core/usda/nutrient-map.ts) or that nutrient.csv does not
//   define (the importer counts those); the lookup tables whole (nutrient, measure_unit,
//   food_category). The sample and the release import the same foods with the same values.
// - SR28: the foods the tests name (test/fixtures/usda-queries.ts); the foods the recipe-line
//   matcher offers (the match, or the first alternative) for each line of test/fixtures/recipe-lines.ts over the
//   whole library (the script imports the releases into a scratch SQLite database to ask it); and
//   every food of the class (the same first part of the
//   description, "Butter, ...") of each food the search tests expect first, so those searches meet
//   the foods they compete with in the release;
//   their NUT_DATA rows of the nutrients the importer reads, their WEIGHT rows; NUTR_DEF and
//   FD_GROUP whole.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SR28_NUTRIENT_IDS } from '../src/core/usda/sr28.js';
import { MAPPED_FDC_IDS } from '../src/core/usda/nutrient-map.js';
import { importSr28, importUsda } from '../src/services/usda/index.js';
import { RECIPE_LINES } from '../test/fixtures/recipe-lines.js';
import { SR28_NDB_NUMBERS, SR28_TABLE } from '../test/fixtures/usda-queries.js';
import { createTestApp } from '../test/support/app.js';
import { parseCsv } from './lib/csv.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: node --import tsx scripts/cut-usda-sample.ts --from FOLDER [--to FOLDER]

Cuts the USDA sample the tests read where the genuine releases are absent.
  --from FOLDER  the genuine releases: usda-fdc/foundation_2023-04-20, usda-fdc/foundation_2021-04-28,
                 usda-fdc/supporting_2021-04-28 (FoodData Central CSV) and usda-sr28 (SR28 ASCII)
  --to FOLDER    where the sample goes (replaced); default test/fixtures/usda-sample
The sample's README.md names the releases and their licence.`;

/** Energy and its parts: the importer's energy rule reads them (kept even if not mapped). */
const ENERGY_IDS = [1008, 2047, 2048, 1003, 1004, 1005];

/** A CSV file's lines (header first), each as the release wrote it, with its parsed fields. */
function csvLines(file: string): { header: string; rows: Array<{ raw: string; fields: string[] }> } {
  const text = readFileSync(file, 'utf8');
  const lines = text.split(/(?<=\n)/);
  const header = lines.shift() ?? '';
  const rows: Array<{ raw: string; fields: string[] }> = [];
  let pending = '';
  for (const line of lines) {
    pending += line;
    // A quoted field may hold a line break: keep reading until the quotes balance.
    if ((pending.match(/"/g)?.length ?? 0) % 2 === 1) continue;
    const fields = parseCsv(pending)[0] ?? [];
    if (fields.length > 0) rows.push({ raw: pending, fields });
    pending = '';
  }
  return { header, rows };
}

function columnOf(header: string, name: string): number {
  const columns = (parseCsv(header.replace(/^\uFEFF/, ''))[0] ?? []).map((c) => c.trim());
  const at = columns.indexOf(name);
  if (at < 0) throw new Error(`no column ${name} in ${header.trim()}`);
  return at;
}

/** Writes the header and the rows `keep` accepts; returns how many rows were kept. */
function cutCsv(from: string, to: string, keep: (row: string[], column: (name: string) => number) => boolean): number {
  const { header, rows } = csvLines(from);
  const column = (name: string) => columnOf(header, name);
  const kept = rows.filter((r) => keep(r.fields, column));
  writeFileSync(to, header + kept.map((r) => r.raw).join(''));
  return kept.length;
}

function cutFoundation(release: string, lookups: string | null, out: string, lookupsOut: string | null): string {
  mkdirSync(out, { recursive: true });
  const listed = new Set(csvLines(join(release, 'foundation_food.csv')).rows.map((r) => r.fields[0] ?? ''));
  copyFileSync(join(release, 'foundation_food.csv'), join(out, 'foundation_food.csv'));
  const lookupFolder = lookups ?? release;
  const lookupTarget = lookupsOut ?? out;
  mkdirSync(lookupTarget, { recursive: true });
  for (const file of ['nutrient.csv', 'measure_unit.csv', 'food_category.csv'])
    copyFileSync(join(lookupFolder, file), join(lookupTarget, file));
  const defined = new Set(csvLines(join(lookupFolder, 'nutrient.csv')).rows.map((r) => Number(r.fields[0])));
  const foods = cutCsv(join(release, 'food.csv'), join(out, 'food.csv'), (r, c) => listed.has(r[c('fdc_id')] ?? ''));
  const portions = cutCsv(join(release, 'food_portion.csv'), join(out, 'food_portion.csv'), (r, c) => listed.has(r[c('fdc_id')] ?? ''));
  const values = cutCsv(join(release, 'food_nutrient.csv'), join(out, 'food_nutrient.csv'), (r, c) => {
    if (!listed.has(r[c('fdc_id')] ?? '')) return false;
    const nutrient = Number(r[c('nutrient_id')]);
    return MAPPED_FDC_IDS.has(nutrient) || ENERGY_IDS.includes(nutrient) || !defined.has(nutrient);
  });
  return `${foods} foods, ${portions} portions, ${values} nutrient values`;
}

/** SR28's records: caret-separated, text in tildes, CRLF, latin-1 bytes (kept as they are). */
function srLines(file: string): string[] {
  return readFileSync(file, 'latin1')
    .split(/(?<=\r\n)/)
    .filter((l) => l.length > 0);
}

const srField = (line: string, at: number) => (line.split('^')[at] ?? '').replace(/^~|~\s*$/g, '').trim();

/**
 * The SR28 foods the recipe-line matcher offers for the table's lines over the whole library (SR28
 * and the 2023 Foundation foods imported as a bakery does): each line's match, or its first alternative.
 */
async function offeredForRecipeLines(sr28: string, foundation2023: string): Promise<Set<string>> {
  const t = await createTestApp('sqlite');
  try {
    const sr = await importSr28(t.ctx, { dir: sr28 });
    const fdc = await importUsda(t.ctx, { source: foundation2023 });
    if (!sr.ok || !fdc.ok) throw new Error('the releases did not import');
    const names = new Set<string>();
    const byLanguage = new Map<string, string[]>();
    for (const c of RECIPE_LINES) byLanguage.set(c.language ?? 'en', [...(byLanguage.get(c.language ?? 'en') ?? []), c.input]);
    for (const [language, lines] of byLanguage) {
      for (let i = 0; i < lines.length; i += 200) {
        const r = await t.client().post('/v1/recipe_text/parse', { lines: lines.slice(i, i + 200), language });
        if (r.statusCode !== 200) throw new Error(`parse answered ${r.statusCode}: ${r.body}`);
        for (const line of JSON.parse(r.body).lines as Array<{ match: { name: string } | null; alternatives: Array<{ name: string }> }>) {
          const food = line.match ?? line.alternatives[0];
          if (food) names.add(food.name);
        }
      }
    }
    return names;
  } finally {
    await t.close();
  }
}

async function cutSr28(from: string, foundation2023: string, out: string): Promise<string> {
  mkdirSync(out, { recursive: true });
  const foods = srLines(join(from, 'FOOD_DES.txt'));
  const description = (line: string) => srField(line, 2);
  const names = new Set(SR28_TABLE.map(([, name]) => name));
  const numbers = new Set<string>(SR28_NDB_NUMBERS);
  const offered = await offeredForRecipeLines(from, foundation2023);
  const named = new Set(foods.filter((l) => numbers.has(srField(l, 0)) || names.has(description(l)) || offered.has(description(l))));
  // The classes of the foods the search tests expect first: what they compete with.
  const classOf = (text: string) => text.split(',')[0];
  const classes = new Set(SR28_TABLE.map(([, name]) => classOf(name)));
  const kept = foods.filter((l) => classes.has(classOf(description(l))) || named.has(l));
  const ids = new Set(kept.map((l) => srField(l, 0)));
  writeFileSync(join(out, 'FOOD_DES.txt'), kept.join(''), 'latin1');
  const nutrients = new Set(Object.keys(SR28_NUTRIENT_IDS));
  const values = srLines(join(from, 'NUT_DATA.txt')).filter((l) => ids.has(srField(l, 0)) && nutrients.has(srField(l, 1)));
  writeFileSync(join(out, 'NUT_DATA.txt'), values.join(''), 'latin1');
  const weights = srLines(join(from, 'WEIGHT.txt')).filter((l) => ids.has(srField(l, 0)));
  writeFileSync(join(out, 'WEIGHT.txt'), weights.join(''), 'latin1');
  for (const file of ['NUTR_DEF.txt', 'FD_GROUP.txt']) copyFileSync(join(from, file), join(out, file));
  return `${kept.length} of ${foods.length} foods (${named.size} named by the tests, ${classes.size} classes), ${values.length} nutrient values, ${weights.length} measures`;
}

const README = (lines: string[]) => `# USDA sample for the tests

A small cut of genuine USDA releases, in their own file formats, so the tests that read USDA foods
run where the releases themselves are not (CI). Written by \`scripts/cut-usda-sample.ts\` (see it for
what is kept and why); do not edit by hand: change the script or the tests' food lists and cut again.

Every line is a line of the release, unchanged; only rows are left out (foods the tests do not read,
nutrients the importer does not read). Lookup tables are whole. test/support/usda-data.ts points
the tests here when the whole releases are not beside the repository; \`TEST_USDA=sample\` points
them here anyway (to run locally what CI runs). See docs/testing.md#usda-sample.

| folder | release | kept |
|---|---|---|
${lines.join('\n')}

Sources: USDA FoodData Central (https://fdc.nal.usda.gov), Foundation Foods April 2023
(FoodData_Central_foundation_food_csv_2023-04-20.zip), Foundation Foods April 2021 and Supporting
Data April 2021 (FoodData_Central_Foundation_Food_csv_2021-04-28.zip,
FoodData_Central_Supporting_Data_csv_2021-04-28.zip); USDA National Nutrient Database for Standard
Reference, Release 28 (September 2015), ASCII files (FOOD_DES, NUT_DATA, WEIGHT, NUTR_DEF, FD_GROUP).

Licence: USDA FoodData Central and SR28 are works of the United States government, in the public
domain (FoodData Central data are published under CC0 1.0 Universal). Cite as: U.S. Department of
Agriculture, Agricultural Research Service. FoodData Central, 2019. fdc.nal.usda.gov.
`;

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const option = (name: string, fallback: string | null) => {
    const at = argv.indexOf(name);
    if (at < 0) {
      if (fallback === null) throw new Error(`${name} is required\n\n${USAGE}`);
      return fallback;
    }
    const value = argv[at + 1];
    if (!value || value.startsWith('--')) throw new Error(`${name} needs a folder`);
    return resolve(value);
  };
  for (const arg of argv)
    if (arg.startsWith('--') && !['--from', '--to'].includes(arg)) throw new Error(`unknown option ${arg}\n\n${USAGE}`);
  const from = option('--from', null);
  const to = option('--to', join(root, 'test/fixtures/usda-sample'));
  const fdc = join(from, 'usda-fdc');
  for (const needed of [
    join(fdc, 'foundation_2023-04-20'),
    join(fdc, 'foundation_2021-04-28'),
    join(fdc, 'supporting_2021-04-28'),
    join(from, 'usda-sr28'),
  ]) {
    if (!existsSync(needed)) throw new Error(`${needed} is missing: --from names the folder holding usda-fdc/ and usda-sr28/`);
  }
  rmSync(to, { recursive: true, force: true });
  const lines = [
    `| usda-fdc/foundation_2023-04-20 | Foundation Foods, April 2023 | ${cutFoundation(join(fdc, 'foundation_2023-04-20'), null, join(to, 'usda-fdc/foundation_2023-04-20'), null)} |`,
    `| usda-fdc/foundation_2021-04-28, usda-fdc/supporting_2021-04-28 | Foundation Foods and Supporting Data, April 2021 | ${cutFoundation(join(fdc, 'foundation_2021-04-28'), join(fdc, 'supporting_2021-04-28'), join(to, 'usda-fdc/foundation_2021-04-28'), join(to, 'usda-fdc/supporting_2021-04-28'))} |`,
    `| usda-sr28 | Standard Reference, Release 28 | ${await cutSr28(join(from, 'usda-sr28'), join(fdc, 'foundation_2023-04-20'), join(to, 'usda-sr28'))} |`,
  ];
  writeFileSync(join(to, 'README.md'), README(lines));
  let bytes = 0;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  for (const file of walk(to)) bytes += statSync(file).size;
  console.log(`${relative(process.cwd(), to) || '.'}: ${(bytes / 1e6).toFixed(2)} MB`);
  for (const line of lines) console.log(line);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`cut-usda-sample: ${(error as Error).message}`);
    process.exit(1);
  });
}
