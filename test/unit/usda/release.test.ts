import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildPublicIngredient,
  type FdcFood,
  releaseDateIn,
  releaseQualifier,
  sourceText,
  uniquePublicName,
} from '../../../src/core/usda/release.js';
import { readRelease } from '../../../src/services/usda/index.js';
import { openReleaseFiles } from '../../../src/services/usda/index.js';

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
      name: 'Apples, raw',
      source: 'USDA FoodData Central Foundation Foods 2023-04-20, fdc_id 1001; energy: FDC 1008 (Energy)',
      usda_verified: true,
      food: true,
      allergens: {},
      allergens_inferred: false,
      brand: null,
      category: 'Fruits and Fruit Juices',
      portions: [
        { description: '1 cup, sliced', weight: 110 },
        { description: '1 fruit, medium (3" dia)', weight: 182 },
      ],
      nutrients: { calories: 52, protein: 0.26, fat: 0.17, carbohydrate: 13.8, sugar: 10.4, fiber: 2.4, vitamin_c: 4.6 },
    });
    const creme = built.get(1002)!;
    expect(creme.ok && creme.fields.nutrients).toMatchObject({
      calories: 393,
      vitamin_d_mcg: 0.5,
      vitamin_d_IU: 20,
      lysine: 190,
      fat_saturated: 26,
    });
    expect(creme.ok && creme.fields.portions).toEqual([{ description: '100 gram', weight: 100 }]);
    expect(creme.ok && creme.flags).toEqual(['energy from Atwater specific factors (2048), no 1008 value']);
    expect(creme.ok && creme.fields).toMatchObject({
      allergens: { milk: true },
      allergens_inferred: true,
      source: expect.stringMatching(/; energy: FDC 2048 \(Atwater specific factors\)$/),
    });
    const syrup = built.get(1004)!;
    expect(syrup.ok && syrup.fields.nutrients).toMatchObject({ sugar: 12, added_sugar: 12 });
    expect(built.get(1003)).toMatchObject({ ok: false, reason: 'no energy and no protein, fat or carbohydrate values' });
    expect(built.get(1004)).toMatchObject({ ok: true, flags: ['sugar 12 g above carbohydrate 10 g'] });
    expect(built.get(1005)).toMatchObject({ ok: false, reason: 'more than 100 g per 100 g: fat 120 g' });
    const spinach = built.get(1007)!;
    expect(spinach.ok && spinach.fields.nutrients).toMatchObject({
      calories: 23,
      vitamin_a_rae: 469,
      vitamin_a_IU: 9377,
      beta_carotene: 5626,
    });
    expect(spinach.ok && spinach.fields.portions).toEqual([
      { description: '1/2 cup, chopped', weight: 15 },
      { description: '1 leaf', weight: 10 },
    ]);
    expect(built.get(1008)).toMatchObject({ ok: true, flags: [expect.stringContaining('energy 300 kcal is outside')] });
  });

  it.each([
    ['food.csv', 'missing food.csv'],
    [
      'nutrient.csv',
      'missing nutrient.csv (releases that ship their lookup tables separately need the Supporting Data as a second SOURCE)',
    ],
    ['foundation_food.csv', 'missing foundation_food.csv or sr_legacy_food.csv'],
  ])('names a missing %s', async (file, message) => {
    const dir = copyMini(`missing-${file}`, (d) => unlinkSync(join(d, file)));
    await expect(read(dir)).rejects.toThrow(message);
  });

  it('rejects a row with a wrong column count, naming file and line', async () => {
    const dir = copyMini('columns', (d) =>
      writeFileSync(join(d, 'food_portion.csv'), `${readFileSync(join(d, 'food_portion.csv'), 'utf8')}"8","1001","1.0"\n`),
    );
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
    expect(uniquePublicName('Apples, raw', [null], 7, (n) => n === 'Apples, raw' || n === 'Apples, raw (FDC 7)')).toBe(
      'Apples, raw (FDC 7) 2',
    );
    expect(sourceText({ kind: 'sr_legacy', date: '2018-04-01' }, 9)).toBe('USDA FoodData Central SR Legacy 2018-04-01, fdc_id 9');
  });
});

const RELEASE = { kind: 'foundation' as const, date: '2023-04-20' };
const KCAL = (amount: number) => ({ amount, unit: 'KCAL' });
const G = (amount: number) => ({ amount, unit: 'G' });

function food(description: string, values: Record<number, { amount: number; unit: string }>, category: string | null = null): FdcFood {
  return { fdcId: 1, description, category, nutrients: new Map(Object.entries(values).map(([id, v]) => [Number(id), v])), portions: [] };
}

