// The importer's allergen table (src/core/usda/allergen-inference.ts): what must match and what must
// not, first on descriptions as FoodData Central writes them, then the table's own integrity.
import { describe, expect, it } from 'vitest';
import { normalizeAllergens } from '../../../src/core/allergens.js';
import { ALLERGEN_RULES, inferAllergens, isHighlyRefinedOil, normaliseFoodText } from '../../../src/core/usda/allergen-inference.js';

const DAIRY = 'Dairy and Egg Products';
const GRAINS = 'Cereal Grains and Pasta';
const NUTS = 'Nut and Seed Products';
const SEAFOOD = 'Finfish and Shellfish Products';
const OILS = 'Fats and Oils';
const VEG = 'Vegetables and Vegetable Products';
const SPICES = 'Spices and Herbs';

// FDC descriptions of SR Legacy (April 2018) and other FDC data: foods the two Foundation releases
// beside the repository do not hold (salmon, shellfish, nutmeg...). The releases' own foods are
// tested in test/integration/usda-import.test.ts.
const MATCHES: ReadonlyArray<[description: string, category: string | null, expected: Record<string, true | string>]> = [
  ['Fish, salmon, Atlantic, farmed, raw', SEAFOOD, { fish: 'salmon' }],
  ['Fish, cod, Atlantic, raw', SEAFOOD, { fish: 'cod' }],
  ['Fish, anchovy, european, canned in oil, drained solids', SEAFOOD, { fish: 'anchovy' }],
  ['Fish, roe, mixed species, raw', SEAFOOD, { fish: true }],
  ['Crustaceans, shrimp, mixed species, raw', SEAFOOD, { crustacean_shellfish: 'shrimp' }],
  ['Crustaceans, crab, blue, raw', SEAFOOD, { crustacean_shellfish: 'crab' }],
  ['Crustaceans, lobster, northern, raw', SEAFOOD, { crustacean_shellfish: 'lobster' }],
  ['Mollusks, oyster, eastern, wild, raw', SEAFOOD, { mollusc: 'oyster' }],
  ['Mollusks, scallop, mixed species, raw', SEAFOOD, { mollusc: 'scallop' }],
  ['Mollusks, squid, mixed species, raw', SEAFOOD, { mollusc: 'squid' }],
  ['Cheese, goat, soft type', DAIRY, { milk: 'goat' }],
  ['Egg, duck, whole, fresh, raw', DAIRY, { egg: 'duck' }],
  ['Salad dressing, mayonnaise, regular', 'Fats and Oils', { egg: true }],
  ['Candies, milk chocolate', 'Sweets', { milk: true }],
  ['Nuts, mixed nuts, dry roasted, with peanuts, salt added', NUTS, { tree_nut: true, peanut: true }],
  ['Nuts, brazilnuts, dried, unblanched', NUTS, { tree_nut: 'brazil_nut' }],
  ['Nuts, walnuts, black, dried', NUTS, { tree_nut: 'walnut' }],
  ['Black walnuts, chopped', NUTS, { tree_nut: 'black_walnut' }],
  ['Oil, peanut, cold pressed', OILS, { peanut: true }],
  ['Oil, sesame, salad or cooking', OILS, { sesame: true }],
  ['Soy sauce made from soy and wheat (shoyu)', 'Soups, Sauces, and Gravies', { soy: true, wheat: true }],
  ['Tofu, raw, firm, prepared with calcium sulfate', 'Legumes and Legume Products', { soy: true }],
  ['Seeds, sesame butter, tahini, from roasted and toasted kernels (most common type)', NUTS, { sesame: true }],
  ['Mustard, prepared, yellow', SPICES, { mustard: true }],
  ['Bulgur, dry', GRAINS, { wheat: true }],
  ['Pasta, dry, enriched', GRAINS, { wheat: true }],
  ['Noodles, egg, dry, enriched', GRAINS, { egg: true, wheat: true }],
  ['Barley, pearled, raw', GRAINS, { gluten: 'barley' }],
  ['Crackers, standard snack-type, regular', 'Baked Products', { wheat: true }],
];

