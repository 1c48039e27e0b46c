// Hand-computed recipe costs, through the real nutrition engine (so lines, live subrecipe units and
// finished weights are what the API uses).
import { describe, expect, it } from 'vitest';
import { CostCalculator, costTreeOf, pricedIngredientIds, recipeCostsJson, type CostEntry } from '../../../src/core/costing/index.js';
import { RecipeEvaluator, scaledRecipeFields, type Recipe, type RecipeLine } from '../../../src/core/recipe/index.js';
import type { Ingredient } from '../../../src/core/ingredient.js';
import { BOX, FLOUR, graph, ingredient, LABOR, line, MILK, recipe, SUGAR, subrecipeIngredient } from '../recipe/fixtures.js';

const GAS = ingredient(6, 'Oven gas', {}, { food: false, non_food: 'other_fixed', portions: [{ description: '1 batch', weight: 1 }] });
const THERMO = ingredient(
  7,
  'Core temperature',
  {},
  { food: false, non_food: 'safety', portions: [{ description: '1 degree F', weight: 1 }] },
);
const BASE = [FLOUR, SUGAR, MILK, BOX, LABOR, GAS, THERMO];

const price = (unit: string, quantity: number, p: number, shipping = 0): CostEntry => ({
  effective_at: '2026-01-01',
  unit,
  quantity,
  price: p,
  shipping,
});
// Flour 0.0025/g; sugar $1 per lb; box $0.30 each (0.006 per gram of its 50 g scale); baker $15/h; gas $2/batch.
const PRICES = new Map<number, CostEntry>([
  [1, price('1 kg', 1, 2.4, 0.1)],
  [2, price('1 lb', 1, 1)],
  [4, price('1 box', 1, 0.3)],
  [5, price('1 hour', 1, 15)],
  [6, price('1 batch', 1, 2)],
]);

function costs(recipes: Recipe[], lines: RecipeLine[], extra: Ingredient[] = [], prices = PRICES, rootId = recipes[0]!.id) {
  const evaluator = new RecipeEvaluator(graph(recipes, lines, [...BASE, ...extra]));
  const tree = costTreeOf(evaluator.recipe(rootId)!);
  return { json: recipeCostsJson(new CostCalculator(prices).recipe(tree), '2026-11-21', 'USD'), tree };
}

