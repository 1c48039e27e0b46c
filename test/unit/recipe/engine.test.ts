import { describe, expect, it } from 'vitest';
import { RecipeEvaluator, subrecipePortions } from '../../../src/core/recipe/index.js';
import { BOX, FLOUR, graph, ingredient, LABOR, line, MILK, recipe, SUGAR, subrecipeIngredient } from './fixtures.js';

const ML_PER_CUP = 236.5882365;
const MILK_DENSITY = 244 / ML_PER_CUP; // g/mL
const FL_OZ_ML = 29.5735295625;

interface Case {
  name: string;
  recipe: Parameters<typeof recipe>[2];
  lines: Array<[ingredientId: number, quantity: number, unit?: string, waste?: number]>;
  expect: {
    total_grams: number;
    net_grams: number;
    package_grams: number;
    serving_grams: number;
    perServing: Record<string, number | null>;
    per100g: Record<string, number | null>;
    serving_ml?: number | null;
  };
}

// Hand-computed: nutrient per serving = sum(net g x per-100 g / 100) / (packages x servings).
const CASES: Case[] = [
  {
    name: 'two food lines, 4 servings',
    recipe: { servings: 4 },
    lines: [
      [1, 200],
      [2, 100],
    ],
    expect: {
      total_grams: 300,
      net_grams: 300,
      package_grams: 300,
      serving_grams: 75,
      // calories (728 + 400) / 4; water 24 / 4; carbohydrate 100 / 4; fiber unknown everywhere -> null
      perServing: { calories: 282, water: 6, carbohydrate: 25, fiber: null },
      per100g: { calories: 376, water: 8, carbohydrate: 33.333333333333336, fiber: null },
    },
  },
  {
    name: 'waste 25 %: nutrition from net grams, total_grams stays gross',
    recipe: { servings: 1 },
    lines: [[1, 200, '1 gram', 25]],
    expect: {
      total_grams: 200,
      net_grams: 150,
      package_grams: 150,
      serving_grams: 150,
      perServing: { calories: 546, protein: 15, water: 18 },
      per100g: { calories: 364, protein: 10 },
    },
  },
  {
    name: 'waste 100 %: nothing reaches the product',
    recipe: { servings: 1 },
    lines: [[1, 200, '1 gram', 100]],
    expect: {
      total_grams: 200,
      net_grams: 0,
      package_grams: 0,
      serving_grams: 0,
      perServing: { calories: 0 },
      per100g: { calories: null },
    },
  },
  {
    name: 'waste 0 %: net equals gross',
    recipe: { servings: 2 },
    lines: [[1, 100, '1 gram', 0]],
    expect: {
      total_grams: 100,
      net_grams: 100,
      package_grams: 100,
      serving_grams: 50,
      perServing: { calories: 182 },
      per100g: { calories: 364 },
    },
  },
  {
    name: 'moisture loss: 200 g baked down to 180 g',
    recipe: { servings: 2, package_yield_quantity: 180 },
    lines: [[1, 200]],
    expect: {
      total_grams: 200,
      net_grams: 200,
      package_grams: 180,
      serving_grams: 90,
      // water 24 - 20 = 4 g per batch; calories unchanged per serving (728 / 2)
      perServing: { calories: 364, protein: 10, water: 2 },
      per100g: { calories: 404.44444444444446, protein: 11.11111111111111, water: 2.2222222222222223 },
    },
  },
  {
    name: 'moisture loss larger than the water: water stops at 0',
    recipe: { servings: 1, package_yield_quantity: 150 },
    lines: [[1, 200]],
    expect: {
      total_grams: 200,
      net_grams: 200,
      package_grams: 150,
      serving_grams: 150,
      perServing: { calories: 728, water: 0 },
      per100g: { water: 0 },
    },
  },
  {
    name: 'yield in ounces: 8 oz = 226.796185 g',
    recipe: { servings: 1, package_yield_quantity: 8, package_yield_unit: 'ounces' },
    lines: [[1, 250]],
    expect: {
      total_grams: 250,
      net_grams: 250,
      package_grams: 226.796185,
      serving_grams: 226.796185,
      perServing: { calories: 910, water: 30 - (250 - 226.796185) },
      per100g: { calories: (910 * 100) / 226.796185 },
    },
  },
  {
    name: 'non-food lines add no weight and no nutrition',
    recipe: { servings: 2 },
    lines: [
      [1, 100],
      [4, 3, '1 box'],
      [5, 2, '1 hour'],
    ],
    expect: {
      total_grams: 100,
      net_grams: 100,
      package_grams: 100,
      serving_grams: 50,
      perServing: { calories: 182 },
      per100g: { calories: 364 },
    },
  },
  {
    name: 'packages x servings divide the batch',
    recipe: { servings: 3, packages: 2 },
    lines: [[1, 600]],
    expect: {
      total_grams: 600,
      net_grams: 600,
      package_grams: 300,
      serving_grams: 100,
      perServing: { calories: 364 },
      per100g: { calories: 364 },
    },
  },
  {
    name: 'packages 0 count as 1',
    recipe: { servings: 2, packages: 0 },
    lines: [[1, 100]],
    expect: {
      total_grams: 100,
      net_grams: 100,
      package_grams: 100,
      serving_grams: 50,
      perServing: { calories: 182 },
      per100g: { calories: 364 },
    },
  },
  {
    name: 'volume yield in mL through the recipe density (no loss)',
    recipe: { servings: 2, packages: 2, package_yield_quantity: 500, package_yield_unit: 'mL' },
    lines: [[3, 1000, '1 ml']],
    expect: {
      total_grams: 1000 * MILK_DENSITY,
      net_grams: 1000 * MILK_DENSITY,
      package_grams: 500 * MILK_DENSITY,
      serving_grams: 250 * MILK_DENSITY,
      serving_ml: 250,
      perServing: { calories: (1000 * MILK_DENSITY * 0.61) / 4 },
      per100g: { calories: 61, water: 88 },
    },
  },
  {
    name: 'volume yield in fluid ounces with moisture loss',
    recipe: { servings: 1, packages: 1, package_yield_quantity: 16, package_yield_unit: 'fluid ounces' },
    lines: [[3, 2, '1 cup']],
    expect: {
      total_grams: 488,
      net_grams: 488,
      package_grams: 16 * FL_OZ_ML * MILK_DENSITY,
      serving_grams: 16 * FL_OZ_ML * MILK_DENSITY,
      serving_ml: 16 * FL_OZ_ML,
      perServing: { calories: 488 * 0.61, water: 488 * 0.88 - (488 - 16 * FL_OZ_ML * MILK_DENSITY) },
      per100g: { calories: (488 * 0.61 * 100) / (16 * FL_OZ_ML * MILK_DENSITY) },
    },
  },
];

