// The reader against the table of recipe lines as people publish them (test/fixtures/recipe-lines.ts):
// at least 95 % right on quantity (a range's both ends) and on unit, the figures printed. Each line
// is also checked alone, so a change that breaks one shows which.
import { describe, expect, it } from 'vitest';
import { readLine } from '../../../src/core/recipe-text/reader.js';
import { RECIPE_LINES, type RecipeLineCase } from '../../fixtures/recipe-lines.js';

function quantityRight(c: RecipeLineCase, quantity: number | null, quantityMax: number | null): boolean {
  const [low, high] = Array.isArray(c.quantity) ? c.quantity : [c.quantity, null];
  const same = (a: number | null, b: number | null) => (a === null ? b === null : b !== null && Math.abs(a - b) < 1e-6);
  return same(low, quantity) && same(high, quantityMax);
}

describe('reading recipe lines as people write them', () => {
  it(`reads at least 95 % of the ${RECIPE_LINES.length} lines' quantity and unit right`, () => {
    let quantity = 0;
    let unit = 0;
    for (const c of RECIPE_LINES) {
      const read = readLine(c.input);
      if (read.kind !== 'ingredient') continue;
      if (quantityRight(c, read.quantity, read.quantityMax)) quantity++;
      if (read.unit === c.unit) unit++;
    }
    const share = (n: number) => n / RECIPE_LINES.length;
    console.log(
      `recipe lines read: ${RECIPE_LINES.length}; quantity right ${quantity} (${(100 * share(quantity)).toFixed(1)} %), unit right ${unit} (${(100 * share(unit)).toFixed(1)} %)`,
    );
    expect(RECIPE_LINES.length).toBeGreaterThanOrEqual(300);
    expect(share(quantity)).toBeGreaterThanOrEqual(0.95);
    expect(share(unit)).toBeGreaterThanOrEqual(0.95);
  });

  it.each(RECIPE_LINES.map((c) => [c.input, c] as const))('%s', (_input, c) => {
    const read = readLine(c.input);
    expect(read.kind).toBe('ingredient');
    if (read.kind !== 'ingredient') return;
    expect({
      quantity: quantityRight(c, read.quantity, read.quantityMax) ? c.quantity : [read.quantity, read.quantityMax],
      unit: read.unit,
    }).toEqual({
      quantity: c.quantity,
      unit: c.unit,
    });
  });
});
