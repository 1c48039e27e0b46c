import { describe, expect, it } from 'vitest';
import { formatQuantity, HUNDRED_GRAMS, portionDescription, portionSlots, type FdcPortion } from '../../../src/core/usda/portions.js';
import { buildUnitsAndGrams, parseDescription } from '../../../src/core/units.js';

const portion = (p: Partial<FdcPortion>): FdcPortion => ({
  id: 1,
  seqNum: null,
  amount: 1,
  unitName: 'cup',
  modifier: '',
  portionDescription: '',
  gramWeight: 100,
  ...p,
});

describe('USDA portions', () => {
  it.each([
    [1, '1'],
    [2, '2'],
    [0.5, '1/2'],
    [0.25, '1/4'],
    [0.333, '1/3'],
    [0.667, '2/3'],
    [0.75, '3/4'],
    [0.125, '1/8'],
    [1.5, '1 1/2'],
    [0.2, '0.2'],
    [2.4, '2.4'],
    [100, '100'],
  ])('formats %s as %s', (amount, text) => {
    expect(formatQuantity(amount)).toBe(text);
  });

  it.each([
    [{ modifier: 'chopped' }, '1 cup, chopped'],
    [{ unitName: 'tablespoon', amount: 2 }, '2 tablespoon'],
    [{ unitName: 'fruit', modifier: 'medium (2-2/3" dia)' }, '1 fruit, medium (2-2/3" dia)'],
    [{ modifier: '', portionDescription: 'shredded' }, '1 cup, shredded'],
    [{ modifier: ' slices ' }, '1 cup, slices'],
    [{ unitName: 'undetermined', modifier: 'leaf' }, '1 leaf'],
    [{ unitName: 'undetermined', portionDescription: '1 cup, chopped' }, '1 cup, chopped'],
    [{ unitName: 'undetermined' }, undefined],
    [{ unitName: 'milliliter', amount: 100 }, '100 milliliter'],
  ] as const)('describes %j as %s', (p, text) => {
    const description = portionDescription(portion(p));
    expect(description).toBe(text);
    if (description) expect(parseDescription(description)).toBeDefined();
  });

  it('puts volume measures first, then USDA order, dropping duplicates and weightless rows', () => {
    const slots = portionSlots([
      portion({ id: 1, seqNum: 1, unitName: 'fruit', modifier: 'medium', gramWeight: 182 }),
      portion({ id: 2, seqNum: 2, modifier: 'sliced', gramWeight: 110 }),
      portion({ id: 3, seqNum: null, modifier: 'sliced', gramWeight: 999 }),
      portion({ id: 4, seqNum: 3, unitName: 'piece', gramWeight: 0 }),
    ]);
    expect(slots).toEqual([
      { description: '1 cup, sliced', weight: 110 },
      { description: '1 fruit, medium', weight: 182 },
    ]);
    // The volume slot makes every volume unit derivable.
    expect(buildUnitsAndGrams(slots)['1 tablespoon']).toBeCloseTo(110 / 16, 6);
  });

  it('keeps at most 15 slots, volume ones kept', () => {
    const many = Array.from({ length: 20 }, (_, i) => portion({ id: i + 1, seqNum: i + 1, unitName: 'piece', modifier: `size ${i}` }));
    many.push(portion({ id: 99, seqNum: 99, unitName: 'cup', gramWeight: 240 }));
    const slots = portionSlots(many);
    expect(slots).toHaveLength(15);
    expect(slots[0]).toEqual({ description: '1 cup', weight: 240 });
  });

  it('falls back to 100 gram', () => {
    expect(portionSlots([])).toEqual([HUNDRED_GRAMS]);
    expect(portionSlots([portion({ unitName: 'undetermined' })])).toEqual([{ description: '100 gram', weight: 100 }]);
  });
});
