import { describe, expect, it } from 'vitest';
import { buildUnitsAndGrams, hoursPerUnit, parseDescription, resolveUnitKey, standardUnit, validUnitNames } from '../../src/core/units.js';

describe('parseDescription', () => {
  it.each([
    ['1 cup', 1, 'cup', 'cup'],
    ['1/2 cup', 0.5, 'cup', 'cup'],
    ['1 1/2 cups', 1.5, 'cups', 'cup'],
    ['2.5 tbsp', 2.5, 'tbsp', 'tablespoon'],
    ['.5 oz', 0.5, 'oz', 'oz'],
    ['1 cup, chopped', 1, 'cup, chopped', 'cup'],
    ['1 cup (8 fl oz)', 1, 'cup (8 fl oz)', 'cup'],
    ['3 large eggs', 3, 'large eggs', undefined],
    ['1 fl oz', 1, 'fl oz', 'fl oz'],
    ['2 T', 2, 'T', 'tablespoon'],
    ['2 t', 2, 't', 'teaspoon'],
    ['15 minutes', 15, 'minutes', 'minute'],
    ['100 gram', 100, 'gram', 'gram'],
  ])('%s', (text, quantity, unitText, standard) => {
    const parsed = parseDescription(text)!;
    expect(parsed.quantity).toBeCloseTo(quantity, 12);
    expect(parsed.unitText).toBe(unitText);
    expect(parsed.standard?.name).toBe(standard);
  });

  it.each(['cup', '', '0 cup', '1/0 cup', 'one cup', '1', '-1 cup', 'pass_fail', '1/2'])('rejects %j', (text) => {
    expect(parseDescription(text)).toBeUndefined();
  });
});

describe('buildUnitsAndGrams', () => {
  it('always has the mass units', () => {
    const units = buildUnitsAndGrams([{ description: '1 large egg', weight: 50 }]);
    expect(units).toEqual({ '1 gram': 1, '1 oz': 28.349523125, '1 lb': 453.59237, '1 kg': 1000, '1 large egg': 50 });
  });

  it('derives every volume unit from the first volume description (US customary factors)', () => {
    const units = buildUnitsAndGrams([
      { description: '2 tbsp', weight: 30 },
      { description: '1 cup', weight: 999 },
    ]);
    const gramsPerMl = 15 / 14.78676478125;
    expect(units['1 teaspoon']).toBeCloseTo(gramsPerMl * 4.92892159375, 10);
    expect(units['1 cup']).toBe(999); // the description as written keeps its own stated weight
    expect(units['1 ml']).toBeCloseTo(gramsPerMl, 12);
    expect(units['1 gallon']).toBeCloseTo(gramsPerMl * 3785.411784, 8);
    expect(units['2 tbsp']).toBe(30);
  });

  it('derives hours for hourly items', () => {
    const units = buildUnitsAndGrams([{ description: '15 minutes', weight: 3 }]);
    expect(units['1 hour']).toBeCloseTo(12, 10);
    expect(hoursPerUnit(units, '15 minutes')).toBeCloseTo(0.25, 12);
    expect(hoursPerUnit(units, '1 minute')).toBeCloseTo(1 / 60, 12);
    expect(hoursPerUnit(buildUnitsAndGrams([{ description: '1 box', weight: 3 }]), '1 box')).toBeUndefined();
  });

  it('lists valid unit names', () => {
    const portions = [
      { description: '1 cup', weight: 240 },
      { description: '1 slice', weight: 30 },
    ];
    expect(validUnitNames(buildUnitsAndGrams(portions), portions)).toEqual([
      'gram',
      'oz',
      'lb',
      'kg',
      'teaspoon',
      'tablespoon',
      'fl oz',
      'cup',
      'pint',
      'quart',
      'gallon',
      'ml',
      'liter',
      'slice',
    ]);
  });
});

describe('resolveUnitKey', () => {
  const units = buildUnitsAndGrams([
    { description: '1 cup', weight: 240 },
    { description: '1 large egg', weight: 50 },
    { description: '1/2 cup', weight: 120 },
  ]);
  it.each([
    ['1 cup', '1 cup'],
    ['cup', '1 cup'],
    ['CUP', '1 cup'],
    ['cups', '1 cup'],
    ['g', '1 gram'],
    ['grams', '1 gram'],
    ['1 g', '1 gram'],
    ['tbsp', '1 tablespoon'],
    ['large egg', '1 large egg'],
    ['1/2 cup', '1/2 cup'],
    ['lbs', '1 lb'],
  ])('%s -> %s', (input, key) => {
    expect(resolveUnitKey(units, input)).toBe(key);
  });
  it('does not invent units', () => {
    expect(resolveUnitKey(units, 'bucket')).toBeUndefined();
    expect(resolveUnitKey(buildUnitsAndGrams([]), 'cup')).toBeUndefined();
  });
  it('standardUnit is case-sensitive only for t and T', () => {
    expect(standardUnit('T')?.name).toBe('tablespoon');
    expect(standardUnit('t')?.name).toBe('teaspoon');
    expect(standardUnit('TSP')?.name).toBe('teaspoon');
  });
});
