// The tables of reference amounts (src/core/label/reference-amounts): every row complete (category, an
// amount or an explicit "no fixed amount", a label statement, a source), keys unique and readable, the
// US rows in the group order (21 CFR 101.12(b) Table 2, FSIS's meat and poultry tables, Table 1), the
// rows from a secondary copy saying so, the values the contract names, a row per group with its amount,
// unit and source, and the small-RACC line (21 CFR 101.13(l)) on both sides at 30 g and 2 tbsp.
// docs/labeling.md#reference-amounts.
import { describe, expect, it } from 'vitest';
import { categoryError, referenceAmount, referenceAmounts, resolveReference } from '../../../src/core/label/reference-amounts/index.js';
import { US_GROUP_ORDER } from '../../../src/core/label/reference-amounts/us-racc-build.js';
import { dec } from '../../../src/core/label/shared/decimal-round.js';

describe.each(['US', 'CA'] as const)('the %s table', (country) => {
  const rows = referenceAmounts(country);
  it('has unique, readable keys', () => {
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    // US keys are ours; Canada's are the table's item numbers ("A.10", an item's second entry "A.10.2").
    for (const row of rows) expect(row.key).toMatch(country === 'US' ? /^[a-z][a-z0-9_]*$/ : /^[A-X]\.\d+(\.\d+)?$/);
  });
  it('gives each row a category, a label statement and a source', () => {
    for (const row of rows) {
      expect(row.group.trim(), row.key).not.toBe('');
      expect(row.product_category.trim(), row.key).not.toBe('');
      expect(row.label_statement.trim(), row.key).not.toBe('');
      expect(row.source.trim(), row.key).not.toBe('');
    }
  });
  it('gives each row a positive amount, or none with a note saying what to set', () => {
    for (const row of rows) {
      if (row.amount === null) {
        expect(row.note, row.key).toMatch(country === 'US' ? /racc_grams/ : /reference_amount_grams/);
        expect(categoryError(country, row.key), row.key).toMatch(/no fixed reference amount/);
      } else {
        expect(row.amount, row.key).toBeGreaterThan(0);
        expect(categoryError(country, row.key), row.key).toBeNull();
      }
    }
  });
  it('states a household measure only with a volume', () => {
    for (const row of rows) if (row.household !== null) expect(row.unit, row.key).toBe('mL');
  });
});

