// Regression: a price list as people keep it ("$1,152.50"; "1.152,50 €" in a ;-separated file) was
// refused whole: every price with a currency sign or a thousands separator was "not a number". Money
// columns (price, shipping, labor_cost, overhead_cost, packaging_cost) now take a currency sign or code
// and thousands separators, with one decimal mark per column, shown by its values or else the file's
// (docs/api.md#import-prices).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('prices with currency signs on %s', (kind) => {
  let t: TestApp;
  const prices = async (ingredient: number) =>
    json(await t.client().get(`/v1/ingredients/${ingredient}/ingredient_costs`)).map((c: any) => [
      c.ingredient_cost.effective_at,
      c.ingredient_cost.price,
      c.ingredient_cost.shipping,
    ]);
  let butter: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    butter = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Butter' }))).ingredient.id;
  });
  afterAll(() => t.close());

  it('"$1,152.50" and "$12" in a ,-separated file; "1.152,50 €" and "1 152,5 €" in a ;-separated file', async () => {
    const comma = 'ingredient_name,effective_at,unit,quantity,price,shipping\nButter,2026-01-01,1 kg,1,"$1,152.50",$12\n';
    expect(json(await uploadSheet(t, comma, { kind: 'ingredient_costs', dryRun: false })).import).toMatchObject({ status: 'applied' });
    const semicolon = 'ingredient_name;effective_at;unit;quantity;price;shipping\nButter;2026-02-01;1 kg;1;1.152,50 €;1\u00A0152,5 €\n';
    expect(json(await uploadSheet(t, semicolon, { kind: 'ingredient_costs', dryRun: false })).import).toMatchObject({ status: 'applied' });
    expect(await prices(butter)).toEqual([
      ['2026-02-01', 1152.5, 1152.5],
      ['2026-01-01', 1152.5, 12],
    ]);
  });

  it('an XLSX price typed as text with a sign, beside one typed as a number', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('prices');
    sheet.addRow(['Ingredient Name', 'Effective At', 'Unit', 'Quantity', 'Price']);
    sheet.addRow(['Butter', '2026-03-01', '1 kg', 1, '£1,152.50']);
    sheet.addRow(['Butter', '2026-04-01', '1 kg', 1, 1.125]);
    const res = await uploadSheet(t, Buffer.from(await workbook.xlsx.writeBuffer()), {
      kind: 'ingredient_costs',
      filename: 'prices.xlsx',
      dryRun: false,
    });
    expect(json(res).import, res.body).toMatchObject({ status: 'applied', created: 2 });
    expect((await prices(butter)).slice(0, 2)).toEqual([
      ['2026-04-01', 1.125, 0],
      ['2026-03-01', 1152.5, 0],
    ]);
  });
});
