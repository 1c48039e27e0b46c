import { describe, it, expect } from 'vitest';
import { fdaClaims } from '../../../src/core/label/fda/claims.js';
import { roundFda } from '../../../src/core/label/fda/rounding.js';
import type { Decimal } from '../../../src/core/label/shared/decimal-round.js';

// A neutral food: 100 kcal, some fat and sodium, so that only the nutrient under test can trigger a claim.
const BASE: Record<string, number> = {
  calories: 100,
  fat: 4,
  fat_saturated: 1.5,
  fat_trans: 0,
  cholesterol: 30,
  sodium: 300,
  sugar: 5,
  fiber: 1,
};

// The rule names (not the 101.13(e)(2) wording): every nutrient is taken as specially processed.
const PROCESSED = ['calories', 'fat', 'fat_saturated', 'cholesterol', 'sodium', 'sugar'];

function claimsFor(
  over: Record<string, number>,
  opts: { serving?: number; racc?: number; vitamins?: string[]; processed?: string[]; name?: string } = {},
) {
  const values = { ...BASE, ...over };
  const unrounded: Record<string, Decimal> = {};
  const declared: Record<string, Decimal> = {};
  for (const [key, v] of Object.entries(values)) {
    const r = roundFda(key, v);
    unrounded[key] = r.unrounded;
    declared[key] = r.lessThan ? r.unrounded : r.declared;
  }
  const serving = opts.serving ?? 100;
  return fdaClaims({
    serving_grams: serving,
    racc_grams: opts.racc ?? serving,
    small_racc: (opts.racc ?? serving) <= 30,
    specially_processed: opts.processed ?? PROCESSED,
    food_name: opts.name,
    unrounded,
    declared,
    population: 'adult',
    vitamin_mineral_keys: opts.vitamins ?? [],
  });
}

