import { describe, it, expect } from 'vitest';
import { roundToStep, roundDecimals, plainText } from '../../../src/core/label/shared/decimal-round.js';
import { applyBands, below, upTo, above, zero, step, lessThan } from '../../../src/core/label/shared/bands.js';
import { formatNumber, formatPercent, formatAmount } from '../../../src/core/label/shared/number-format.js';

describe('roundToStep (half-up, decimal)', () => {
  it.each([
    [4.75, 0.5, 5],
    [4.74, 0.5, 4.5],
    [2.5, 1, 3],
    [2.49, 1, 2],
    [3.5, 1, 4],
    [0.15, 0.1, 0.2], // binary float: 0.15 / 0.1 = 1.4999999999999998 would round down
    [0.25, 0.1, 0.3],
    [0.35, 0.1, 0.4],
    [1.45, 0.1, 1.5],
    [0.0125, 0.025, 0.025],
    [7.5, 5, 10],
    [7.49, 5, 5],
    [55, 10, 60],
    [54.99, 10, 50],
    [0, 0.5, 0],
  ])('roundToStep(%s, %s) = %s', (value, stepSize, expected) => {
    expect(roundToStep(value, stepSize)).toBe(expected);
  });

  it('rejects a non-positive step', () => {
    expect(() => roundToStep(1, 0)).toThrow(RangeError);
  });

  it.each([
    [1.005, 2, 1.01], // float toFixed gives 1.00
    [0.125, 2, 0.13],
    [2.675, 2, 2.68],
  ])('roundDecimals(%s, %s) = %s', (value, places, expected) => {
    expect(roundDecimals(value, places)).toBe(expected);
  });

  it('prints decimals plainly', () => {
    expect(plainText('8.0')).toBe('8');
    expect(plainText(0.0000001)).toBe('0.0000001');
  });
});

describe('bands', () => {
  const bands = [below('0.5', zero), upTo('5', step('0.5')), above(step('1'))];
  it.each([
    [0.49, '0'],
    [0.5, '0.5'],
    [5, '5'],
    [5.01, '5'],
    [5.5, '6'],
    [-1, '0'],
  ])('%s -> %s', (value, expected) => {
    expect(applyBands(value, bands).declared.toString()).toBe(expected);
  });
  it('less-than bands carry the limit', () => {
    const r = applyBands(0.7, [below('0.5', zero), below('1', lessThan('1')), above(step('1'))]);
    expect(r.lessThan).toBe(true);
    expect(r.declared.toNumber()).toBe(1);
  });
});

describe('number formats', () => {
  it.each([
    [1230, 'us', '1,230'],
    [999, 'us', '999'],
    [2300, 'ca_en', '2300'],
    [12300, 'ca_en', '12 300'],
    [0.5, 'ca_fr', '0,5'],
    [0.5, 'ca_en', '0.5'],
    [2.5, 'us', '2.5'],
  ] as const)('%s in %s -> %s', (value, style, expected) => {
    expect(formatNumber(value, style)).toBe(expected);
  });
  it('percent and amounts', () => {
    expect(formatPercent(15, 'us')).toBe('15%');
    expect(formatPercent(15, 'ca_fr')).toBe('15 %');
    expect(formatAmount(8, 'g', 'us')).toBe('8g');
    expect(formatAmount(0.5, 'g', 'ca_fr')).toBe('0,5 g');
    expect(formatAmount(230, 'kcal', 'us')).toBe('230');
  });
});
