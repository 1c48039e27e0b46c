// Values zero by nature (src/core/usda/zero-by-nature.ts; docs/labeling.md "Zero by nature"): each
// rule on both sides, a value the source gave never replaced, and energy never touched.
import { describe, expect, it } from 'vitest';
import type { NutrientValues } from '../../../src/core/nutrients.js';
import { applyZeroByNature } from '../../../src/core/usda/zero-by-nature.js';

const apply = (description: string, category: string | null, nutrients: NutrientValues, allergens: Record<string, true | string> = {}) => {
  const values = { ...nutrients };
  const inferred = applyZeroByNature({ description, category, allergens }, values);
  return { values, inferred };
};

describe('cholesterol 0 in plant foods (cholesterol is made by animals only)', () => {
  it.each([
    ['Wheat flour, white, all-purpose, enriched, bleached', 'Cereal Grains and Pasta'],
    ['Apples, raw, with skin', 'Fruits and Fruit Juices'],
    ['Oil, canola', 'Fats and Oils'],
    ['Vegetable oil, palm kernel', 'Fats and Oils'],
    ['Spices, cinnamon, ground', 'Spices and Herbs'],
    ['Nuts, almonds', 'Nut and Seed Products'],
  ])('%s (%s): 0, marked "plant food"', (description, category) => {
    const { values, inferred } = apply(description, category, { fat: 1 });
    expect(values.cholesterol).toBe(0);
    expect(inferred.cholesterol).toBe('plant food');
  });

  it.each([
    ['Butter, salted', 'Dairy and Egg Products', {}],
    ['Lard', 'Fats and Oils', {}],
    ['Fish oil, cod liver', 'Fats and Oils', { fish: 'cod' }],
    ['Noodles, egg, dry, enriched', 'Cereal Grains and Pasta', { egg: true as const }],
    ['Pasta, fresh-refrigerated, plain, as purchased', 'Cereal Grains and Pasta', { egg: true as const }],
    ['Beef, ground, raw', 'Beef Products', {}],
    ['Sugars, granulated', 'Sweets', {}],
  ])('%s (%s): stays unknown', (description, category, allergens) => {
    const { values, inferred } = apply(description, category, { fat: 1 }, allergens);
    expect(values.cholesterol).toBeUndefined();
    expect(inferred.cholesterol).toBeUndefined();
  });

  it('never replaces a value the source gave', () => {
    const { values, inferred } = apply('Oil, coconut', 'Fats and Oils', { cholesterol: 0.5 });
    expect(values.cholesterol).toBe(0.5);
    expect(inferred.cholesterol).toBeUndefined();
  });
});

describe('added sugars 0 in single-ingredient raw commodities other than sugars and syrups', () => {
  it.each([
    ['Egg, whole, raw, fresh', 'Dairy and Egg Products'],
    ['Milk, whole, 3.25% milkfat, with added vitamin D', 'Dairy and Egg Products'],
    ['Butter, without salt', 'Dairy and Egg Products'],
    ['Wheat flour, white, all-purpose, enriched, bleached', 'Cereal Grains and Pasta'],
    ['Apples, raw, with skin', 'Fruits and Fruit Juices'],
    ['Oil, olive, salad or cooking', 'Fats and Oils'],
  ])('%s: 0, marked "single-ingredient food"', (description, category) => {
    const { values, inferred } = apply(description, category, {});
    expect(values.added_sugar).toBe(0);
    expect(inferred.added_sugar).toBe('single-ingredient food');
  });

  it.each([
    ['Sugars, granulated', 'Sweets'],
    ['Syrups, maple', 'Sweets'],
    ['Honey', 'Sweets'],
    ['Cheese, cream', 'Dairy and Egg Products'],
    ['Milk, canned, condensed, sweetened', 'Dairy and Egg Products'],
    ['Cranberries, dried, sweetened', 'Fruits and Fruit Juices'],
    ['Applesauce, canned, sweetened, without salt', 'Fruits and Fruit Juices'],
    ['Peaches, canned, heavy syrup pack, solids and liquids', 'Fruits and Fruit Juices'],
    ['Vanilla extract', 'Spices and Herbs'],
    ['Cookies, oatmeal, soft, with raisins', 'Baked Products'],
    ['Beverages, almond milk, sweetened, vanilla flavor, ready-to-drink', 'Beverages'],
  ])('%s: stays unknown', (description, category) => {
    const { values, inferred } = apply(description, category, {});
    expect(values.added_sugar).toBeUndefined();
    expect(inferred.added_sugar).toBeUndefined();
  });
});

describe('trans fat 0 in foods without fat', () => {
  it('fat 0: trans 0, marked "no fat"', () => {
    const { values, inferred } = apply('Leavening agents, baking soda', 'Baked Products', { fat: 0 });
    expect(values.fat_trans).toBe(0);
    expect(inferred.fat_trans).toBe('no fat');
  });

  it.each([[{ fat: 0.01 }], [{}]])('fat %j: trans stays unknown', (nutrients) => {
    const { values } = apply('Leavening agents, baking soda', 'Baked Products', nutrients);
    expect(values.fat_trans).toBeUndefined();
  });
});

it('never sets energy: a blank calorie stays blank here', () => {
  const { values, inferred } = apply('Salt, table', 'Spices and Herbs', { fat: 0 });
  expect(values.calories).toBeUndefined();
  expect(Object.keys(inferred)).not.toContain('calories');
});
