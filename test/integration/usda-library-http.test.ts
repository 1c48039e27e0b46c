// The public library as a user meets it through HTTP after importing the real April 2023 Foundation
// release (test/support/usda-data.ts: the whole release or the repository's sample of it): energy, inferred allergens, added
// sugars (a sweetener's equal to its sugars; a single-ingredient food's zero by nature, said in
// nutrients_inferred: docs/labeling.md#zero-by-nature), and correcting a library food through a copy (docs/api.md#copy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importUsda } from '../../src/services/usda/index.js';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { F2023 } from '../support/usda-data.js';

describe.each(databaseKinds())('the imported 2023 library through HTTP on %s', (kind) => {
  let t: TestApp;
  const ids = new Map<number, number>();
  beforeAll(async () => {
    t = await createTestApp(kind);
    const result = await importUsda(t.ctx, { source: F2023 });
    if (!result.ok) throw new Error(result.error);
    const rows = await t.db.handle.db
      .selectFrom('ingredients')
      .select(['id', 'fdc_id'])
      .where('fdc_id', 'in', [790508, 748967, 789890, 746784])
      .execute();
    for (const row of rows) ids.set(row.fdc_id!, row.id);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const read = async (fdcId: number) => json(await t.client().get(`/v1/ingredients/${ids.get(fdcId)}`)).ingredient;

  // Values from the release's food_nutrient.csv (see test/integration/usda-import.test.ts).
  const BY_NATURE = { added_sugar: 'single-ingredient food' };
  it.each([
    [748967, 'Eggs, Grade A, Large, egg whole', 148, { egg: true }, 0, BY_NATURE],
    [789890, 'Flour, wheat, all-purpose, enriched, bleached', 366, { wheat: true }, 0, { ...BY_NATURE, cholesterol: 'plant food' }],
    [746784, 'Sugars, granulated', 385, {}, 99.8, {}],
  ])('fdc_id %s %s: calories %s, allergens %j, added sugars %s', async (fdcId, name, calories, allergens, addedSugar, inferred) => {
    const food = await read(fdcId);
    expect(food).toMatchObject({
      name,
      public: true,
      usda_verified: true,
      calories,
      allergens,
      allergens_inferred: Object.keys(allergens).length > 0,
      added_sugar: addedSugar,
    });
    expect(food.nutrients_inferred).toEqual(inferred);
    if ('cholesterol' in inferred) expect(food.cholesterol).toBe(0);
    expect(food.source).toMatch(/; energy: FDC 1008 \(Energy\)$/);
  });

  it('butter: milk inferred; energy unknown (null, never 9 x fat, never zero by nature), and said so in its source', async () => {
    const butter = await read(790508);
    expect(butter).toMatchObject({
      name: 'Butter, stick, salted',
      allergens: { milk: true },
      allergens_inferred: true,
      calories: null,
      fat: 82.2,
      protein: null,
      carbohydrate: null,
      added_sugar: 0,
    });
    expect(butter.nutrients_inferred).toEqual(BY_NATURE);
    expect(butter.source).toMatch(/; energy: unknown$/);
  });

  it('a user corrects the butter through a copy: calories set, allergens confirmed (no longer inferred)', async () => {
    const butter = await read(790508);
    const copy = json(
      await t.client().post(`/v1/ingredients/${butter.id}/copy`, { ingredient: { name: 'Butter, salted (ours)' } }),
    ).ingredient;
    expect(copy).toMatchObject({
      public: false,
      source: `ingredient:${butter.id}`,
      allergens: { milk: true },
      allergens_inferred: true,
      calories: null,
    });
    // Sent relative to weight1 (100 g: "100 gram"), as every write is.
    expect(copy.default_unit).toBe('100 gram');
    const fixed = json(
      await t
        .client()
        .put(`/v1/ingredients/${copy.id}`, { ingredient: { calories: 717, protein: 0.85, carbohydrate: 0.06, allergens: { milk: true } } }),
    ).ingredient;
    expect(fixed).toMatchObject({ calories: 717, protein: 0.85, carbohydrate: 0.06, allergens: { milk: true }, allergens_inferred: false });
    expect(await read(790508)).toEqual(butter);
  });
});
