// The recipe domain as stored (docs/api.md#recipes, docs/api.md#recipe-lines) and the graph the
// nutrition engine reads: recipes, their lines, the lines' ingredients, and nested subrecipe recipes.
import type { AllergenMap } from '../allergens.js';
import type { Ingredient } from '../ingredient.js';
import type { LanguageTexts } from '../language-texts.js';
import type { LabelSettings } from '../label/shared/label-input.js';

export const YIELD_UNITS = ['grams', 'ounces', 'mL', 'fluid ounces'] as const;
export type YieldUnit = (typeof YIELD_UNITS)[number];

export interface Recipe {
  id: number;
  account_id: number;
  name: string;
  name_fr: string | null;
  sku: string | null;
  preparation: string | null;
  subrecipe_name: string | null;
  /** Finished weight (or volume) of one package in package_yield_unit; null = "default" (net weight / packages). */
  package_yield_quantity: number | null;
  package_yield_unit: YieldUnit;
  /** Servings per package, >= 1. */
  servings: number;
  /** Packages per batch, >= 0 (0 counts as 1 in per-serving math). */
  packages: number;
  suggested_serving: string | null;
  visual_unit_of_measure: string | null;
  prepared_serving_note: string | null;
  /** Custom statement; null = generated from the lines ("default"). */
  ingredient_list: string | null;
  ingredient_list_fr: string | null;
  /** Names in the label languages other than English and French (docs/api.md#label-languages; French is name_fr). */
  names: LanguageTexts;
  /** Custom statements in those languages (French is ingredient_list_fr); none: generated. */
  ingredient_lists: LanguageTexts;
  labor_cost: number | null;
  overhead_cost: number | null;
  packaging_cost: number | null;
  tags: string[];
  /** The recipe's own allergens; the ingredients' are merged in by the engine. */
  allergens: AllergenMap;
  label_settings: LabelSettings;
  embed_token: string;
  archived: boolean;
  created_at: string;
  updated_at: string;
}

/** The writable part of a recipe. */
export type RecipeFields = Omit<Recipe, 'id' | 'account_id' | 'embed_token' | 'created_at' | 'updated_at'>;

export interface RecipeLine {
  id: number;
  recipe_id: number;
  ingredient_id: number;
  /** A key of the ingredient's units_and_grams. */
  unit: string;
  quantity: number;
  /** Percent, 0 to 100. */
  waste: number;
  /** Gross grams when the line was written: the fallback when its unit no longer exists. */
  total_grams: number;
  created_at: string;
  updated_at: string;
}

/** Everything the engine reads, keyed by id. Only what the account may read is ever put in here. */
export interface RecipeGraph {
  recipes: Map<number, Recipe>;
  /** recipe id -> its lines, in the order they were added. */
  lines: Map<number, RecipeLine[]>;
  ingredients: Map<number, Ingredient>;
}

export const emptyGraph = (): RecipeGraph => ({ recipes: new Map(), lines: new Map(), ingredients: new Map() });
