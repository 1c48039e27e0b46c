// Recipe costs as the API returns them (docs/api.md#recipes `costs`): amounts rounded half-up to 4 decimals.
import { toAmount } from './money.js';
import type { RecipeCostTotals } from './rollup.js';

export interface RecipeCostsJson {
  ingredients: number;
  packaging: number;
  labor: number;
  overhead: number;
  batch: number;
  per_package: number;
  per_serving: number;
  /** YYYY-MM-DD: the date whose active costs were used. */
  cost_date: string;
  currency: string;
  missing_costs: number[];
  /** The same ingredients with their names, in the same order. */
  missing_cost_ingredients: Array<{ id: number; name: string | null }>;
}

export function recipeCostsJson(
  totals: RecipeCostTotals,
  costDate: string,
  currency: string,
  names: ReadonlyMap<number, string> = new Map(),
): RecipeCostsJson {
  return {
    ingredients: toAmount(totals.ingredients),
    packaging: toAmount(totals.packaging),
    labor: toAmount(totals.labor),
    overhead: toAmount(totals.overhead),
    batch: toAmount(totals.batch),
    per_package: toAmount(totals.per_package),
    per_serving: toAmount(totals.per_serving),
    cost_date: costDate,
    currency,
    missing_costs: totals.missing_costs,
    missing_cost_ingredients: totals.missing_costs.map((id) => ({ id, name: names.get(id) ?? null })),
  };
}