describe('FDA nutrient content claims, both sides of each limit', () => {
  it.each([
    // 101.60(b): calories
    [{ calories: 4.99 }, {}, 'Calorie Free'],
    [{ calories: 5 }, {}, 'Low Calorie'],
    [{ calories: 40 }, {}, 'Low Calorie'],
    [{ calories: 40.01 }, {}, null], // declared 40, but the food has more than 40
    [{ calories: 22 }, { serving: 30 }, 'Low Calorie'], // small RACC: 36.7 per 50 g
    [{ calories: 24.5 }, { serving: 30 }, null], // 40.8 per 50 g
    // 101.62(b): fat
    [{ fat: 0.49, fat_saturated: 0, calories: 100 }, {}, 'Fat Free'],
    [{ fat: 0.5, fat_saturated: 0 }, {}, 'Low Fat'],
    [{ fat: 3, fat_saturated: 0 }, {}, 'Low Fat'],
    [{ fat: 3.01, fat_saturated: 0 }, {}, null],
    [{ fat: 0.3, fat_saturated: 0 }, { serving: 50, racc: 100 }, 'Low Fat'], // 0.6 g per RACC: not free
    [{ fat: 1.7, fat_saturated: 0 }, { serving: 30 }, 'Low Fat'], // 2.83 g per 50 g; declared 1.5 g -> 2.5 g
    // exactly 3 g per 50 g unrounded, but the label declares 2 g per 30 g = 3.33 g per 50 g: no claim
    [{ fat: 1.8, fat_saturated: 0 }, { serving: 30 }, null],
    [{ fat: 1.85, fat_saturated: 0 }, { serving: 30 }, null], // 3.08 g per 50 g
  ])('%o %o -> %s', (over, opts, expected) => {
    const claims = claimsFor(over, opts).claims.filter((c) => /Calori|Fat$|Fat Free/.test(c) && !/Saturated/.test(c));
    expect(claims).toEqual(expected ? [expected] : []);
  });

  it.each([
    [{ fat_saturated: 0.49, fat_trans: 0.49 }, 'Saturated Fat Free'],
    [{ fat_saturated: 0.49, fat_trans: 0.5 }, 'Low Saturated Fat'],
    [{ fat_saturated: 1, calories: 100 }, 'Low Saturated Fat'],
    [{ fat_saturated: 1.01, calories: 100 }, null],
    [{ fat_saturated: 1, calories: 60 }, 'Low Saturated Fat'], // exactly 15 % of calories
    [{ fat_saturated: 1, calories: 59 }, null], // 15.3 %
  ])('saturated fat %o -> %s', (over, expected) => {
    expect(claimsFor(over).claims.filter((c) => c.includes('Saturated'))).toEqual(expected ? [expected] : []);
  });

  it.each([
    [{ cholesterol: 1.99, fat_saturated: 2 }, 'Cholesterol Free'],
    [{ cholesterol: 1.99, fat_saturated: 2.01 }, null],
    [{ cholesterol: 2, fat_saturated: 1.5 }, 'Low Cholesterol'],
    [{ cholesterol: 20, fat_saturated: 1.5 }, 'Low Cholesterol'],
    [{ cholesterol: 20.01, fat_saturated: 1.5 }, null],
  ])('cholesterol %o -> %s', (over, expected) => {
    expect(claimsFor(over).claims.filter((c) => c.includes('Cholesterol'))).toEqual(expected ? [expected] : []);
  });

  it.each([
    [{ sodium: 4.99 }, {}, 'Sodium Free'],
    [{ sodium: 5 }, {}, 'Very Low Sodium'],
    [{ sodium: 35 }, {}, 'Very Low Sodium'],
    [{ sodium: 35.01 }, {}, 'Low Sodium'],
    [{ sodium: 140 }, {}, 'Low Sodium'],
    [{ sodium: 140.01 }, {}, null],
    [{ sodium: 82 }, { serving: 30 }, 'Low Sodium'], // 136.7 mg per 50 g; declared 80 mg -> 133 mg
    [{ sodium: 84 }, { serving: 30 }, null], // 140 mg per 50 g, but declared 85 mg -> 141.7 mg
    [{ sodium: 85 }, { serving: 30 }, null], // 141.7 mg per 50 g
  ])('sodium %o %o -> %s', (over, opts, expected) => {
    expect(claimsFor(over, opts).claims.filter((c) => c.includes('Sodium'))).toEqual(expected ? [expected] : []);
  });

  it('sugar free, with the "not a low calorie food" disclosure unless low calorie (101.60(c)(1)(iii))', () => {
    expect(claimsFor({ sugar: 0.49 })).toMatchObject({ claims: ['Sugar Free'], disclosures: ['Not a low calorie food'] });
    expect(claimsFor({ sugar: 0.5 }).claims).not.toContain('Sugar Free');
    const low = claimsFor({ sugar: 0.2, calories: 30 });
    expect(low.claims).toEqual(['Low Calorie', 'Sugar Free']);
    expect(low.disclosures).toEqual([]);
  });

  it.each([
    [2.79, null],
    [2.8, 'Good Source of Fiber'],
    [5.59, 'Good Source of Fiber'],
    [5.6, 'High Fiber'],
  ])('fiber %s g per RACC -> %s (the stricter of Appendix A grams and the 2016 %DV)', (fiber, expected) => {
    expect(claimsFor({ fiber }).claims.filter((c) => c.includes('Fiber'))).toEqual(expected ? [expected] : []);
  });

  it('a fiber claim on a food that is not low fat discloses total fat (101.54(d)(1))', () => {
    expect(claimsFor({ fiber: 6, fat: 5 }).disclosures).toEqual(['Contains 5g total fat per serving']);
    expect(claimsFor({ fiber: 6, fat: 3, fat_saturated: 0.5 }).disclosures).toEqual([]);
  });

  it.each([
    [129.99, []],
    [130, ['Good Source of Calcium']],
    [259.99, ['Good Source of Calcium']],
    [260, ['High in Calcium']],
  ])('calcium %s mg -> %o (101.54(b), (c))', (calcium, expected) => {
    const claims = claimsFor({ calcium }, { vitamins: ['calcium'] }).claims.filter((c) => c.includes('Calcium'));
    expect(claims).toEqual(expected);
  });

  it.each([
    [{ sodium: 100, fat: 13 }, {}, []],
    [{ sodium: 100, fat: 13.01 }, {}, ['See nutrition information for fat content']],
    [{ sodium: 100, fat: 14, fat_saturated: 5 }, {}, ['See nutrition information for fat and saturated fat content']],
    [
      { sodium: 100, fat: 14, fat_saturated: 5, cholesterol: 61 },
      {},
      ['See nutrition information for fat, saturated fat, and cholesterol content'],
    ],
    [{ sodium: 60, fat: 8 }, { serving: 30 }, ['See nutrition information for fat content']], // 13.3 g per 50 g
  ])('disclosure levels 101.13(h): %o %o -> %o', (over, opts, expected) => {
    const r = claimsFor(over, opts);
    expect(r.claims).toContain('Low Sodium');
    expect(r.disclosures).toEqual(expected);
  });

  it('no claim, no disclosure', () => {
    expect(claimsFor({ fat: 20, sodium: 900 })).toEqual({ claims: [], disclosures: [] });
  });
});

