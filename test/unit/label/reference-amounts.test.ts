// The tables of reference amounts (src/core/label/reference-amounts): every row complete (category, an
// amount or an explicit "no fixed amount", a label statement, a source), keys unique and readable, the
// US rows in Table 2's group order, the rows from a secondary copy saying so, the values the contract
// names, and the small-RACC line (21 CFR 101.13(l)) on both sides at 30 g and 2 tbsp. docs/labeling.md §4.
import { describe, expect, it } from 'vitest';
import { categoryError, referenceAmount, referenceAmounts, resolveReference } from '../../../src/core/label/reference-amounts/index.js';
import { US_GROUP_ORDER } from '../../../src/core/label/reference-amounts/us-racc-build.js';
import { dec } from '../../../src/core/label/shared/decimal-round.js';

describe.each(['US', 'CA'] as const)('the %s table', (country) => {
  const rows = referenceAmounts(country);
  it('has unique, readable keys', () => {
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    for (const row of rows) expect(row.key).toMatch(/^[a-z][a-z0-9_]*$/);
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

  it('lists its rows group by group in the table order, and has every group but meat and poultry', () => {
    const ranks = rows.map((r) => US_GROUP_ORDER.indexOf(r.group));
    expect(ranks).not.toContain(-1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const groups = new Set(rows.map((r) => r.group));
    expect(US_GROUP_ORDER.filter((group) => !groups.has(group))).toEqual(['Meat and poultry']);
  });

  // The source of each group (docs/labeling.md §4): the regulation's text, ESHA Research's manual, or a
  // third-party transcription of the eCFR text. Cereals mix the regulation's rows and the transcription's.
  const REGULATION_GROUPS = ['Bakery products', 'Fats and oils', 'Nuts and seeds', 'Sugars and sweets'];
  const ESHA_GROUPS = ['Mixed dishes', 'Potatoes and sweet potatoes/yams'];
  it('says at each row whether it comes from the regulation or from a secondary copy, and which', () => {
    for (const row of rows) {
      if (REGULATION_GROUPS.includes(row.group)) expect(row.source, row.key).toBe('21 CFR 101.12(b) Table 2');
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
