import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPublicIngredient, releaseDateIn, releaseQualifier, sourceText, uniquePublicName } from '../../../src/core/usda/release.js';
import { readRelease } from '../../../src/services/usda-import-reader.js';
import { openReleaseFiles } from '../../../src/services/usda-import-source.js';

const MINI = join(import.meta.dirname, '../../fixtures/usda-mini');
const temp = mkdtempSync(join(tmpdir(), 'usda-unit-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

async function read(path: string) {
  const files = await openReleaseFiles(path);
  try {
    return await readRelease(files);
  } finally {
    await files.close();
  }
}

function copyMini(name: string, change?: (dir: string) => void): string {
  const dir = join(temp, name);
  cpSync(MINI, dir, { recursive: true });
  change?.(dir);
  return dir;
}

describe('reading a release (test/fixtures/usda-mini)', () => {
  it('keeps only the foods of foundation_food.csv, with categories, portions and mapped nutrients', async () => {
    const contents = await read(MINI);
    expect(contents.release).toEqual({ kind: 'foundation', date: '2023-04-20' });
    expect(contents.foods.map((f) => f.fdcId)).toEqual([1001, 1002, 1003, 1004, 1005, 1007, 1008]);
    const apple = contents.foods[0]!;
    expect(apple.category).toBe('Fruits and Fruit Juices');
    expect(apple.portions).toHaveLength(3);
    expect(apple.nutrients.get(1008)).toEqual({ amount: 52, unit: 'KCAL' });
    // kJ (1062) is not carried: the row is dropped while streaming.
    expect(apple.nutrients.has(1062)).toBe(false);
    expect(contents.unknownNutrientRows).toBe(1);
    expect(contents.unknownNutrientIds).toEqual([2066]);
  });

  it('builds public ingredients: names, source, flags, skips', async () => {
    const contents = await read(MINI);
    const release = { kind: 'foundation' as const, date: '2023-04-20' };
    const built = new Map(contents.foods.map((f) => [f.fdcId, buildPublicIngredient(f, release)]));
    const apple = built.get(1001)!;
    expect(apple.ok && apple.fields).toMatchObject({
      name: 'Apples, raw', source: 'USDA FoodData Central Foundation Foods 2023-04-20, fdc_id 1001', usda_verified: true, food: true,
      brand: null, category: 'Fruits and Fruit Juices',
      portions: [{ description: '1 cup, sliced', weight: 110 }, { description: '1 fruit, medium (3" dia)', weight: 182 }],
      nutrients: { calories: 52, protein: 0.26, fat: 0.17, carbohydrate: 13.8, sugar: 10.4, fiber: 2.4, vitamin_c: 4.6 },
    });
    const creme = built.get(1002)!;
    expect(creme.ok && creme.fields.nutrients).toMatchObject({ calories: 393, vitamin_d_mcg: 0.5, vitamin_d_IU: 20, lysine: 190, fat_saturated: 26 });
    expect(creme.ok && creme.fields.portions).toEqual([{ description: '100 gram', weight: 100 }]);
    expect(creme.ok && creme.flags).toEqual(['energy from Atwater specific factors (2048), no 1008 value']);
    expect(built.get(1003)).toMatchObject({ ok: false, reason: 'no energy and no protein, fat or carbohydrate values' });
    expect(built.get(1004)).toMatchObject({ ok: true, flags: ['sugar 12 g above carbohydrate 10 g'] });
    expect(built.get(1005)).toMatchObject({ ok: false, reason: 'more than 100 g per 100 g: fat 120 g' });
    const spinach = built.get(1007)!;
    expect(spinach.ok && spinach.fields.nutrients).toMatchObject({ calories: 23, vitamin_a_rae: 469, vitamin_a_IU: 9377, beta_carotene: 5626 });
    expect(spinach.ok && spinach.fields.portions).toEqual([{ description: '1/2 cup, chopped', weight: 15 }, { description: '1 leaf', weight: 10 }]);
    expect(built.get(1008)).toMatchObject({ ok: true, flags: [expect.stringContaining('energy 300 kcal is outside')] });
  });

  it.each([
    ['food.csv', 'missing food.csv'],
    ['nutrient.csv', 'missing nutrient.csv (releases that ship their lookup tables separately need the Supporting Data as a second SOURCE)'],
    ['foundation_food.csv', 'missing foundation_food.csv or sr_legacy_food.csv'],
  ])('names a missing %s', async (file, message) => {
    const dir = copyMini(`missing-${file}`, (d) => unlinkSync(join(d, file)));
    await expect(read(dir)).rejects.toThrow(message);
  });

  it('rejects a row with a wrong column count, naming file and line', async () => {
    const dir = copyMini('columns', (d) => writeFileSync(join(d, 'food_portion.csv'), readFileSync(join(d, 'food_portion.csv'), 'utf8') + '"8","1001","1.0"\n'));
    await expect(read(dir)).rejects.toThrow(/food_portion\.csv: .*Invalid Record Length.*line 9/);
  });

  it('rejects a truncated CSV', async () => {
    const dir = copyMini('truncated', (d) => {
      const text = readFileSync(join(d, 'food_nutrient.csv'), 'utf8');
      writeFileSync(join(d, 'food_nutrient.csv'), text.slice(0, text.length - 20));
    });
    await expect(read(dir)).rejects.toThrow(/food_nutrient\.csv: .*(damaged or truncated)/);
  });

  it('rejects a CSV without the columns it needs', async () => {
    const dir = copyMini('header', (d) => writeFileSync(join(d, 'food.csv'), '"a","b"\n"1","2"\n'));
    await expect(read(dir)).rejects.toThrow('food.csv: missing column fdc_id, description, food_category_id');
  });

  it.each([
    ['FoodData_Central_foundation_food_csv_2023-04-20.zip', '2023-04-20'],
    ['https://fdc.nal.usda.gov/fdc-datasets/FoodData_Central_sr_legacy_food_csv_2018-04.zip', undefined],
  ])('reads the release date in %s', (name, date) => {
    expect(releaseDateIn(name)).toBe(date);
  });

  it('disambiguates taken public names by category, then fdc_id', () => {
    const taken = new Set(['Apples, raw', 'Apples, raw (Fruits)']);
    const release = releaseQualifier({ kind: 'foundation', date: '2023-04-20' });
    expect(release).toBe('Foundation Foods 2023-04-20');
    expect(uniquePublicName('Pears, raw', ['Fruits', release], 7, (n) => taken.has(n))).toBe('Pears, raw');
    expect(uniquePublicName('Apples, raw', ['Baked', release], 7, (n) => taken.has(n))).toBe('Apples, raw (Baked)');
    expect(uniquePublicName('Apples, raw', ['Fruits', release], 7, (n) => taken.has(n))).toBe('Apples, raw (Foundation Foods 2023-04-20)');
    taken.add('Apples, raw (Foundation Foods 2023-04-20)');
    expect(uniquePublicName('Apples, raw', ['Fruits', release], 7, (n) => taken.has(n))).toBe('Apples, raw (FDC 7)');
    expect(uniquePublicName('Apples, raw', [null], 7, (n) => n === 'Apples, raw' || n === 'Apples, raw (FDC 7)')).toBe('Apples, raw (FDC 7) 2');
    expect(sourceText({ kind: 'sr_legacy', date: '2018-04-01' }, 9)).toBe('USDA FoodData Central SR Legacy 2018-04-01, fdc_id 9');
  });
});