describe('recipe cost roll-up (hand-computed)', () => {
  it('costs a line with waste on its gross grams', () => {
    // 200 g flour, 25 % waste: 200 x 0.0025 = 0.50 (nutrition sees 150 g; the 50 g wasted were still bought).
    const { json } = costs([recipe(100, 'Bread')], [line(100, 1, 200, '1 gram', 25)]);
    expect(json).toEqual({
      ingredients: 0.5,
      packaging: 0,
      labor: 0,
      overhead: 0,
      batch: 0.5,
      per_package: 0.5,
      per_serving: 0.5,
      cost_date: '2026-11-21',
      currency: 'USD',
      missing_costs: [],
      missing_cost_ingredients: [],
    });
  });

  it("fills every bucket: food, packaging, labor, other_fixed, safety and the recipe's own costs", () => {
    const r = recipe(100, 'Cake', { packages: 4, servings: 2, labor_cost: 5, overhead_cost: 3, packaging_cost: 0.25 });
    const { json } = costs(
      [r],
      [
        line(100, 1, 400, '1 gram', 10), // 400 g x 0.0025 = 1.00 (waste does not lower cost)
        line(100, 2, 0.5, '1 lb'), // half a pound at $1/lb = 0.50
        line(100, 4, 2, '1 box'), // 2 x 0.30 = 0.60
        line(100, 5, 90, '1 minute'), // 1.5 h x 15 = 22.50
        line(100, 6, 1, '1 batch'), // 2.00 once per batch
        line(100, 7, 165, '1 degree F'), // safety: no cost, never missing
      ],
    );
    // ingredients 1.50; packaging 0.60 + 0.25 x 4 = 1.60; labor 22.50 + 5 = 27.50; overhead 3 + 2 = 5
    expect(json).toMatchObject({
      ingredients: 1.5,
      packaging: 1.6,
      labor: 27.5,
      overhead: 5,
      batch: 35.6,
      per_package: 8.9,
      per_serving: 4.45,
      missing_costs: [],
    });
  });

  it('treats 0 packages as 1 (for packaging_cost and per_package)', () => {
    const { json } = costs([recipe(100, 'Loaf', { packages: 0, servings: 4, packaging_cost: 0.5 })], [line(100, 1, 1000)]);
    expect(json).toMatchObject({ ingredients: 2.5, packaging: 0.5, batch: 3, per_package: 3, per_serving: 0.75 });
  });

  it('lists ingredients without a cost, costs the rest', () => {
    const { json } = costs(
      [recipe(100, 'Latte')],
      [line(100, 3, 1, '1 cup'), line(100, 1, 100), line(100, 5, 1, '1 hour')],
      [],
      new Map([[1, PRICES.get(1)!]]),
    );
    expect(json).toMatchObject({ ingredients: 0.25, labor: 0, batch: 0.25, missing_costs: [3, 5] });
  });

  it('keeps money exact: 0.1 + 0.2 is 0.3', () => {
    const a = ingredient(20, 'A', {}, { portions: [{ description: '1 piece', weight: 1 }] });
    const b = ingredient(21, 'B', {}, { portions: [{ description: '1 piece', weight: 1 }] });
    const prices = new Map([
      [20, price('1 piece', 1, 0.1)],
      [21, price('1 piece', 1, 0.2)],
    ]);
    const { json } = costs(
      [recipe(100, 'Sum', { servings: 3 })],
      [line(100, 20, 1, '1 piece'), line(100, 21, 1, '1 piece')],
      [a, b],
      prices,
    );
    expect(json).toMatchObject({ ingredients: 0.3, batch: 0.3, per_serving: 0.1 });
    // $1 for 3 servings: 0.3333 (half-up at the 4th decimal), never 0.33333333333333337.
    const { json: third } = costs([recipe(100, 'Third', { servings: 3 })], [line(100, 20, 10, '1 piece')], [a], prices);
    expect(third.per_serving).toBe(0.3333);
    // A tie at the 4th decimal is rounded up, so it must arrive exact: 30 minutes at $15/h = 7.5 over
    // 4 servings = 1.875, and 25 minutes = 6.25 / 8 = 0.78125 -> 0.7813 (1/60 h has no finite decimal).
    const tie = (minutes: number, servings: number) =>
      costs([recipe(100, 'Tie', { servings })], [line(100, 5, minutes, '1 minute')], [], new Map([[5, price('1 hour', 1, 15)]])).json
        .per_serving;
    expect([tie(30, 4), tie(25, 8)]).toEqual([1.875, 0.7813]);
  });

  it('prices a subrecipe two levels deep at its cost per gram of finished weight, live', () => {
    // C: 1000 g flour (2.50) + 100 g milk without a cost + labor_cost 0.50 = 3.00 for 1100 g finished.
    // B: 500 g of C (ingredients 500 x 2.5/1100, labor 500 x 0.5/1100 = 0.22727273) + 500 g sugar at $1/lb
    //    (1.10231131) = 2.46594768, baked down to 800 g.
    // A: half a package of B (400 of its 800 g): labor 0.11363636, ingredients 1.11933748 + 100 g flour
    //    0.25 = 1.36933748; batch 1.48297384; 2 packages, 3 servings.
    const C = recipe(30, 'Dough', { labor_cost: 0.5 });
    const B = recipe(20, 'Filling', { package_yield_quantity: 800 });
    const A = recipe(10, 'Pie', { packages: 2, servings: 3 });
    const subC = subrecipeIngredient(31, 30, 'Dough');
    const subB = subrecipeIngredient(21, 20, 'Filling');
    const { json, tree } = costs(
      [A, B, C],
      [
        line(30, 1, 1000),
        line(30, 3, 100, '1 gram'),
        line(20, 31, 500),
        line(20, 2, 500),
        line(10, 21, 0.5, '1 package'),
        line(10, 1, 100),
      ],
      [subB, subC],
    );
    const bIngredients = (500 * 2.5) / 1100 + 500 / 453.59237;
    expect(json.ingredients).toBeCloseTo(bIngredients / 2 + 0.25, 4);
    expect(json).toMatchObject({
      ingredients: 1.3693,
      labor: 0.1136,
      batch: 1.483,
      per_package: 0.7415,
      per_serving: 0.2472,
      missing_costs: [3],
    });
    expect(pricedIngredientIds([tree]).sort((x, y) => x - y)).toEqual([1, 2, 3]);
  });

  it('a subrecipe that cannot be read is a missing cost, not a crash', () => {
    const { json } = costs(
      [recipe(10, 'Pie')],
      [line(10, 1, 100), { ...line(10, 21, 100), total_grams: 100 }],
      [subrecipeIngredient(21, 99, 'Gone')],
    );
    expect(json).toMatchObject({ ingredients: 0.25, missing_costs: [21] });
  });

  it('scaling doubles the batch (lines x2, labor/overhead x2, packages x2)', () => {
    const fields = { ...recipe(100, 'Cake', { packages: 4, servings: 2, labor_cost: 5, overhead_cost: 3, packaging_cost: 0.25 }) };
    const lines = (recipeId: number, k: number) => [
      line(recipeId, 1, 400 * k),
      line(recipeId, 4, 2 * k, '1 box'),
      line(recipeId, 5, 1.5 * k, '1 hour'),
    ];
    const original = costs([fields], lines(100, 1)).json;
    const scaled = { ...fields, ...scaledRecipeFields(fields, 2), id: 101 };
    const doubled = costs([scaled], lines(101, 2)).json;
    // 1.00 + (0.60 + 1.00) + (22.50 + 5) + 3 = 33.10
    expect(original).toMatchObject({ batch: 33.1, per_package: 8.275, per_serving: 4.1375 });
    expect(doubled).toMatchObject({
      ingredients: 2,
      packaging: 3.2,
      labor: 55,
      overhead: 6,
      batch: 66.2,
      per_package: 8.275,
      per_serving: 4.1375,
    });
  });

  it('the same tree priced on three dates', () => {
    const at = (p: number) => new Map([[1, price('1 kg', 1, p)]]);
    const run = (p: number) => costs([recipe(100, 'Bread', { servings: 4 })], [line(100, 1, 500)], [], at(p)).json;
    expect([run(2), run(3), run(4.4)].map((j) => [j.batch, j.per_serving])).toEqual([
      [1, 0.25],
      [1.5, 0.375],
      [2.2, 0.55],
    ]);
  });
});