describe('nutrition engine', () => {
  it.each(CASES)('$name', (c) => {
    const r = recipe(10, 'R', c.recipe);
    const lines = c.lines.map(([id, q, unit, waste]) => line(10, id, q, unit ?? (id === 3 ? '1 ml' : '1 gram'), waste ?? 0));
    const result = new RecipeEvaluator(graph([r], lines, [FLOUR, SUGAR, MILK, BOX, LABOR])).recipe(10)!;
    expect(result.total_grams).toBeCloseTo(c.expect.total_grams, 9);
    expect(result.net_grams).toBeCloseTo(c.expect.net_grams, 9);
    expect(result.package_grams).toBeCloseTo(c.expect.package_grams, 9);
    expect(result.serving_grams).toBeCloseTo(c.expect.serving_grams, 9);
    if (c.expect.serving_ml !== undefined) expect(result.serving_ml).toBeCloseTo(c.expect.serving_ml!, 9);
    for (const [key, value] of Object.entries(c.expect.perServing)) {
      if (value === null) expect(result.nutrition[key], key).toBeNull();
      else expect(result.nutrition[key], key).toBeCloseTo(value, 9);
    }
    for (const [key, value] of Object.entries(c.expect.per100g)) {
      if (value === null) expect(result.nutrition_per_100g[key], key).toBeNull();
      else expect(result.nutrition_per_100g[key], key).toBeCloseTo(value, 9);
    }
  });

  it('carries every nutrient key, null where no line knows it', () => {
    const result = new RecipeEvaluator(graph([recipe(10, 'R')], [line(10, 1, 100)], [FLOUR])).recipe(10)!;
    expect(Object.keys(result.nutrition)).toContain('vitamin_b12');
    expect(result.nutrition.vitamin_b12).toBeNull();
    expect(result.nutrition.calories).toBe(364);
  });

  it('an empty recipe is empty, with null nutrients', () => {
    const result = new RecipeEvaluator(graph([recipe(10, 'R')], [], [])).recipe(10)!;
    expect(result.empty).toBe(true);
    expect(result.nutrition.calories).toBeNull();
    expect(result.generated_statements['en-US']).toBeNull();
  });

  it("allergens: union of the lines and the recipe's own", () => {
    const r = recipe(10, 'R', { allergens: { egg: true } });
    const result = new RecipeEvaluator(graph([r], [line(10, 1, 10), line(10, 3, 10, '1 ml')], [FLOUR, MILK])).recipe(10)!;
    expect(result.allergens).toEqual({ egg: true, milk: true, wheat: true });
  });
});

