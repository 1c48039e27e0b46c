// Ingredient costs per account (docs/api.md#costs): each account keeps its own supplier prices, also for public
// ingredients. Conventions as in core.ts: ISO text timestamps; effective_at is a YYYY-MM-DD date (text
// sorts chronologically, so "latest not after" is a plain comparison on both databases).
import type { ColumnType, Generated } from 'kysely';

export interface IngredientCostsTable {
  id: Generated<number>;
  account_id: number;
  ingredient_id: number;
  effective_at: string;
  quantity: number;
  /** A key of the ingredient's units_and_grams ("1 lb", "1 hour"). */
  unit: string;
  price: number;
  shipping: number;
  /** Who sells it (migration 028); optional on insert. */
  supplier: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** Which ingredient each cost write changed, under the account's new cost version (migration 011). */
export interface CostChangesTable {
  account_id: number;
  version: number;
  ingredient_id: number;
}

export interface CostTables {
  ingredient_costs: IngredientCostsTable;
  cost_changes: CostChangesTable;
}
