import { describe, it, expect } from 'vitest';
import { buildLabel, type LabelInput } from '../../../src/core/label/build-label.js';
import { formatsOfLanguage, labelRequest } from '../../../src/core/label/markets.js';
import { FDA_SAMPLE_INPUT, FDA_SAMPLE_ROWS } from '../../support/fda-sample.js';
import type { LabelModel } from '../../../src/core/label/shared/model.js';

const rowsOf = (label: LabelModel) => label.nutrients.map((r) => [r.key, r.display, r.percent_dv_display]);
const row = (label: LabelModel, key: string) => label.nutrients.find((r) => r.key === key)!;

describe('FDA sample label, 21 CFR 101.9(d)(12)', () => {
  const label = buildLabel(FDA_SAMPLE_INPUT, { language: 'en-US', format: 'fda_vertical' });

  it('header lines', () => {
    expect(label.title).toBe('Nutrition Facts');
    expect(label.serving_size).toEqual({ household: '2/3 cup', grams: 55, display: '2/3 cup (55g)', unit: 'g' });
    expect(label.servings_per_container).toEqual({ value: 8, display: '8 servings per container' });
    expect(label.percent_dv_header).toBe('% Daily Value*');
  });

  it('rows, in printed order, as printed', () => {
    expect(rowsOf(label)).toEqual(FDA_SAMPLE_ROWS);
  });

  it('numbers, names and layout hints', () => {
    expect(row(label, 'calories')).toMatchObject({ name: 'Calories', amount: 230, unit: 'kcal', bold: true, indent: 0, percent_dv: null });
    expect(row(label, 'fat')).toMatchObject({
      name: 'Total Fat',
      amount: 8,
      unit: 'g',
      percent_dv: 10,
      bold: true,
      indent: 0,
      line: 'Total Fat 8g',
    });
    expect(row(label, 'fat_saturated')).toMatchObject({ name: 'Saturated Fat', bold: false, indent: 1 });
    expect(row(label, 'fat_trans')).toMatchObject({ name: 'Trans Fat', indent: 1 });
    expect(row(label, 'carbohydrate')).toMatchObject({ name: 'Total Carbohydrate', bold: true });
    expect(row(label, 'fiber')).toMatchObject({ name: 'Dietary Fiber', indent: 1 });
    expect(row(label, 'sugar')).toMatchObject({ name: 'Total Sugars', indent: 1 });
    expect(row(label, 'added_sugar')).toMatchObject({ name: 'Added Sugars', indent: 2, line: 'Includes 10g Added Sugars' });
    expect(row(label, 'vitamin_d')).toMatchObject({ name: 'Vitamin D', unit: 'mcg', amount: 2, bold: false });
    expect(row(label, 'potassium').amount).toBe(240);
  });

  it('footnote, statements, claims', () => {
    expect(label.footnote).toBe(
      '*The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. 2,000 calories a day is used for general nutrition advice.',
    );
    expect(label.allergen_statement).toBe('Contains: Milk, Wheat');
    expect(label.ingredient_statement).toBe('Ingredients: Flour, Sugar');
    expect(label.claims).toEqual([
      'Low Saturated Fat',
      'Cholesterol Free',
      'Good Source of Fiber',
      'Good Source of Vitamin D',
      'High in Calcium',
      'High in Iron',
    ]);
    expect(label.disclosures).toEqual(['Contains 8g total fat per serving']);
    expect(label.front_of_pack).toBeUndefined();
  });
});

