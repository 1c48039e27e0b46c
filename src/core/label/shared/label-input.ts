// What the label engine takes in (docs/api.md#label-settings, recipe nutrition per serving).
import type { StatementItem } from '../../allergens/emphasis.js';
import type { NutrientValues } from '../../nutrients.js';
import type { MissingLookup, MissingNutrients } from '../../recipe/missing.js';
import type { LabelFormat, LabelLanguage } from './model.js';

export interface LabelSettings {
  language?: LabelLanguage;
  format?: LabelFormat;
  dv_population?: 'adult' | 'children_1_3';
  percent_dv_basis?: 'declared' | 'unrounded';
  /** Extra rows: vitamin_a, vitamin_c, ..., fat_monounsaturated, fat_polyunsaturated, sugar_alcohol (and omega_3/omega_6 in Canada). */
  optional_nutrients?: string[];
  /** US: reference amount customarily consumed, grams (claims); wins over racc_category. */
  racc_grams?: number;
  /** US: a row of 21 CFR 101.12(b) or of FSIS's 9 CFR 317.312(b) / 381.412(b) (GET /v1/reference_amounts?country=US). */
  racc_category?: string;
  /** Canada: reference amount, grams ("free of" tests, front-of-pack thresholds); wins over reference_amount_category. */
  reference_amount_grams?: number;
  /** Canada: a row of Health Canada's Table of Reference Amounts for Food (GET /v1/reference_amounts?country=CA). */
  reference_amount_category?: string;
  /** Nutrients the food was specially processed to lower: their claims read as such, not in the 101.13(e)(2) wording. */
  specially_processed?: string[];
  dual_column_titles?: [string, string];
  /** Canada: a main dish (FDR B.01.350(1)(c) front-of-pack threshold 30 % when RA >= 200 g). */
  main_dish?: boolean;
  /** Canada: the B.01.350(5)-(13) exemption from the front-of-pack symbol that applies, if any. */
  front_of_pack_exemption?: string | null;
  /** Nutrients whose unknown contributions the account takes as zero (docs/api.md#accepting-a-gap): warned, not blocking. */
  accept_missing?: string[];
  /** EU/UK: a beverage or other liquid is declared per 100 mL (Regulation (EU) 1169/2011 Art. 32(2)); a beverage
   * also takes the 7.5 % significant amount of Annex XIII Part A point 2. Default solid. */
  food_kind?: 'solid' | 'beverage' | 'liquid';
  /** Australia/New Zealand: energy also in Calories, in brackets (FSANZ 1.2.8—6(1)(d)(i)). Default false. */
  show_calories?: boolean;
  /** Australia/New Zealand: the optional %DI column and its footnote (FSANZ 1.2.8—8). Default false. */
  percent_daily_intake?: boolean;
  /** Australia/New Zealand, named setting of a guidance-level rule: significant figures of every figure (default 3). */
  anz_significant_figures?: number;
  /** Australia/New Zealand, named setting: %DI from the declared figure (default) or the unrounded amount. */
  anz_percent_di_basis?: 'declared' | 'unrounded';
  /** Australia/New Zealand, named setting: barley, oats, rye named beside "gluten" in the summary (default false). */
  peal_summary_cereal_names?: boolean;
  /** UK front-of-pack panel, named setting of a rule not confirmed from the DH/FSA 2016 guide: red also for a
   * portion above 100 g holding more than 30 % of the reference intake (docs/labeling.md#eu-uk). Default false. */
  uk_large_portion_rule?: boolean;
  /** Mexico: the phase of the NOM-051 warning system, overriding the one in force on the label's date. */
  mx_phase?: 1 | 2 | 3;
  /**
   * Mexico, named setting: kcal per gram of polyols (NOM-051's factor could not be confirmed; default 2.4, the
   * Codex/EU value; docs/labeling.md#polyol-energy). 0 to 4.
   */
  mx_polyol_factor_kcal?: number;
  /** Accepts a declared serving the reference amount's rules do not give (docs/labeling.md#serving-size-rules). */
  accept_serving_size?: boolean;
  /** Canada: the household measure in French ("1 carré", "2 tranches", "1/24 gâteau") for the French serving statement (FDR B.01.012). */
  household_serving_fr?: string;
  /** "mL" declares a volume serving for a liquid whose yield is weighed (21 CFR 101.9(b)(7); FDR B.01.002A). */
  serving_unit?: 'g' | 'mL';
}

