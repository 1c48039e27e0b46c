// Every threshold of the EU/UK engine, on both sides, each case naming its paragraph.
import { describe, expect, it } from 'vitest';
import { buildLabel, type LabelInput } from '../../../../src/core/label/build-label.js';
import { annexXivEnergy } from '../../../../src/core/label/eu/energy.js';
import { isSignificant, percentOfReference } from '../../../../src/core/label/eu/reference-intakes.js';
import { EU_FATTY_ACID_BANDS, EU_GRAM_BANDS, EU_SALT_BANDS, roundEu, roundSignificant } from '../../../../src/core/label/eu/rounding.js';
import { Decimal } from '../../../../src/core/label/shared/decimal-round.js';

describe('rounding (Commission guidance on tolerances, Dec 2012, rounding table; ties half up)', () => {
  const cases: Array<[string, typeof EU_GRAM_BANDS, string, string]> = [
    // [paragraph, bands, unrounded, printed]
    ['fat group: exactly zero prints 0', EU_GRAM_BANDS, '0', '0'],
    ['fat group: <= 0.5 g prints <0.5', EU_GRAM_BANDS, '0.5', '<0.5'],
    ['fat group: just above 0.5 g, one decimal', EU_GRAM_BANDS, '0.51', '0.5'],
    ['fat group: 0.55 ties up', EU_GRAM_BANDS, '0.55', '0.6'],
    ['fat group: below 10 g, one decimal (9.96 -> 10.0)', EU_GRAM_BANDS, '9.96', '10.0'],
    ['fat group: 9.94 -> 9.9', EU_GRAM_BANDS, '9.94', '9.9'],
    ['fat group: at 10 g, whole gram', EU_GRAM_BANDS, '10', '10'],
    ['fat group: 10.5 ties up to 11', EU_GRAM_BANDS, '10.5', '11'],
    ['fat group: 10.49 -> 10', EU_GRAM_BANDS, '10.49', '10'],
    ['saturates: <= 0.1 g prints <0.1', EU_FATTY_ACID_BANDS, '0.1', '<0.1'],
    ['saturates: just above 0.1 g, one decimal', EU_FATTY_ACID_BANDS, '0.11', '0.1'],
    ['saturates: 0.2 g stays 0.2 (not <0.5)', EU_FATTY_ACID_BANDS, '0.2', '0.2'],
    ['saturates: below 10 g, one decimal', EU_FATTY_ACID_BANDS, '9.94', '9.9'],
    ['saturates: at 10 g, whole', EU_FATTY_ACID_BANDS, '10', '10'],
    ['salt: <= 0.0125 g prints <0.01', EU_SALT_BANDS, '0.0125', '<0.01'],
    ['salt: just above 0.0125 g, two decimals', EU_SALT_BANDS, '0.0126', '0.01'],
    ['salt: below 1 g, two decimals (0.6 -> 0.60)', EU_SALT_BANDS, '0.6', '0.60'],
    ['salt: 0.995 ties up to 1.00', EU_SALT_BANDS, '0.995', '1.00'],
    ['salt: at 1 g, one decimal', EU_SALT_BANDS, '1', '1.0'],
    ['salt: 1.05 ties up to 1.1', EU_SALT_BANDS, '1.05', '1.1'],
  ];
  it.each(cases)('%s', (_paragraph, bands, value, printed) => {
    expect(roundEu(value, bands, false).text).toBe(printed);
  });

  it('a "<x" form carries the unrounded amount to 2 decimals and a comma where the language writes one', () => {
    expect(roundEu('0.4', EU_GRAM_BANDS, true)).toEqual({ amount: 0.4, text: '<0,5', lessThan: true });
    expect(roundEu('0.0042', EU_SALT_BANDS, true).text).toBe('<0,01');
  });

  const figures: Array<[string, string, 2 | 3, string]> = [
    ['vitamins and minerals: vitamin A at 3 significant figures', '1234', 3, '1230'],
    ['vitamins and minerals: 3 figures, tie up', '1235', 3, '1240'],
    ['vitamins and minerals: 2 figures keeps the trailing zero', '6', 2, '6.0'],
    ['vitamins and minerals: 2 figures, 9.96 -> 10', '9.96', 2, '10'],
    ['vitamins and minerals: 2 figures, 0.145 -> 0.15', '0.145', 2, '0.15'],
  ];
  it.each(figures)('%s', (_paragraph, value, n, printed) => {
    expect(roundSignificant(value, n, false).text).toBe(printed);
  });
});

