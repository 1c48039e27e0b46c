// Scaling a recipe into a new one (docs/api.md#scale): every line's grams x amount, packages x amount but
// never below 1 (servings per package adjusted so per-serving nutrition stays the same), batch costs
// x amount; the per-package packaging cost, tags, allergens and label settings carry over. The SKU does
// not: a scaled copy is another product (size), and two products under one SKU would mix them up in
// an inventory or a shop; the caller may give the copy its own.
import { rangeError, SCALE } from '../bounds.js';
import { numberOf } from './rules.js';
import type { RecipeFields } from './types.js';

export type ScaleAmountResult = { ok: true; amount: number } | { ok: false; errors: Record<string, string[]> };

/** scale_amount, or its alias scale_factor; default 1; a number greater than 0, within SCALE (bounds.ts). */
export function parseScaleAmount(input: Record<string, unknown>): ScaleAmountResult {
  const field = input.scale_amount !== undefined ? 'scale_amount' : 'scale_factor';
  const raw = input[field];
  if (raw === undefined || raw === null || raw === '') return { ok: true, amount: 1 };
  const amount = numberOf(raw);
  if (amount === undefined || !(amount > 0)) return { ok: false, errors: { [field]: ['must be a number greater than 0'] } };
  const outOfRange = rangeError(amount, SCALE);
  if (outOfRange) return { ok: false, errors: { [field]: [outOfRange] } };
  return { ok: true, amount };
}

export function scaledName(name: string, amount: number): string {
  return amount === 1 ? `${name} (copy)` : `${name} x${amount}`;
}

const given = (text: string | null | undefined) => (text && text.trim() !== '' ? text.trim() : null);

export function scaledRecipeFields(fields: RecipeFields, amount: number, name?: string | null, sku?: string | null): RecipeFields {
  const packages = fields.packages > 0 ? fields.packages : 1;
  const totalServings = packages * fields.servings * amount;
  // An exact copy keeps "0 packages" as written (it already counts as 1).
  const newPackages = amount === 1 ? fields.packages : Math.max(1, packages * amount);
  const newPackagesEffective = newPackages > 0 ? newPackages : 1;
  const times = (cost: number | null) => (cost === null ? null : cost * amount);
  return {
    ...fields,
    name: given(name) ?? scaledName(fields.name, amount),
    sku: given(sku),
    packages: newPackages,
    servings: totalServings / newPackagesEffective,
    // The finished weight of the batch scales too; spread over the new package count.
    package_yield_quantity:
      fields.package_yield_quantity === null ? null : (fields.package_yield_quantity * packages * amount) / newPackagesEffective,
    labor_cost: times(fields.labor_cost),
    overhead_cost: times(fields.overhead_cost),
    tags: [...fields.tags],
    allergens: { ...fields.allergens },
    label_settings: { ...fields.label_settings },
  };
}