describe('FDA label details', () => {
  const build = (over: Partial<LabelInput>, format: Parameters<typeof buildLabel>[1]['format'] = 'fda_vertical') =>
    buildLabel(
      { ...FDA_SAMPLE_INPUT, ...over, nutrition: { ...FDA_SAMPLE_INPUT.nutrition, ...(over.nutrition ?? {}) } },
      { language: 'en-US', format },
    );

  it('"less than 1g" carries the unrounded amount and its %DV comes from it (docs/labeling.md#decisions #5)', () => {
    const r = row(build({ nutrition: { fiber: 0.7 } }), 'fiber');
    expect(r).toMatchObject({ amount: 0.7, display: 'less than 1g', percent_dv: 3, percent_dv_display: '3%' });
  });

  it('"less than 5mg" cholesterol', () => {
    expect(row(build({ nutrition: { cholesterol: 4 } }), 'cholesterol')).toMatchObject({
      amount: 4,
      display: 'less than 5mg',
      percent_dv: 1,
    });
  });

  it('labelled fiber = fiber - uncounted_fiber', () => {
    const label = build({ nutrition: { fiber: 5, uncounted_fiber: 1.4 } });
    expect(row(label, 'fiber')).toMatchObject({ amount: 4, display: '4g' });
    expect(label.notes).toContain('dietary fiber declared as fiber minus uncounted_fiber');
  });

  it('vitamin D from IU when no mcg value (1 IU = 0.025 mcg)', () => {
    const nutrition = { ...FDA_SAMPLE_INPUT.nutrition } as Record<string, number>;
    delete nutrition.vitamin_d_mcg;
    nutrition.vitamin_d_IU = 80;
    const label = buildLabel({ ...FDA_SAMPLE_INPUT, nutrition }, { language: 'en-US', format: 'fda_vertical' });
    expect(row(label, 'vitamin_d')).toMatchObject({ amount: 2, display: '2mcg', percent_dv: 10 });
    expect(label.notes.some((n) => n.includes('vitamin D converted from IU'))).toBe(true);
  });

  it('optional vitamin A in mcg RAE from IU, noted; order after potassium', () => {
    const label = build({
      nutrition: { vitamin_a_IU: 300, vitamin_c: 9 },
      settings: { optional_nutrients: ['vitamin_c', 'vitamin_a', 'bogus'] },
    });
    expect(label.nutrients.slice(-3).map((r) => r.key)).toEqual(['potassium', 'vitamin_a', 'vitamin_c']);
    expect(row(label, 'vitamin_a')).toMatchObject({ amount: 90, unit: 'mcg', display: '90mcg', percent_dv: 10 });
    expect(row(label, 'vitamin_c')).toMatchObject({ display: '9mg', percent_dv: 10 });
    expect(label.notes.some((n) => n.includes('vitamin A converted from IU'))).toBe(true);
    expect(label.notes).toContain('optional nutrient "bogus" is not declarable on an FDA label: ignored');
  });

  it('voluntary fats sit under trans fat, sugar alcohol under added sugars', () => {
    const label = build({
      nutrition: { fat_polyunsaturated: 2.2, fat_monounsaturated: 4.1, sugar_alcohol: 0.6 },
      settings: { optional_nutrients: ['fat_monounsaturated', 'fat_polyunsaturated', 'sugar_alcohol'] },
    });
    expect(label.nutrients.map((r) => r.key).slice(0, 7)).toEqual([
      'calories',
      'fat',
      'fat_saturated',
      'fat_trans',
      'fat_polyunsaturated',
      'fat_monounsaturated',
      'cholesterol',
    ]);
    expect(row(label, 'fat_polyunsaturated').display).toBe('2g');
    expect(row(label, 'fat_monounsaturated').display).toBe('4g');
    expect(label.nutrients.map((r) => r.key).indexOf('sugar_alcohol')).toBe(label.nutrients.map((r) => r.key).indexOf('added_sugar') + 1);
    expect(row(label, 'sugar_alcohol')).toMatchObject({ display: 'less than 1g', percent_dv: null });
  });

  it('percent_dv_basis "unrounded"', () => {
    const label = build({ nutrition: { fat: 8.4 }, settings: { percent_dv_basis: 'unrounded' } });
    expect(row(label, 'fat')).toMatchObject({ display: '8g', percent_dv: 11 }); // 8.4 / 78 = 10.8 %
    expect(row(build({ nutrition: { fat: 8.4 } }), 'fat').percent_dv).toBe(10);
  });

  it('children 1-3 DVs and footnote', () => {
    const label = build({ settings: { dv_population: 'children_1_3' } });
    expect(row(label, 'fat').percent_dv).toBe(21); // 8 / 39
    expect(row(label, 'sodium').percent_dv).toBe(11); // 160 / 1500
    expect(row(label, 'iron').percent_dv).toBe(110); // 8 / 7 = 114 % -> 110 %
    expect(label.footnote).toContain('1,000 calories a day');
    expect(label.notes.some((n) => n.includes('protein %DV is required'))).toBe(true);
  });

  it('the declared serving is the basis: 54.6 g restated on 55 g', () => {
    const label = build({ serving_grams: 54.6, nutrition: { sodium: 139.2 } }); // 139.2 x 55/54.6 = 140.2 -> 140
    expect(label.serving_size.grams).toBe(55);
    expect(row(label, 'sodium').display).toBe('140mg');
    expect(label.notes.some((n) => n.startsWith('per-serving values restated for the declared serving of 55 g'))).toBe(true);
  });

  it('servings per container: "about" when rounded', () => {
    expect(build({ servings_per_container: 2.3 }).servings_per_container).toEqual({
      value: 2.5,
      display: 'about 2.5 servings per container',
    });
  });

  it('an empty recipe says every value is zero', () => {
    const label = buildLabel(
      { ...FDA_SAMPLE_INPUT, nutrition: {}, empty_recipe: true, serving_grams: 0, servings_per_container: 1 },
      { language: 'en-US', format: 'fda_vertical' },
    );
    expect(label.notes).toContain('recipe has no lines: every value is zero');
    expect(label.nutrients.every((r) => r.amount === 0)).toBe(true);
    expect(label.claims).toEqual([]);
  });

  it('missing nutrients print as zero and say so', () => {
    const label = buildLabel({ ...FDA_SAMPLE_INPUT, nutrition: { calories: 100 } }, { language: 'en-US', format: 'fda_vertical' });
    expect(label.notes.find((n) => n.startsWith('no value known for'))).toContain('Total Fat');
  });
});

