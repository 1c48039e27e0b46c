// The allergen table on the real FoodData Central foods of both Foundation releases (every food of
// each: the whole releases beside the repository, or the repository's sample, which holds all their
// foods), with FDC's own category of each food. A case runs on each release that holds its food;
// which foods each release lacks is itself checked (salmon is in neither).
import { describe, expect, it } from 'vitest';
import { inferAllergens } from '../../../src/core/usda/allergen-inference.js';
import { F2021, F2023, releaseFoods, S2021, type ReleaseFood } from '../../support/usda-data.js';

type Expected = Record<string, true | string>;

const MUST_MATCH: ReadonlyArray<[description: string, expected: Expected]> = [
  ['Butter, stick, salted', { milk: true }],
  ['Butter, stick, unsalted', { milk: true }],
  ['Cheese, cheddar', { milk: true }],
  ['Cream, heavy', { milk: true }],
  ['Buttermilk, low fat', { milk: true }],
  ['Eggs, Grade A, Large, egg whole', { egg: true }],
  ['Egg, white, dried', { egg: true }],
  ['Flour, wheat, all-purpose, enriched, bleached', { wheat: true }],
  ['Flour, bread, white, enriched, unbleached', { wheat: true }],
  ['Flour, semolina, fine', { wheat: 'durum' }],
  ['Flour, spelt, whole grain', { wheat: 'spelt' }],
  ['Bread, whole-wheat, commercially prepared', { wheat: true }],
  ['Onion rings, breaded, par fried, frozen, prepared, heated in oven', { wheat: true }],
  ['Cookies, oatmeal, soft, with raisins', { wheat: true, gluten: 'oats' }],
  ['Fish, salmon, Atlantic, farmed, raw', { fish: 'salmon' }],
  ['Fish, haddock, raw', { fish: 'haddock' }],
  ['Fish, pollock, raw', { fish: 'pollock' }],
  ['Fish, tuna, light, canned in water, drained solids', { fish: 'tuna' }],
  ['Nuts, almonds, whole, raw', { tree_nut: 'almond' }],
  ['Nuts, almonds, dry roasted, with salt added', { tree_nut: 'almond' }],
  ['Almond milk, unsweetened, plain, shelf stable', { tree_nut: 'almond' }],
  ['Nuts, brazilnuts, raw', { tree_nut: 'brazil_nut' }],
  ['Nuts, hazelnuts or filberts, raw', { tree_nut: 'hazelnut' }],
  ['Nuts, walnuts, English, halves, raw', { tree_nut: 'walnut' }],
  ['Peanuts, raw', { peanut: true }],
  ['Peanut butter, smooth style, with salt', { peanut: true }],
  ['Flour, soy, defatted', { soy: true }],
  ['Soy milk, unsweetened, plain, shelf stable', { soy: true }],
  ['Sesame butter, creamy', { sesame: true }],
  ['Hummus, commercial', { sesame: true }],
  ['Mustard, prepared, yellow', { mustard: true }],
  ['Flour, barley', { gluten: 'barley' }],
];

// Each with the reason it must not match.
const MUST_NOT_MATCH: ReadonlyArray<[description: string, why: string]> = [
  ['Oil, peanut', 'highly refined peanut oil is exempt: FD&C Act 201(qq)(2)(A)'],
  ['Oil, soybean', 'highly refined soybean oil is exempt: FD&C Act 201(qq)(2)(A)'],
  ['Oil, coconut', 'coconut is not a tree nut since FDA Q&A Edition 5 (2025)'],
  ['Flour, coconut', 'coconut is not a tree nut since FDA Q&A Edition 5 (2025)'],
  ['Flour, chestnut', 'chestnut was removed by Edition 5 and is not in FDR B.01.010.1'],
  ['Flour, buckwheat', 'buckwheat is not wheat'],
  ['Buckwheat, whole grain', 'buckwheat is not wheat'],
  ['Mushroom, oyster', 'a fungus, not a mollusc'],
  ['Mushroom, king oyster', 'a fungus, not a mollusc'],
  ['Flaxseed, ground', 'not a listed allergen'],
  ['Seeds, sunflower seed, kernel, raw', 'not a listed allergen'],
  ['Flour, rice, white, unenriched', 'not a listed allergen'],
  ['Sugars, granulated', 'not an allergen'],
];

