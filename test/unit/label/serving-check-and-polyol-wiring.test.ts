// What the label builders do with the rules of docs/labeling.md#serving-size-rules and
// docs/labeling.md#polyols-and-sweeteners: the household measure read as units or a fraction, the serving
// checked against the reference amount on both sides of every band, and the polyols of the erythritol bar
// in each market's energy and mandatory statements, on both sides of the 10 % laxative threshold.
import { describe, expect, it } from 'vitest';
import { buildLabel, type LabelInput } from '../../../src/core/label/build-label.js';
import type { LabelStart } from '../../../src/core/label/shared/label-steps.js';
import { declaredServing, servingSizeWarning } from '../../../src/core/label/shared/serving-check.js';

describe('docs/labeling.md#serving-size-rules: the household measure as units or a fraction of a whole', () => {
  it.each([
    ['4 slices', { units: 4, word: 'slices' }],
    ['1 slice', { units: 1, word: 'slice' }],
    ['1/24 cake', { fraction: 24, word: 'cake' }],
    ['1/8 loaf', { fraction: 8, word: 'loaf' }],
    // "gâteau" is no "g" of grams: a measure word ends where no Unicode letter follows.
    ['1 / 12 gâteau', { fraction: 12, word: 'gâteau' }],
    ['1 galette', { units: 1, word: 'galette' }],
    ['2 lébkuchen', { units: 2, word: 'lébkuchen' }],
    ['1 square', { units: 1, word: 'square' }],
    ['2 tranches', { units: 2, word: 'tranches' }],
    ['1 cookie (30 g)', { units: 1, word: 'cookie (30 g)' }],
    ['  3 bars  ', { units: 3, word: 'bars' }],
  ])('"%s" declares %o', (text, expected) => {
    expect(declaredServing(text)).toEqual(expected);
  });

  it.each([
    ['2 cups'],
    ['1 cup'],
    ['1/2 cup'],
    ['2/3 cup'],
    ['1 1/2 cups'],
    ['1.5 cups'],
    ['2 tbsp'],
    ['1 tsp'],
    ['1 c. à soupe'],
    ['1 tasse'],
    ['30 g'],
    ['30 grams'],
    ['250 mL'],
    ['1 oz'],
    ['1 lb'],
    ['cookie'],
    [''],
    [null],
    [undefined],
  ])('"%s" is no count of pieces: not checked', (text) => {
    expect(declaredServing(text)).toBeNull();
  });
});

const start = (household: string, grams: number, accept = false): LabelStart =>
  ({
    input: { household_serving: household, serving_grams: grams },
    settings: accept ? { accept_serving_size: true } : {},
  }) as unknown as LabelStart;