const NON_MATCHES: ReadonlyArray<[description: string, category: string | null, why: string]> = [
  ['Oil, soybean, salad or cooking', OILS, 'highly refined soybean oil: FD&C Act 201(qq)(2)(A)'],
  ['Oil, peanut, salad or cooking', OILS, 'highly refined peanut oil: FD&C Act 201(qq)(2)(A)'],
  ['Vegetable oil (100% soybean oil)', OILS, 'highly refined soybean oil: FD&C Act 201(qq)(2)(A)'],
  ['Spices, nutmeg, ground', SPICES, 'nutmeg is a seed spice, not a nut'],
  ['Nuts, coconut meat, raw', NUTS, 'coconut: removed from the tree nuts by FDA Q&A Edition 5 (2025); not in FDR B.01.010.1'],
  ['Nuts, coconut milk, raw (liquid expressed from grated meat and water)', NUTS, 'coconut milk is neither milk nor a tree nut'],
  ['Nuts, chestnuts, european, raw, peeled', NUTS, 'chestnut: removed by Edition 5'],
  ['Nuts, beechnuts, dried', NUTS, 'beech nut: removed by Edition 5'],
  ['Nuts, butternuts, dried', NUTS, 'butternut: removed by Edition 5'],
  ['Nuts, hickorynuts, dried', NUTS, 'hickory nut: removed by Edition 5'],
  ['Nuts, ginkgo nuts, raw', NUTS, 'ginkgo nut: removed by Edition 5'],
  ['Litchis, raw', 'Fruits and Fruit Juices', 'lychee: removed by Edition 5'],
  ['Shea nut butter', NUTS, 'shea: removed by Edition 5; shea butter is not milk'],
  ['Squash, winter, butternut, raw', VEG, 'butternut squash is not milk'],
  ['Eggplant, raw', VEG, 'eggplant is not egg'],
  ['Oil, cocoa butter', OILS, 'cocoa butter is not milk'],
  ['Buckwheat flour, whole-groat', GRAINS, 'buckwheat is not wheat'],
  ['Mustard greens, raw', VEG, 'the mustard allergen is the seed'],
  ['Leavening agents, cream of tartar', 'Baked Products', 'cream of tartar is not milk'],
  ['Lima beans, large, mature seeds, raw (butter beans)', 'Legumes and Legume Products', 'butter beans are not milk'],
  ['Crab apples, raw', 'Fruits and Fruit Juices', 'crab apples are not crab'],
  ['Mushrooms, oyster, raw', VEG, 'oyster mushrooms are not oysters'],
  ['Seeds, pumpkin and squash seed kernels, dried', NUTS, 'not a listed allergen'],
  ['Rice flour, white, unenriched', GRAINS, 'rice is not a gluten source'],
];

describe('allergen inference on FDC descriptions', () => {
  it.each(MATCHES)('%s -> %j', (description, category, expected) => {
    expect(inferAllergens({ description, category }).allergens).toEqual(expected);
  });

  it.each(NON_MATCHES)('%s -> nothing (%s)', (description, category) => {
    expect(inferAllergens({ description, category }).allergens).toEqual({});
  });

  it('notes that Canada still wants highly refined peanut oil declared', () => {
    const result = inferAllergens({ description: 'Oil, peanut', category: OILS });
    expect(result.allergens).toEqual({});
    expect(result.notes).toEqual([expect.stringContaining('Health Canada')]);
    expect(inferAllergens({ description: 'Oil, soybean', category: OILS }).notes).toEqual([]);
  });

  it('names the rules that fired', () => {
    expect(inferAllergens({ description: 'Nuts, almonds, whole, raw', category: NUTS }).findings).toEqual([
      { rule: 'tree-nut-almond', allergen: 'tree_nut', value: 'almond' },
    ]);
  });
});