describe('subrecipes', () => {
  // C: sugar 100 g, 1 serving. B: 50 g of C + 50 g flour, 2 servings. A: 2 servings of B (100 g) + 100 g milk (ml).
  const C = recipe(30, 'Syrup');
  const B = recipe(20, 'Dough', { servings: 2 });
  const A = recipe(10, 'Cake', { servings: 4, package_yield_quantity: 180 });
  const subC = subrecipeIngredient(300, 30, 'Syrup');
  const subB = subrecipeIngredient(200, 20, 'Dough');
  const lines = [line(30, 2, 100), line(20, 300, 50), line(20, 1, 50), line(10, 200, 2, '1 serving'), line(10, 1, 100)];
  const g = graph([A, B, C], lines, [FLOUR, SUGAR, subB, subC]);

  it('a subrecipe ingredient follows its recipe: per 100 g and units (two levels deep)', () => {
    const ev = new RecipeEvaluator(g);
    // B per 100 g: (50 x 400 + 50 x 364) / 100 g = 382 kcal; serving 50 g, package 100 g.
    const b = ev.ingredient(200)!;
    expect(b.ingredient.nutrients.calories).toBeCloseTo(382, 9);
    expect(b.unitsAndGrams['1 serving']).toBe(50);
    expect(b.unitsAndGrams['1 package']).toBe(100);
    expect(b.ingredient.allergens).toEqual({ wheat: true });
    // A: 100 g of B (382 kcal) + 100 g flour (364) = 746 kcal over 4 servings; 200 g baked to 180 g.
    const a = ev.recipe(10)!;
    expect(a.net_grams).toBe(200);
    expect(a.nutrition.calories).toBeCloseTo(746 / 4, 9);
    expect(a.nutrition_per_100g.calories).toBeCloseTo((746 * 100) / 180, 9);
    // water: B has 6 g per 100 g (flour's 12 on half), A: 6 + 12 = 18 g, minus 20 g of loss -> 0.
    expect(a.nutrition.water).toBe(0);
    expect(a.allergens).toEqual({ wheat: true });
  });

  it('statements nest: Name (its own statement), by descending weight', () => {
    const a = new RecipeEvaluator(g).recipe(10)!;
    // Equal weights keep the order added: Syrup before Flour in B; Dough before Flour in A.
    expect(a.statements['en-US']).toBe('Dough (Syrup (Sugar), Flour), Flour');
  });

  it('subrecipe units include volume when the recipe has a volume yield', () => {
    const M = recipe(40, 'Milk base', { package_yield_quantity: 500, package_yield_unit: 'mL' });
    const ev = new RecipeEvaluator(graph([M], [line(40, 3, 500, '1 ml')], [MILK]));
    const portions = subrecipePortions(ev.recipe(40)!);
    expect(portions.map((p) => p.description)).toEqual(['1 serving', '1 package', '1 ml']);
    expect(portions[2]!.weight).toBeCloseTo(MILK_DENSITY, 12);
  });

  it('a cycle does not loop forever: the inner use falls back to the stored ingredient', () => {
    const X = recipe(50, 'X');
    const subX = subrecipeIngredient(500, 50, 'X');
    const ev = new RecipeEvaluator(graph([X], [line(50, 1, 100), line(50, 500, 10)], [FLOUR, subX]));
    const x = ev.recipe(50)!;
    expect(x.nutrition.calories).toBe(364);
  });

  it('a line whose unit no longer exists uses the grams stored when it was written', () => {
    const l = { ...line(10, 1, 3, '1 scoop'), total_grams: 90 };
    const result = new RecipeEvaluator(graph([recipe(10, 'R')], [l], [FLOUR])).recipe(10)!;
    expect(result.net_grams).toBe(90);
  });
});

describe('ingredient statements', () => {
  it('merges duplicates, uses ingredient_list text and French names', () => {
    const salt = ingredient(6, 'Salt', {}, { ingredient_list: 'Sea salt', name_fr: 'Sel' });
    const oil = ingredient(7, 'Canola oil', {}, { ingredient_list_fr: 'Huile de canola' });
    const r = recipe(10, 'R');
    const lines = [line(10, 6, 5), line(10, 1, 100), line(10, 7, 20), line(10, 6, 30)];
    const result = new RecipeEvaluator(graph([r], lines, [FLOUR, salt, oil])).recipe(10)!;
    // salt 5 + 30 = 35 g ranks above oil 20 g.
    expect(result.statements['en-US']).toBe('Flour, Sea salt, Canola oil');
    expect(result.statements['en-CA']).toBe('Flour, Sea salt, Canola oil');
    // French: ingredient_list_fr, then name_fr, then the English text.
    expect(result.statements['fr-CA']).toBe('Flour, Sel, Huile de canola');
  });

  it('a custom ingredient_list replaces the generated one (fr-CA only with ingredient_list_fr)', () => {
    const r = recipe(10, 'R', { ingredient_list: 'Love' });
    const result = new RecipeEvaluator(graph([r], [line(10, 1, 100)], [FLOUR])).recipe(10)!;
    expect(result.statements).toMatchObject({ 'en-US': 'Love', 'en-CA': 'Love', 'fr-CA': 'Flour', 'de-DE': 'Flour' });
    expect(result.generated_statements['en-US']).toBe('Flour');
  });

  it('non-food lines are not ingredients', () => {
    const result = new RecipeEvaluator(graph([recipe(10, 'R')], [line(10, 4, 1, '1 box'), line(10, 1, 1)], [FLOUR, BOX])).recipe(10)!;
    expect(result.statements['en-US']).toBe('Flour');
  });
});
