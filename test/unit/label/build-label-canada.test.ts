import { describe, it, expect } from 'vitest';
import { buildLabel, type LabelInput } from '../../../src/core/label/build-label.js';
import type { LabelModel } from '../../../src/core/label/shared/model.js';

// docs/labeling.md#canada-layout: Per 1 cup (250 mL), Calories 110, Fat 0.5 g 1 %, Saturated 0 g + Trans 0 g 0 %,
// Carbohydrate 18 g, Fibre 2 g 7 %, Sugars 15 g 15 %, Protein 3 g, Cholesterol 0 mg, Sodium 0 mg 0 %.
const MILKLIKE: LabelInput = {
  recipe_id: 7,
  nutrition: {
    calories: 112,
    fat: 0.6,
    fat_saturated: 0.1,
    fat_trans: 0,
    cholesterol: 1,
    sodium: 3,
    carbohydrate: 18.2,
    fiber: 2.1,
    sugar: 15.3,
    added_sugar: 9,
    protein: 3.2,
    potassium: 300,
    calcium: 120,
    iron: 0.3,
  },
  serving_grams: 258,
  serving_ml: 250,
  household_serving: '1 cup',
  servings_per_container: 4,
  allergens: { milk: true },
  ingredient_statement: { 'en-US': null, 'en-CA': 'Ingredients: Oat base', 'fr-CA': 'Ingrédients : Base d’avoine' },
  settings: { reference_amount_grams: 258 },
  empty_recipe: false,
};

const rowsOf = (label: LabelModel) => label.nutrients.map((r) => [r.key, r.display, r.percent_dv_display]);
const row = (label: LabelModel, key: string) => label.nutrients.find((r) => r.key === key)!;
const build = (over: Partial<LabelInput>, language: 'en-CA' | 'fr-CA' = 'en-CA', format: 'ca_standard' | 'ca_bilingual' = 'ca_standard') =>
  buildLabel(
    {
      ...MILKLIKE,
      ...over,
      nutrition: { ...MILKLIKE.nutrition, ...(over.nutrition ?? {}) },
      settings: { ...MILKLIKE.settings, ...(over.settings ?? {}) },
    },
    { language, format },
  );

describe('Canadian table, English (docs/labeling.md#canada-layout)', () => {
  const label = buildLabel(MILKLIKE, { language: 'en-CA', format: 'ca_standard' });
  it('header', () => {
    expect(label.title).toBe('Nutrition Facts');
    expect(label.serving_size).toEqual({ household: '1 cup', grams: 258, display: 'Per 1 cup (250 mL)', unit: 'mL' });
    expect(label.servings_per_container.display).toBe('4 servings per container');
    expect(label.percent_dv_header).toBe('% Daily Value*');
  });
  it('rows in the Canadian order', () => {
    expect(rowsOf(label)).toEqual([
      ['calories', '110', null],
      ['fat', '0.5 g', '1 %'],
      ['fat_saturated', '0 g', null],
      ['fat_trans', '0 g', null],
      ['fat_saturated_trans', '', '0 %'],
      ['carbohydrate', '18 g', null],
      ['fiber', '2 g', '7 %'],
      ['sugar', '15 g', '15 %'],
      ['protein', '3 g', null],
      ['cholesterol', '0 mg', null],
      ['sodium', '0 mg', '0 %'],
      ['potassium', '300 mg', '9 %'], // 300 / 3400 (2022 DV) = 8.8 %
      ['calcium', '125 mg', '10 %'], // 120 -> nearest 25 mg
      ['iron', '0.3 mg', '2 %'],
    ]);
  });
  it('names and layout hints', () => {
    expect(label.nutrients.map((r) => r.name)).toEqual([
      'Calories',
      'Fat',
      'Saturated',
      '+ Trans',
      'Saturated + Trans',
      'Carbohydrate',
      'Fibre',
      'Sugars',
      'Protein',
      'Cholesterol',
      'Sodium',
      'Potassium',
      'Calcium',
      'Iron',
    ]);
    expect(row(label, 'fat_saturated_trans')).toMatchObject({ amount: null, percent_dv: 0, indent: 1 });
    expect(row(label, 'fat')).toMatchObject({ amount: 0.5, bold: true, indent: 0 });
    expect(row(label, 'fiber')).toMatchObject({ bold: false, indent: 1 });
  });
  it('footnote, statements, no claims, front of pack', () => {
    expect(label.footnote).toBe('*5% or less is a little, 15% or more is a lot');
    expect(label.claims).toEqual([]);
    expect(label.allergen_statement).toBe('Contains: Milk');
    expect(label.ingredient_statement).toBe('Ingredients: Oat base');
    expect(label.front_of_pack).toEqual({ required: true, high_in: ['sugars'], exemption: null }); // 15.3 g >= 15 g
    expect(label.bilingual).toBeUndefined();
  });
});

