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
  /** JSON object: names in de, es, it, nl (migration 046; French is name_fr). */
  names: Generated<string>;
  /** JSON object: ingredient lists in de, es, it, nl (migration 046; French is ingredient_list_fr). */
  ingredient_lists: Generated<string>;
  allergens: string;
  /** 1 when the allergens came from the USDA importer's inference rules (migration 012). */
  allergens_inferred: Generated<number>;
  /** 1 or 0 when the ingredient says whether it is sugars-based; null: inferred from its name (migration 040). */
  sugars_based: number | null;
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
  /** USDA SR28 NDB_No of a library food (migration 038). */
  ndb_no: number | null;
  /** Common name for ingredient statements (migration 038). */
  statement_name: string | null;
  /** 1 while statement_name is the importer's generated name. */
  statement_name_generated: Generated<number>;
  /** JSON object: nutrient key -> why the importer set it to zero by nature. */
  nutrients_inferred: Generated<string>;
  /** Library foods: head noun and distance from the common form (src/core/usda/common-form.ts). */
  common_head: string | null;
  common_score: number | null;
  created_at: string;
  updated_at: string;
  /** What the ingredient adds (NOM-051 front-of-pack warnings; migration 047): 0/1. */
  adds_fat: Generated<number>;
  adds_sodium: Generated<number>;
  non_caloric_sweetener: Generated<number>;
  added_caffeine: Generated<number>;
  /** 1 when the ingredient's polyols are its own, not added (migration 052). */
  polyols_intrinsic: Generated<number>;
  /** JSON array of intense sweetener keys (src/core/sweeteners.ts; migration 052). */
  intense_sweeteners: Generated<string>;
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