describe('FDA formats', () => {
  it('tabular: same rows as vertical', () => {
    const v = buildLabel(FDA_SAMPLE_INPUT, { language: 'en-US', format: 'fda_vertical' });
    const t = buildLabel(FDA_SAMPLE_INPUT, { language: 'en-US', format: 'fda_tabular' });
    expect(t.format).toBe('fda_tabular');
    expect(t.nutrients).toEqual(v.nutrients);
  });

  it('linear: same rows, abbreviations (101.9(j)(13)(ii)(B))', () => {
    const label = buildLabel(FDA_SAMPLE_INPUT, { language: 'en-US', format: 'fda_linear' });
    expect(rowsOf(label)).toEqual(rowsOf(buildLabel(FDA_SAMPLE_INPUT, { language: 'en-US', format: 'fda_vertical' })));
    expect(row(label, 'fat_saturated')).toMatchObject({ short_name: 'Sat. Fat', line: 'Sat. Fat 1g' });
    expect(row(label, 'cholesterol')).toMatchObject({ short_name: 'Cholest.', line: 'Cholest. 0mg' });
    expect(row(label, 'carbohydrate').short_name).toBe('Total Carb.');
    expect(row(label, 'added_sugar').line).toBe('Incl. 10g Added Sugars');
    expect(label.notes.some((n) => n.startsWith('linear format'))).toBe(true);
  });

  it('dual column per serving / per container', () => {
    const input = { ...FDA_SAMPLE_INPUT, servings_per_container: 2.5, settings: { racc_grams: 55 } };
    const label = buildLabel(input, { language: 'en-US', format: 'fda_dual_container' });
    expect(label.dual_column_titles).toEqual(['Per serving', 'Per container']);
    expect(label.servings_per_container.display).toBe('2.5 servings per container');
    expect(row(label, 'calories').container).toEqual({ amount: 580, display: '580', percent_dv: null, percent_dv_display: null }); // 575 -> 580
    expect(row(label, 'fat').container).toEqual({ amount: 20, display: '20g', percent_dv: 26, percent_dv_display: '26%' });
    expect(row(label, 'sodium').container).toMatchObject({ display: '400mg', percent_dv: 17 });
    expect(row(label, 'iron').container).toMatchObject({ display: '20mg', percent_dv: 110 });
    expect(row(label, 'fat').display).toBe('8g');
    expect(label.notes.some((n) => n.includes('RACC'))).toBe(false); // 137.5 g = 250 % of the 55 g RACC
    const custom = buildLabel(
      { ...input, settings: { dual_column_titles: ['Per 1 cup', 'Per box'], racc_grams: 30 } },
      { language: 'en-US', format: 'fda_dual_container' },
    );
    expect(custom.dual_column_titles).toEqual(['Per 1 cup', 'Per box']);
    expect(custom.notes.some((n) => n.includes('200-300 % of the RACC'))).toBe(true); // 137.5 g = 458 % of 30 g
  });

  it('simplified: a qualifying drink', () => {
    const drink: LabelInput = {
      ...FDA_SAMPLE_INPUT,
      nutrition: {
        calories: 100,
        fat: 0,
        fat_saturated: 0,
        fat_trans: 0,
        cholesterol: 0,
        sodium: 4,
        carbohydrate: 26,
        fiber: 0,
        sugar: 25,
        added_sugar: 25,
        protein: 0.2,
        vitamin_d_mcg: 0,
        calcium: 5,
        iron: 0.1,
        potassium: 30,
      },
      household_serving: '1 can',
      serving_grams: 360,
      serving_ml: 355,
      servings_per_container: 1,
    };
    const label = buildLabel(drink, { language: 'en-US', format: 'fda_simplified' });
    expect(rowsOf(label)).toEqual([
      ['calories', '100', null],
      ['fat', '0g', '0%'],
      ['sodium', '0mg', '0%'],
      ['carbohydrate', '26g', '9%'],
      ['sugar', '25g', null],
      ['added_sugar', '25g', '50%'],
      ['protein', '0g', null],
    ]);
    expect(label.not_significant_statement).toBe(
      'Not a significant source of saturated fat, trans fat, cholesterol, dietary fiber, vitamin D, calcium, iron, and potassium.',
    );
    expect(label.notes.some((n) => n.includes('does not qualify'))).toBe(false);
    expect(label.serving_size.display).toBe('1 can (355mL)');
  });

  it('simplified: exactly 8 insignificant qualifies, 7 does not (101.9(f))', () => {
    const base = {
      calories: 100,
      fat: 0.4,
      fat_saturated: 0.4,
      fat_trans: 0.4,
      cholesterol: 1.9,
      sodium: 4.9,
      carbohydrate: 0.9,
      fiber: 0.9,
      sugar: 0.4,
      added_sugar: 5,
      protein: 5,
      vitamin_d_mcg: 5,
      calcium: 500,
      iron: 5,
      potassium: 1000,
    };
    const eight = buildLabel({ ...FDA_SAMPLE_INPUT, nutrition: base }, { language: 'en-US', format: 'fda_simplified' });
    expect(eight.warnings.map((w) => w.code)).not.toContain('format_not_allowed');
    expect(eight.complete).toBe(true);
    const seven = buildLabel({ ...FDA_SAMPLE_INPUT, nutrition: { ...base, sugar: 0.5 } }, { language: 'en-US', format: 'fda_simplified' });
    const refused = seven.warnings.find((w) => w.code === 'format_not_allowed');
    expect(refused?.message).toContain('this recipe has 7');
    expect(refused?.accepted).toBe(false);
    expect(seven.complete).toBe(false);
    expect(seven.nutrients.map((r) => r.key)).toContain('sugar');
  });

  it('simplified on a recipe that does not qualify still renders, as an incomplete label with a format_not_allowed warning', () => {
    const label = buildLabel(FDA_SAMPLE_INPUT, { language: 'en-US', format: 'fda_simplified' });
    expect(label.warnings.map((w) => w.code)).toEqual(['format_not_allowed']);
    expect(label.complete).toBe(false);
    expect(label.nutrients.map((r) => r.key)).toEqual(
      buildLabel(FDA_SAMPLE_INPUT, { language: 'en-US', format: 'fda_vertical' })
        .nutrients.map((r) => r.key)
        .filter((k) => k !== 'fat_trans' && k !== 'cholesterol'),
    );
    expect(label.not_significant_statement).toBe('Not a significant source of trans fat and cholesterol.');
  });
});

