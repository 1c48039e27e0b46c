// The 21 CFR 101.9(d)(12) sample label: its per-serving input (per 2/3 cup, 55 g, 8 servings per
// container) and the rows it prints. The label engine's unit tests, the renderers' tests and the HTTP
// tests (which rebuild it from real ingredients) all check against this one copy.
import type { LabelInput } from '../../src/core/label/build-label.js';

export const FDA_SAMPLE_INPUT: LabelInput = {
  recipe_id: 12,
  nutrition: {
    calories: 230,
    fat: 8,
    fat_saturated: 1,
    fat_trans: 0,
    cholesterol: 0,
    sodium: 160,
    carbohydrate: 37,
    fiber: 4,
    sugar: 12,
    added_sugar: 10,
    protein: 3,
    vitamin_d_mcg: 2,
    calcium: 260,
    iron: 8,
    potassium: 235,
  },
  serving_grams: 55,
  household_serving: '2/3 cup',
  servings_per_container: 8,
  allergens: { milk: true, wheat: true },
  ingredient_statement: { 'en-US': 'Ingredients: Flour, Sugar', 'en-CA': null, 'fr-CA': null },
  // The sample's 2/3 cup (55g) taken as its RACC; claims in their plain wording (21 CFR 101.13(e)(2) not applied).
  settings: { racc_grams: 55, specially_processed: ['calories', 'fat', 'fat_saturated', 'cholesterol', 'sodium', 'sugar'] },
  empty_recipe: false,
};

/** [key, amount as printed, %DV as printed], in printed order. */
export const FDA_SAMPLE_ROWS: ReadonlyArray<[string, string, string | null]> = [
  ['calories', '230', null],
  ['fat', '8g', '10%'],
  ['fat_saturated', '1g', '5%'],
  ['fat_trans', '0g', null],
  ['cholesterol', '0mg', '0%'],
  ['sodium', '160mg', '7%'],
  ['carbohydrate', '37g', '13%'],
  ['fiber', '4g', '14%'],
  ['sugar', '12g', null],
  ['added_sugar', '10g', '20%'],
  ['protein', '3g', null],
  ['vitamin_d', '2mcg', '10%'],
  ['calcium', '260mg', '20%'],
  ['iron', '8mg', '45%'],
  // The sample prints "Potassium 235mg 6%". FDA's Dec 2019 guidance rounds potassium (RDI >= 250 units)
  // to the nearest 10 mg, so no unrounded input can print 235mg: 235 mg declares as 240mg. The %DV is
  // 6 % either way (235 / 4700 = 5.0 % and 240 / 4700 = 5.1 % both round to 6 % in the 2 % band).
  ['potassium', '240mg', '6%'],
];
