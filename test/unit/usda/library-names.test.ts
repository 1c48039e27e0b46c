// Statement names and common forms generated from USDA descriptions (src/core/usda/statement-name.ts,
// common-form.ts; docs/labeling.md "Statement names", docs/api.md#search), on descriptions of
// SR28 and Foundation foods.
import { describe, expect, it } from 'vitest';
import { commonForm, singularHead } from '../../../src/core/usda/common-form.js';
import { statementName } from '../../../src/core/usda/statement-name.js';

describe('statementName', () => {
  it.each([
    ['Wheat flour, white, all-purpose, enriched, bleached', 'enriched bleached all-purpose wheat flour'],
    ['Flour, wheat, all-purpose, enriched, unbleached', 'enriched unbleached all-purpose wheat flour'],
    ['Flour, rice, white, unenriched', 'unenriched rice flour'],
    ['Butter, without salt', 'unsalted butter'],
    ['Butter, stick, unsalted', 'unsalted butter'],
    ['Butter, salted', 'butter'],
    ['Egg, whole, raw, fresh', 'whole eggs'],
    ['Eggs, Grade A, Large, egg whole', 'whole eggs'],
    ['Egg, white, raw, fresh', 'egg whites'],
    ['Eggs, Grade A, Large, egg yolk', 'egg yolks'],
    ['Milk, whole, 3.25% milkfat, with added vitamin D', 'whole milk'],
    ['Milk, reduced fat, fluid, 2% milkfat, with added vitamin A and vitamin D', 'reduced fat milk'],
    ['Sugars, granulated', 'sugar'],
    ['Sugars, brown', 'brown sugar'],
    ['Sugars, powdered', 'powdered sugar'],
    ['Cheese, cream', 'cream cheese'],
    ['Cream cheese, full fat, block', 'cream cheese'],
    ['Leavening agents, baking soda', 'baking soda'],
    ["Leavening agents, yeast, baker's, active dry", "active dry baker's yeast"],
    ['Cocoa, dry powder, unsweetened', 'unsweetened cocoa powder'],
    ['Baking chocolate, unsweetened, squares', 'unsweetened baking chocolate'],
    ['Salt, table', 'salt'],
    ['Spices, cinnamon, ground', 'ground cinnamon'],
    ['Oil, canola', 'canola oil'],
    ['Honey', 'honey'],
    ['Vanilla extract', 'vanilla extract'],
    ['Nuts, almonds, dry roasted, with salt added', 'dry roasted salted almonds'],
  ])('%s -> %s', (description, expected) => {
    expect(statementName(description)).toBe(expected);
  });
});

describe('commonForm', () => {
  it.each([
    // [description, food group, head noun, score]
    ['Wheat flour, white, all-purpose, enriched, bleached', 'Cereal Grains and Pasta', 'flour', 0],
    ['Wheat flour, white, all-purpose, unenriched', 'Cereal Grains and Pasta', 'flour', 1],
    ['Rice flour, white', 'Cereal Grains and Pasta', 'flour', 1],
    ['Milk, whole, 3.25% milkfat, with added vitamin D', 'Dairy and Egg Products', 'milk', 0],
    ['Milk, dry, whole, with added vitamin D', 'Dairy and Egg Products', 'milk', 1],
    ['Egg, whole, raw, fresh', 'Dairy and Egg Products', 'egg', 0],
    ['Egg, whole, dried', 'Dairy and Egg Products', 'egg', 3],
    ['Egg, yolk, raw, fresh', 'Dairy and Egg Products', 'egg', 5],
    ['Butter, salted', 'Dairy and Egg Products', 'butter', 0],
    ['Peanut butter, smooth style, without salt', 'Legumes and Legume Products', 'butter', 3],
    ['Sugars, granulated', 'Sweets', 'sugar', 0],
    ['Sugars, brown', 'Sweets', 'sugar', 1],
    ['Leavening agents, baking soda', 'Baked Products', 'soda', 0],
    ["Leavening agents, yeast, baker's, active dry", 'Baked Products', 'yeast', 0],
    ['Oats', 'Cereal Grains and Pasta', 'oat', 0],
  ] as const)('%s: head %s, score %s', (description, group, head, score) => {
    expect(commonForm(description, group)).toEqual({ head, score });
  });

  it.each([
    ['Cereals ready-to-eat, QUAKER, Oatmeal Squares', 'Breakfast Cereals'],
    ['Babyfood, cereal, oatmeal, dry', 'Baby Foods'],
    ["McDONALD'S, Hamburger", 'Fast Foods'],
    ['Egg, whole, cooked, scrambled', 'Restaurant Foods'],
  ])('%s (%s): branded, restaurant or baby foods have no common form', (description, group) => {
    expect(commonForm(description, group)).toBeNull();
  });

  it.each([
    ['sugars', 'sugar'],
    ['oats', 'oat'],
    ['eggs', 'egg'],
    ['cherries', 'cherry'],
    ['molasses', 'molasses'],
    ['couscous', 'couscous'],
    ['peaches', 'peach'],
    ['egg', 'egg'],
  ])('singularHead(%s) = %s', (word, expected) => {
    expect(singularHead(word)).toBe(expected);
  });
});
