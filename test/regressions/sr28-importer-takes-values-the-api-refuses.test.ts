// Regression: the SR28 importer took what the API refuses. A NUT_DATA energy of 1e308 was imported,
// and a recipe of 1 kg of that food printed "Calories 0" and "Sodium 0mg", complete, "calorie-free"
// and "sodium-free", approvable; "0x10" was read as 16 g; 20,000-character names and U+0000 were
// stored; a FOOD_DES.txt saved as UTF-8 was read as Latin-1 ("CafÃ© crÃ¨me"). Now library values are
// held to the API's rules (docs/api.md#number-ranges, a name's 255 characters, text without U+0000),
// every refused value is reported, a file's encoding is detected, and a value past what can be summed
// is unknown on a label: listed in missing_nutrients, never printed as 0. The release is built here,
// in a temporary folder of its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalNumber } from '../../src/core/usda/sr28.js';
import { importSr28 } from '../../src/services/usda/import-sr28.js';
import type { UsdaImportSummary } from '../../src/services/usda/library-writer.js';
import { detectEncoding } from '../../src/services/usda/sr28-reader.js';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

const HUGE = `1${'0'.repeat(308)}`; // 1e308 written out in decimal digits
const LONG_NAME = 'Soup, '.repeat(3400);

const record = (...fields: (string | number)[]) => fields.map((f) => (typeof f === 'number' ? String(f) : `~${f}~`)).join('^');
const nutData = (ndb: string, nutrient: string, value: string) =>
  `${record(ndb, nutrient)}^${value}^1^^${record('1', '', '', '')}^^^^^^^${record('')}^11/1976^`;
const foodDes = (ndb: string, group: string, name: string) =>
  `${record(ndb, group, name, name.toUpperCase().slice(0, 60), '', '', 'Y', '')}^0^${record('')}^6.25^4^9^4`;

/** A tiny SR28 release: FOOD_DES.txt in UTF-8 (as a re-saved copy is), the other files ASCII. */
function writeRelease(dir: string): void {
  const lines = (rows: string[]) => `${rows.join('\r\n')}\r\n`;
  writeFileSync(
    join(dir, 'NUTR_DEF.txt'),
    lines([
      record('203', 'g', 'PROCNT', 'Protein', '2', '600'),
      record('204', 'g', 'FAT', 'Total lipid (fat)', '2', '800'),
      record('205', 'g', 'CHOCDF', 'Carbohydrate, by difference', '2', '1100'),
      record('208', 'kcal', 'ENERC_KCAL', 'Energy', '0', '300'),
      record('307', 'mg', 'NA', 'Sodium, Na', '0', '5800'),
    ]),
  );
  writeFileSync(join(dir, 'FD_GROUP.txt'), lines([record('0100', 'Dairy and Egg Products'), record('1400', 'Beverages')]));
  writeFileSync(
    join(dir, 'FOOD_DES.txt'),
    Buffer.from(
      lines([
        foodDes('90001', '1400', 'Energy drink, huge'),
        foodDes('90002', '0100', 'Cheese, hex'),
        foodDes('90003', '1400', LONG_NAME),
        foodDes('90004', '1400', 'Tea\u0000, brewed'),
        foodDes('90005', '1400', 'Café crème'),
      ]),
      'utf8',
    ),
  );
  writeFileSync(join(dir, 'WEIGHT.txt'), lines([`${record('90002')}^1^1^${record('cup')}^0x10^^`]));
  const food = (ndb: string, protein: string, extra: string[] = []) => [
    nutData(ndb, '203', protein),
    nutData(ndb, '204', '1'),
    nutData(ndb, '205', '1'),
    ...extra,
  ];
  writeFileSync(
    join(dir, 'NUT_DATA.txt'),
    lines([
      // Protein alone beside the refused energy: no 4/9/4 to stand in for it.
      nutData('90001', '203', '1'),
      nutData('90001', '208', HUGE),
      nutData('90001', '307', HUGE),
      ...food('90002', '0x10', [nutData('90002', '208', '1e2')]),
      ...food('90003', '1'),
      ...food('90004', '1'),
      ...food('90005', '1', [nutData('90005', '208', '30'), nutData('90005', '307', '40')]),
    ]),
  );
}

