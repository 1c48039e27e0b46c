// Unknown is not zero (docs/api.md#trust-and-completeness): the engine names the food lines whose ingredient has no value,
// through subrecipes at any depth; the label's serving unit; French statements that fall back to English.
import { describe, expect, it } from 'vitest';
import {
  declaredMissing,
  inferredAllergenIngredients,
  labelServing,
  RecipeEvaluator,
  untranslatedStatements,
} from '../../../src/core/recipe/index.js';
import { FLOUR, graph, ingredient, line, MILK, recipe, subrecipeIngredient } from './fixtures.js';

// Fully known for the fifteen FDA rows (vitamin D as IU counts: the label reads either form).
const FULL = {
  calories: 400,
  fat: 1,
  fat_saturated: 0,
  fat_trans: 0,
  cholesterol: 0,
  sodium: 2,
  carbohydrate: 90,
  fiber: 3,
  sugar: 1,
  added_sugar: 0,
  protein: 10,
  vitamin_d_IU: 0,
  calcium: 20,
  iron: 4,
  potassium: 100,
};
const OATS = ingredient(11, 'Oats', FULL);
// USDA butter as imported: no calories, no saturated fat, no sodium.
const { calories: _c, fat_saturated: _s, sodium: _n, ...BUTTER_VALUES } = { ...FULL, fat: 81, carbohydrate: 0 };
const BUTTER = ingredient(12, 'Butter, salted', BUTTER_VALUES);

describe('missing contributions', () => {
  it('names each line with no value, per nutrient, with its grams; known values are still summed', () => {
    const r = new RecipeEvaluator(graph([recipe(10, 'Cookie')], [line(10, 11, 300), line(10, 12, 100)], [OATS, BUTTER])).recipe(10)!;
    const entry = { ingredient_id: 12, name: 'Butter, salted', grams: 100, recipe_id: 10 };
    expect(r.missing.get('calories')).toEqual([entry]);
    expect(r.missing.get('fat_saturated')).toEqual([entry]);
    expect(r.missing.get('sodium')).toEqual([entry]);
    expect(r.missing.get('fat')).toEqual([]);
    expect(r.nutrition.calories).toBe(1200); // 300 g oats only: the butter's calories are unknown, not zero
    expect(declaredMissing(r.missing)).toEqual({ calories: [entry], fat_saturated: [entry], sodium: [entry] });
  });

  it('{} when every line knows every declared nutrient; optional rows join when the settings print them', () => {
    const r = new RecipeEvaluator(graph([recipe(10, 'R')], [line(10, 11, 100)], [OATS])).recipe(10)!;
    expect(declaredMissing(r.missing)).toEqual({});
    expect(Object.keys(declaredMissing(r.missing, ['vitamin_c']))).toEqual(['vitamin_c']);
  });

  it('the same ingredient on two lines is one entry with the grams summed; zero-gram lines add nothing', () => {
    const lines = [line(10, 12, 40), line(10, 11, 10), line(10, 12, 60), line(10, 12, 50, '1 gram', 100)];
    const r = new RecipeEvaluator(graph([recipe(10, 'R')], lines, [OATS, BUTTER])).recipe(10)!;
    expect(r.missing.get('sodium')).toEqual([{ ingredient_id: 12, name: 'Butter, salted', grams: 100, recipe_id: 10 }]);
  });

  it('through subrecipes three levels deep, scaled by the share of each batch used', () => {
    // Inner: 100 g butter + 100 g oats (200 g). Middle: 50 g of Inner + 50 g oats (100 g). Outer: 40 g of Middle + 60 g oats.
    // Butter in Outer: 100 x 50/200 x 40/100 = 10 g.
    const recipes = [recipe(1, 'Inner'), recipe(2, 'Middle'), recipe(3, 'Outer')];
    const subs = [subrecipeIngredient(101, 1, 'Inner dough'), subrecipeIngredient(102, 2, 'Middle dough')];
    const lines = [line(1, 12, 100), line(1, 11, 100), line(2, 101, 50), line(2, 11, 50), line(3, 102, 40), line(3, 11, 60)];
    const ev = new RecipeEvaluator(graph(recipes, lines, [OATS, BUTTER, ...subs]));
    const outer = ev.recipe(3)!;
    expect(outer.missing.get('sodium')).toHaveLength(1);
    expect(outer.missing.get('sodium')[0]).toMatchObject({ ingredient_id: 12, name: 'Butter, salted', recipe_id: 1 });
    expect(outer.missing.get('sodium')[0]!.grams).toBeCloseTo(10, 9);
    // The subrecipe ingredient itself carries a sodium value (its known part): the gap still shows through it.
    expect(ev.ingredient(102)!.ingredient.nutrients.sodium).toBeGreaterThan(0);
    expect(ev.recipe(2)!.missing.get('sodium')[0]!.grams).toBeCloseTo(25, 9);
  });

  it('the combined Canadian saturated + trans row has no gaps of its own (its parts are rows)', () => {
    const r = new RecipeEvaluator(graph([recipe(10, 'R')], [line(10, 11, 100)], [OATS])).recipe(10)!;
    expect(r.missing.get('fat_saturated_trans')).toEqual([]);
    expect(r.missing.get('not_a_nutrient')).toEqual([]);
  });

  it('vitamin D, vitamin A and folate are known from either stored form', () => {
    const both = ingredient(20, 'X', { ...FULL, vitamin_a_rae: 1, folate: 2 });
    const r = new RecipeEvaluator(graph([recipe(10, 'R')], [line(10, 20, 100)], [both])).recipe(10)!;
    expect(r.missing.get('vitamin_d')).toEqual([]);
    expect(r.missing.get('vitamin_a')).toEqual([]);
    expect(r.missing.get('folate')).toEqual([]);
    expect(r.missing.get('vitamin_c')).toHaveLength(1);
  });
});

