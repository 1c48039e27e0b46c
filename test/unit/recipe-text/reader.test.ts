// The reader's parts (docs/api.md#recipe-text-reading): numbers, sections, names and comments,
// sizes, alternates, and the words matching compares.
import { describe, expect, it } from 'vitest';
import { lineFoodWords, singular } from '../../../src/core/recipe-text/food-words.js';
import { numberAt, spellFractions } from '../../../src/core/recipe-text/numbers.js';
import { readLine } from '../../../src/core/recipe-text/reader.js';
import { isSectionHeader } from '../../../src/core/recipe-text/sections.js';

describe('numbers', () => {
  it.each([
    ['2', 2],
    ['2.5', 2.5],
    ['2,5', 2.5],
    ['1,000', 1000],
    ['.5', 0.5],
    ['1/2', 0.5],
    ['1 1/2', 1.5],
    ['1-1/2', 1.5],
    ['1 and 1/2', 1.5],
    ['one', 1],
    ['a', 1],
    ['half', 0.5],
    ['a half', 0.5],
    ['one and a half', 1.5],
    ['three-quarters', 0.75],
    ['two thirds', 2 / 3],
    ['a dozen', 12],
    ['a couple of', 2],
  ])('"%s" is %d', (text, value) => {
    expect(numberAt(spellFractions(text), 0)?.value).toBeCloseTo(value, 9);
  });
  it('spells vulgar fractions, alone and after a whole number', () => {
    expect(spellFractions('1½ cups')).toBe('1 1/2 cups');
    expect(spellFractions('1 ½ cups')).toBe('1 1/2 cups');
    expect(spellFractions('¾ tsp')).toBe(' 3/4 tsp');
    expect(spellFractions('1⁄4 cup')).toBe('1/4 cup');
  });
  it('reads no number inside a word or from a zero denominator', () => {
    expect(numberAt('tender', 0)).toBeNull();
    expect(numberAt('1/0 cup', 0)?.value).toBe(1);
  });
});

describe('section headers', () => {
  it.each([
    ['For the icing:', 'For the icing'],
    ['For the crust', 'For the crust'],
    ['FROSTING', 'FROSTING'],
    ['## Sauce', 'Sauce'],
    ['**Filling**', 'Filling'],
    ['Topping:', 'Topping'],
  ])('"%s" is the section "%s"', (line, title) => {
    expect(isSectionHeader(line)).toBe(title);
  });
  it.each(['2 cups flour', 'Salt to taste', 'For serving: lemon wedges', 'butter, softened', 'Flour, 2 cups'])(
    '"%s" is no header',
    (line) => {
      expect(isSectionHeader(line)).toBeNull();
    },
  );
});

describe('lines', () => {
  it('splits the food from preparation and notes', () => {
    expect(readLine('1 cup (2 sticks) unsalted butter, softened')).toMatchObject({
      quantity: 1,
      unit: 'cup',
      name: 'unsalted butter',
      comment: '2 sticks, softened',
      alternates: [{ quantity: 2, unit: 'stick' }],
    });
    expect(readLine('1/2 cup finely chopped walnuts (optional)')).toMatchObject({ name: 'walnuts', optional: true, noQuantity: null });
  });
  it('reads a container of a stated content as that content each', () => {
    expect(readLine('2 (14.5-ounce) cans diced tomatoes')).toMatchObject({
      quantity: 2,
      unit: 'can',
      alternates: [{ quantity: 14.5, unit: 'oz', each: true }],
    });
    expect(readLine('2 x 400g tins chopped tomatoes')).toMatchObject({
      quantity: 2,
      unit: 'can',
      alternates: [{ quantity: 400, unit: 'g', each: true }],
    });
    expect(readLine('2 cans (15 oz each) black beans')).toMatchObject({ alternates: [{ quantity: 15, unit: 'oz', each: true }] });
  });
  it('adds "plus" parts into the first unit, and reads a compound mass', () => {
    expect(readLine('1 cup plus 2 tablespoons flour')).toMatchObject({
      quantity: 1.125,
      unit: 'cup',
      parts: [{ quantity: 1 }, { quantity: 2, unit: 'tbsp' }],
    });
    expect(readLine('1 lb 4 oz potatoes')).toMatchObject({ quantity: 1.25, unit: 'lb' });
  });
  it('reads sizes, counted pieces and a unit after the food', () => {
    expect(readLine('2 extra-large eggs')).toMatchObject({ size: 'extra large', name: 'eggs' });
    expect(readLine('1 jumbo egg')).toMatchObject({ size: 'extra large', sizeWord: 'jumbo' });
    expect(readLine('3 stalks celery, diced')).toMatchObject({ quantity: 3, unit: null, countNoun: 'stalk', name: 'celery' });
    expect(readLine('4 garlic cloves, minced')).toMatchObject({ quantity: 4, unit: 'clove', name: 'garlic' });
  });
  it('says why a line has no amount', () => {
    expect(readLine('Salt to taste')).toMatchObject({ quantity: null, noQuantity: 'to taste', name: 'Salt' });
    expect(readLine('Powdered sugar, for dusting')).toMatchObject({ noQuantity: 'for serving' });
    expect(readLine('a few sprigs of thyme')).toMatchObject({ quantity: null, name: 'thyme' });
  });
  it('reads the juice of a counted fruit as that many fruits of juice', () => {
    expect(readLine('Juice of 1 lemon')).toMatchObject({ quantity: 1, unit: null, name: 'lemon juice' });
    expect(readLine('1 lemon, juiced')).toMatchObject({ quantity: 1, name: 'lemon juice' });
  });
});

describe('food words', () => {
  it('folds plurals the same way on both sides', () => {
    expect(['eggs', 'tomatoes', 'berries', 'leaves', 'peaches', 'molasses', 'hummus'].map(singular)).toEqual([
      'egg',
      'tomato',
      'berry',
      'leaf',
      'peach',
      'molasses',
      'hummus',
    ]);
  });
  it('puts the plain words of recipes in the library wording (docs/api.md#recipe-text)', () => {
    expect(lineFoodWords('unsalted butter', 'en')).toEqual(['without', 'salt', 'butter']);
    expect(lineFoodWords("confectioners' sugar", 'en')).toEqual(['powdered', 'sugar']);
    expect(lineFoodWords('icing sugar', 'en-GB')).toEqual(['powdered', 'sugar']);
    expect(lineFoodWords('sodium bicarbonate', 'en')).toEqual(['baking', 'soda']);
    expect(lineFoodWords('bicarbonate of soda', 'en-GB')).toEqual(['baking', 'soda']);
    expect(lineFoodWords('plain flour', 'en-GB')).toEqual(['all', 'purpose', 'flour']);
    expect(lineFoodWords('2 large free-range eggs'.slice(8), 'en')).toEqual(['egg']);
  });
  it('reads "plain flour" as all-purpose only in British kitchens', () => {
    expect(lineFoodWords('plain flour', 'en')).toEqual(['plain', 'flour']);
  });
});
