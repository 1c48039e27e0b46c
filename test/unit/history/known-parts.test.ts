// printsAs (src/services/history/known-parts.ts) decides that a part need not be serialised again:
// it may only answer true when JSON.stringify(value) would print exactly what `parsed` was read from.
import { describe, expect, it } from 'vitest';
import { printsAs } from '../../../src/services/history/known-parts.js';

const fromJson = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('printsAs', () => {
  const ingredient = {
    id: 3,
    name: 'Salt',
    allergens: { milk: true },
    portions: [{ description: '1 cup', weight: 125 }],
    brand: null,
    food: true,
  };

  it.each([
    ['a part and its own JSON', ingredient, fromJson(ingredient)],
    ['-0, which JSON prints as 0', { n: -0 }, { n: 0 }],
    ['empty objects and arrays', { a: {}, b: [] }, { a: {}, b: [] }],
  ])('true for %s', (_what, value, parsed) => {
    expect(printsAs(value, parsed)).toBe(true);
    expect(JSON.stringify(value)).toBe(JSON.stringify(parsed));
  });

  it.each([
    ['a changed number', { ...ingredient, id: 4 }, fromJson(ingredient)],
    ['a changed nested value', { ...ingredient, allergens: { milk: false } }, fromJson(ingredient)],
    ['keys in another order (another JSON, another hash)', { b: 1, a: 2 }, { a: 2, b: 1 }],
    ['a key more', { a: 1, b: 2 }, { a: 1 }],
    ['an undefined value (JSON drops it)', { a: 1, b: undefined }, { a: 1 }],
    ['NaN (JSON prints null)', { a: Number.NaN }, { a: null }],
    ['Infinity', { a: Number.POSITIVE_INFINITY }, { a: null }],
    ['a Date (JSON prints a string)', { a: new Date(0) }, { a: '1970-01-01T00:00:00.000Z' }],
    ['an array for an object', { a: [1] }, { a: { 0: 1 } }],
    ['a longer array', { a: [1, 2] }, { a: [1] }],
    ['null for an object', { a: null }, { a: {} }],
    ['a number for its string', { a: 1 }, { a: '1' }],
  ])('false for %s', (_what, value, parsed) => {
    expect(printsAs(value, parsed)).toBe(false);
  });
});
