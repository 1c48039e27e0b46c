// The worked example of the EU/UK declaration (docs/labeling.md, "Labels for the EU and the UK"): per
// 100 g fat 20 g (saturates 12.4 g), carbohydrate 56 g (sugars 30 g), protein 6 g, salt 0.6 g; a 30 g
// portion, 10 portions in a 300 g pack. The input is per portion, as a recipe gives it.
import type { LabelInput } from '../../src/core/label/build-label.js';

export const EU_SAMPLE_INPUT: LabelInput = {
  recipe_id: 31,
  nutrition: {
    fat: 6,
    fat_saturated: 3.72,
    // Ours is carbohydrate by difference, fibre included: 16.8 g available + 0 g fibre.
    carbohydrate: 16.8,
    fiber: 0,
    sugar: 9,
    protein: 1.8,
    // salt 0.6 g / 100 g = sodium 240 mg / 100 g = 72 mg per 30 g.
    sodium: 72,
  },
  serving_grams: 30,
  servings_per_container: 10,
  allergens: { wheat: true, milk: true },
  ingredient_statement: { 'en-GB': 'Ingredients: Wheat flour, Sugar, Butter (milk)' },
  settings: {},
  empty_recipe: false,
};

/** [key, per 100 g, per 30 g portion, %RI per portion], in printed order. */
export const EU_SAMPLE_ROWS: ReadonlyArray<[string, string, string, string]> = [
  ['energy', '1794 kJ / 428 kcal', '538 kJ / 128 kcal', '6%'],
  ['fat', '20 g', '6.0 g', '9%'],
  ['fat_saturated', '12 g', '3.7 g', '19%'],
  ['carbohydrate', '56 g', '17 g', '6%'],
  ['sugar', '30 g', '9.0 g', '10%'],
  ['protein', '6.0 g', '1.8 g', '4%'],
  ['salt', '0.60 g', '0.18 g', '3%'],
];
