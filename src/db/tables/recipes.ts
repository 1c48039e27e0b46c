// Tables of recipes and their lines (docs/api.md#recipes, docs/api.md#recipe-lines).
// Conventions as in core.ts: ISO text timestamps, 0/1 booleans, JSON as text, amounts as real.
import type { Generated } from 'kysely';

export interface RecipesTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  name_fr: string | null;
  /** Lower-case, accent-free name for sorting and filters. */
  search_name: string;
  sku: string | null;
  preparation: string | null;
  subrecipe_name: string | null;
  /** null means "default": the net ingredient weight per package (no moisture loss). */
  package_yield_quantity: number | null;
  package_yield_unit: string;
  servings: number;
  packages: number;
  suggested_serving: string | null;
  visual_unit_of_measure: string | null;
  prepared_serving_note: string | null;
  /** Custom ingredient statement; null means "default" (generated from the lines). */
  ingredient_list: string | null;
  ingredient_list_fr: string | null;
  /** JSON object: names in de, es, it, nl (migration 046; French is name_fr). */
  names: Generated<string>;
  /** JSON object: custom statements in de, es, it, nl (migration 046; French is ingredient_list_fr). */
  ingredient_lists: Generated<string>;
  labor_cost: number | null;
  overhead_cost: number | null;
  packaging_cost: number | null;
  /** JSON array of strings. */
  tags: string;
  /** JSON object: the recipe's own allergens (the ingredients' are merged in on read). */
  allergens: string;
  /** JSON object (docs/api.md#label-settings). */
  label_settings: string;
  embed_token: string;
  archived: number;
  created_at: string;
  updated_at: string;
}

export interface RecipeIngredientsTable {
  id: Generated<number>;
  recipe_id: number;
  ingredient_id: number;
  /** A key of the ingredient's units_and_grams ("1 cup", "1 gram"). */
  unit: string;
  quantity: number;
  waste: number;
  /** Gross grams when written; the live value comes from unit x quantity (units of subrecipes move). */
  total_grams: number;
  created_at: string;
  updated_at: string;
}

/** Recipes per account and archived state (0/1), maintained by the recipes repository. */
export interface RecipeCountsTable {
  account_id: number;
  archived: number;
  n: number;
}

export interface RecipeTables {
  recipes: RecipesTable;
  recipe_ingredients: RecipeIngredientsTable;
  recipe_counts: RecipeCountsTable;
}
