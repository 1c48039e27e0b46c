// The tables of reference amounts (src/core/label/reference-amounts): every key unique, every row with
// a positive amount or none (with the note saying why), and the rows added from a secondary copy
// (mixed dishes, potatoes: docs/labeling.md §4) at the values that copy gives.
import { describe, expect, it } from 'vitest';
import { referenceAmount, referenceAmounts, resolveReference } from '../../../src/core/label/reference-amounts/index.js';
import { dec } from '../../../src/core/label/shared/decimal-round.js';

describe.each(['US', 'CA'] as const)('the %s table', (country) => {
  const rows = referenceAmounts(country);
  it('has unique keys', () => {
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
  it('gives each row a positive amount, or none with a note saying what to set', () => {
    for (const row of rows) {
      if (row.amount === null) expect(row.note, row.key).toBeTruthy();
      else expect(row.amount, row.key).toBeGreaterThan(0);
    }
  });
});

describe('US mixed dishes and potatoes (21 CFR 101.12(b) Table 2, via a secondary copy)', () => {
  it.each([
    ['mixed_dishes_appetizers', 85, 'g'],
    ['mixed_dishes_appetizers_with_sauce', 120, 'g'], // 85 g, add 35 g with gravy or sauce topping
    ['mixed_dishes_measurable_with_cup', 240, 'mL'], // 1 cup (101.9(b)(5)(viii))
    ['mixed_dishes_not_measurable_with_cup', 140, 'g'],
    ['mixed_dishes_not_measurable_with_cup_with_sauce', 195, 'g'], // 140 g, add 55 g
    ['potatoes_fries_prepared', 70, 'g'],
    ['potatoes_fries_frozen_unprepared', 85, 'g'],
    ['potatoes_mashed_candied_stuffed', 140, 'g'],
    ['potatoes_plain_fresh_frozen', 110, 'g'],
    ['potatoes_plain_vacuum_packed', 125, 'g'],
    ['potatoes_plain_canned', 160, 'g'],
  ])('%s is %d %s', (key, amount, unit) => {
    expect(referenceAmount('US', key)).toMatchObject({ amount, unit });
  });

  it('weighs the 1-cup mixed dish with the serving density, and needs a serving volume to do so', () => {
    const cup = resolveReference('US', undefined, 'mixed_dishes_measurable_with_cup', { grams: dec(250), ml: dec(240) });
    expect(cup?.grams?.toNumber()).toBe(250);
    expect(cup?.small).toBe(false);
    const noVolume = resolveReference('US', undefined, 'mixed_dishes_measurable_with_cup', { grams: dec(250), ml: null });
    expect(noVolume).toMatchObject({ grams: null });
    expect(noVolume?.problem).toContain('racc_grams');
  });
});