describe('serving unit (21 CFR 101.9(b)(7); FDR B.01.002A)', () => {
  // Every ingredient has a density (cup units): the old rule turned this cookie into "(103mL)".
  const FLOUR_CUP = ingredient(31, 'Flour', FULL, { portions: [{ description: '1 cup', weight: 125 }] });
  const BUTTER_CUP = ingredient(32, 'Butter', FULL, { portions: [{ description: '1 cup', weight: 227 }] });
  const cookie = (extra: Parameters<typeof recipe>[2] = {}) =>
    new RecipeEvaluator(
      graph(
        [recipe(10, 'Shortbread', { servings: 12, suggested_serving: '1 cookie', ...extra })],
        [line(10, 31, 2, '1 cup'), line(10, 32, 1, '1 cup')],
        [FLOUR_CUP, BUTTER_CUP],
      ),
    ).recipe(10)!;

  it.each([
    ['a weighed yield, all densities known: grams', {}, 'g'],
    ['yield in grams', { package_yield_quantity: 400, package_yield_unit: 'grams' as const }, 'g'],
    ['yield in ounces', { package_yield_quantity: 14, package_yield_unit: 'ounces' as const }, 'g'],
    ['yield in mL', { package_yield_quantity: 400, package_yield_unit: 'mL' as const }, 'mL'],
    ['yield in fluid ounces', { package_yield_quantity: 14, package_yield_unit: 'fluid ounces' as const }, 'mL'],
    ['serving_unit "mL" on a weighed yield', { label_settings: { serving_unit: 'mL' as const } }, 'mL'],
    ['serving_unit "g" on a weighed yield', { label_settings: { serving_unit: 'g' as const } }, 'g'],
  ])('%s', (_name, extra, unit) => {
    const result = cookie(extra);
    const serving = labelServing(result);
    expect(serving.unit).toBe(unit);
    if (unit === 'g') {
      expect(serving.serving_ml).toBeNull();
      expect(result.serving_ml).toBeNull();
    } else {
      expect(serving.serving_ml).toBeGreaterThan(0);
    }
  });

  it('serving_unit "mL" through the lines\' density; water, said in a note, when none has one', () => {
    const withDensity = labelServing(cookie({ label_settings: { serving_unit: 'mL' } }));
    const r = cookie();
    expect(withDensity.serving_ml).toBeCloseTo(r.serving_grams / r.density!, 9);
    expect(withDensity.notes).toEqual([]);
    const noDensity = new RecipeEvaluator(
      graph([recipe(10, 'R', { label_settings: { serving_unit: 'mL' } })], [line(10, 11, 100)], [OATS]),
    ).recipe(10)!;
    const water = labelServing(noDensity);
    expect(water.serving_ml).toBe(100);
    expect(water.notes[0]).toContain('1 g/mL (water)');
  });

  it('a volume yield of milk stays in mL', () => {
    const r = new RecipeEvaluator(
      graph([recipe(10, 'Milk', { package_yield_quantity: 250, package_yield_unit: 'mL' })], [line(10, 3, 250, '1 ml')], [MILK]),
    ).recipe(10)!;
    expect(labelServing(r)).toEqual({ unit: 'mL', serving_ml: 250, notes: [] });
  });
});