describe('serving_size_not_permitted against the reference amount, both sides of each band', () => {
  it.each([
    // 21 CFR 101.9(b)(2)(i)(A): a unit of 50 % or less, the whole units closest to the RA (30 g: 15 g -> 2).
    ['21 CFR 101.9(b)(2)(i)(A)', '1 cookie', 15, 30, 'declare 2 cookie'],
    ['21 CFR 101.9(b)(2)(i)(A)', '2 cookies', 30, 30, null],
    // (B): more than 50 % and less than 67 %: one unit or two.
    ['21 CFR 101.9(b)(2)(i)(B)', '1 cookie', 15.1, 30, null],
    ['21 CFR 101.9(b)(2)(i)(B)', '2 cookies', 39.8, 30, null],
    // (C): 67 % or more and less than 200 %: one unit.
    ['21 CFR 101.9(b)(2)(i)(C)', '2 cookies', 40.2, 30, 'declare 1 cookie'],
    ['21 CFR 101.9(b)(2)(i)(C)', '4 slices', 204, 50, 'declare 1 slice'],
    ['21 CFR 101.9(b)(2)(i)(C)', '1 bar', 50, 40, null],
    // (D): 200 % or more, eaten at once: one unit.
    ['21 CFR 101.9(b)(2)(i)(D)', '1 muffin', 120, 55, null],
    // (ii): a large unit usually divided, the fraction closest to the RA (960 g cake, RA 80 g: 1/12).
    ['21 CFR 101.9(b)(2)(ii)', '1/12 cake', 80, 80, null],
    ['21 CFR 101.9(b)(2)(ii)', '1/8 cake', 120, 80, 'declare 1/12 cake'],
  ])('%s: "%s" of %d g against %d g -> %s', (_rule, household, grams, reference, expected) => {
    const warning = servingSizeWarning(start(household, grams), 'US', reference);
    if (expected === null) expect(warning).toBeNull();
    else {
      expect(warning?.code).toBe('serving_size_not_permitted');
      expect(warning?.message).toContain(expected);
      expect(warning?.accepted).toBe(false);
    }
  });

  it.each([
    // Column 3A, item A.1: sliced bread is 2 slices whatever a slice weighs.
    ['A.1', '2 slices', 52, 75, null],
    ['A.1', '2 tranches', 52, 75, null],
    ['A.1', '1 slice', 75, 75, 'declare 2 slice'],
    // Column 3A, multiple units: the whole pieces closest in weight to the RA (cookies 12 g, RA 30 g: 2 or 3).
    ['A.10', '2 cookies', 24, 30, null],
    ['A.10', '3 cookies', 36, 30, null],
    ['A.10', '4 cookies', 48, 30, 'declare 2 cookies or 3 cookies'],
    // Column 3A, a large unit: the fraction of the whole closest to the RA (960 g, RA 80 g: 1/12).
    ['A.6', '1/12 cake', 80, 80, null],
    ['A.6', '1/8 cake', 120, 80, 'declare 1/12 cake'],
  ])(
    'Health Canada Table of Reference Amounts Column 3A, %s: "%s" of %d g against %d g -> %s',
    (key, household, grams, reference, expected) => {
      const warning = servingSizeWarning(start(household, grams), 'CA', reference, key);
      if (expected === null) expect(warning).toBeNull();
      else expect(warning?.message).toContain(expected);
    },
  );

  it('no reference amount, or a measure that is no count: nothing checked (reference_amount_missing says so)', () => {
    expect(servingSizeWarning(start('4 slices', 204), 'US', null)).toBeNull();
    expect(servingSizeWarning(start('2 cups', 500), 'US', 50)).toBeNull();
  });

  it('label_settings.accept_serving_size: the warning stays, accepted', () => {
    const warning = servingSizeWarning(start('4 slices', 204, true), 'US', 50);
    expect(warning?.accepted).toBe(true);
  });
});

// The erythritol bar per 50 g serving: protein 4, fat 10.2, carbohydrate 30.4 (erythritol 10), fibre 3.
const BAR: LabelInput = {
  recipe_id: 1,
  food_name: 'Oat bar',
  nutrition: {
    calories: 185.7,
    protein: 4,
    fat: 10.2,
    fat_saturated: 5.46,
    fat_trans: 0,
    cholesterol: 21.5,
    carbohydrate: 30.4,
    fiber: 3,
    sugar: 0.3,
    added_sugar: 0,
    sugar_alcohol: 10,
    erythritol: 10,
    sodium: 1.7,
    potassium: 110,
    calcium: 10,
    iron: 0.3,
    vitamin_d_IU: 6,
  },
  serving_grams: 50,
  household_serving: '1 bar',
  servings_per_container: 20,
  allergens: { milk: true, gluten: 'oats' },
  ingredient_statement: {},
  settings: { racc_grams: 40, reference_amount_grams: 40 },
  empty_recipe: false,
  label_date: '2026-11-18',
  added: {
    sugars: false,
    fats: true,
    sodium: false,
    non_caloric_sweetener: false,
    added_caffeine: false,
    sweetening: { intense_sweetener: false, phenylalanine: false, added_polyols_per_100g: 20, polyols_unknown: [] },
  },
};

