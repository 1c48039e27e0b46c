// The serving of a food in discrete units against its reference amount (src/core/label/rules/serving-size.ts),
// on both sides of every boundary of 21 CFR 101.9(b)(2)(i) (50 %, 67 %, 200 %) and of Canada's Column 3A
// (50 % and 200 % for individually packaged units), and the fractions of 101.9(b)(2)(ii).
import { describe, expect, it } from 'vitest';
import {
  caDiscreteServing,
  closestUnitCounts,
  servingPermitted,
  usBand,
  usDiscreteServing,
  usFractionDenominators,
  usLargeUnitFraction,
} from '../../../src/core/label/rules/serving-size.js';

describe('21 CFR 101.9(b)(2)(i): bands of a discrete unit against the reference amount (RA 30 g)', () => {
  it.each([
    [15, 'A'], // 50 %: "50 percent or less"
    [15.0003, 'B'], // just above 50 %
    [20.0997, 'B'], // 66.99 %
    [20.1, 'C'], // 67 %: "67 percent or more"
    [59.997, 'C'], // 199.99 %
    [60, 'D'], // 200 %
    [90, 'D'],
  ] as const)('a %s g unit is band %s', (grams, band) => {
    expect(usBand(grams, 30)).toBe(band);
  });

  it.each([
    // (A): the whole units closest to the RA
    [10, [3], '21 CFR 101.9(b)(2)(i)(A)'],
    [12, [2, 3], '21 CFR 101.9(b)(2)(i)(A)'], // 24 g (6 under) and 36 g (6 over): a tie allows both
    [7, [4], '21 CFR 101.9(b)(2)(i)(A)'], // 28 g (2 under) vs 35 g (5 over)
    [15, [2], '21 CFR 101.9(b)(2)(i)(A)'],
    // (B): one unit or two
    [16, [1, 2], '21 CFR 101.9(b)(2)(i)(B)'],
    // (C): one unit
    [20.1, [1], '21 CFR 101.9(b)(2)(i)(C)'],
    [59, [1], '21 CFR 101.9(b)(2)(i)(C)'],
    // (D): one unit when eaten at once
    [60, [1], '21 CFR 101.9(b)(2)(i)(D)'],
  ])('a %s g unit: %o units (%s)', (grams, units, rule) => {
    const serving = usDiscreteServing(grams, 30);
    expect(serving.rule).toBe(rule);
    expect(serving.units).toEqual(units);
  });

  it('21 CFR 101.9(b)(2)(i)(C): bread slices of 51 g with a 50 g RA are one slice, never "4 slices (204 g)"', () => {
    const rule = usDiscreteServing(51, 50);
    expect(servingPermitted({ units: 1 }, rule)).toBe(true);
    expect(servingPermitted({ units: 4 }, rule)).toBe(false);
  });

  it('21 CFR 101.9(b)(2)(i)(D): a unit too large to eat at once is served by the fraction closest to the RA', () => {
    expect(usDiscreteServing(240, 55, false)).toMatchObject({ units: [], fraction: 4 });
  });
});

describe('21 CFR 101.9(b)(2)(ii): large discrete units, the fraction closest to the RA', () => {
  it('allows 1/2 to 1/6 and the fractions made by dividing further by 2 or 3', () => {
    const denominators = usFractionDenominators(24);
    expect(denominators).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 15, 16, 18, 20, 24]);
    expect(denominators).not.toContain(7);
    expect(denominators).not.toContain(11);
  });

  it.each([
    [1848, 80, 24], // a carrot cake of 1848 g, RA 80 g: 1/24 is 77 g
    [960, 125, 8], // 120 g
    [700, 125, 6], // 116.7 g (1/5 is 140 g, 1/6 116.7: 8.3 away against 15)
  ])('a whole of %s g with a %s g RA: 1/%s', (whole, ra, denominator) => {
    expect(usLargeUnitFraction(whole, ra)).toBe(denominator);
  });
});

describe("Canada's Column 3A (Table of Reference Amounts for Food, 2024)", () => {
  it.each([
    [24.5, [1]], // 49 %: below the 50 % of "one prepackaged unit": whole units closest to the RA (1: 5.5 under, 2: 19 over)
    [25, [1]], // 50 %
    [80, [1]], // 200 %
    [80.01, [1]], // above 200 %, eaten by one person at once
  ])('an individually packaged unit of %s g against 40 g: %o', (grams, units) => {
    expect(caDiscreteServing('individually_packaged', grams, 40).units).toEqual(units);
  });

  it('an individually packaged unit above 200 % that one person does not eat at once: the whole units closest to the RA', () => {
    expect(caDiscreteServing('individually_packaged', 100, 40, false).units).toEqual([1]);
  });

  it('multiple units: the number of whole pieces closest in weight to the RA (cookies 12 g, RA 30 g: 2 or 3)', () => {
    expect(caDiscreteServing('multiple_units', 12, 30).units).toEqual([2, 3]);
    expect(caDiscreteServing('multiple_units', 11, 30).units).toEqual([3]);
  });

  it('sliced bread (item A.1): 2 slices, whatever a slice weighs', () => {
    expect(caDiscreteServing('sliced_bread', 40, 75).units).toEqual([2]);
    expect(servingPermitted({ units: 4 }, caDiscreteServing('sliced_bread', 51, 75))).toBe(false);
  });

  it('a large unit: the fraction of the whole closest to the RA (a 1848 g cake, RA 80 g: 1/23)', () => {
    expect(caDiscreteServing('large_unit', 1848, 80).fraction).toBe(23);
  });

  it('closest counts: never fewer than one unit', () => {
    expect(closestUnitCounts(500, 30)).toEqual([1]);
  });
});
