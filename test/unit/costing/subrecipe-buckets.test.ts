// What a subrecipe line costs its parent (docs/api.md#subrecipe-costs), bucket by bucket: the share
// used (grams / the subrecipe's finished grams) of its ingredients, labor and overhead, each in the
// parent's bucket of the same name; none of its packaging (it is not packed when used inside another
// recipe), nor the missing price of that packaging.
import { describe, expect, it } from 'vitest';
import { CostCalculator, costTreeOf, recipeCostsJson, type CostEntry } from '../../../src/core/costing/index.js';
import { RecipeEvaluator, type Recipe, type RecipeLine } from '../../../src/core/recipe/index.js';
import { BOX, FLOUR, graph, ingredient, LABOR, line, recipe, subrecipeIngredient } from '../recipe/fixtures.js';

const GAS = ingredient(6, 'Oven gas', {}, { food: false, non_food: 'other_fixed', portions: [{ description: '1 batch', weight: 1 }] });
const SAUCE = subrecipeIngredient(41, 40, 'Sauce');
const price = (unit: string, p: number): CostEntry => ({ effective_at: '2026-01-01', unit, quantity: 1, price: p, shipping: 0 });
// Flour 0.0025/g; box 0.30; baker 15/h; gas 2/batch.
const PRICES = new Map<number, CostEntry>([
  [1, price('1 kg', 2.5)],
  [4, price('1 box', 0.3)],
  [5, price('1 hour', 15)],
  [6, price('1 batch', 2)],
]);

// The sauce: 1000 g flour (ingredients 2.50); 2 boxes (packaging 0.60) + packaging_cost 0.25 x 2
// packages; 30 minutes of the baker (7.50) + labor_cost 1 (labor 8.50); gas 2 + overhead_cost 0.50
// (overhead 2.50). 1000 g finished, two 500 g packages.
const SAUCE_RECIPE = recipe(40, 'Sauce', { packages: 2, labor_cost: 1, overhead_cost: 0.5, packaging_cost: 0.25 });
const SAUCE_LINES = [line(40, 1, 1000), line(40, 4, 2, '1 box'), line(40, 5, 30, '1 minute'), line(40, 6, 1, '1 batch')];

function costOf(id: number, recipes: Recipe[], lines: RecipeLine[], prices = PRICES) {
  const evaluator = new RecipeEvaluator(graph([SAUCE_RECIPE, ...recipes], [...SAUCE_LINES, ...lines], [FLOUR, BOX, LABOR, GAS, SAUCE]));
  return recipeCostsJson(new CostCalculator(prices).recipe(costTreeOf(evaluator.recipe(id)!)), '2026-11-21', 'USD');
}

describe("a subrecipe line in its parent's buckets", () => {
  it('the subrecipe on its own fills all four buckets', () => {
    expect(costOf(40, [], [])).toMatchObject({
      ingredients: 2.5,
      packaging: 1.1,
      labor: 8.5,
      overhead: 2.5,
      batch: 14.6,
      per_package: 7.3,
    });
  });

  it.each([
    // [what the parent uses, quantity, unit, ingredients, labor, overhead]
    ['all of it', 1000, '1 gram', 2.5, 8.5, 2.5],
    ['a fifth', 200, '1 gram', 0.5, 1.7, 0.5],
    ['one package (500 g)', 1, '1 package', 1.25, 4.25, 1.25],
    ['one gram', 1, '1 gram', 0.0025, 0.0085, 0.0025],
    ['none', 0, '1 gram', 0, 0, 0],
  ] as const)('%s: its share of ingredients, labor and overhead, no packaging', (_what, quantity, unit, ingredients, labor, overhead) => {
    const costs = costOf(50, [recipe(50, 'Pasta')], [line(50, 41, quantity, unit)]);
    expect(costs).toMatchObject({ ingredients, packaging: 0, labor, overhead, missing_costs: [] });
    expect(costs.batch).toBeCloseTo(ingredients + labor + overhead, 4);
  });

  it("the parent's own buckets add to the shares", () => {
    const costs = costOf(
      50,
      [recipe(50, 'Pasta', { labor_cost: 2, overhead_cost: 1, packaging_cost: 0.1 })],
      [line(50, 41, 200), line(50, 1, 400), line(50, 4, 1, '1 box')],
    );
    // ingredients 0.50 + 1.00; packaging 0.30 + 0.10; labor 1.70 + 2; overhead 0.50 + 1.
    expect(costs).toMatchObject({ ingredients: 1.5, packaging: 0.4, labor: 3.7, overhead: 1.5, batch: 7.1 });
  });

  it("a missing price of the subrecipe's packaging is not the parent's; a missing food price is", () => {
    const noBox = new Map(PRICES);
    noBox.delete(4);
    expect(costOf(40, [], [], noBox).missing_costs).toEqual([4]);
    expect(costOf(50, [recipe(50, 'Pasta')], [line(50, 41, 200)], noBox)).toMatchObject({
      ingredients: 0.5,
      labor: 1.7,
      missing_costs: [],
    });
    const noFlour = new Map(PRICES);
    noFlour.delete(1);
    expect(costOf(50, [recipe(50, 'Pasta')], [line(50, 41, 200)], noFlour)).toMatchObject({
      ingredients: 0,
      labor: 1.7,
      missing_costs: [1],
    });
  });

  it('two levels deep: labor made at each level stays labor', () => {
    const middle = subrecipeIngredient(61, 60, 'Lasagna sheet');
    const evaluator = new RecipeEvaluator(
      graph(
        [SAUCE_RECIPE, recipe(60, 'Lasagna sheet', { labor_cost: 1 }), recipe(70, 'Lasagna')],
        [...SAUCE_LINES, line(60, 41, 500), line(60, 1, 500), line(70, 61, 500)],
        [FLOUR, BOX, LABOR, GAS, SAUCE, middle],
      ),
    );
    const costs = recipeCostsJson(new CostCalculator(PRICES).recipe(costTreeOf(evaluator.recipe(70)!)), '2026-11-21', 'USD');
    // The sheet (1000 g): ingredients 1.25 + 1.25, labor 4.25 + 1, overhead 1.25. Half of it:
    expect(costs).toMatchObject({ ingredients: 1.25, packaging: 0, labor: 2.625, overhead: 0.625, batch: 4.5 });
  });
});