describe('US table: 21 CFR 101.12(b) Table 2', () => {
  const rows = referenceAmounts('US');

  it('lists its rows group by group in the order of the US groups, and has a row in every group', () => {
    const ranks = rows.map((r) => US_GROUP_ORDER.indexOf(r.group));
    expect(ranks).not.toContain(-1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const groups = new Set(rows.map((r) => r.group));
    expect(US_GROUP_ORDER.filter((group) => !groups.has(group))).toEqual([]);
    // FDA's Table 2 first, in its order; then FSIS's meat and poultry; then Table 1.
    expect(US_GROUP_ORDER.slice(-3)).toEqual([
      'Meat products (USDA FSIS)',
      'Poultry products (USDA FSIS)',
      'Foods for infants and young children 1 through 3 years of age',
    ]);
  });

  // The source of each group (docs/labeling.md#reference-amounts): the regulation's text, ESHA Research's manual, or a
  // third-party transcription of the eCFR text. Cereals mix the regulation's rows and the transcription's.
  const REGULATION_GROUPS = ['Bakery products', 'Fats and oils', 'Nuts and seeds', 'Sugars and sweets'];
  const ESHA_GROUPS = ['Mixed dishes', 'Potatoes and sweet potatoes/yams'];
  const OTHER_TABLES: Record<string, RegExp> = {
    'Meat products (USDA FSIS)': /^9 CFR 317\.312\(b\) Table 2 \(USDA FSIS, meat products\): the CFR text as printed by the GPO/,
    'Poultry products (USDA FSIS)': /^9 CFR 381\.412\(b\) Table 2 \(USDA FSIS, poultry products\): the CFR text as printed by the GPO/,
    'Foods for infants and young children 1 through 3 years of age':
      /^21 CFR 101\.12\(b\) Table 1, via a secondary copy: a web page mirroring the eCFR text/,
  };
  it('says at each row whether it comes from the regulation or from a secondary copy, and which', () => {
    for (const row of rows) {
      if (OTHER_TABLES[row.group]) expect(row.source, row.key).toMatch(OTHER_TABLES[row.group]!);
      else if (REGULATION_GROUPS.includes(row.group)) expect(row.source, row.key).toBe('21 CFR 101.12(b) Table 2');
      else if (ESHA_GROUPS.includes(row.group)) expect(row.source, row.key).toMatch(/secondary copy: ESHA Research/);
      else if (row.group !== 'Cereals and other grain products' && row.group !== 'Miscellaneous category')
        expect(row.source, row.key).toMatch(/secondary copy: a third-party transcription of the eCFR text/);
      else expect(row.source, row.key).toMatch(/^21 CFR 101\.12\(b\) Table 2/);
    }
    expect(referenceAmount('US', 'flours_cornmeal')?.source).toBe('21 CFR 101.12(b) Table 2');
    expect(referenceAmount('US', 'salt_seasoning_salts')?.source).toBe('21 CFR 101.12(b) Table 2');
    expect(referenceAmount('US', 'stuffing')?.source).toMatch(/third-party transcription/);
    expect(referenceAmount('US', 'spices_herbs')?.source).toMatch(/third-party transcription/);
  });

  it.each([
    // The rows the contract names.
    ['cookies', 30, 'g', null],
    ['flours_cornmeal', 30, 'g', null],
    // Rows kept where the transcription disagrees (us-racc.ts): sugar 4 g, not its unsourced 8 g.
    ['sugar', 4, 'g', null],
    // Spot checks of the added groups against the 2016 serving-size rule (81 FR 34000).
    ['carbonated_noncarbonated_beverages', 360, 'mL', null],
    ['coffee_tea_flavored_sweetened', 360, 'mL', null],
    ['milk_beverages', 240, 'mL', null],
    ['yogurt', 170, 'g', null],
    ['ice_cream_frozen_desserts', 160, 'mL', '2/3 cup'], // 2/3 cup of 240 mL (101.9(b)(5)(viii))
    ['rte_cereal_under_20g_per_cup', 15, 'g', null],
    ['rte_cereal_20_to_43g_per_cup', 40, 'g', null],
    ['rte_cereal_43g_or_more_per_cup', 60, 'g', null],
    ['hot_cereal_prepared', 240, 'mL', '1 cup'],
    ['hot_cereal_plain_dry', 40, 'g', null],
    ['hot_cereal_flavored_dry', 55, 'g', null],
    ['grains_plain_prepared', 140, 'g', null],
    ['grains_plain_dry', 45, 'g', null],
    ['pasta_plain_dry', 55, 'g', null],
    ['cream_fluid', 15, 'mL', null],
    ['cream_half_and_half', 30, 'mL', null],
    ['cheese_other', 30, 'g', null],
    ['custards_gelatin_pudding', 120, 'mL', '1/2 cup'],
    ['cake_frostings_icings', 30, 'mL', '2 tbsp'],
    ['pie_fillings', 85, 'g', null],
    ['eggs', 50, 'g', null],
    ['fish_entrees_without_sauce_cooked', 85, 'g', null],
    ['fish_entrees_without_sauce_uncooked', 110, 'g', null],
    ['watermelon', 280, 'g', null],
    ['juices_nectars_fruit_drinks', 240, 'mL', null],
    ['beans_in_sauce_canned_refried', 130, 'g', null],
    ['beans_other_prepared', 90, 'g', null],
    ['beans_dry', 35, 'g', null],
    ['spices_herbs', 1.25, 'mL', '1/4 tsp'],
    ['pasta_potato_salad', 140, 'g', null],
    ['dips_dipping_sauces', 30, 'mL', '2 tbsp'],
    ['minor_entree_sauces_toppings', 60, 'mL', '1/4 cup'],
    ['minor_condiments', 5, 'mL', '1 tsp'],
    ['snacks', 30, 'g', null],
    ['soups', 245, 'g', null],
    ['dried_vegetables', 5, 'g', null],
    ['dried_vegetables_in_oil', 10, 'g', null], // 5 g, add 5 g packaged in oil
    ['vegetables_without_sauce_fresh_frozen', 85, 'g', null],
    ['vegetables_without_sauce_vacuum_packed', 95, 'g', null],
    ['vegetables_without_sauce_canned', 130, 'g', null],
    ['vegetable_juice', 240, 'mL', null],
  ])('%s is %d %s', (key, amount, unit, household) => {
    expect(referenceAmount('US', key)).toMatchObject({ amount, unit, household });
  });

  it('keeps the bulk statement of "All other candies" where the transcription differs', () => {
    expect(referenceAmount('US', 'candies_other')?.label_statement).toContain('1 1/2 oz (42 g/visual unit of measure)');
  });

  it.each([
    'egg_whites_substitutes',
    'soup_dry_mixes_bouillon',
    'custards_gelatin_pudding_dry_mix',
    'pie_crust_pastry_sheets',
    'sugar_substitutes',
    'meat_seasoning_mixes', // as reconstituted: the amount to make the final dish (9 CFR 317.312(b))
    'poultry_seasoning_mixes',
  ])('%s has no fixed amount: choosing it names racc_grams', (key) => {
    expect(referenceAmount('US', key)?.amount).toBeNull();
    expect(categoryError('US', key)).toMatch(/set racc_grams instead/);
  });
});

describe('US mixed dishes and potatoes (21 CFR 101.12(b) Table 2, via a secondary copy)', () => {
  it.each([
    ['mixed_dishes_appetizers', 85, 'g'],
    ['mixed_dishes_appetizers_with_sauce', 120, 'g'], // 85 g, add 35 g with gravy or sauce topping
    ['mixed_dishes_measurable_with_cup', 240, 'mL'], // 1 cup (101.9(b)(5)(viii))
    ['mixed_dishes_not_measurable_with_cup', 140, 'g'],
    ['mixed_dishes_not_measurable_with_cup_with_sauce', 195, 'g'], // 140 g, add 55 g
    ['potatoes_fries_prepared', 70, 'g'],
    ['potatoes_fries_frozen_unprepared', 85, 'g'],
    ['potatoes_mashed_candied_stuffed', 140, 'g'],
    ['potatoes_plain_fresh_frozen', 110, 'g'],
    ['potatoes_plain_vacuum_packed', 125, 'g'],
    ['potatoes_plain_canned', 160, 'g'],
  ])('%s is %d %s', (key, amount, unit) => {
    expect(referenceAmount('US', key)).toMatchObject({ amount, unit });
  });

  it('weighs the 1-cup mixed dish with the serving density, and needs a serving volume to do so', () => {
    const cup = resolveReference('US', undefined, 'mixed_dishes_measurable_with_cup', { grams: dec(250), ml: dec(240) });
    expect(cup?.grams?.toNumber()).toBe(250);
    expect(cup?.small).toBe(false);
    const noVolume = resolveReference('US', undefined, 'mixed_dishes_measurable_with_cup', { grams: dec(250), ml: null });
    expect(noVolume).toMatchObject({ grams: null });
    expect(noVolume?.problem).toContain('racc_grams');
  });
});

// One row of every US group: the key is found in its group, with its amount, unit and source.
const TABLE2 = /^21 CFR 101\.12\(b\) Table 2$/;
const TRANSCRIBED = /^21 CFR 101\.12\(b\) Table 2, via a secondary copy: a third-party transcription/;
const ESHA = /^21 CFR 101\.12\(b\) Table 2, via a secondary copy: ESHA Research/;
const FSIS_MEAT = /^9 CFR 317\.312\(b\) Table 2 /;
const FSIS_POULTRY = /^9 CFR 381\.412\(b\) Table 2 /;
const TABLE1 = /^21 CFR 101\.12\(b\) Table 1, via a secondary copy/;
describe('a row of every US group', () => {
  it.each([
    ['Bakery products', 'cookies', 30, 'g', TABLE2],
    ['Beverages', 'carbonated_noncarbonated_beverages', 360, 'mL', TRANSCRIBED],
    ['Cereals and other grain products', 'flours_cornmeal', 30, 'g', TABLE2],
    ['Dairy products and substitutes', 'yogurt', 170, 'g', TRANSCRIBED],
    ['Desserts', 'ice_cream_frozen_desserts', 160, 'mL', TRANSCRIBED],
    ['Dessert toppings and fillings', 'pie_fillings', 85, 'g', TRANSCRIBED],
    ['Egg and egg substitutes', 'eggs', 50, 'g', TRANSCRIBED],
    ['Fats and oils', 'butter_margarine_oil_shortening', 15, 'mL', TABLE2],
    ['Fish, shellfish, game meats, and meat or poultry substitutes', 'fish_canned', 85, 'g', TRANSCRIBED],
    ['Fruits and fruit juices', 'fruit_other', 140, 'g', TRANSCRIBED],
    ['Legumes', 'beans_dry', 35, 'g', TRANSCRIBED],
    ['Miscellaneous category', 'salt_seasoning_salts', 1.25, 'mL', TABLE2],
    ['Mixed dishes', 'mixed_dishes_not_measurable_with_cup', 140, 'g', ESHA],
    ['Nuts and seeds', 'nuts_seeds', 30, 'g', TABLE2],
    ['Potatoes and sweet potatoes/yams', 'potatoes_plain_fresh_frozen', 110, 'g', ESHA],
    ['Salads', 'salads_other', 100, 'g', TRANSCRIBED],
    ['Sauces, dips, gravies, and condiments', 'major_condiments', 15, 'mL', TRANSCRIBED],
    ['Snacks', 'snacks', 30, 'g', TRANSCRIBED],
    ['Soups', 'soups', 245, 'g', TRANSCRIBED],
    ['Sugars and sweets', 'honey_jams_jellies_molasses', 15, 'mL', TABLE2],
    ['Vegetables', 'vegetables_without_sauce_fresh_frozen', 85, 'g', TRANSCRIBED],
    ['Meat products (USDA FSIS)', 'meat_entrees_without_sauce', 85, 'g', FSIS_MEAT],
    ['Poultry products (USDA FSIS)', 'poultry_entrees_without_sauce', 85, 'g', FSIS_POULTRY],
    ['Foods for infants and young children 1 through 3 years of age', 'infant_juices', 120, 'mL', TABLE1],
  ] as const)('%s: %s is %d %s', (group, key, amount, unit, source) => {
    const row = referenceAmount('US', key);
    expect(row).toMatchObject({ group, amount, unit });
    expect(row?.source).toMatch(source);
    expect(categoryError('US', key)).toBeNull();
  });
  it('covers every US group', () => {
    const groups = new Set(referenceAmounts('US').map((r) => r.group));
    expect(groups.size).toBe(US_GROUP_ORDER.length);
  });
});

// 9 CFR 317.312(b) and 381.412(b) Table 2: the ready-to-serve amount, the ready-to-cook one as its own
// key, "plus 55 g for products with sauce toppings" as its own key; 21 CFR 101.12(b) Table 1.
describe('US meat and poultry (USDA FSIS) and foods for infants and young children', () => {
  it.each([
    ['meat_egg_mixtures', 110, 'g', null],
    ['meat_lard_margarine_shortening', 15, 'mL', '1 tbsp'],
    ['meat_salad_potato_toppers', 7, 'g', null],
    ['meat_bacon', 15, 'g', null],
    ['meat_bacon_ready_to_cook', 54, 'g', null],
    ['meat_breakfast_strips_ready_to_cook', 30, 'g', null],
    ['meat_dried', 30, 'g', null],
    ['meat_snacks', 30, 'g', null],
    ['meat_luncheon_meat', 55, 'g', null],
    ['meat_linked_sausage', 55, 'g', null],
    ['meat_linked_sausage_uncooked', 75, 'g', null],
    ['meat_entrees_without_sauce', 85, 'g', null],
    ['meat_entrees_without_sauce_ready_to_cook', 114, 'g', null],
    ['meat_canned', 55, 'g', null],
    ['meat_entrees_with_sauce', 140, 'g', null],
    ['meat_mixed_dishes_not_measurable_with_cup', 140, 'g', null],
    ['meat_mixed_dishes_not_measurable_with_cup_with_sauce', 195, 'g', null], // 140 g plus 55 g
    ['meat_mixed_dishes_measurable_with_cup', 240, 'mL', '1 cup'],
    ['meat_salads_pasta_potato', 140, 'g', null],
    ['meat_salads_other', 100, 'g', null],
    ['meat_soups', 245, 'g', null],
    ['meat_major_entree_sauce', 125, 'g', null],
    ['meat_minor_entree_sauce', 60, 'mL', '1/4 cup'],
    ['poultry_egg_mixtures', 110, 'g', null],
    ['poultry_bacon', 15, 'g', null],
    ['poultry_bacon_ready_to_cook', 26, 'g', null],
    ['poultry_breakfast_strips_ready_to_cook', 18, 'g', null],
    ['poultry_luncheon_products', 55, 'g', null],
    ['poultry_linked_sausage_uncooked', 69, 'g', null],
    ['poultry_entrees_without_sauce_ready_to_cook', 114, 'g', null],
    ['poultry_canned', 55, 'g', null],
    ['poultry_entrees_with_sauce', 140, 'g', null],
    ['poultry_mixed_dishes_not_measurable_with_cup_with_sauce', 195, 'g', null],
    ['poultry_mixed_dishes_measurable_with_cup', 240, 'mL', '1 cup'],
    ['poultry_salads_other', 100, 'g', null],
    ['poultry_minor_entree_sauce', 60, 'mL', '1/4 cup'],
    ['infant_cereals_dry_instant', 15, 'g', null],
    ['infant_cereals_prepared', 110, 'g', null],
    ['infant_rte_cereals_for_infants', 7, 'g', null],
    ['infant_rte_cereals_for_young_children', 20, 'g', null],
    ['infant_cereal_grain_products_other', 7, 'g', null],
    ['infant_dinners_dry_mix', 15, 'g', null],
    ['infant_dinners_junior_type', 110, 'g', null],
    ['infant_dinners_strained_type', 110, 'g', null], // 60 g before the 2016 rule
    ['young_children_dinners_stews_soups', 170, 'g', null],
    ['young_children_fruits', 125, 'g', null],
    ['young_children_vegetables', 70, 'g', null],
    ['infant_eggs_egg_yolks', 55, 'g', null],
    ['infant_juices', 120, 'mL', null],
  ])('%s is %d %s', (key, amount, unit, household) => {
    expect(referenceAmount('US', key)).toMatchObject({ amount, unit, household });
  });

  it("carries the tables' footnotes at the rows they concern", () => {
    expect(referenceAmount('US', 'meat_canned')?.note).toMatch(/drained solids/);
    expect(referenceAmount('US', 'poultry_mixed_dishes_not_measurable_with_cup')?.note).toMatch(/pizza sauce is part of the pizza/);
    expect(referenceAmount('US', 'meat_bacon')?.note).toBe('ready-to-serve 15 g; ready-to-cook 54 g bacon, 30 g breakfast strips');
  });

  it('weighs the 1-cup meat dish with the serving density', () => {
    const cup = resolveReference('US', undefined, 'meat_mixed_dishes_measurable_with_cup', { grams: dec(264), ml: dec(240) });
    expect(cup?.grams?.toNumber()).toBe(264);
    expect(cup?.source).toContain('1 cup (240 mL)');
  });
});

// 21 CFR 101.13(l): a reference amount of 30 g or less, or 2 tbsp (30 mL) or less, is small.
describe('the small reference amount line at 30 g and 2 tbsp', () => {
  const serving = { grams: dec(40), ml: dec(40) };
  it.each([
    ['cookies', true], // 30 g: on the line
    ['grain_based_bars', false], // 40 g
    ['baking_candies', true], // 15 g
    ['nut_seed_butters', true], // 2 tbsp (30 mL): on the line
    ['minor_entree_sauces_toppings', false], // 1/4 cup (60 mL)
    ['dips_dipping_sauces', true], // 2 tbsp
    ['eggnog', false], // 120 mL
    ['meat_bacon', true], // 15 g (9 CFR 317.312(b))
    ['meat_lard_margarine_shortening', true], // 1 tbsp
    ['meat_minor_entree_sauce', false], // 1/4 cup
    ['poultry_breakfast_strips_ready_to_cook', true], // 18 g
    ['meat_snacks', true], // 30 g: on the line
    ['infant_rte_cereals_for_young_children', true], // 20 g
  ])('%s is small: %s', (key, small) => {
    expect(resolveReference('US', undefined, key, serving)?.small).toBe(small);
  });
  it.each([
    [30, true],
    [30.01, false],
    [29.99, true],
  ])('an explicit racc_grams of %d g is small: %s', (grams, small) => {
    expect(resolveReference('US', grams, undefined, serving)?.small).toBe(small);
  });
});