describe('language and format pairs', () => {
  it('formats per language and defaults', () => {
    expect(formatsOfLanguage('en-US')).toEqual(['fda_vertical', 'fda_tabular', 'fda_linear', 'fda_simplified', 'fda_dual_container']);
    expect(formatsOfLanguage('en-CA')).toEqual(['ca_standard', 'ca_bilingual']);
    expect(formatsOfLanguage('fr-CA')).toEqual(['ca_standard', 'ca_bilingual']);
    expect(labelRequest('en-US')).toMatchObject({ ok: true, request: { format: 'fda_vertical' } });
    expect(labelRequest('fr-CA')).toMatchObject({ ok: true, request: { format: 'ca_standard' } });
  });
  it.each([
    ['en-US', undefined, { ok: true, request: { language: 'en-US', format: 'fda_vertical', market: { key: 'us' } } }],
    ['en-CA', 'ca_bilingual', { ok: true, request: { language: 'en-CA', format: 'ca_bilingual', market: { key: 'ca' } } }],
    ['en-US', 'ca_standard', { ok: false, field: 'format' }],
    ['fr-CA', 'fda_linear', { ok: false, field: 'format' }],
    ['de-DE', undefined, { ok: true, request: { language: 'de-DE', format: 'eu_table', market: { key: 'eu' } } }],
    ['de-DE', 'fda_vertical', { ok: false, field: 'format' }],
    ['ja-JP', undefined, { ok: false, field: 'language' }],
  ])('%s + %s', (language, format, expected) => {
    expect(labelRequest(language, format)).toMatchObject(expected);
  });
  it('buildLabel refuses a mismatched pair', () => {
    expect(() => buildLabel(FDA_SAMPLE_INPUT, { language: 'en-US', format: 'ca_standard' })).toThrow(RangeError);
  });
});