// 101.13(l), 101.60(b)(2), 101.61(b)(2),(4), 101.62(b)(2), (d)(2): a small RACC (30 g or less) must also meet
// each "low" limit per 50 g. A 31 g serving of a 30 g-RACC food, on both sides of each limit at 50 g.
describe('small RACC: the 50 g basis, both sides of each limit', () => {
  const SERVING = 31;
  const per50 = (amount: number) => (amount * SERVING) / 50; // per serving, for an amount per 50 g
  it.each([
    ['Low Sodium', { sodium: per50(139) }, true], // 139 mg per 50 g; 134.5 per 30 g RACC
    ['Low Sodium', { sodium: per50(160) }, false], // the bakery cookie: 100 mg per 31 g = 161 mg per 50 g
    ['Very Low Sodium', { sodium: per50(34) }, true],
    ['Very Low Sodium', { sodium: per50(36) }, false],
    ['Low Calorie', { calories: per50(36) }, true], // declared 20 Cal per 31 g: 32 per 50 g
    ['Low Calorie', { calories: per50(41) }, false],
    ['Low Fat', { fat: per50(2.5), fat_saturated: 0 }, true], // declared 1.5 g per 31 g: 2.4 g per 50 g
    ['Low Fat', { fat: per50(3.2), fat_saturated: 0 }, false],
    ['Low Cholesterol', { cholesterol: per50(19), fat_saturated: 0.5 }, true],
    ['Low Cholesterol', { cholesterol: per50(21), fat_saturated: 0.5 }, false],
  ] as const)('%s with %o per 31 g (RACC 30 g): %s', (claim, over, holds) => {
    const small = claimsFor(over, { serving: SERVING, racc: 30 }).claims;
    expect(small.includes(claim)).toBe(holds);
  });

  it('the 50 g basis applies to small RACCs only: the same cookie with a 35 g RACC is "Low Sodium"', () => {
    // 100 mg per 31 g: 96.8 mg per 30 g RACC but 161 mg per 50 g (not low); 112.9 mg per 35 g RACC (low, not small).
    expect(claimsFor({ sodium: 100 }, { serving: SERVING, racc: 30 }).claims).not.toContain('Low Sodium');
    expect(claimsFor({ sodium: 100 }, { serving: SERVING, racc: 35 }).claims).toContain('Low Sodium');
  });
});

describe('101.13(e)(2): claims a food meets without special processing', () => {
  it('read "[food], a [claim] food" unless specially_processed names the nutrient', () => {
    const flour = { sodium: 1, fat: 4, fat_saturated: 1.5 };
    expect(claimsFor(flour, { serving: 30, racc: 30, processed: [], name: 'All-purpose flour' }).claims).toContain(
      'All-purpose flour, a sodium-free food',
    );
    expect(claimsFor(flour, { serving: 30, racc: 30, processed: ['sodium'], name: 'All-purpose flour' }).claims).toContain('Sodium Free');
    expect(claimsFor({ sodium: 100 }, { processed: [], name: 'Crackers' }).claims).toContain('Crackers, a low sodium food');
  });
});