describe('Canadian table, French', () => {
  const label = buildLabel(MILKLIKE, { language: 'fr-CA', format: 'ca_standard' });
  it('wording and number format', () => {
    expect(label.title).toBe('Valeur nutritive');
    expect(label.serving_size.display).toBe('pour 1 tasse (250 mL)');
    expect(label.serving_size.household).toBe('1 tasse');
    expect(label.servings_per_container.display).toBe('4 portions par contenant');
    expect(label.percent_dv_header).toBe('% valeur quotidienne*');
    expect(label.nutrients.map((r) => [r.name, r.display, r.percent_dv_display])).toEqual([
      ['Calories', '110', null],
      ['Lipides', '0,5 g', '1 %'],
      ['saturés', '0 g', null],
      ['+ trans', '0 g', null],
      ['saturés + trans', '', '0 %'],
      ['Glucides', '18 g', null],
      ['Fibres', '2 g', '7 %'],
      ['Sucres', '15 g', '15 %'],
      ['Protéines', '3 g', null],
      ['Cholestérol', '0 mg', null],
      ['Sodium', '0 mg', '0 %'],
      ['Potassium', '300 mg', '9 %'],
      ['Calcium', '125 mg', '10 %'],
      ['Fer', '0,3 mg', '2 %'],
    ]);
    expect(label.footnote).toBe("*5 % ou moins c'est peu, 15 % ou plus c'est beaucoup");
    expect(label.allergen_statement).toMatch(/^Contient : /);
    expect(label.ingredient_statement).toBe('Ingrédients : Base d’avoine');
  });
});

describe('Canadian table, bilingual', () => {
  const label = buildLabel(
    { ...MILKLIKE, household_serving: '1/2 cup', serving_grams: 129, serving_ml: 125, nutrition: { ...MILKLIKE.nutrition, calories: 80 } },
    { language: 'en-CA', format: 'ca_bilingual' },
  );
  it('names in both languages, one number format', () => {
    expect(label.format).toBe('ca_bilingual');
    expect(label.nutrients.map((r) => [r.name, r.name_fr])).toContainEqual(['Fat', 'Lipides']);
    expect(label.nutrients.map((r) => [r.name, r.name_fr])).toContainEqual(['Iron', 'Fer']);
    expect(row(label, 'fat')).toMatchObject({ display: '0.5 g', line: 'Fat / Lipides 0.5 g' });
    expect(row(label, 'calories').display).toBe('80');
    expect(label.serving_size.display).toBe('Per 1/2 cup (125 mL)');
    expect(label.bilingual).toEqual({
      title_fr: 'Valeur nutritive',
      serving_display_fr: 'pour 1/2 tasse (125 mL)',
      footnote_fr: "*5 % ou moins c'est peu, 15 % ou plus c'est beaucoup",
      allergen_statement_fr: expect.stringMatching(/^Contient : /),
      ingredient_statement_fr: 'Ingrédients : Base d’avoine',
      percent_dv_header_fr: '% valeur quotidienne*',
      servings_display_fr: '4 portions par contenant',
    });
    expect(label.allergen_statement).toBe('Contains: Milk');
  });
});