describe('tree nuts: the twelve of FDA Q&A Edition 5 (January 2025) Table 1', () => {
  it.each([
    ['almonds', 'almond'],
    ['black walnuts', 'black_walnut'],
    ['brazil nuts', 'brazil_nut'],
    ['california walnuts', 'california_walnut'],
    ['cashews', 'cashew'],
    ['filberts', 'hazelnut'],
    ['hazelnuts', 'hazelnut'],
    ['heartnuts', 'heartnut'],
    ['japanese walnuts', 'heartnut'],
    ['macadamia nuts', 'macadamia'],
    ['bush nuts', 'macadamia'],
    ['pecans', 'pecan'],
    ['pine nuts', 'pine_nut'],
    ['pinon', 'pine_nut'],
    ['pistachios', 'pistachio'],
    ['english walnuts', 'walnut'],
    ['persian walnuts', 'walnut'],
  ])('"Nuts, %s" -> tree_nut %s', (nut, subtype) => {
    expect(inferAllergens({ description: `Nuts, ${nut}, raw`, category: NUTS }).allergens).toEqual({ tree_nut: subtype });
  });

  it.each([
    'coconut',
    'beech nuts',
    'butternuts',
    'chestnuts',
    'chinquapins',
    'kola nuts',
    'ginkgo nuts',
    'hickory nuts',
    'lychee nuts',
    'palm nuts',
    'pili nuts',
    'shea nuts',
  ])('"Nuts, %s" (removed by Edition 5) -> nothing', (nut) => {
    expect(inferAllergens({ description: `Nuts, ${nut}, raw`, category: NUTS }).allergens).toEqual({});
  });
});

describe('highly refined oils (FD&C Act 201(qq)(2)(A))', () => {
  it.each([
    ['Oil, peanut', true],
    ['Oil, soybean, salad or cooking', true],
    ['Soybean oil', true],
    ['VEGETABLE OIL (100% SOYBEAN OIL)', true],
    ['Oil, peanut, cold-pressed', false],
    ['Oil, peanut, expeller pressed', false],
    ['Oil, soybean, unrefined', false],
    ['Oil, sesame, toasted', false],
    ['Peanuts, all types, oil-roasted, with salt', false],
    ['Peanut butter, creamy', false],
    ['Fish, tuna, light, canned in oil, drained solids', false],
  ])('%s -> %s', (description, refined) => {
    expect(isHighlyRefinedOil(normaliseFoodText(description))).toBe(refined);
  });
});

describe('the rule table', () => {
  it('covers every allergen the importer infers, with the US and Canadian sources cited', () => {
    const keys = new Set(ALLERGEN_RULES.map((r) => r.allergen));
    for (const key of [
      'milk',
      'egg',
      'fish',
      'crustacean_shellfish',
      'mollusc',
      'tree_nut',
      'peanut',
      'wheat',
      'soy',
      'sesame',
      'mustard',
    ]) {
      expect(keys.has(key as never), key).toBe(true);
    }
    for (const rule of ALLERGEN_RULES) {
      expect(rule.cite, rule.id).toMatch(/FDR B\.01\.010\.1/);
      if (!['mollusc', 'mustard', 'gluten'].includes(rule.allergen)) expect(rule.cite, rule.id).toMatch(/FD&C Act 201\(qq\)/);
    }
    expect(ALLERGEN_RULES.filter((r) => r.allergen === 'sesame').every((r) => r.cite.includes('FASTER Act'))).toBe(true);
    expect(ALLERGEN_RULES.filter((r) => r.allergen === 'tree_nut').every((r) => r.cite.includes('Edition 5'))).toBe(true);
  });

  it('has unique rule ids, and every fixed value is a catalogue allergen value', () => {
    expect(new Set(ALLERGEN_RULES.map((r) => r.id)).size).toBe(ALLERGEN_RULES.length);
    for (const rule of ALLERGEN_RULES) {
      if (typeof rule.value === 'function') continue;
      expect(normalizeAllergens({ [rule.allergen]: rule.value }).ok, rule.id).toBe(true);
    }
  });

  it('exempts only peanut and soybean oils as highly refined (Health Canada: tree nut and sesame oils are often not)', () => {
    expect(
      ALLERGEN_RULES.filter((r) => r.refinedOilExempt)
        .map((r) => r.allergen)
        .sort(),
    ).toEqual(['peanut', 'soy']);
  });
});
