// Tables of the spine: accounts, API keys, ingredients and per-account ingredient tags.
// Conventions shared by both databases: timestamps are ISO-8601 UTC text, booleans are 0/1 integers,
// JSON members are text; repositories convert them at the edge.
import type { Generated } from 'kysely';

export interface AccountsTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  status: string;
  weekly_limit: number | null;
  per_minute_limit: number | null;
  render_limit: number | null;
  currency: string;
  /** Bumped with every write to the account's ingredient costs (migration 011). */
  cost_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface IngredientsTable {
  id: Generated<number>;
  /** null for the public library. */
  account_id: number | null;
  name: string;
  name_fr: string | null;
  /** Lower-case, accent-free name for search and case-insensitive filters. */
  search_name: string;
  recipe_id: number | null;
  brand: string | null;
  source: string | null;
  ingredient_list: string | null;
  ingredient_list_fr: string | null;
  allergens: string;
  /** 1 when the allergens came from the USDA importer's inference rules (migration 012). */
  allergens_inferred: Generated<number>;
  usda_verified: number;
  user_verified: number;
  archived: number;
  food: number;
  non_food: string | null;
  safety_amount: number | null;
  subrecipe: number;
  /** JSON array of {description, weight} (slots 1..15, weight in grams). */
  portions: string;
  /** JSON object of nutrient key -> amount per 100 g. */
  nutrients: string;
  category: string | null;
  fdc_id: number | null;
  created_at: string;
  updated_at: string;
  /** What the ingredient adds (NOM-051 front-of-pack warnings; migration 047): 0/1. */
  adds_fat: Generated<number>;
  adds_sodium: Generated<number>;
  non_caloric_sweetener: Generated<number>;
  added_caffeine: Generated<number>;
}

export interface IngredientTagsTable {
  account_id: number;
  ingredient_id: number;
  name: string;
}

export interface CoreTables {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  ingredients: IngredientsTable;
  ingredient_tags: IngredientTagsTable;
}