describe('Canadian "0" declarations gated by the "free of" conditions', () => {
  it('small fats print to 0.1 g unless free of', () => {
    const label = build({ nutrition: { fat: 0.45, fat_saturated: 0.25, fat_trans: 0.1 } });
    expect(row(label, 'fat_saturated').display).toBe('0.3 g'); // 0.25 g is not "free of saturated" (>= 0.2 g)
    expect(row(label, 'fat_trans').display).toBe('0 g'); // trans 0.1 g, low in saturated: free of trans
    expect(row(label, 'fat').display).toBe('0.5 g'); // saturated is not 0 g, so fat may not be 0 g
    expect(row(label, 'fat_saturated_trans').percent_dv).toBe(2); // 0.3 / 20 = 1.5 % -> 2 %
  });
  it('fat below 0.5 g with free-of saturated and trans prints 0 g', () => {
    const label = build({ nutrition: { fat: 0.45, fat_saturated: 0.1, fat_trans: 0.1 } });
    expect(rowsOf(label).slice(1, 5)).toEqual([
      ['fat', '0 g', '0 %'],
      ['fat_saturated', '0 g', null],
      ['fat_trans', '0 g', null],
      ['fat_saturated_trans', '', '0 %'],
    ]);
  });
  it('a declared fatty acid above 0 g keeps fat off 0 g', () => {
    const label = build({
      nutrition: { fat: 0.45, fat_saturated: 0.1, fat_trans: 0, fat_polyunsaturated: 0.3 },
      settings: { optional_nutrients: ['fat_polyunsaturated'] },
    });
    expect(row(label, 'fat').display).toBe('0.5 g');
    expect(row(label, 'fat_polyunsaturated')).toMatchObject({ display: '0.3 g', name: 'Polyunsaturated', indent: 1 });
    expect(label.nutrients.map((r) => r.key).indexOf('fat_polyunsaturated')).toBe(5);
  });
  it('the reference amount counts: free per serving but not per reference amount', () => {
    // sodium 3 mg per 258 g serving, reference amount 600 g -> 7 mg: not free of sodium -> nearest 1 mg
    expect(row(build({ settings: { reference_amount_grams: 600 } }), 'sodium')).toMatchObject({ display: '3 mg', percent_dv: 0 });
    expect(row(build({ nutrition: { sodium: 4.6 } }), 'sodium')).toMatchObject({ display: '0 mg', percent_dv: 0 });
    expect(row(build({ nutrition: { sodium: 5 } }), 'sodium').display).toBe('5 mg');
  });
  it('calories below 5 print 0 only when free of energy', () => {
    expect(row(build({ nutrition: { calories: 4 } }), 'calories').display).toBe('0');
    expect(row(build({ nutrition: { calories: 4 }, settings: { reference_amount_grams: 400 } }), 'calories').display).toBe('4'); // 6.2 Cal per RA
  });
  it('cholesterol: 0 mg when free of cholesterol, else nearest 5 mg', () => {
    expect(row(build({ nutrition: { cholesterol: 1.9 } }), 'cholesterol').display).toBe('0 mg');
    expect(row(build({ nutrition: { cholesterol: 2.5 } }), 'cholesterol').display).toBe('5 mg');
    // < 2 mg but not low in saturated fat (3 g saturated): not free; nearest 5 mg of 1.9 is 0 mg anyway
    expect(row(build({ nutrition: { cholesterol: 1.9, fat: 4, fat_saturated: 3 } }), 'cholesterol').display).toBe('0 mg');
  });
  it('protein below 0.5 g prints to 0.1 g', () => {
    expect(row(build({ nutrition: { protein: 0.34 } }), 'protein').display).toBe('0.3 g');
  });
});