// Foods that must not pick up one particular allergen (they may carry others).
const MUST_NOT_CARRY: ReadonlyArray<[description: string, allergen: string, why: string]> = [
  ['Peanut butter, creamy', 'milk', 'peanut butter is not dairy butter'],
  ['Almond butter, creamy', 'milk', 'almond butter is not dairy butter'],
  ['Sesame butter, creamy', 'milk', 'sesame butter is not dairy butter'],
  ['Almond milk, unsweetened, plain, refrigerated', 'milk', 'a plant drink'],
  ['Soy milk, unsweetened, plain, refrigerated', 'milk', 'a plant drink'],
  ['Oat milk, unsweetened, plain, refrigerated', 'milk', 'a plant drink'],
  ['Eggs, Grade A, Large, egg yolk', 'milk', 'eggs are in FDC\'s "Dairy and Egg Products" category, but are not milk'],
];

// [release, the foods of the cases above it does not hold, its foods]
const releases: ReadonlyArray<[name: string, lacks: string[], load: () => ReleaseFood[]]> = [
  ['Foundation 2023-04-20', ['Fish, salmon, Atlantic, farmed, raw', 'Peanut butter, smooth style, with salt'], () => releaseFoods(F2023)],
  [
    'Foundation 2021-04-28',
    [
      'Cream, heavy',
      'Buttermilk, low fat',
      'Flour, semolina, fine',
      'Flour, spelt, whole grain',
      'Fish, salmon, Atlantic, farmed, raw',
      'Nuts, almonds, whole, raw',
      'Nuts, brazilnuts, raw',
      'Nuts, hazelnuts or filberts, raw',
      'Nuts, walnuts, English, halves, raw',
      'Peanuts, raw',
      'Sesame butter, creamy',
      'Flour, barley',
      'Flour, coconut',
      'Flour, chestnut',
      'Flour, buckwheat',
      'Buckwheat, whole grain',
      'Mushroom, king oyster',
      'Flaxseed, ground',
      'Seeds, sunflower seed, kernel, raw',
      'Peanut butter, creamy',
      'Almond butter, creamy',
      'Almond milk, unsweetened, plain, refrigerated',
      'Soy milk, unsweetened, plain, refrigerated',
      'Oat milk, unsweetened, plain, refrigerated',
    ],
    () => releaseFoods(F2021, S2021),
  ],
];

const CASE_FOODS = [...new Set([...MUST_MATCH, ...MUST_NOT_MATCH, ...MUST_NOT_CARRY].map(([description]) => description))];

describe.each(releases)('allergen inference on the real %s foods', (_name, lacks, load) => {
  const foods = load();
  const find = (description: string) => foods.find((f) => f.description === description);
  const holds = (description: string) => find(description) !== undefined;

  it('reads the release (its foods carry FDC categories)', () => {
    expect(foods.length).toBeGreaterThan(100);
    expect(foods.every((f) => f.category !== null)).toBe(true);
  });

  it('holds the food of every case but the ones it is known to lack (those cases run on the other release)', () => {
    expect(CASE_FOODS.filter((description) => !holds(description))).toEqual(lacks);
  });

  for (const [description, expected] of MUST_MATCH.filter(([d]) => holds(d))) {
    it(`${description} -> ${JSON.stringify(expected)}`, () => {
      expect(inferAllergens(find(description)!).allergens).toEqual(expected);
    });
  }

  for (const [description, why] of MUST_NOT_MATCH.filter(([d]) => holds(d))) {
    it(`${description} -> nothing (${why})`, () => {
      expect(inferAllergens(find(description)!).allergens).toEqual({});
    });
  }

  for (const [description, allergen, why] of MUST_NOT_CARRY.filter(([d]) => holds(d))) {
    it(`${description} carries no ${allergen} (${why})`, () => {
      expect(inferAllergens(find(description)!).allergens).not.toHaveProperty(allergen);
    });
  }

  it("infers nothing for the release's fruit, vegetables, beef, pork, poultry and plain beans", () => {
    const plain = foods.filter(
      (f) =>
        ['Fruits and Fruit Juices', 'Beef Products', 'Pork Products', 'Poultry Products'].includes(f.category!) ||
        (f.category === 'Vegetables and Vegetable Products' && !/breaded/i.test(f.description)) ||
        /^Beans, Dry/.test(f.description),
    );
    expect(plain.length).toBeGreaterThan(30);
    expect(plain.filter((f) => Object.keys(inferAllergens(f).allergens).length > 0).map((f) => f.description)).toEqual([]);
  });
});
