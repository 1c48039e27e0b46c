// The allergen table on the real FoodData Central foods of both Foundation releases beside the
// repository (../shared/data/usda-fdc), with FDC's own category of each food. A case whose food a
// release does not hold (salmon is in neither) is skipped, saying so.
import { describe, expect, it } from 'vitest';
import { inferAllergens } from '../../../src/core/usda/allergen-inference.js';
import { F2021, F2023, have2021, have2023, releaseFoods, S2021, skipNotice, type ReleaseFood } from '../../support/usda-data.js';

skipNotice('Allergen inference on the 2023 Foundation release', have2023);
skipNotice('Allergen inference on the 2021 Foundation release', have2021);

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

const releases: ReadonlyArray<[name: string, present: boolean, load: () => ReleaseFood[]]> = [
  ['Foundation 2023-04-20', have2023, () => releaseFoods(F2023)],
  ['Foundation 2021-04-28', have2021, () => releaseFoods(F2021, S2021)],
];

describe.each(releases)('allergen inference on the real %s foods', (_name, present, load) => {
  const foods = present ? load() : [];
  const find = (description: string) => foods.find((f) => f.description === description);
  const absent = (description: string) => {
    if (find(description)) return false;
    if (present) console.warn(`"${description}" is not in ${_name}: its case is skipped there.`);
    return true;
  };

  it.skipIf(!present)('reads the release (its foods carry FDC categories)', () => {
    expect(foods.length).toBeGreaterThan(100);
    expect(foods.every((f) => f.category !== null)).toBe(true);
  });

  for (const [description, expected] of MUST_MATCH) {
    it.skipIf(!present || absent(description))(`${description} -> ${JSON.stringify(expected)}`, () => {
      const food = find(description)!;
      expect(inferAllergens(food).allergens).toEqual(expected);
    });
  }

  for (const [description, why] of MUST_NOT_MATCH) {
    it.skipIf(!present || absent(description))(`${description} -> nothing (${why})`, () => {
      expect(inferAllergens(find(description)!).allergens).toEqual({});
    });
  }

  for (const [description, allergen, why] of MUST_NOT_CARRY) {
    it.skipIf(!present || absent(description))(`${description} carries no ${allergen} (${why})`, () => {
      expect(inferAllergens(find(description)!).allergens).not.toHaveProperty(allergen);
    });
  }

  it.skipIf(!present)("infers nothing for the release's fruit, vegetables, beef, pork, poultry and plain beans", () => {
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
