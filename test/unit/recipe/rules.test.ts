import { describe, expect, it } from 'vitest';
import {
  applyLabelSettings,
  applyLineAmount,
  applyRecipeWrite,
  createsCycle,
  newRecipeDefaults,
  parseScaleAmount,
  reachableRecipes,
  scaledName,
  scaledRecipeFields,
  shortcutLines,
  yieldUnitOf,
} from '../../../src/core/recipe/index.js';
import { buildUnitsAndGrams } from '../../../src/core/units.js';
import { FLOUR, graph, line, recipe, subrecipeIngredient } from './fixtures.js';

describe('applyRecipeWrite', () => {
  it.each([
    [{ servings: 1 }, true],
    [{ servings: 0.999 }, false],
    [{ servings: '2' }, true],
    [{ packages: 0 }, true],
    [{ packages: -0.001 }, false],
    [{ package_yield_quantity: 'default' }, true],
    [{ package_yield_quantity: 'DEFAULT' }, true],
    [{ package_yield_quantity: 0 }, true],
    [{ package_yield_quantity: -1 }, false],
    [{ package_yield_quantity: 'x' }, false],
    [{ package_yield_unit: 'fl oz' }, true],
    [{ package_yield_unit: 'liters' }, false],
    [{ labor_cost: 0 }, true],
    [{ labor_cost: -0.01 }, false],
    [{ embed_token: 'rotate' }, true],
    [{ embed_token: 'abc' }, false],
    [{ archived: true }, true],
    [{ archived: 'yes' }, false],
  ])('%j -> ok %s', (input, ok) => {
    expect(applyRecipeWrite(null, { name: 'R', ...input }).ok).toBe(ok);
  });

  it('requires a name on create and keeps unsent fields on update', () => {
    expect(applyRecipeWrite(null, {})).toEqual({ ok: false, errors: { name: ["can't be blank"] } });
    const existing = { ...newRecipeDefaults(), name: 'R', sku: 'S', servings: 3 };
    const result = applyRecipeWrite(existing, { package_yield_unit: 'oz', tags: 'a, b,a' });
    expect(result.ok && result.fields).toMatchObject({ name: 'R', sku: 'S', servings: 3, package_yield_unit: 'ounces', tags: ['a', 'b'] });
  });

  it('"default" ingredient_list and package_yield_quantity store null', () => {
    const existing = { ...newRecipeDefaults(), name: 'R', ingredient_list: 'x', package_yield_quantity: 5 };
    const result = applyRecipeWrite(existing, { ingredient_list: 'default', package_yield_quantity: 'default' });
    expect(result.ok && [result.fields.ingredient_list, result.fields.package_yield_quantity]).toEqual([null, null]);
  });
});

describe('yield units', () => {
  it.each([
    ['g', 'grams'],
    ['Ounces', 'ounces'],
    ['ml', 'mL'],
    ['fluid ounce', 'fluid ounces'],
    ['cup', undefined],
  ])('%s -> %s', (text, unit) => {
    expect(yieldUnitOf(text)).toBe(unit);
  });
});

describe('applyLabelSettings', () => {
  it.each([
    [{ language: 'fr-CA' }, true],
    [{ language: 'fr-BE' }, false],
    [{ format: 'fda_dual_container' }, true],
    [{ format: 'fda_poster' }, false],
    [{ dv_population: 'children_1_3' }, true],
    [{ dv_population: 'teens' }, false],
    [{ percent_dv_basis: 'unrounded' }, true],
    [{ percent_dv_basis: 'exact' }, false],
    [{ optional_nutrients: ['vitamin_a', 'potassium'] }, true],
    [{ optional_nutrients: ['magic'] }, false],
    [{ racc_grams: 0.001 }, true],
    [{ racc_grams: 0 }, false],
    [{ reference_amount_grams: -1 }, false],
    [{ dual_column_titles: ['a', 'b'] }, true],
    [{ dual_column_titles: ['a'] }, false],
    [{ dual_column_titles: ['a', ''] }, false],
    [{ colour: 'red' }, false],
  ])('%j -> ok %s', (input, ok) => {
    expect(applyLabelSettings({}, input).ok).toBe(ok);
  });

  it('merges members, null removes one, null clears all', () => {
    expect(applyLabelSettings({ format: 'fda_linear' }, { racc_grams: 5 })).toEqual({
      ok: true,
      value: { format: 'fda_linear', racc_grams: 5 },
    });
    expect(applyLabelSettings({ format: 'fda_linear', racc_grams: 5 }, { format: null })).toEqual({ ok: true, value: { racc_grams: 5 } });
    expect(applyLabelSettings({ format: 'fda_linear' }, null)).toEqual({ ok: true, value: {} });
  });
});

