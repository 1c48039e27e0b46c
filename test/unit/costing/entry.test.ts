import { describe, expect, it } from 'vitest';
import {
  applyCostWrite,
  minutesIn,
  parseCostDate,
  SUBRECIPE_MESSAGE,
  toAmount,
  unitRate,
  UNREADABLE_MESSAGE,
  type CostedIngredient,
  type CostEntry,
} from '../../../src/core/costing/index.js';
import { buildUnitsAndGrams } from '../../../src/core/units.js';

const FLOUR: CostedIngredient = {
  name: 'Flour',
  non_food: null,
  subrecipe: false,
  unitsAndGrams: buildUnitsAndGrams([{ description: '1 cup', weight: 120 }]),
};
const BAKER: CostedIngredient = {
  name: 'Baker',
  non_food: 'labor',
  subrecipe: false,
  unitsAndGrams: buildUnitsAndGrams([{ description: '1 hour', weight: 1 }]),
};
const SHIFT: CostedIngredient = {
  name: 'Shift',
  non_food: 'other_hourly',
  subrecipe: false,
  unitsAndGrams: buildUnitsAndGrams([{ description: '1 shift', weight: 1 }]),
};
const SUB: CostedIngredient = { ...FLOUR, name: 'Dough', subrecipe: true };

describe('parseCostDate', () => {
  it.each([
    ['2026-11-21', '2026-11-21'],
    [' 2026-01-01 ', '2026-01-01'],
    ['2024-02-29', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['2026-02-28', '2026-02-28'],
    ['2026-12-31', '2026-12-31'],
    ['2026-04-30', '2026-04-30'],
    ['2026-02-29', undefined],
    ['1900-02-29', undefined],
    ['2026-02-30', undefined],
    ['2026-04-31', undefined],
    ['2026-13-01', undefined],
    ['2026-00-10', undefined],
    ['2026-01-00', undefined],
    ['2026-1-1', undefined],
    ['2026-01-01T00:00:00Z', undefined],
    ['yesterday', undefined],
    ['', undefined],
    [20260101, undefined],
    [null, undefined],
  ])('%j -> %j', (input, expected) => {
    expect(parseCostDate(input)).toBe(expected);
  });
});

describe('applyCostWrite: create', () => {
  const ok = (ingredient: CostedIngredient, input: Record<string, unknown>) => {
    const r = applyCostWrite(ingredient, null, input);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.entry;
  };

  it('defaults quantity, price and shipping to 0 and keeps the date', () => {
    expect(ok(FLOUR, { unit: '1 kg', effective_at: '2026-01-01' })).toEqual({
      effective_at: '2026-01-01',
      unit: '1 kg',
      quantity: 0,
      price: 0,
      shipping: 0,
    });
  });

  it.each([
    ['cup', '1 cup'],
    ['1 cup', '1 cup'],
    ['g', '1 gram'],
    ['lb', '1 lb'],
    ['1 KG', '1 kg'],
    ['tablespoon', '1 tablespoon'],
  ])('resolves the unit %j to the key %j', (unit, key) => {
    expect(ok(FLOUR, { unit, effective_at: '2026-01-01', quantity: 1, price: 2 }).unit).toBe(key);
  });

  it.each([
    ['1 hour', '1 hour'],
    ['hour', '1 hour'],
    ['minute', '1 minute'],
    ['h', '1 hour'],
  ])('hourly item: %j -> %j', (unit, key) => {
    expect(ok(BAKER, { unit, effective_at: '2026-01-01', quantity: 1, price: 15 }).unit).toBe(key);
  });

  it('accepts numeric strings and zero amounts with zero quantity (a free entry)', () => {
    expect(ok(FLOUR, { unit: 'g', effective_at: '2026-01-01', quantity: '0', price: '0', shipping: '0' })).toMatchObject({
      quantity: 0,
      price: 0,
      shipping: 0,
    });
    expect(ok(FLOUR, { unit: 'g', effective_at: '2026-01-01', quantity: '2.5', price: '0.1', shipping: '0.2' })).toMatchObject({
      quantity: 2.5,
      price: 0.1,
      shipping: 0.2,
    });
  });

  type Bad = [name: string, ingredient: CostedIngredient | null, input: Record<string, unknown>, errors: Record<string, RegExp>];
  const base = { unit: '1 kg', effective_at: '2026-01-01', quantity: 1, price: 2 };
  it.each<Bad>([
    ['no unit and no date', FLOUR, {}, { unit: /blank/, effective_at: /blank/ }],
    ['blank unit', FLOUR, { ...base, unit: '' }, { unit: /blank/ }],
    ['negative price', FLOUR, { ...base, price: -0.01 }, { price: /greater than or equal to 0/ }],
    ['negative shipping', FLOUR, { ...base, shipping: -1 }, { shipping: /greater than or equal to 0/ }],
    ['negative quantity', FLOUR, { ...base, quantity: -1 }, { quantity: /greater than or equal to 0/ }],
    ['quantity 0 with a price', FLOUR, { ...base, quantity: 0 }, { quantity: /cost per unit would be undefined/ }],
    ['quantity 0 with shipping only', FLOUR, { ...base, quantity: 0, price: 0, shipping: 1 }, { quantity: /undefined/ }],
    ['text price', FLOUR, { ...base, price: 'cheap' }, { price: /number/ }],
    [
      'unknown unit lists the valid ones',
      FLOUR,
      { ...base, unit: 'bushel' },
      { unit: /"bushel" is not a unit of Flour; valid units: 1 gram, 1 oz, .*1 cup/ },
    ],
    ['February 30', FLOUR, { ...base, effective_at: '2026-02-30' }, { effective_at: /real calendar date/ }],
    ['a datetime', FLOUR, { ...base, effective_at: '2026-01-01T10:00:00Z' }, { effective_at: /YYYY-MM-DD/ }],
    ['a subrecipe ingredient', SUB, base, { ingredient_id: new RegExp(SUBRECIPE_MESSAGE.slice(0, 20)) }],
    ['an unreadable ingredient', null, base, { ingredient_id: new RegExp(UNREADABLE_MESSAGE) }],
    ['a mass unit on an hourly item', BAKER, { ...base, unit: '1 gram' }, { unit: /time unit for an hourly item \(1 hour, 1 minute\)/ }],
    ['an hourly item without time units', SHIFT, { ...base, unit: '1 shift' }, { unit: /without a time unit/ }],
  ])('%s is refused', (_name, ingredient, input, expected) => {
    const r = applyCostWrite(ingredient, null, input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(Object.keys(expected).sort());
    for (const [field, pattern] of Object.entries(expected)) expect(r.errors[field]!.join(' | ')).toMatch(pattern);
  });

  it('reports schema errors and rule errors together', () => {
    const r = applyCostWrite(FLOUR, null, { ...base, effective_at: '2026-02-30' }, { price: ['must be a number'] });
    expect(r.ok ? {} : r.errors).toEqual({ price: ['must be a number'], effective_at: [expect.stringMatching(/YYYY-MM-DD/)] });
  });
});

describe('applyCostWrite: update', () => {
  const existing: CostEntry = { effective_at: '2026-01-01', unit: '1 kg', quantity: 1, price: 2, shipping: 0.5 };
  it('keeps unsent members', () => {
    const r = applyCostWrite(FLOUR, existing, { price: 3 });
    expect(r).toEqual({ ok: true, entry: { ...existing, price: 3 } });
  });
  it('moves the date and the unit', () => {
    const r = applyCostWrite(FLOUR, existing, { effective_at: '2026-03-01', unit: 'lb' });
    expect(r).toEqual({ ok: true, entry: { ...existing, effective_at: '2026-03-01', unit: '1 lb' } });
  });
  it.each([
    [{ quantity: 0 }, 'quantity'],
    [{ unit: 'bushel' }, 'unit'],
    [{ effective_at: '' }, 'effective_at'],
    [{ effective_at: '2026-02-29' }, 'effective_at'],
    [{ price: -1 }, 'price'],
  ])('refuses %j', (input, field) => {
    const r = applyCostWrite(FLOUR, existing, input);
    expect(r.ok ? [] : Object.keys(r.errors)).toEqual([field]);
  });
});

describe('unitRate', () => {
  const entry = (e: Partial<CostEntry>): CostEntry => ({
    effective_at: '2026-01-01',
    unit: '1 kg',
    quantity: 1,
    price: 0,
    shipping: 0,
    ...e,
  });
  it.each([
    ['$2.40 + $0.10 shipping per kg', entry({ price: 2.4, shipping: 0.1 }), '0.0025'],
    ['$5 per 2 kg', entry({ quantity: 2, price: 5 }), '0.0025'],
    ['$0.30 per 1 cup of 120 g', entry({ unit: '1 cup', price: 0.3 }), '0.0025'],
    [
      '$1 per lb',
      entry({ unit: '1 lb', price: 1 }),
      '0.0022046226218487758072297380134502703385' /* 1 / 453.59237, half-up at the 40th place */,
    ],
    ['free entry with quantity 0', entry({ quantity: 0 }), '0'],
  ])('%s -> per gram %s (exact, or rounded at the 40th place)', (_name, e, rate) => {
    const r = unitRate(e, FLOUR.unitsAndGrams, false)!;
    expect(r.basis).toBe('gram');
    expect(r.rate.toString()).toBe(rate);
  });
  it('is per hour for hourly items: $15 per hour, $0.30 per minute', () => {
    expect(unitRate(entry({ unit: '1 hour', price: 15 }), BAKER.unitsAndGrams, true)).toMatchObject({ basis: 'hour' });
    expect(toAmount(unitRate(entry({ unit: '1 hour', price: 15 }), BAKER.unitsAndGrams, true)!.rate)).toBe(15);
    expect(toAmount(unitRate(entry({ unit: '1 minute', price: 0.3 }), BAKER.unitsAndGrams, true)!.rate)).toBe(18);
  });
  it('is undefined when the unit is gone or a zero quantity carries a price', () => {
    expect(unitRate(entry({ unit: '1 bushel', price: 1 }), FLOUR.unitsAndGrams, false)).toBeUndefined();
    expect(unitRate(entry({ quantity: 0, price: 1 }), FLOUR.unitsAndGrams, false)).toBeUndefined();
    expect(unitRate(entry({ unit: '1 gram', price: 1 }), BAKER.unitsAndGrams, true)).toBeUndefined();
  });
  it('minutesIn: time keys only, in exact minutes', () => {
    expect(minutesIn(BAKER.unitsAndGrams, '1 hour')!.toString()).toBe('60');
    expect(minutesIn(BAKER.unitsAndGrams, '1 minute')!.times(90).toString()).toBe('90');
    expect(minutesIn(BAKER.unitsAndGrams, '1 gram')).toBeUndefined();
    expect(minutesIn(FLOUR.unitsAndGrams, '1 gram')).toBeUndefined();
  });
});