const bar = (addedPolyols: number, settings: LabelInput['settings'] = {}): LabelInput => ({
  ...BAR,
  settings: { ...BAR.settings, ...settings },
  added: { ...BAR.added!, sweetening: { ...BAR.added!.sweetening!, added_polyols_per_100g: addedPolyols } },
});
const energy = (input: LabelInput, language: 'en-GB' | 'en-AU' | 'es-MX') =>
  buildLabel(input, { language, format: language === 'en-GB' ? 'eu_table' : language === 'en-AU' ? 'anz_nip' : 'mx_table' }).nutrients.find(
    (r) => r.key === 'energy',
  )?.per_100 as { kj?: number | null; kcal?: number | null };
const codes = (input: LabelInput, language: 'en-GB' | 'en-AU' | 'es-MX' | 'de-DE') => {
  const format = language === 'en-AU' ? 'anz_nip' : language === 'es-MX' ? 'mx_table' : 'eu_table';
  return (buildLabel(input, { language, format }).mandatory_statements ?? []).map((s) => s.code);
};

describe('the erythritol bar in each market (docs/labeling.md#polyol-energy)', () => {
  it('Regulation (EU) 1169/2011 Annex XIV: erythritol 0 kJ, out of carbohydrate: 1530 kJ / 367 kcal per 100 g', () => {
    // 8*17 + 20.4*37 + (60.8 - 6 - 20)*17 + 6*8 = 1530.4 kJ; 32 + 183.6 + 139.2 + 12 = 366.8 kcal.
    expect(energy(BAR, 'en-GB')).toMatchObject({ kj: 1530, kcal: 367 });
  });

  it('FSANZ Standard 1.2.8 Schedule 11 S11—2(3): erythritol 1 kJ/g, out of available carbohydrate: 1550 kJ', () => {
    // 8*17 + 20.4*37 + 34.8*17 + 6*8 + 20*1 = 1550.4 kJ (1870.4 with the erythritol at 17 kJ/g).
    expect(energy(BAR, 'en-AU').kj).toBe(1550);
  });

  it.each([
    [undefined, 403],
    [0, 355],
    [4, 435],
  ])('NOM-051 (factor unconfirmed), mx_polyol_factor_kcal %s: %d kcal per 100 g', (factor, kcal) => {
    // 32 + 183.6 + 34.8*4 = 354.8 kcal before the polyols; + 20 g * (2.4 default | 0 | 4).
    expect(energy(bar(20, factor === undefined ? {} : { mx_polyol_factor_kcal: factor }), 'es-MX').kcal).toBe(kcal);
  });

  it.each([
    // Regulation (EU) 1169/2011 Annex III point 2.4: "more than 10 % added polyols".
    ['en-GB', 10, ['with_sweeteners']],
    ['en-GB', 10.01, ['with_sweeteners', 'laxative']],
    ['de-DE', 10.01, ['with_sweeteners', 'laxative']],
    // FSANZ Standard 1.2.3 Schedule 9: the polyol advisory at 10 g/100 g or more.
    ['en-AU', 9.99, []],
    ['en-AU', 10, ['laxative']],
    // NOM-051 7.1.3: the legend is for intense (non-caloric) sweeteners, not polyols.
    ['es-MX', 20, []],
  ] as const)('%s with %d g/100 g of added polyols: %o (1169/2011 Annex III 2.4; FSANZ 1.2.3)', (language, added, expected) => {
    expect(codes(bar(added), language)).toEqual(expected);
  });

  it('21 CFR 101.9(c)(6)(iv): Sugar Free with the Sugar Alcohol row; 101.13(e)(2): never "a sugar-free food"', () => {
    const us = buildLabel(BAR, { language: 'en-US', format: 'fda_vertical' });
    expect(us.claims).toContain('Sugar Free');
    expect(us.claims.join(' ')).not.toContain('a sugar-free food');
    expect(us.nutrients.find((r) => r.key === 'sugar_alcohol')?.display).toBe('10g');
    // 101.9(c)(6): sugar alcohols stay in Total Carbohydrate.
    expect(us.nutrients.find((r) => r.key === 'carbohydrate')?.amount).toBe(30);
  });
});