describe('applyLineAmount', () => {
  const units = buildUnitsAndGrams([{ description: '1 cup', weight: 125 }]);
  const ing = { name: 'Flour', portions: [{ description: '1 cup', weight: 125 }] };
  it.each([
    [{}, { unit: '1 cup', quantity: 1, waste: 0, total_grams: 125 }],
    [
      { unit: 'g', quantity: 30 },
      { unit: '1 gram', quantity: 30, waste: 0, total_grams: 30 },
    ],
    [
      { unit: 'tablespoon', quantity: 2 },
      { unit: '1 tablespoon', quantity: 2, waste: 0, total_grams: (2 * 125) / 16 },
    ],
    [
      { unit: 'cup', quantity: 2, total_grams: 40 },
      { unit: '1 gram', quantity: 40, waste: 0, total_grams: 40 },
    ],
    [{ waste: 100 }, { unit: '1 cup', quantity: 1, waste: 100, total_grams: 125 }],
    [{ quantity: 0 }, { unit: '1 cup', quantity: 0, waste: 0, total_grams: 0 }],
  ])('%j', (input, expected) => {
    const result = applyLineAmount(ing, units, null, input);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect({ ...result.value, total_grams: Number(result.value.total_grams.toFixed(9)) }).toEqual({
        ...expected,
        total_grams: Number(expected.total_grams.toFixed(9)),
      });
    }
  });

  it.each([
    [{ waste: 100.01 }, 'waste'],
    [{ waste: -1 }, 'waste'],
    [{ quantity: -0.1 }, 'quantity'],
    [{ quantity: 'two' }, 'quantity'],
    [{ unit: 'bushel' }, 'unit'],
    [{ total_grams: -1 }, 'total_grams'],
  ])('%j fails on %s', (input, field) => {
    const result = applyLineAmount(ing, units, null, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
  });

  it('an update keeps the unsent members', () => {
    const result = applyLineAmount(ing, units, { unit: '1 gram', quantity: 50, waste: 10 }, { unit: 'cup' });
    expect(result.ok && result.value).toEqual({ unit: '1 cup', quantity: 50, waste: 10, total_grams: 6250 });
  });
});

describe('scale', () => {
  it.each([
    [{}, 1],
    [{ scale_amount: 2 }, 2],
    [{ scale_factor: '0.5' }, 0.5],
    [{ scale_amount: '' }, 1],
  ])('%j -> %s', (input, amount) => {
    expect(parseScaleAmount(input)).toEqual({ ok: true, amount });
  });
  it.each([[0], [-2], ['abc'], [true], [Number.POSITIVE_INFINITY]])('scale_amount %j is rejected', (value) => {
    expect(parseScaleAmount({ scale_amount: value }).ok).toBe(false);
  });
  it('names copies', () => {
    expect(scaledName('Loaf', 1)).toBe('Loaf (copy)');
    expect(scaledName('Loaf', 2.5)).toBe('Loaf x2.5');
  });
  it.each([
    // [packages, servings, amount] -> [packages, servings]: packages x servings scales by amount, packages >= 1
    [1, 4, 2, 2, 4],
    [1, 4, 0.5, 1, 2],
    [3, 2, 0.25, 1, 1.5],
    [0, 2, 1, 0, 2],
    [0, 2, 3, 3, 2],
    [2, 1, 1.5, 3, 1],
  ])('packages %s servings %s x%s -> packages %s servings %s', (packages, servings, amount, p, s) => {
    const fields = scaledRecipeFields({ ...newRecipeDefaults(), name: 'R', packages, servings, labor_cost: 10, packaging_cost: 1 }, amount);
    expect([fields.packages, fields.servings]).toEqual([p, s]);
    expect(fields.labor_cost).toBe(10 * amount);
    expect(fields.packaging_cost).toBe(1);
  });
});

describe('shortcutLines', () => {
  it('parses parallel comma strings into gram lines', () => {
    expect(shortcutLines({ ingredient_ids: '11, 12', ingredient_weights: '100,50.5' })).toEqual({
      ok: true,
      lines: [
        { ingredient_id: 11, total_grams: '100' },
        { ingredient_id: 12, total_grams: '50.5' },
      ],
    });
  });
  it.each([
    [{ ingredient_ids: '1,2,3', ingredient_weights: '1,2' }, 'ingredient_weights'],
    [{ ingredient_ids: '1,x' }, 'ingredient_id'],
    [{ ingredient_ids: '0' }, 'ingredient_id'],
    [{}, 'recipe_ingredients'],
    [{ ingredient_ids: Array(101).fill('1').join(',') }, 'recipe_ingredients'],
    [{ ingredient_weights: '1' }, 'ingredient_ids'],
    [{ recipe_ingredients: [{ unit: 'cup' }] }, 'ingredient_id'],
  ])('%j fails on %s', (input, field) => {
    const result = shortcutLines(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toContain(field);
  });
  it('accepts 100 lines and unfolds qs-folded Rails line objects', () => {
    expect(shortcutLines({ ingredient_ids: Array(100).fill('1').join(',') }).ok).toBe(true);
    const result = shortcutLines({ recipe_ingredients: [{ ingredient_id: ['1', '2'], unit: ['cup', 'gram'] }] });
    expect(result.ok && result.lines.map((l) => [l.ingredient_id, l.unit])).toEqual([
      [1, 'cup'],
      [2, 'gram'],
    ]);
  });
});

describe('cycles', () => {
  // A uses B's subrecipe, B uses C's.
  const g = graph(
    [recipe(1, 'A'), recipe(2, 'B'), recipe(3, 'C')],
    [line(1, 20, 1), line(2, 30, 1), line(3, 1, 1)],
    [FLOUR, subrecipeIngredient(10, 1, 'A'), subrecipeIngredient(20, 2, 'B'), subrecipeIngredient(30, 3, 'C')],
  );
  it('finds what a recipe reaches', () => {
    expect([...reachableRecipes(g, 1)].sort()).toEqual([1, 2, 3]);
    expect([...reachableRecipes(g, 3)]).toEqual([3]);
  });
  it.each([
    [3, 10, true], // C using A: A -> B -> C
    [1, 10, true], // A using itself
    [2, 10, true],
    [1, 30, false], // A using C again is fine
    [3, 1, false], // a plain ingredient never cycles
  ])('recipe %s using ingredient %s -> cycle %s', (recipeId, ingredientId, cycle) => {
    expect(createsCycle(g, recipeId, g.ingredients.get(ingredientId)!)).toBe(cycle);
  });
});
