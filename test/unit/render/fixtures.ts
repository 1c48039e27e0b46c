// Hand-made label models for the renderer tests (the engine that computes them is tested apart).
// FDA: the sample label of 21 CFR 101.9(d)(12). Canada: Health Canada's Directory example
// (Per 1 cup (250 mL), Calories 110), in English, French and bilingual.

import { buildLabel } from '../../../src/core/label/build-label.js';
import { EU_SAMPLE_INPUT } from '../../support/eu-sample.js';
import { ANZ_SAMPLE_INPUT, MX_SAMPLE_INPUT } from '../../support/anz-mx-sample.js';
import type { LabelModel, LabelNutrientRow } from '../../../src/core/label/shared/model.js';

function row(
  key: string,
  name: string,
  amount: number | null,
  unit: string,
  display: string,
  percent: number | null,
  percentDisplay: string | null,
  indent: 0 | 1 | 2,
  bold: boolean,
  extra: Partial<LabelNutrientRow> = {},
): LabelNutrientRow {
  return { key, name, amount, unit, display, percent_dv: percent, percent_dv_display: percentDisplay, indent, bold, ...extra };
}

const pct = (n: number): [number, string] => [n, `${n}%`];

const FDA_FOOTNOTE =
  '*The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. ' +
  '2,000 calories a day is used for general nutrition advice.';

export const FDA_SAMPLE_ROWS: LabelNutrientRow[] = [
  row('calories', 'Calories', 230, 'kcal', '230', null, null, 0, true),
  row('fat', 'Total Fat', 8, 'g', '8g', ...pct(10), 0, true),
  row('fat_saturated', 'Saturated Fat', 1, 'g', '1g', ...pct(5), 1, false),
  row('fat_trans', 'Trans Fat', 0, 'g', '0g', null, null, 1, false),
  row('cholesterol', 'Cholesterol', 0, 'mg', '0mg', ...pct(0), 0, true),
  row('sodium', 'Sodium', 160, 'mg', '160mg', ...pct(7), 0, true),
  row('carbohydrate', 'Total Carbohydrate', 37, 'g', '37g', ...pct(13), 0, true),
  row('fiber', 'Dietary Fiber', 4, 'g', '4g', ...pct(14), 1, false),
  row('sugar', 'Total Sugars', 12, 'g', '12g', null, null, 1, false),
  row('added_sugar', 'Added Sugars', 10, 'g', '10g', ...pct(20), 2, false),
  row('protein', 'Protein', 3, 'g', '3g', null, null, 0, true),
  row('vitamin_d', 'Vitamin D', 2, 'mcg', '2mcg', ...pct(10), 0, false),
  row('calcium', 'Calcium', 260, 'mg', '260mg', ...pct(20), 0, false),
  row('iron', 'Iron', 8, 'mg', '8mg', ...pct(45), 0, false),
  row('potassium', 'Potassium', 235, 'mg', '235mg', ...pct(6), 0, false),
];

export const FDA_SAMPLE: LabelModel = {
  recipe_id: 1,
  language: 'en-US',
  format: 'fda_vertical',
  title: 'Nutrition Facts',
  serving_size: { household: '2/3 cup', grams: 55, display: '2/3 cup (55g)', unit: 'g' },
  servings_per_container: { value: 8, display: '8 servings per container' },
  nutrients: FDA_SAMPLE_ROWS,
  footnote: FDA_FOOTNOTE,
  claims: [],
  allergen_statement: 'Contains: Milk, Wheat',
  ingredient_statement:
    'Ingredients: Whole Grain Oats, Sugar, Wheat Flour, Skim Milk Powder, Canola Oil, Salt, Calcium Carbonate, ' +
    'Natural Flavor, Iron, Vitamin D3.',
  notes: [],
  complete: true,
  warnings: [],
};

export const FDA_TABULAR: LabelModel = { ...FDA_SAMPLE, format: 'fda_tabular' };
export const FDA_LINEAR: LabelModel = { ...FDA_SAMPLE, format: 'fda_linear' };

