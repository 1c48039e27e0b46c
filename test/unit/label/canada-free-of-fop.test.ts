import { describe, it, expect } from 'vitest';
import { caFreeOf, type CaBasisAmounts } from '../../../src/core/label/canada/free-of.js';
import { frontOfPack, fopThresholdPercent } from '../../../src/core/label/canada/front-of-pack.js';
import { Decimal } from '../../../src/core/label/shared/decimal-round.js';

function basis(over: Partial<Record<keyof CaBasisAmounts, number>>): CaBasisAmounts {
  const d = { calories: 100, fat: 0, fat_saturated: 0, fat_trans: 0, cholesterol: 0, sodium: 0, ...over };
  return Object.fromEntries(Object.entries(d).map(([k, v]) => [k, new Decimal(v)])) as unknown as CaBasisAmounts;
}

describe('Canadian "free of" conditions (docs/labeling.md#canada-free-of), per serving AND per reference amount', () => {
  it.each([
    ['energy', { calories: 4.99 }, true],
    ['energy', { calories: 5 }, false],
    ['fat', { fat: 0.49 }, true],
    ['fat', { fat: 0.5 }, false],
    ['saturated', { fat_saturated: 0.19, fat_trans: 0.19 }, true],
    ['saturated', { fat_saturated: 0.2 }, false],
    ['saturated', { fat_trans: 0.2 }, false],
    ['trans', { fat_trans: 0.19 }, true],
    ['trans', { fat_trans: 0.2 }, false],
    // trans-free also needs "low in saturated": <= 2 g sat + trans and <= 15 % of energy
    ['trans', { fat_trans: 0.1, fat_saturated: 1.9, calories: 200 }, true],
    ['trans', { fat_trans: 0.1, fat_saturated: 1.91, calories: 200 }, false],
    ['trans', { fat_trans: 0.1, fat_saturated: 1.566, calories: 100 }, true], // 1.666 g x 9 = 14.99 %
    ['trans', { fat_trans: 0.1, fat_saturated: 1.6, calories: 100 }, false], // 15.3 %
    ['cholesterol', { cholesterol: 1.99 }, true],
    ['cholesterol', { cholesterol: 2 }, false],
    ['cholesterol', { cholesterol: 1, fat_saturated: 2.5 }, false],
    ['sodium', { sodium: 4.99 }, true],
    ['sodium', { sodium: 5 }, false],
  ] as const)('%s with %o -> %s', (which, amounts, expected) => {
    const b = basis(amounts);
    expect(caFreeOf(b, b)[which]).toBe(expected);
  });

  it('a condition met per serving but not per reference amount fails', () => {
    expect(caFreeOf(basis({ sodium: 4 }), basis({ sodium: 8 })).sodium).toBe(false);
    expect(caFreeOf(basis({ sodium: 8 }), basis({ sodium: 4 })).sodium).toBe(false);
  });
});

describe('front-of-pack "High in" (B.01.350-B.01.352)', () => {
  // The table to B.01.350: column 3 (RA <= 30 g or mL) 10 %, column 2 (RA > 30) 15 %, column 4 (main dish, RA >= 200 g) 30 %.
  it.each([
    [29.99, false, 10],
    [30, false, 10],
    [30.01, false, 15],
    [31, false, 15],
    [30, true, 10],
    [199.99, true, 15],
    [199, true, 15],
    [200, true, 30],
    [200.01, true, 30],
    [200, false, 15],
    [250, false, 15],
  ])('RA %s g (main dish %s) -> %s %%', (ra, main, pct) => {
    expect(fopThresholdPercent(ra, main)).toBe(pct);
  });

  const fop = (sat: number, sugar: number, sodium: number, serving: number, ra: number, main = false) =>
    frontOfPack({
      per_serving: { fat_saturated: sat, sugar, sodium },
      serving_grams: serving,
      reference_amount_grams: ra,
      main_dish: main,
    });

  it.each([
    // RA > 30 g: 15 % -> 3 g saturated, 15 g sugars, 345 mg sodium
    [[2.99, 14.99, 344.99, 50, 50], []],
    [
      [3, 15, 345, 50, 50],
      ['saturated_fat', 'sugars', 'sodium'],
    ],
    // RA <= 30 g: 10 % -> 2 g, 10 g, 230 mg
    [[1.99, 9.99, 229.99, 30, 30], []],
    [
      [2, 10, 230, 30, 30],
      ['saturated_fat', 'sugars', 'sodium'],
    ],
    // per RA greater than per serving: 160 mg per 20 g serving = 240 mg per 30 g RA -> 10.4 %
    [[0, 0, 160, 20, 30], ['sodium']],
    // per serving greater than per RA: 350 mg per 100 g serving, RA 50 g (175 mg)
    [[0, 0, 350, 100, 50], ['sodium']],
    // main dish RA >= 200 g: 30 % -> 6 g, 30 g, 690 mg
    [[5.99, 29.99, 689.99, 250, 250, true], []],
    [
      [6, 30, 690, 250, 250, true],
      ['saturated_fat', 'sugars', 'sodium'],
    ],
    // B.01.350(2) at the boundary through the reference amount: 172.5 mg per 25 g serving = 345 mg per 50 g RA (15 %)
    [[0, 0, 172.5, 25, 50], ['sodium']],
    [[0, 0, 172.49, 25, 50], []],
    [[3, 0, 0, 60, 30], ['saturated_fat']], // RA 30 g (10 %): 3 g per 60 g serving = 15 % >= 10 %
    [[2.99, 14.99, 344.99, 60, 60], []], // RA 60 g: 15 % thresholds, just under each
    // Saturated fat is measured against the DV of saturated + trans (20 g): 2 g is 10 %, enough at RA <= 30 g.
    [[2, 0, 0, 20, 20], ['saturated_fat']],
    [[1.99, 0, 0, 20, 20], []],
  ] as const)('%o -> %o', (args, expected) => {
    const [sat, sugar, sodium, serving, ra, main] = args as unknown as [number, number, number, number, number, boolean?];
    const r = fop(sat, sugar, sodium, serving, ra, main ?? false);
    expect(r.high_in).toEqual(expected);
    expect(r.required).toBe(expected.length > 0);
    expect(r.exemption).toBeNull();
  });

  it('an exemption turns the requirement off but keeps the findings', () => {
    const r = frontOfPack({
      per_serving: { fat_saturated: 10, sugar: 0, sodium: 0 },
      serving_grams: 14,
      reference_amount_grams: 14,
      exemption: 'fats and oils (B.01.350(5))',
    });
    expect(r).toEqual({ required: false, high_in: ['saturated_fat'], exemption: 'fats and oils (B.01.350(5))' });
  });
});
