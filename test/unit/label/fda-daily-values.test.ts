import { describe, it, expect } from 'vitest';
import {
  roundFdaPercent,
  fdaPercentDv,
  fdaDailyValue,
  fdaFootnote,
  percentDvBasisAmount,
  FDA_DRV,
  FDA_RDI,
} from '../../../src/core/label/fda/daily-values.js';
import { Decimal } from '../../../src/core/label/shared/decimal-round.js';

describe('FDA Daily Values (2016), 101.9(c)(8)(iv) and (c)(9)', () => {
  it.each([
    ['fat', 78, 39],
    ['fat_saturated', 20, 10],
    ['cholesterol', 300, 300],
    ['sodium', 2300, 1500],
    ['carbohydrate', 275, 150],
    ['fiber', 28, 14],
    ['added_sugar', 50, 25],
    ['protein', 50, 13],
    ['vitamin_d', 20, 15],
    ['calcium', 1300, 700],
    ['iron', 18, 7],
    ['potassium', 4700, 3000],
  ])('%s: adult %s, children 1-3 %s', (key, adult, child) => {
    expect(fdaDailyValue(key, 'adult')).toBe(adult);
    expect(fdaDailyValue(key, 'children_1_3')).toBe(child);
  });
  it('no DV for trans fat, total sugars, calories', () => {
    for (const k of ['fat_trans', 'sugar', 'calories']) expect(fdaDailyValue(k, 'adult')).toBeUndefined();
  });
  it('unverified children 1-3 RDIs are absent rather than guessed', () => {
    expect(FDA_RDI.children_1_3.vitamin_c).toBeUndefined();
    expect(Object.keys(FDA_DRV.children_1_3)).toHaveLength(8);
  });
});

describe('%DV rounding', () => {
  // 101.9(d)(7)(ii): DRV nutrients to the nearest 1 %, half-up
  it.each([
    [0.49, 0],
    [0.5, 1],
    [2.5, 3],
    [10.26, 10],
    [13.45, 13],
    [14.5, 15],
    [99.5, 100],
  ])('DRV %s%% -> %s%%', (pct, expected) => {
    expect(roundFdaPercent('fat', pct)).toBe(expected);
  });
  // 101.9(c)(8)(iii): <= 10 % -> 2 %; <= 50 % -> 5 %; > 50 % -> 10 %
  it.each([
    [0.99, 0],
    [1, 2],
    [2.99, 2],
    [3, 4],
    [5, 6],
    [9.99, 10],
    [10, 10],
    [10.01, 10],
    [12.49, 10],
    [12.5, 15],
    [44.44, 45],
    [47.5, 50],
    [49.99, 50],
    [50, 50],
    [50.01, 50],
    [54.99, 50],
    [55, 60],
    [104.9, 100],
    [105, 110],
  ])('vitamin/mineral %s%% -> %s%%', (pct, expected) => {
    expect(roundFdaPercent('calcium', pct)).toBe(expected);
  });

  it.each([
    ['fat', 8, '10%'],
    ['fat_saturated', 1, '5%'],
    ['fat_saturated', 0.5, '3%'],
    ['cholesterol', 0, '0%'],
    ['sodium', 160, '7%'],
    ['carbohydrate', 37, '13%'],
    ['fiber', 4, '14%'],
    ['added_sugar', 10, '20%'],
    ['vitamin_d', 2, '10%'],
    ['calcium', 260, '20%'],
    ['iron', 8, '45%'],
    ['potassium', 235, '6%'], // 235 / 4700 = exactly 5.0 % -> 6 % (half-up, the 101.9(d)(8) example)
    ['potassium', 240, '6%'],
  ])('%s %s -> %s', (key, amount, display) => {
    expect(fdaPercentDv(key, amount, 'adult')?.display).toBe(display);
  });

  it('children 1-3 DVs', () => {
    expect(fdaPercentDv('fat', 8, 'children_1_3')?.value).toBe(21); // 8 / 39 = 20.5 %
    expect(fdaPercentDv('vitamin_c', 10, 'children_1_3')).toBeNull();
  });

  it('basis: declared by default, unrounded on request, unrounded for "less than" forms', () => {
    const declared = new Decimal(8);
    const unrounded = new Decimal(8.4);
    expect(percentDvBasisAmount(declared, unrounded, false, 'declared').toNumber()).toBe(8);
    expect(percentDvBasisAmount(declared, unrounded, false, 'unrounded').toNumber()).toBe(8.4);
    expect(percentDvBasisAmount(new Decimal(1), new Decimal(0.7), true, 'declared').toNumber()).toBe(0.7);
  });

  it('footnote by population, 101.9(d)(9)', () => {
    expect(fdaFootnote('adult')).toBe(
      '*The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. 2,000 calories a day is used for general nutrition advice.',
    );
    expect(fdaFootnote('children_1_3')).toContain('1,000 calories a day');
  });
});