/** A product where most nutrients are insignificant (101.9(f)): a hard candy-like model. */
export const FDA_SIMPLIFIED: LabelModel = {
  ...FDA_SAMPLE,
  format: 'fda_simplified',
  serving_size: { household: '3 pieces', grams: 15, display: '3 pieces (15g)', unit: 'g' },
  servings_per_container: { value: 10, display: 'About 10 servings per container' },
  nutrients: [
    row('calories', 'Calories', 60, 'kcal', '60', null, null, 0, true),
    row('fat', 'Total Fat', 0, 'g', '0g', ...pct(0), 0, true),
    row('sodium', 'Sodium', 0, 'mg', '0mg', ...pct(0), 0, true),
    row('carbohydrate', 'Total Carbohydrate', 15, 'g', '15g', ...pct(5), 0, true),
    row('sugar', 'Total Sugars', 11, 'g', '11g', null, null, 1, false),
    row('added_sugar', 'Added Sugars', 11, 'g', '11g', ...pct(22), 2, false),
    row('protein', 'Protein', 0, 'g', '0g', null, null, 0, true),
  ],
  not_significant_statement:
    'Not a significant source of saturated fat, trans fat, cholesterol, dietary fiber, vitamin D, calcium, iron, and potassium.',
  allergen_statement: null,
  ingredient_statement: 'Ingredients: Sugar, Corn Syrup, Natural Flavor.',
};

/** Per serving and per container (two servings): 101.9(b)(12)(i). */
export const FDA_DUAL: LabelModel = {
  ...FDA_SAMPLE,
  format: 'fda_dual_container',
  servings_per_container: { value: 2, display: '2 servings per container' },
  dual_column_titles: ['Per serving', 'Per container'],
  nutrients: FDA_SAMPLE_ROWS.map((r) => {
    const amount = r.amount === null ? null : r.amount * 2;
    const unit = r.unit === 'kcal' ? '' : r.unit;
    const percent = r.percent_dv === null ? null : r.percent_dv * 2;
    return {
      ...r,
      container: {
        amount,
        display: amount === null ? '' : `${amount}${unit}`,
        percent_dv: percent,
        percent_dv_display: percent === null ? null : `${percent}%`,
      },
    };
  }),
};

const CA_ROWS_EN: LabelNutrientRow[] = [
  row('calories', 'Calories', 110, 'kcal', '110', null, null, 0, true),
  row('fat', 'Fat', 0.5, 'g', '0.5 g', 1, '1 %', 0, true, { name_fr: 'Lipides' }),
  row('fat_saturated', 'Saturated', 0, 'g', '0 g', null, null, 1, false, { name_fr: 'saturés' }),
  row('fat_trans', '+ Trans', 0, 'g', '0 g', null, null, 1, false, { name_fr: 'trans' }),
  row('fat_saturated_trans', 'Saturated + Trans', null, 'g', '', 0, '0 %', 1, false, { name_fr: 'saturés + trans' }),
  row('carbohydrate', 'Carbohydrate', 18, 'g', '18 g', null, null, 0, true, { name_fr: 'Glucides' }),
  row('fiber', 'Fibre', 2, 'g', '2 g', 7, '7 %', 1, false, { name_fr: 'Fibres' }),
  row('sugar', 'Sugars', 15, 'g', '15 g', 15, '15 %', 1, false, { name_fr: 'Sucres' }),
  row('protein', 'Protein', 3, 'g', '3 g', null, null, 0, true, { name_fr: 'Protéines' }),
  row('cholesterol', 'Cholesterol', 0, 'mg', '0 mg', null, null, 0, true, { name_fr: 'Cholestérol' }),
  row('sodium', 'Sodium', 0, 'mg', '0 mg', 0, '0 %', 0, true, { name_fr: 'Sodium' }),
  row('potassium', 'Potassium', 450, 'mg', '450 mg', 13, '13 %', 0, false, { name_fr: 'Potassium' }),
  row('calcium', 'Calcium', 30, 'mg', '30 mg', 2, '2 %', 0, false, { name_fr: 'Calcium' }),
  row('iron', 'Iron', 0, 'mg', '0 mg', 0, '0 %', 0, false, { name_fr: 'Fer' }),
];

