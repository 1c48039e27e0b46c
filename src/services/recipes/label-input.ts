// Everything a label needs from a recipe, in the shape of the label engine's input (src/core/label/shared/label-input.ts).
import type { LabelInput, LabelSettings } from '../../core/label/shared/label-input.js';
import type { RecipeResult } from '../../core/recipe/engine.js';
import { recipeAdditions } from '../../core/recipe/additions.js';
import { generatedStatementNameIngredients, inferredAllergenIngredients } from '../../core/recipe/inferred-allergens.js';
import { labelServing } from '../../core/recipe/label-serving.js';
import { untranslatedByLanguage, untranslatedStatements } from '../../core/recipe/translation.js';
import { ingredientStatements } from '../../core/recipe/statement.js';
import { statementItems } from '../../core/recipe/statement-items.js';
import type { NutrientValues } from '../../core/nutrients.js';
import { findRecipeByEmbedToken } from '../../db/repositories/recipes.js';
import type { Caller, ServiceContext } from '../context.js';
import { recipeResult } from './recipes.js';
import { loadRecipeTree, type RecipeTree } from './tree.js';

export interface RecipeForLabel extends LabelInput {
  name: string;
  embed_token: string;
  label_settings: LabelSettings;
  /** The evaluated recipe, for anything else a label page shows. */
  result: RecipeResult;
}

export function labelInputOf(result: RecipeResult): RecipeForLabel {
  const nutrition: NutrientValues = {};
  for (const [key, value] of Object.entries(result.nutrition)) if (value !== null) nutrition[key] = value;
  const recipe = result.recipe;
  const serving = labelServing(result);
  return {
    recipe_id: recipe.id,
    name: recipe.name,
    food_name: recipe.name,
    nutrition,
    serving_grams: result.serving_grams,
    serving_ml: serving.serving_ml,
    // EU per 100 mL: the finished product's density, only when every line's is known (a guess is no label).
    density:
      result.package_ml !== null && result.package_ml > 0
        ? result.package_grams / result.package_ml
        : result.density_complete
          ? result.density
          : null,
    notes: serving.notes,
    missing: result.missing,
    untranslated: untranslatedStatements(result),
    untranslated_by_language: untranslatedByLanguage(result),
    inferred_allergens: inferredAllergenIngredients(result),
    generated_statement_names: generatedStatementNameIngredients(result),
    household_serving: recipe.suggested_serving,
    // docs/api.md#recipes: servings is servings per package, i.e. per container.
    servings_per_container: recipe.servings,
    allergens: result.allergens,
    added: recipeAdditions(result),
    ingredient_statement: ingredientStatements(result),
    statement_items: (language) => statementItems(result, language),
    settings: recipe.label_settings,
    label_settings: recipe.label_settings,
    empty_recipe: result.empty,
    embed_token: recipe.embed_token,
    result,
  };
}

/** The caller's recipe, ready for a label; 404 when it is not the caller's. */
export async function loadRecipeForLabel(ctx: ServiceContext, caller: Caller, recipeId: number): Promise<RecipeForLabel> {
  return labelInputOf(await recipeResult(ctx.database.db, caller, recipeId));
}

/**
 * The recipe tree behind a public embed token, loaded and not yet evaluated (the embed cache knows
 * a label it drew by what was loaded: src/services/labels/embeds.ts); undefined when no recipe has it.
 */
export async function loadEmbedTree(ctx: ServiceContext, embedToken: string): Promise<{ recipeId: number; tree: RecipeTree } | undefined> {
  const recipe = await findRecipeByEmbedToken(ctx.database.db, embedToken);
  if (!recipe) return undefined;
  return { recipeId: recipe.id, tree: await loadRecipeTree(ctx.database.db, recipe.account_id, [], { roots: [recipe] }) };
}

/** The recipe of a loaded tree, ready for a label. */
export function labelInputOfTree(found: { recipeId: number; tree: RecipeTree }): RecipeForLabel | undefined {
  const result = found.tree.evaluator.recipe(found.recipeId);
  return result ? labelInputOf(result) : undefined;
}

/** The recipe behind a public embed token (no key: GET /embed/{token}); undefined when no recipe has it. */
export async function loadRecipeForEmbed(ctx: ServiceContext, embedToken: string): Promise<RecipeForLabel | undefined> {
  const found = await loadEmbedTree(ctx, embedToken);
  return found ? labelInputOfTree(found) : undefined;
}