describe('Canadian options and notes', () => {
  it('without a reference amount the serving stands in, and the label says so', () => {
    const label = buildLabel({ ...MILKLIKE, settings: {} }, { language: 'en-CA', format: 'ca_standard' });
    expect(label.notes.some((n) => n.startsWith('no reference amount'))).toBe(true);
    expect(label.warnings).toContainEqual(expect.objectContaining({ code: 'reference_amount_missing', accepted: false }));
    expect(label.complete).toBe(true); // informs: the table itself is complete
  });
  it('additional vitamins in B.01.402 order and rounding', () => {
    const label = build({
      nutrition: { vitamin_d_mcg: 2.6, vitamin_c: 0.5, vitamin_a_rae: 120 },
      settings: { optional_nutrients: ['vitamin_c', 'vitamin_d', 'vitamin_a'] },
    });
    expect(label.nutrients.slice(-4).map((r) => [r.key, r.display, r.percent_dv_display])).toEqual([
      ['iron', '0.3 mg', '2 %'],
      ['vitamin_a', '100 µg', '11 %'],
      ['vitamin_c', '0.6 mg', '1 %'],
      ['vitamin_d', '2.5 µg', '13 %'],
    ]);
  });
  it('children 1-3 and unrounded basis are not applied to Canadian tables, with notes', () => {
    const label = build({ settings: { dv_population: 'children_1_3', percent_dv_basis: 'unrounded' } });
    expect(row(label, 'fiber').percent_dv).toBe(7);
    expect(label.notes.some((n) => n.includes('children 1-<4'))).toBe(true);
    expect(label.notes.some((n) => n.includes('percent_dv_basis'))).toBe(true);
  });
  it('front of pack: thresholds on the label, exemption and main dish', () => {
    expect(build({ nutrition: { sugar: 14.9 } }).front_of_pack).toEqual({ required: false, high_in: [], exemption: null });
    expect(
      build({ nutrition: { sugar: 20, fat: 6, fat_saturated: 4, sodium: 500 }, settings: { reference_amount_grams: 258, main_dish: true } })
        .front_of_pack,
    ).toEqual({ required: false, high_in: [], exemption: null }); // main dish >= 200 g: 30 % thresholds
    // The table to B.01.350, item 1: the amount of saturated fat (trans fat not included) against the DV of the sum (20 g).
    expect(build({ nutrition: { fat: 5, fat_saturated: 2.99, fat_trans: 1 } }).front_of_pack).toEqual({
      required: true,
      high_in: ['sugars'],
      exemption: null,
    });
    expect(build({ nutrition: { fat: 5, fat_saturated: 3, fat_trans: 0 } }).front_of_pack).toEqual({
      required: true,
      high_in: ['saturated_fat', 'sugars'],
      exemption: null,
    });
    expect(build({ settings: { front_of_pack_exemption: 'plain milk (B.01.350(7))' } }).front_of_pack).toEqual({
      required: false,
      high_in: ['sugars'],
      exemption: 'plain milk (B.01.350(7))',
    });
  });
  it('FDR B.01.012: a French household measure with an English word is a missing_translation, not complete', () => {
    const label = build({ household_serving: '1 wrap' }, 'fr-CA');
    expect(label.serving_size.display).toBe('pour 1 wrap (250 mL)');
    expect(label.warnings.map((w) => w.code)).toContain('missing_translation');
    expect(label.complete).toBe(false);
  });
  it('FDR B.01.012: household_serving_fr is the French measure as written', () => {
    const label = build({ household_serving: '1 wrap', settings: { household_serving_fr: '1 tortilla roulée' } }, 'fr-CA');
    expect(label.serving_size.display).toBe('pour 1 tortilla roulée (250 mL)');
    expect(label.warnings.map((w) => w.code)).not.toContain('missing_translation');
  });
  it.each([
    ['1/24 cake', 'pour 1/24 gâteau (250 mL)'],
    ['2 slices', 'pour 2 tranches (250 mL)'],
    ['1 square', 'pour 1 carré (250 mL)'],
    ['1/8 loaf', 'pour 1/8 pain (250 mL)'],
  ])('FDR B.01.012: "%s" in French is "%s"', (household, display) => {
    expect(build({ household_serving: household }, 'fr-CA').serving_size.display).toBe(display);
  });
  it('grams serving without household measure', () => {
    const label = build({ household_serving: null, serving_ml: null, serving_grams: 30.4 });
    expect(label.serving_size).toEqual({ household: null, grams: 30, display: 'Per 30 g', unit: 'g' });
  });
});