const CA_FOOTNOTE_EN = '*5% or less is a little, 15% or more is a lot';
const CA_FOOTNOTE_FR = "*5 % ou moins c'est peu, 15 % ou plus c'est beaucoup";

export const CA_STANDARD_EN: LabelModel = {
  recipe_id: 2,
  language: 'en-CA',
  format: 'ca_standard',
  title: 'Nutrition Facts',
  serving_size: { household: '1 cup', grams: 250, display: 'Per 1 cup (250 mL)', unit: 'mL' },
  servings_per_container: { value: 4, display: '4 servings per container' },
  nutrients: CA_ROWS_EN,
  footnote: CA_FOOTNOTE_EN,
  claims: [],
  allergen_statement: 'Contains: Milk',
  ingredient_statement: 'Ingredients: Skim milk, vitamin A palmitate, vitamin D3.',
  front_of_pack: { required: false, high_in: [], exemption: 'plain milk' },
  notes: [],
  complete: true,
  warnings: [],
};

const FR_NUMBER = (s: string): string => s.replace(/(\d)\.(\d)/g, '$1,$2');

export const CA_STANDARD_FR: LabelModel = {
  ...CA_STANDARD_EN,
  language: 'fr-CA',
  title: 'Valeur nutritive',
  serving_size: { ...CA_STANDARD_EN.serving_size, display: 'pour 1 tasse (250 mL)' },
  servings_per_container: { value: 4, display: '4 portions par contenant' },
  nutrients: CA_ROWS_EN.map((r) => {
    const { name_fr, ...rest } = r;
    const name = r.key === 'fat_trans' ? '+ trans' : (name_fr ?? r.name);
    return { ...rest, name, display: FR_NUMBER(r.display) };
  }),
  footnote: CA_FOOTNOTE_FR,
  allergen_statement: 'Contient : Lait',
  ingredient_statement: 'Ingrédients : Lait écrémé, palmitate de vitamine A, vitamine D3.',
};

export const CA_BILINGUAL: LabelModel = {
  ...CA_STANDARD_EN,
  format: 'ca_bilingual',
  bilingual: {
    title_fr: 'Valeur nutritive',
    serving_display_fr: 'pour 1 tasse (250 mL)',
    footnote_fr: CA_FOOTNOTE_FR,
    allergen_statement_fr: 'Contient : Lait',
    ingredient_statement_fr: 'Ingrédients : Lait écrémé, palmitate de vitamine A, vitamine D3.',
  },
};

// The EU worked example, from the engine (its numbers are checked in test/unit/label/eu/worked-example.test.ts).
export const EU_TABLE: LabelModel = buildLabel(EU_SAMPLE_INPUT, { language: 'en-GB', format: 'eu_table' });
export const EU_LINEAR: LabelModel = buildLabel(EU_SAMPLE_INPUT, { language: 'de-DE', format: 'eu_linear' });

// The Australian / New Zealand and Mexican worked examples, from the engines (numbers checked in
// test/unit/label/anz-mx-markets.test.ts).
export const ANZ_NIP: LabelModel = buildLabel(ANZ_SAMPLE_INPUT, { language: 'en-AU', format: 'anz_nip' });
export const MX_TABLE: LabelModel = buildLabel(MX_SAMPLE_INPUT, { language: 'es-MX', format: 'mx_table' });

/** Every fixture, one per format, for tests that loop over formats. */
export const ALL_FIXTURES: Record<LabelModel['format'], LabelModel> = {
  fda_vertical: FDA_SAMPLE,
  fda_tabular: FDA_TABULAR,
  fda_linear: FDA_LINEAR,
  fda_simplified: FDA_SIMPLIFIED,
  fda_dual_container: FDA_DUAL,
  ca_standard: CA_STANDARD_EN,
  ca_bilingual: CA_BILINGUAL,
  eu_table: EU_TABLE,
  eu_linear: EU_LINEAR,
  anz_nip: ANZ_NIP,
  mx_table: MX_TABLE,
};