describe('energy (Art. 31(1), Annex XIV): two sums, each with its own factors', () => {
  const zero = new Decimal(0);
  const base = {
    fat: zero,
    salatrim: zero,
    carbohydrate: zero,
    polyols: zero,
    erythritol: zero,
    protein: zero,
    fiber: zero,
    alcohol: zero,
    organic_acids: zero,
  };
  const d = (n: number) => new Decimal(n);
  const cases: Array<[string, Partial<typeof base>, number, number]> = [
    [
      'Annex XIV: 20 g available carbohydrate + 40 g polyols + 25 g fat + 6 g protein',
      { carbohydrate: d(60), polyols: d(40), fat: d(25), protein: d(6) },
      1767,
      425,
    ],
    ['Annex XIV: fibre 8 kJ / 2 kcal', { fiber: d(1) }, 8, 2],
    ['Annex XIV: alcohol 29 kJ / 7 kcal', { alcohol: d(1) }, 29, 7],
    ['Annex XIV: organic acids 13 kJ / 3 kcal', { organic_acids: d(1) }, 13, 3],
    ['Annex XIV: salatrim 25/6 inside the fat (37/9 for the rest)', { fat: d(10), salatrim: d(4) }, 37 * 6 + 25 * 4, 9 * 6 + 6 * 4],
    [
      'Annex XIV: erythritol 0/0 inside the polyols (10/2.4 for the rest)',
      { carbohydrate: d(10), polyols: d(10), erythritol: d(4) },
      60,
      14.4,
    ],
  ];
  it.each(cases)('%s', (_paragraph, parts, kj, kcal) => {
    const e = annexXivEnergy({ ...base, ...parts });
    expect(e.kj.toNumber()).toBe(kj);
    expect(e.kcal.toNumber()).toBeCloseTo(kcal, 10);
  });
  it('Annex XIV: kcal is not kJ / 4.184 (425 kcal x 4.184 = 1778, not 1767)', () => {
    const e = annexXivEnergy({ ...base, carbohydrate: d(60), polyols: d(40), fat: d(25), protein: d(6) });
    expect(Math.round(e.kcal.toNumber() * 4.184)).not.toBe(e.kj.toNumber());
  });
});

describe('%RI and %NRV (Annex XIII; whole percent half up, "<1%" above zero)', () => {
  const cases: Array<[string, string, string, string]> = [
    ['Annex XIII Part B: zero is 0%', '0', '70', '0%'],
    ['Annex XIII Part B: just above zero is <1%', '0.1', '70', '<1%'],
    ['Annex XIII Part B: 0.5% rounds up to 1%', '0.35', '70', '1%'],
    ['Annex XIII Part B: 0.49% is <1%', '0.343', '70', '<1%'],
    ['Annex XIII Part B: energy 190 kcal / 2000 = 9.5% -> 10%', '190', '2000', '10%'],
    ['Annex XIII Part B: 9.49% -> 9%', '189.8', '2000', '9%'],
  ];
  it.each(cases)('%s', (_paragraph, amount, reference, printed) => {
    expect(percentOfReference(amount, reference).display).toBe(printed);
  });
});

describe('significant amount (Annex XIII Part A point 2), at least the share, on the unrounded amount', () => {
  // Vitamin C NRV 80 mg: 15 % = 12 mg, 7.5 % = 6 mg.
  const cases: Array<[string, string, 'per_100g' | 'per_100ml_beverage' | 'per_100ml_liquid', { perPortion: string } | null, boolean]> = [
    ['point 2: 15% per 100 g, at the threshold', '12', 'per_100g', null, true],
    ['point 2: 15% per 100 g, just below', '11.99', 'per_100g', null, false],
    ['point 2: 7.5% per 100 mL for beverages, at the threshold', '6', 'per_100ml_beverage', null, true],
    ['point 2: 7.5% per 100 mL for beverages, just below', '5.99', 'per_100ml_beverage', null, false],
    ['point 2: a liquid that is not a beverage takes 15%', '6', 'per_100ml_liquid', null, false],
    ['point 2: single-portion pack, 15% per portion, at the threshold', '5', 'per_100g', { perPortion: '12' }, true],
    ['point 2: single-portion pack, just below per portion', '5', 'per_100g', { perPortion: '11.99' }, false],
  ];
  it.each(cases)('%s', (_paragraph, per100, basis, single, expected) => {
    expect(isSignificant('vitamin_c', per100, basis, single)).toBe(expected);
  });
});