describe('French statements that fall back to English (docs/api.md#completeness missing_translation)', () => {
  const LAIT = ingredient(41, 'Milk', FULL, { name_fr: 'Lait' });
  const BARRA = ingredient(42, 'Barramundi fillet', FULL, { name_fr: 'Filet de barramundi', allergens: { fish: 'barramundi' } });
  const SALMON = ingredient(43, 'Salmon', FULL, { name_fr: 'Saumon', allergens: { fish: 'salmon' } });

  it('names the ingredients without a French name or list, at any depth, and free-text species', () => {
    const recipes = [recipe(1, 'Sauce'), recipe(2, 'Dish', { name_fr: null })];
    const sub = subrecipeIngredient(100, 1, 'Sauce');
    const lines = [line(1, 1, 50), line(1, 41, 50), line(2, 100, 100), line(2, 42, 50), line(2, 43, 50)];
    const result = new RecipeEvaluator(graph(recipes, lines, [FLOUR, LAIT, BARRA, SALMON, sub])).recipe(2)!;
    expect(untranslatedStatements(result)).toEqual({
      ingredients: [
        { id: 100, name: 'Sauce' },
        { id: 1, name: 'Flour' },
      ],
      // "salmon" is catalogued (Saumon); "barramundi" is not, and is printed as written.
      allergens: [{ text: 'Barramundi', ingredient_ids: [42] }],
    });
  });

  it('nothing when every name is French, or when the recipe has its own French statement', () => {
    const full = new RecipeEvaluator(graph([recipe(1, 'R')], [line(1, 41, 50)], [LAIT])).recipe(1)!;
    expect(untranslatedStatements(full).ingredients).toEqual([]);
    const custom = new RecipeEvaluator(graph([recipe(1, 'R', { ingredient_list_fr: 'Farine' })], [line(1, 1, 50)], [FLOUR])).recipe(1)!;
    expect(untranslatedStatements(custom).ingredients).toEqual([]);
  });
});

describe('ingredients with inferred allergens (docs/api.md#completeness inferred_allergens)', () => {
  it('found at any depth, each once', () => {
    const CREAM = ingredient(51, 'Cream', FULL, { allergens: { milk: true }, allergens_inferred: true });
    const recipes = [recipe(1, 'Sauce'), recipe(2, 'Dish')];
    const sub = subrecipeIngredient(100, 1, 'Sauce');
    const lines = [line(1, 51, 50), line(1, 11, 50), line(2, 100, 100), line(2, 51, 10)];
    const ev = new RecipeEvaluator(graph(recipes, lines, [OATS, CREAM, sub]));
    expect(inferredAllergenIngredients(ev.recipe(2)!)).toEqual([{ id: 51, name: 'Cream' }]);
    expect(inferredAllergenIngredients(new RecipeEvaluator(graph([recipe(3, 'Oats')], [line(3, 11, 5)], [OATS])).recipe(3)!)).toEqual([]);
  });
});
