// Canada's reference amounts (Health Canada's Table of Reference Amounts for Food, October 18, 2024)
// as GET /v1/reference_amounts?country=CA lists them and as labels resolve them. The rows compared
// with the table's own files: ca-reference-amounts-2024-source.test.ts.
import { describe, expect, it } from 'vitest';
import { categoryError, referenceAmount, referenceAmounts, resolveReference } from '../../../src/core/label/reference-amounts/index.js';
import { dec } from '../../../src/core/label/shared/decimal-round.js';
import { CA_EXAMPLE } from '../../../src/http/resources/reference-amounts/schemas.js';

describe("Canada's reference amounts as GET /v1/reference_amounts?country=CA lists them", () => {
  const rows = referenceAmounts('CA');

  it('the OpenAPI example is the A.10 row as listed (key, category, amount and unit, Columns 3A/3B)', () => {
    expect(rows.find((r) => r.key === 'A.10')).toEqual(CA_EXAMPLE);
  });

  it('lists all 238 rows, keyed by item number and entry, in the table order', () => {
    expect(rows).toHaveLength(238);
    expect(rows.slice(0, 3).map((r) => r.key)).toEqual(['A.1', 'A.1.2', 'A.2']);
    expect(new Set(rows.map((r) => r.key)).size).toBe(238);
    expect(rows.at(-1)?.key).toBe('X.1');
  });

  it.each([
    ['A.1', 75, 'g', 'Bakery products and substitutes', null],
    ['A.1.2', null, 'g', 'Bakery products and substitutes', { amount: 75, unit: 'g' }],
    ['A.10', 30, 'g', 'Bakery products and substitutes', null],
    ['A.10.2', null, 'g', 'Bakery products and substitutes', { amount: 30, unit: 'g' }],
    ['A.6', 80, 'g', 'Bakery products and substitutes', null],
    ['B.2.4', 45, 'mL', 'Beverages', null],
    ['B.3.2', null, 'mL', 'Beverages', { amount: 250, unit: 'mL' }],
    ['U.15', 30, 'mL', 'Sugars and sweets', null],
  ] as const)('%s: %s %s in "%s", amount to make %o', (key, amount, unit, group, makes) => {
    const row = referenceAmount('CA', key);
    expect(row).toMatchObject({ key, amount, unit, group, amount_to_make: makes });
    expect(row?.source).toMatch(/^Health Canada, Table of Reference Amounts for Food \(October 18, 2024\), item /);
  });

  it("reads Columns 3A/3B of sliced bread: 2 slices, the weight of the HM, '2 slices (# g)'", () => {
    const [sliced, unsliced] = referenceAmount('CA', 'A.1')?.serving_size ?? [];
    expect(sliced).toEqual({
      criteria: 'Sliced bread',
      household: '2 slices',
      metric: 'the weight of the HM in grams',
      units: ['2 slices (# g)'],
    });
    expect(unsliced?.criteria).toBe('Unsliced bread');
    expect(unsliced?.units).toEqual(['number of # cm slice(s) (75 g)', 'fraction loaf (75 g)']);
  });

  it('gives Column 2 as worded where it is no plain amount (hot cereals: dry and prepared)', () => {
    expect(referenceAmount('CA', 'C.1')).toMatchObject({ amount: null, reference_amount_text: '40 g dry, / 250 mL prepared' });
    expect(referenceAmount('CA', 'X.1')).toMatchObject({ amount: null, unit: null });
  });

  it('still finds the key a recipe saved before the whole table (syrups_used_as_ingredients is U.15)', () => {
    expect(referenceAmount('CA', 'syrups_used_as_ingredients')?.key).toBe('U.15');
    expect(categoryError('CA', 'syrups_used_as_ingredients')).toBeNull();
  });

  it.each([
    ['A.10', null],
    ['U.15', null],
    ['cookies', /unknown key "cookies"/],
    ['A.99', /unknown key "A.99"/],
    ['A.1.2', /no fixed reference amount .*Amount to make 75 g final product.*reference_amount_grams/],
    [42, /must be a key/],
  ])('label_settings.reference_amount_category %o: %s', (key, error) => {
    const found = categoryError('CA', key);
    if (error === null) expect(found).toBeNull();
    else expect(found).toMatch(error);
  });

  it('resolves the cookie row to 30 g, a small reference amount (FDR B.01.350(1)(b) threshold line)', () => {
    const resolved = resolveReference('CA', undefined, 'A.10', { grams: dec(40), ml: null });
    expect(resolved?.grams?.toString()).toBe('30');
    expect(resolved?.small).toBe(true);
  });
});