function built(f: FdcFood) {
  const result = buildPublicIngredient(f, RELEASE);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('energy of an imported food (21 CFR 101.9(c)(1)(i))', () => {
  const macros = { 1003: G(10), 1004: G(5), 1005: G(20) };
  it.each([
    ['1008 first', { 1008: KCAL(150), 2048: KCAL(151), 2047: KCAL(152), ...macros }, 150, 'fdc_1008', 'energy: FDC 1008 (Energy)'],
    [
      'else Atwater specific (2048)',
      { 2048: KCAL(151), 2047: KCAL(152), ...macros },
      151,
      'fdc_2048',
      'energy: FDC 2048 (Atwater specific factors)',
    ],
    ['else Atwater general (2047)', { 2047: KCAL(152), ...macros }, 152, 'fdc_2047', 'energy: FDC 2047 (Atwater general factors)'],
    // 4 x 10 + 9 x 5 + 4 x 20 = 165
    [
      'else 4/9/4 from protein, fat and carbohydrate',
      macros,
      165,
      'calculated_4_9_4',
      'energy: calculated 4/9/4 from protein, fat and carbohydrate (21 CFR 101.9(c)(1)(i))',
    ],
    ['4/9/4 with zeros that FDC measured', { 1003: G(0), 1004: G(0), 1005: G(99.6) }, 398.4, 'calculated_4_9_4', 'energy: calculated'],
  ])('%s', (_name, values, calories, energy, sourceEnd) => {
    const result = built(food('Test food', values));
    expect(result.fields.nutrients.calories).toBeCloseTo(calories, 10);
    expect(result.energy).toBe(energy);
    expect(result.fields.source).toContain(`fdc_id 1; ${sourceEnd}`);
  });

  it.each([
    ['fat only (butter in the 2023 release)', { 1004: G(81.5) }],
    ['protein and fat, no carbohydrate', { 1003: G(10), 1004: G(5) }],
  ])('unknown, never summed from a partial set: %s', (_name, values) => {
    const result = built(food('Test food', values));
    expect(result.fields.nutrients.calories).toBeUndefined();
    expect(result.energy).toBe('unknown');
    expect(result.fields.source).toMatch(/; energy: unknown$/);
    expect(result.flags).toContain('energy unknown (no energy value and not all of protein, fat and carbohydrate)');
  });
});

describe('added sugars of sweeteners (21 CFR 101.9(c)(6)(iii))', () => {
  it.each([
    ['Sugars, granulated', 99.8],
    ['Sugars, brown', 97],
    ['Honey', 82.1],
    ['Syrups, maple', 60.5],
    ['Molasses', 74.7],
    ['Syrup, corn, light', 30],
  ])('%s: added sugars = total sugars', (description, sugars) => {
    const result = built(food(description, { 1008: KCAL(300), 1063: G(sugars) }, 'Sweets'));
    expect(result.fields.nutrients).toMatchObject({ sugar: sugars, added_sugar: sugars });
    expect(result.addedSugars).toBe(true);
  });

  it.each([
    'Cookies, oatmeal, soft, with raisins',
    'Apples, fuji, with skin, raw',
    'Candies, honey-combed, with peanut butter',
    'Sugar beets, raw',
  ])('%s: added sugars stay unknown (FDC cannot tell them apart)', (description) => {
    const result = built(food(description, { 1008: KCAL(300), 1063: G(30) }));
    expect(result.fields.nutrients.added_sugar).toBeUndefined();
    expect(result.addedSugars).toBe(false);
  });

  it('a sweetener without a total sugars value keeps added sugars unknown, and says so', () => {
    const result = built(food('Honey', { 1008: KCAL(304) }, 'Sweets'));
    expect(result.fields.nutrients.added_sugar).toBeUndefined();
    expect(result.flags).toContain('sweetener without a total sugars value: added sugars unknown');
  });
});

describe('allergens of an imported food', () => {
  it('are inferred from its description and category, and marked as inferred', () => {
    expect(built(food('Butter, stick, salted', { 1004: G(82) }, 'Dairy and Egg Products')).fields).toMatchObject({
      allergens: { milk: true },
      allergens_inferred: true,
    });
    expect(built(food('Apples, raw', { 1008: KCAL(52) }, 'Fruits and Fruit Juices')).fields).toMatchObject({
      allergens: {},
      allergens_inferred: false,
    });
  });

  it('flag highly refined peanut oil for Canadian labels', () => {
    const result = built(food('Oil, peanut', { 1004: G(100) }, 'Fats and Oils'));
    expect(result.fields.allergens).toEqual({});
    expect(result.flags).toContainEqual(expect.stringContaining('Health Canada'));
  });
});
