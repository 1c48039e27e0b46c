import { describe, expect, it } from 'vitest';
import { printedNumber, printedNumbers } from '../../../src/lib/printed-number.js';

describe('printedNumber: at most 10 significant digits', () => {
  it.each([
    [3.1500000000000004, 3.15],
    [0.30000000000000004, 0.3],
    [148.00000000000003, 148],
    [0.3333333333333333, 0.3333333333],
    [-2.0000000000000004, -2],
    [1234567.8912345, 1234567.891],
    [0.000123456789012, 0.000123456789],
    [99.999999999996, 100],
    [1e-7, 1e-7],
    [1.2345678901234e-15, 1.23456789e-15],
    [12345678901.5, 12345678900],
    [0.001, 0.001],
    [28.349523125, 28.34952313],
  ])('%s prints as %s', (n, printed) => {
    expect(printedNumber(n)).toBe(printed);
    expect(printedNumber(n)).toBe(Number(n.toPrecision(10)));
  });

  it.each([[0], [42], [-7], [2 ** 40], [45799023502784], [Number.NaN], [Number.POSITIVE_INFINITY]])('%s (exact) stays as it is', (n) => {
    expect(printedNumber(n)).toBe(n);
  });

  it('is Number(n.toPrecision(10)) for a million fractions of every size', () => {
    let state = 12345;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    for (let i = 0; i < 1_000_000; i++) {
      const n = (random() - 0.5) * 10 ** (random() * 30 - 15);
      if (Number.isInteger(n)) continue;
      if (printedNumber(n) !== Number(n.toPrecision(10))) expect([n, printedNumber(n)]).toEqual([n, Number(n.toPrecision(10))]);
    }
  });

  it('printedNumbers prints every number inside, and leaves the value as it was', () => {
    const value = { a: 0.1 + 0.2, b: [1.05 * 3, 'x', null, { c: 2 / 3 }], d: true };
    expect(printedNumbers(value)).toEqual({ a: 0.3, b: [3.15, 'x', null, { c: 0.6666666667 }], d: true });
    expect(value.a).toBe(0.1 + 0.2);
  });
});