describe('numbers and encodings as the SR28 reader takes them', () => {
  it.each([
    ['16', 16],
    ['0.85', 0.85],
    ['.5', 0.5],
    ['0x10', null],
    ['1e308', null],
    ['Infinity', null],
    ['0b1', null],
    ['-1', null],
    ['', null],
  ])('decimalNumber(%j) is %j', (text, expected) => {
    expect(decimalNumber(text)).toBe(expected);
  });

  it('detects UTF-8, Latin-1 and ASCII files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recipal-sr28-enc-'));
    try {
      writeFileSync(join(dir, 'u.txt'), Buffer.from('~Café crème~\r\n', 'utf8'));
      writeFileSync(join(dir, 'l.txt'), Buffer.from('~Café crème~\r\n', 'latin1'));
      writeFileSync(join(dir, 'a.txt'), Buffer.from('~Cafe~\r\n', 'latin1'));
      expect(await detectEncoding(join(dir, 'u.txt'))).toBe('utf-8');
      expect(await detectEncoding(join(dir, 'l.txt'))).toBe('latin1');
      expect(await detectEncoding(join(dir, 'a.txt'))).toBe('ascii');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(databaseKinds())('an SR28 release with values the API refuses, on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let summary: UsdaImportSummary;
  const byNdb = (ndb: number) => t.db.handle.db.selectFrom('ingredients').selectAll().where('ndb_no', '=', ndb).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp(kind);
    dir = mkdtempSync(join(tmpdir(), 'recipal-sr28-'));
    writeRelease(dir);
    const result = await importSr28(t.ctx, { dir });
    if (!result.ok) throw new Error(result.error);
    summary = result.summary;
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('refuses the long and the U+0000 names, saying why', async () => {
    const skipped = Object.fromEntries(summary.skipped.map((f) => [f.ndb_no, f.reasons.join('; ')]));
    expect(skipped['90003']).toMatch(/description is \d+ characters long; a name may have at most 255/);
    expect(skipped['90004']).toMatch(/U\+0000/);
    expect(await byNdb(90003)).toBeUndefined();
    expect(await byNdb(90004)).toBeUndefined();
  });

  it('refuses 1e308, "0x10" and "1e2", leaving those values unknown and reporting each', async () => {
    const flagged = Object.fromEntries(summary.flagged.map((f) => [f.ndb_no, f.reasons.join('; ')]));
    expect(flagged['90001']).toMatch(/refused NUT_DATA Nutr_No 208: "1000000000.*" is outside 0 to 1,000,000,000/);
    expect(flagged['90001']).toMatch(/refused NUT_DATA Nutr_No 307/);
    expect(flagged['90002']).toMatch(/refused NUT_DATA Nutr_No 203: "0x10" is not a decimal number/);
    expect(flagged['90002']).toMatch(/refused NUT_DATA Nutr_No 208: "1e2" is not a decimal number/);
    const huge = await byNdb(90001);
    const nutrients = JSON.parse(String(huge?.nutrients));
    expect(nutrients.calories).toBeUndefined();
    expect(nutrients.sodium).toBeUndefined();
    const hex = JSON.parse(String((await byNdb(90002))?.nutrients));
    expect(hex.protein).toBeUndefined();
    // WEIGHT's "0x10" grams made no measure: only the 100 g every food has.
    expect(JSON.parse(String((await byNdb(90002))?.portions))).toEqual([{ description: '100 gram', weight: 100 }]);
  });

  it('reads the UTF-8 FOOD_DES.txt as UTF-8, and says so', async () => {
    expect((await byNdb(90005))?.name).toBe('Café crème');
    expect(summary.encodings).toMatchObject({ 'FOOD_DES.txt': 'utf-8', 'NUT_DATA.txt': 'ascii' });
  });

  it('1 kg of the food whose energy and sodium were refused: unknown on the label, never 0, no free claim', async () => {
    const c = t.client();
    const huge = await byNdb(90001);
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Huge', servings: 1 } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: huge?.id, total_grams: 1000 } });
    const read = json(await c.get(`/v1/recipes/${recipe.id}`)).recipe;
    expect(Object.keys(read.missing_nutrients)).toEqual(expect.arrayContaining(['calories', 'sodium']));
    const res = await c.get(`/v1/recipes/${recipe.id}/label`);
    const label = json(res).label;
    expect(label.complete).toBe(false);
    expect(label.claims ?? []).not.toContain('Calorie Free');
    expect(label.claims ?? []).not.toContain('Sodium Free');
  });

  it('a stored amount past what can be summed (written before these rules) is unknown too, never 0', async () => {
    const c = t.client();
    const hex = await byNdb(90002);
    const nutrients = { ...JSON.parse(String(hex?.nutrients)), calories: 1e308, sodium: 1e308 };
    await t.db.handle.db
      .updateTable('ingredients')
      .set({ nutrients: JSON.stringify(nutrients) })
      .where('ndb_no', '=', 90002)
      .execute();
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Stored huge', servings: 1 } })).recipe;
    await c.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: hex?.id, total_grams: 1000 } });
    const read = json(await c.get(`/v1/recipes/${recipe.id}`)).recipe;
    expect(Object.keys(read.missing_nutrients)).toEqual(expect.arrayContaining(['calories', 'sodium']));
    const label = json(await c.get(`/v1/recipes/${recipe.id}/label`)).label;
    expect(label.complete).toBe(false);
    expect(label.claims ?? []).not.toContain('Calorie Free');
  });
});
