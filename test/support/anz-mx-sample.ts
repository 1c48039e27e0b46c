// Worked examples of the Australian / New Zealand panel (docs/labeling.md#anz-worked-example: a muesli bar, per 100 g
// protein 8.5 g, fat 20.3 g (saturated 9.87 g), carbohydrate 62.5 g with fibre 5.5 g, sugars 28.4 g, sodium
// 215 mg; a 35 g serving, 8 in the package) and of the Mexican declaration (docs/labeling.md#mexico-worked-examples,
// example 1: the biscuit). Inputs are per serving, as a recipe gives them.
import type { LabelInput } from '../../src/core/label/build-label.js';

const perServing = (per100g: Record<string, number>, grams: number): Record<string, number> =>
  Object.fromEntries(Object.entries(per100g).map(([k, v]) => [k, (v * grams) / 100]));

export const ANZ_SAMPLE_INPUT: LabelInput = {
  recipe_id: 61,
  nutrition: perServing(
    { protein: 8.5, fat: 20.3, fat_saturated: 9.87, carbohydrate: 62.5, fiber: 5.5, sugar: 28.4, sodium: 215, added_sugar: 20 },
    35,
  ),
  serving_grams: 35,
  servings_per_container: 8,
  allergens: {},
  ingredient_statement: { 'en-AU': 'Ingredients: Rolled oats, Honey, Sunflower oil, Sultanas' },
  settings: { show_calories: true, percent_daily_intake: true },
  empty_recipe: false,
};

/** [key, per serving, %DI, per 100 g] of docs/labeling.md#anz-worked-example. */
export const ANZ_SAMPLE_ROWS: ReadonlyArray<[string, string, string, string]> = [
  ['energy', '668 kJ (160 Cal)', '8%', '1910 kJ (457 Cal)'],
  ['protein', '2.98 g', '6%', '8.5 g'],
  ['fat', '7.11 g', '10%', '20.3 g'],
  ['fat_saturated', '3.45 g', '14%', '9.87 g'],
  ['carbohydrate', '20 g', '6%', '57 g'],
  ['sugar', '9.94 g', '11%', '28.4 g'],
  ['sodium', '75.3 mg', '3%', '215 mg'],
];

/**
 * The biscuit of docs/labeling.md#mexico-worked-examples example 1, per 100 g: 480 kcal (protein 6 g, fat 24 g of which
 * saturated 12 g and trans 0.2 g, available carbohydrate 60 g: 24 + 216 + 240 = 480), added sugars 30 g,
 * sodium 400 mg; 30 g portions, 10 in the pack; fat, sugar and salt added.
 */
export const MX_SAMPLE_INPUT: LabelInput = {
  recipe_id: 62,
  nutrition: perServing(
    { protein: 6, fat: 24, fat_saturated: 12, fat_trans: 0.2, carbohydrate: 62, fiber: 2, sugar: 32, added_sugar: 30, sodium: 400 },
    30,
  ),
  serving_grams: 30,
  servings_per_container: 10,
  allergens: { wheat: true },
  ingredient_statement: { 'es-MX': 'Ingredientes: Harina de trigo, Azúcar, Manteca, Sal' },
  settings: { mx_phase: 3 },
  label_date: '2026-06-01',
  added: { sugars: true, fats: true, sodium: true, non_caloric_sweetener: false, added_caffeine: true },
  empty_recipe: false,
};