describe('the label: voluntary rows, significance, basis (Arts 30(2), 32, 33; Annex XIII)', () => {
  const input: LabelInput = {
    recipe_id: 1,
    nutrition: {
      fat: 2,
      fat_saturated: 1,
      carbohydrate: 12,
      fiber: 2,
      sugar: 5,
      protein: 3,
      sodium: 100,
      vitamin_c: 12,
      calcium: 10,
      starch: 4,
    },
    serving_grams: 100,
    servings_per_container: 4,
    allergens: {},
    ingredient_statement: {},
    settings: { optional_nutrients: ['fiber', 'starch', 'vitamin_c', 'calcium'] },
    empty_recipe: false,
  };
  it('Art. 30(2): voluntary rows only when asked, in Annex XV order; vitamin C (15% of NRV) declared with its %NRV; calcium (1.25%) left out with not_significant', () => {
    const label = buildLabel(input, { language: 'en-GB', format: 'eu_table' });
    expect(label.nutrients.map((r) => r.key)).toEqual([
      'energy',
      'fat',
      'fat_saturated',
      'carbohydrate',
      'sugar',
      'starch',
      'fiber',
      'protein',
      'salt',
      'vitamin_c',
    ]);
    const c = label.nutrients.find((r) => r.key === 'vitamin_c')!;
    expect(c.per_100).toMatchObject({ display: '12 mg', percent_ri_display: '15%' });
    expect(label.nutrients.find((r) => r.key === 'fiber')!.per_100!.percent_ri).toBeNull();
    expect(label.warnings.filter((w) => w.code === 'not_significant').map((w) => w.nutrient)).toEqual(['calcium']);
    expect(label.complete).toBe(true);
    // Annex I(1): carbohydrate is available carbohydrate (12 - 2 fibre).
    expect(label.nutrients.find((r) => r.key === 'carbohydrate')!.per_100!.display).toBe('10 g');
  });

  it('Art. 32(2): a beverage is declared per 100 mL through its density; without one, per 100 g and missing_density', () => {
    const drink: LabelInput = { ...input, serving_grams: 260, density: 1.04, settings: { food_kind: 'beverage' } };
    const label = buildLabel(drink, { language: 'en-GB', format: 'eu_table' });
    expect(label.basis).toBe('100mL');
    expect(label.column_headers!.per_100).toBe('Per 100 mL');
    expect(label.portion).toEqual({ grams: 250, display: '250 mL' });
    // 2 g fat per 260 g = per 250 mL -> 0.8 g per 100 mL.
    expect(label.nutrients.find((r) => r.key === 'fat')!.per_100!.display).toBe('0.8 g');
    const noDensity = buildLabel({ ...drink, density: null }, { language: 'en-GB', format: 'eu_table' });
    expect(noDensity.basis).toBe('100g');
    expect(noDensity.warnings.map((w) => w.code)).toContain('missing_density');
  });

  it('Art. 33(1)(c): a pack of about 2.5 portions says "about 3"; one portion is singular', () => {
    expect(
      buildLabel({ ...input, servings_per_container: 2.5 }, { language: 'en-GB', format: 'eu_table' }).servings_per_container.display,
    ).toBe('This pack contains about 3 portions');
    expect(
      buildLabel({ ...input, servings_per_container: 1 }, { language: 'fr-FR', format: 'eu_table' }).servings_per_container.display,
    ).toBe('Cet emballage contient 1 portion');
  });

  it('unknown is never zero: an ingredient without sodium makes salt a missing_nutrient warning and the label incomplete', () => {
    const label = buildLabel(
      { ...input, missing: { sodium: [{ ingredient_id: 5, name: 'Mystery salt', grams: 10, recipe_id: 1 }] } },
      { language: 'de-DE', format: 'eu_table' },
    );
    const warning = label.warnings.find((w) => w.code === 'missing_nutrient')!;
    // Salt is sodium x 2.5 (Annex I(14)): the ingredient field with the gap is sodium.
    expect(warning.nutrient).toBe('sodium');
    expect(warning.ingredient_ids).toEqual([5]);
    expect(label.complete).toBe(false);
  });
});