/** Ingredient facts Mexico's front-of-pack warnings rest on (null: some ingredient has no added_sugar value). */
export interface IngredientAdditions {
  sugars: boolean | null;
  fats: boolean | null;
  sodium: boolean | null;
  non_caloric_sweetener: boolean;
  added_caffeine: boolean;
  /** What the ingredients say about sweetening (docs/labeling.md#polyols-and-sweeteners); absent: nothing known. */
  sweetening?: SweeteningInput;
}

/**
 * The recipe's sweeteners and polyols, as the market rules read them (src/core/label/rules/): energy factors,
 * the US Sugar Alcohol row and sugars claims, the mandatory statements. docs/labeling.md#polyols-and-sweeteners.
 */
export interface SweeteningInput {
  /** Some ingredient names an intense sweetener (intense_sweeteners, or the non_caloric_sweetener flag). */
  intense_sweetener: boolean;
  /** Some ingredient names aspartame or its acesulfame salt (1169/2011 Annex III point 2.3). */
  phenylalanine: boolean;
  /** Grams of polyols per 100 g of the food from ingredients not marked polyols_intrinsic (Annex III point 2.4). */
  added_polyols_per_100g: number;
  /**
   * Ingredients that are polyols by name (erythritol, sorbitol, "sugar alcohol", ...) but state no polyol
   * amount: the energy of every market that gives polyols a factor of their own rests on them and is
   * unknown (docs/api.md#unknown-is-never-zero).
   */
  polyols_unknown: NamedIngredient[];
}

/** An ingredient a label names in a warning. */
export interface NamedIngredient {
  id: number;
  name: string;
}

/** French statements that fall back to English text (docs/api.md#completeness `missing_translation`). */
export interface Untranslated {
  /** Ingredients (or subrecipes) whose English name or list stands in the generated French statement. */
  ingredients: NamedIngredient[];
  /** Free-text allergen sources the French "Contient" statement prints as written. */
  allergens: Array<{ text: string; ingredient_ids: number[] }>;
}

export interface LabelInput {
  recipe_id: number;
  /** The food's name (the recipe's), for claims worded per 21 CFR 101.13(e)(2). */
  food_name?: string;
  /** Per serving, unrounded, keys of src/core/nutrients.ts. */
  nutrition: NutrientValues;
  serving_grams: number;
  serving_ml?: number | null;
  /** Grams per mL of the finished product when every line's density is known (EU per 100 mL); null otherwise. */
  density?: number | null;
  /** recipe.suggested_serving, e.g. "2/3 cup". */
  household_serving?: string | null;
  /** Unrounded. */
  servings_per_container: number;
  allergens: Record<string, true | string>;
  /** Per label language, headed ("Ingredients: ..."); a language not given has no statement. */
  ingredient_statement: Partial<Record<LabelLanguage, string | null>>;
  /**
   * The statement of a label language as items, each with its allergens (src/core/recipe/statement-items.ts),
   * for markets that emphasise allergens inside the list; null when that language prints none. Built on
   * demand: the markets that print a "Contains" line never ask.
   */
  statement_items?: (language: LabelLanguage) => StatementItem[] | null;
  settings: LabelSettings;
  empty_recipe: boolean;
  /** Per label nutrient, the ingredients with no value (unknown, not zero): a recipe's index, or a plain
   * record; absent = nothing missing. */
  missing?: MissingLookup | MissingNutrients;
  untranslated?: Untranslated;
  /** Per non-English language base ("de", "es", ...): the ingredients the generated statement names in English. */
  untranslated_by_language?: Readonly<Record<string, readonly NamedIngredient[]>>;
  /** Ingredients whose allergens come from the USDA importer's inference rules, not from a person. */
  inferred_allergens?: NamedIngredient[];
  /** Ingredients the statement names by the USDA importer's generated statement name. */
  generated_statement_names?: NamedIngredient[];
  /** The label's date (YYYY-MM-DD): Mexico's warning system applies the phase in force on it (NOM-051, 2020 transitory provisions). */
  label_date?: string;
  /** What the recipe's ingredients add, at any depth (Mexico's seals and legends, NOM-051 4.5.3, 7.1.3-7.1.4). */
  added?: IngredientAdditions;
  /** Notes the caller adds (e.g. how an mL serving was derived). */
  notes?: string[];
}

export interface LabelOptions {
  language: LabelLanguage;
  format: LabelFormat;
}
