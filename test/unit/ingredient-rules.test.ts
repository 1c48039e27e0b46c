import { describe, expect, it } from 'vitest';
import { applyIngredientWrite, tagNames, type Ingredient } from '../../src/core/ingredient.js';
import { REQUIRED_NUTRIENT_KEYS } from '../../src/core/nutrients.js';
import { flourBody } from '../support/app.js';

const created = (input: Record<string, unknown>) => {
  const result = applyIngredientWrite(null, input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.fields;
};

const asStored = (input: Record<string, unknown>): Ingredient => ({
  ...created(input),
  id: 1,
  account_id: 1,
  category: null,
  fdc_id: null,
  created_at: '',
  updated_at: '',
});

describe('nutrient normalisation (docs/api.md#ingredient-create: value x 100 / weight1)', () => {
  it.each([
    [5, 20, 25],
    // Kept to the 10 significant digits responses print (docs/api.md#responses).
    [1, 3, 33.33333333],
    [0.1, 100, 0.1],
    [0.3, 30, 1],
    [455, 125, 364],
    [0, 50, 0],
  ])('%d sent for weight1 %d is stored as %d per 100 g', (sent, weight1, stored) => {
    expect(created(flourBody({ weight1, calories: sent })).nutrients.calories).toBe(stored);
  });

  it('takes per-100 g values as they are for the public library import', () => {
    const result = applyIngredientWrite(null, flourBody({ weight1: 20, calories: 5 }), { nutrientBasis: 'per_100g' });
    expect(result.ok && result.fields.nutrients.calories).toBe(5);
  });

  it('defaults uncounted_fiber to 0 and leaves unsent optional nutrients unknown', () => {
    const fields = created(flourBody());
    expect(fields.nutrients.uncounted_fiber).toBe(0);
    expect('potassium' in fields.nutrients).toBe(false);
  });

  it('accepts cysteine as an alias of cystine', () => {
    expect(created(flourBody({ weight1: 100, cysteine: 12 })).nutrients.cystine).toBe(12);
  });
});

describe('create rules', () => {
  it('requires the fifteen nutrients of docs/api.md#ingredients for food items', () => {
    expect(REQUIRED_NUTRIENT_KEYS).toHaveLength(15);
    const result = applyIngredientWrite(null, { name: 'x', description1: '1 cup', weight1: 10 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual([...REQUIRED_NUTRIENT_KEYS].sort());
  });

  it('non-food items need no nutrients and carry none', () => {
    const fields = created({ name: 'Jar', description1: '1 jar', weight1: 200, food: false, non_food: 'packaging', calories: 50 });
    expect(fields.nutrients).toEqual({});
    expect(fields.non_food).toBe('packaging');
  });
});

describe('update rules', () => {
  it('is relative to the stored weight1 when weight1 is not sent', () => {
    const existing = asStored(flourBody({ weight1: 50 }));
    const result = applyIngredientWrite(existing, { fat: 10 });
    expect(result.ok && result.fields.nutrients.fat).toBe(20);
  });

  it('clears an optional slot with an empty description', () => {
    const existing = asStored(flourBody({ description2: '1 tbsp', weight2: 8 }));
    const result = applyIngredientWrite(existing, { description2: null });
    expect(result.ok && result.fields.portions[1]).toBeNull();
  });

  it('keeps food and non_food as created', () => {
    const existing = asStored(flourBody());
    const result = applyIngredientWrite(existing, { food: false, non_food: 'labor' });
    expect(result.ok && [result.fields.food, result.fields.non_food]).toEqual([true, null]);
  });
});

describe('tagNames', () => {
  it.each([
    [['a', 'b'], undefined, ['a', 'b']],
    [undefined, 'a, b ,, c', ['a', 'b', 'c']],
    ['x,y', undefined, ['x', 'y']],
    [[{ name: 'n' }], undefined, ['n']],
    [['a'], 'a', ['a']],
    [[], undefined, []],
  ])('%j + %j', (tags, tagList, expected) => {
    expect(tagNames(tags, tagList)).toEqual(expected);
  });
  it('is undefined when neither is sent (tags unchanged)', () => {
    expect(tagNames(undefined, undefined)).toBeUndefined();
  });
});

describe('rules hold without a request schema (library import)', () => {
  it.each([
    [{ fat: -3 }, 'fat', 'must be greater than or equal to 0'],
    [{ fat: '3' }, 'fat', 'must be a number'],
    [{ weight1: '125' }, 'weight1', 'must be a number'],
    [{ name: 42 }, 'name', 'must be a string'],
    [{ description1: 5 }, 'description1', 'must be a string'],
  ])('%j', (override, field, message) => {
    const result = applyIngredientWrite(null, flourBody(override), { nutrientBasis: 'per_100g' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toContain(message);
  });
});
