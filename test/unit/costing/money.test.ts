// Money (src/core/costing/money.ts): exact sums and products, divisions rounded half-up at the 40th
// place, amounts rounded half-up at the edge. Both sides of every rounding boundary.
import { describe, expect, it } from 'vitest';
import { DIVISION_PLACES, Money, toAmount } from '../../../src/core/costing/money.js';

const of = Money.of;

describe('Money.of reads a number as the decimal it was written as', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [125, '125'],
    [0.1, '0.1'],
    [-0.05, '-0.05'],
    [28.349523125, '28.349523125'],
    [0.30000000000000004, '0.30000000000000004'],
    [1e-7, '0.0000001'],
    [1.5e-9, '0.0000000015'],
    [1.5e21, '1500000000000000000000'],
    [Number.MAX_SAFE_INTEGER + 2, '9007199254740992'],
  ])('%s -> %s', (value, text) => {
    expect(of(value).toString()).toBe(text);
  });
  it.each([NaN, Infinity, -Infinity])('refuses %s', (value) => {
    expect(() => of(value)).toThrow(RangeError);
  });
});

describe('sums and products are exact', () => {
  it.each([
    [0.1, 0.2, '0.3', '0.02'],
    [1.1, 1.1, '2.2', '1.21'],
    [125, 0.0025, '125.0025', '0.3125'],
    [28.349523125, 0.95, '29.299523125', '26.93204696875'],
    [-0.05, 0.05, '0', '-0.0025'],
    [1e-7, 1e21, '1000000000000000000000.0000001', '100000000000000'],
  ])('%s and %s: sum %s, product %s', (a, b, sum, product) => {
    expect(of(a).plus(of(b)).toString()).toBe(sum);
    expect(of(a).times(of(b)).toString()).toBe(product);
    expect(of(a).times(b).toString()).toBe(product);
  });
});

describe('division rounds half-up at the 40th place, and only there', () => {
  const threes = `0.${'3'.repeat(DIVISION_PLACES)}`;
  const twoThirds = `0.${'6'.repeat(DIVISION_PLACES - 1)}7`;
  it.each([
    [1, 8, '0.125'], // exact quotients stay exact
    [2.5, 1000, '0.0025'],
    [1, 3, threes], // ...333|3 rounds down
    [2, 3, twoThirds], // ...666|6 rounds up
    [-2, 3, `-${twoThirds}`], // halves and above go away from zero, on both signs
    [2, -3, `-${twoThirds}`],
    [1, 2e40, `0.${'0'.repeat(DIVISION_PLACES - 1)}1`], // exactly half of the 40th place: up
    [1, 2.0000000001e40, '0'], // just below half: down
  ])('%s / %s = %s', (a, b, quotient) => {
    expect(of(a).div(of(b)).toString()).toBe(quotient);
  });
  it('refuses a zero divisor', () => {
    expect(() => of(1).div(0)).toThrow(RangeError);
  });
});

describe('toFixed rounds half-up on both sides of the boundary', () => {
  it.each([
    [0.00005, 4, '0.0001'],
    [0.0000499999, 4, '0.0000'],
    [-0.00005, 4, '-0.0001'],
    [-0.0000499999, 4, '0.0000'],
    [2.675, 2, '2.68'],
    [2.6749999, 2, '2.67'],
    [7, 2, '7.00'],
    [0.5, 0, '1'],
    [0.4999, 0, '0'],
  ])('%s to %s places -> %s', (value, n, text) => {
    expect(of(value).toFixed(n)).toBe(text);
  });
});

describe('toAmount: half-up at 4 places after cleaning division noise below the 20th', () => {
  it.each([
    [0.1 + 0.2, 0.3],
    [0.30000000000000004, 0.3],
    [1.00005, 1.0001],
    [1.00004999, 1],
    [2.675, 2.675],
    [0.00005, 0.0001],
    [0.000049, 0],
    [-0.00001, 0],
    [-0.00005, -0.0001],
  ])('%s -> %s', (value, expected) => {
    expect(toAmount(value)).toBe(expected);
  });
  it('1/3 x 3 is 1 and a tie reached through a division still rounds up', () => {
    expect(of(1).div(3).times(3).toAmount()).toBe(1);
    expect(of(16.35).div(8).toString()).toBe('2.04375');
    expect(of(16.35).div(8).toAmount()).toBe(2.0438);
    expect(of(7.5).div(60).times(25).div(4).toAmount()).toBe(0.7813); // 25 minutes at $7.50/h over 4: 0.78125
  });
  it('rates keep 8 places', () => {
    expect(toAmount(of(0.01).div(1000), 8)).toBe(0.00001);
    expect(toAmount(of(1).div(453.59237), 8)).toBe(0.00220462);
  });
});
