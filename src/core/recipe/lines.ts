// The amount of a recipe ingredient (docs/api.md#recipe-lines, docs/api.md#unit-keys):
// unit (a key of units_and_grams, or a bare unit name), quantity >= 0, waste 0 to 100, and total_grams,
// which overrides unit and quantity (the unit becomes "1 gram").
import type { Ingredient } from '../ingredient.js';
import { resolveUnitKey } from '../units.js';
import { GRAMS, QUANTITY } from '../bounds.js';
import { numberOf } from './rules.js';

export const GRAM_UNIT = '1 gram';
export const MAX_WASTE = 100;

export interface LineAmount {
  unit: string;
  quantity: number;
  waste: number;
  /** Gross grams: quantity x grams per unit. */
  total_grams: number;
}

export type LineInput = { unit?: unknown; quantity?: unknown; waste?: unknown; total_grams?: unknown };

export type LineAmountResult = { ok: true; value: LineAmount } | { ok: false; errors: Record<string, string[]> };

/** The message for a unit the ingredient does not have: it lists the valid ones (docs/api.md#recipe-lines). */
export function unknownUnitMessage(unit: string, ingredientName: string, unitsAndGrams: Record<string, number>): string {
  return `"${unit}" is not a unit of ${ingredientName}; valid units: ${Object.keys(unitsAndGrams).join(', ')}`;
}

/**
 * Applies a create (existing = null: defaults unit = description1, quantity 1, waste 0) or an update
 * (unsent members unchanged) of a line's amount.
 */
export function applyLineAmount(
  ingredient: Pick<Ingredient, 'name' | 'portions'>,
  unitsAndGrams: Record<string, number>,
  existing: Omit<LineAmount, 'total_grams'> | null,
  input: LineInput,
): LineAmountResult {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const read = (field: 'quantity' | 'waste' | 'total_grams', max: number): number | null | undefined => {
    const raw = input[field];
    if (raw === undefined || raw === null || raw === '') return raw === undefined ? undefined : null;
    const n = numberOf(raw);
    if (n === undefined) fail(field, 'must be a number');
    else if (n < 0) fail(field, 'must be greater than or equal to 0');
    else if (n > max) fail(field, `must be less than or equal to ${max}`);
    else return n;
    return undefined;
  };
  const quantity = read('quantity', QUANTITY.max);
  const waste = read('waste', MAX_WASTE);
  const totalGrams = read('total_grams', GRAMS.max);

  let unit = existing?.unit ?? null;
  if (input.unit !== undefined && input.unit !== null && input.unit !== '' && totalGrams == null) {
    if (typeof input.unit !== 'string') fail('unit', 'must be a string');
    else {
      const key = resolveUnitKey(unitsAndGrams, input.unit);
      if (key === undefined) fail('unit', unknownUnitMessage(input.unit, ingredient.name, unitsAndGrams));
      else unit = key;
    }
  }
  if (unit === null) {
    const first = ingredient.portions[0]?.description;
    unit = first !== undefined && first in unitsAndGrams ? first : GRAM_UNIT;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  let finalQuantity = quantity ?? existing?.quantity ?? 1;
  if (totalGrams != null) {
    unit = GRAM_UNIT;
    finalQuantity = totalGrams;
  }
  const perUnit = unitsAndGrams[unit] ?? 0;
  return {
    ok: true,
    value: { unit, quantity: finalQuantity, waste: waste ?? existing?.waste ?? 0, total_grams: finalQuantity * perUnit },
  };
}

/**
 * The amount of a line whose ingredient is replaced (docs/api.md#swapping-a-line): the line's unit and
 * quantity are kept when the new ingredient has that unit (its grams are the new ingredient's), else
 * a 422 on `unit` naming the units it has, unless the write sends a unit or total_grams of its own.
 */
export function swappedLineAmount(
  ingredient: Pick<Ingredient, 'name' | 'portions'>,
  unitsAndGrams: Record<string, number>,
  existing: Omit<LineAmount, 'total_grams'>,
  input: LineInput,
): LineAmountResult {
  const sent = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (!sent(input.unit) && !sent(input.total_grams) && !(existing.unit in unitsAndGrams)) {
    return {
      ok: false,
      errors: {
        unit: [
          `the line's unit "${existing.unit}" is not a unit of ${ingredient.name}; send one it has: ${Object.keys(unitsAndGrams).join(', ')}`,
        ],
      },
    };
  }
  return applyLineAmount(ingredient, unitsAndGrams, existing, input);
}

/** Net grams: what reaches the product (docs/api.md#recipe-lines: net_grams = total_grams x (1 - waste/100)). */
export function netGrams(grossGrams: number, waste: number): number {
  return grossGrams * (1 - waste / 100);
}
