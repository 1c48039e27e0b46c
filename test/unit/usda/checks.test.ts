import { describe, expect, it } from 'vitest';
import { atwaterGeneral, checkFood } from '../../../src/core/usda/checks.js';

describe('USDA data checks', () => {
  it.each([
    ['nothing at all', {}],
    ['only sodium', { sodium: 4 }],
  ])('skips a food with %s', (_, n) => {
    expect(checkFood(n)).toEqual({ skip: 'no energy and no protein, fat or carbohydrate values' });
  });

  it.each([
    ['fat 100 g is possible', { fat: 100, calories: 900, protein: 0, carbohydrate: 0 }, false],
    ['fat 100.01 g is not', { fat: 100.01, calories: 900 }, true],
    ['water 101 g is not', { water: 101, calories: 0 }, true],
  ])('%s', (_, n, skipped) => {
    expect(checkFood(n).skip !== null).toBe(skipped);
  });

  it.each([
    ['sugar equal to carbohydrate', { calories: 40, carbohydrate: 10, sugar: 10, protein: 0, fat: 0 }, []],
    ['sugar above carbohydrate', { calories: 40, carbohydrate: 10, sugar: 12, protein: 0, fat: 0 }, ['sugar 12 g above carbohydrate 10 g']],
    [
      'saturated above fat',
      { calories: 9, fat: 1, fat_saturated: 1.5, protein: 0, carbohydrate: 0 },
      ['fat_saturated 1.5 g above fat 1 g'],
    ],
  ])('%s', (_, n, flags) => {
    expect(checkFood(n)).toEqual({ skip: null, flags });
  });

  // 4/4/9 of protein 5, fat 2, carbohydrate 15 = 98 kcal; the band is 20 % or 20 kcal, whichever is wider.
  it.each([
    [118, false],
    [118.01, true],
    [78, false],
    [77.99, true],
  ])('energy %s kcal against 98 kcal expected: flagged %s', (calories, flagged) => {
    const result = checkFood({ calories, protein: 5, fat: 2, carbohydrate: 15 });
    expect(result.skip === null && result.flags.length > 0).toBe(flagged);
  });

  it.each([
    [10, 20, false],
    [10, 20.01, true],
    [10, -10, false],
  ])('small foods use the 20 kcal floor: %s vs %s', (calories, expectedGap, flagged) => {
    // protein only: expected = 4 x protein
    const protein = (calories + expectedGap) / 4;
    const result = checkFood({ calories, protein, fat: 0, carbohydrate: 0 });
    expect(result.skip === null && result.flags.length > 0).toBe(flagged);
  });

  it('computes 4/4/9 only with all three macronutrients', () => {
    expect(atwaterGeneral({ protein: 1, fat: 1, carbohydrate: 1 })).toBe(17);
    expect(atwaterGeneral({ protein: 1, fat: 1 })).toBeUndefined();
  });
});
