// Recipes made from other input in one atomic call (docs/api.md#recipes): shortcut (a recipe and its lines), scale
// (a new recipe from an existing one), and create_subrecipe (an ingredient that follows a recipe live).
import { must } from '../../lib/must.js';
import type { Ingredient, IngredientFields } from '../../core/ingredient.js';
import { liveSubrecipeIngredient, type RecipeResult, subrecipePortions } from '../../core/recipe/engine.js';
import type { Recipe } from '../../core/recipe/types.js';
import { applyRecipeWrite, type RecipeInput } from '../../core/recipe/rules.js';
import { scaledRecipeFields } from '../../core/recipe/scale.js';
import { planScale } from '../../core/recipe/scale-target.js';
import { shortcutLines } from '../../core/recipe/shortcut.js';
import { insertIngredient, findReadableIngredient } from '../../db/repositories/ingredients.js';
import { isUniqueViolation } from '../../db/repositories/ingredient-costs.js';
import { findOwnRecipe, insertRecipe } from '../../db/repositories/recipes.js';
import { insertLines, subrecipeIngredientIds } from '../../db/repositories/recipes-lines.js';
import { notFound, validationFailed } from '../../errors.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { recordWrite } from '../history/index.js';
import { newEmbedToken, resultAfterWrite } from './recipes.js';
import { planLines, readableIngredientsOrFail } from './lines.js';
import { loadRecipeTree } from './tree.js';
import { withRecipeCost, type CostedRecipe } from './costs.js';

/** POST /v1/recipes/shortcut: all or nothing. */
export async function createShortcutRecipe(ctx: ServiceContext, caller: Caller, input: RecipeInput): Promise<CostedRecipe> {
  const write = applyRecipeWrite(null, input);
  const lines = shortcutLines(input);
  const errors = { ...(write.ok ? {} : write.errors), ...(lines.ok ? {} : lines.errors) };
  if (!write.ok || !lines.ok) throw validationFailed(errors);
  return ctx.database.db.transaction().execute(async (tx) => {
    const ids = lines.lines.map((l) => l.ingredient_id);
    // Shared locks: the ingredients cannot be deleted before these lines commit (docs/api.md#concurrent-writes).
    await readableIngredientsOrFail(tx, caller.accountId, ids, 'share');
    const tree = await loadRecipeTree(tx, caller.accountId, [], { extraIngredientIds: ids });
    // A new recipe cannot be inside any subrecipe yet: no cycle to check.
    const values = planLines(tree.graph, null, lines.lines, (i) => `recipe_ingredients[${i}].`);
    const now = isoSeconds(ctx.clock.now());
    const recipe = await insertRecipe(tx, caller.accountId, write.fields, newEmbedToken(), now);
    await insertLines(tx, recipe.id, values, now);
    const written = await recordWrite(tx, ctx, caller, {
      action: 'create',
      resource: 'recipe',
      resourceId: recipe.id,
      fields: Object.keys(input),
      recipeIds: [recipe.id],
    });
    return withRecipeCost(ctx, caller, await resultAfterWrite(tx, caller, recipe.id, written), { db: tx });
  });
}

/** POST|PUT /v1/recipes/{id}/scale: a new recipe; the original is untouched. */
export async function scaleRecipe(ctx: ServiceContext, caller: Caller, id: number, input: Record<string, unknown>): Promise<CostedRecipe> {
  return ctx.database.db.transaction().execute(async (tx) => {
    // Shared lock: the lines copied below cannot change (nor their ingredients go) until the copy commits.
    const original = await findOwnRecipe(tx, id, caller.accountId, 'share');
    if (!original) throw notFound('recipe');
    const tree = await loadRecipeTree(tx, caller.accountId, [], { roots: [original] });
    // An amount, or a target the original's yield turns into one (docs/api.md#recipes, docs/api.md#scale-to-a-target).
    const plan = planScale(input, {
      packages: original.packages,
      servings: original.servings,
      batch_grams: must(tree.evaluator.recipe(id), 'the recipe of the tree just loaded').batch_grams,
    });
    if (!plan.ok) throw validationFailed(plan.errors);
    const amount = plan.amount;
    const name = typeof input.name === 'string' && input.name.trim() !== '' ? input.name : plan.defaultName(original.name);
    const sku = typeof input.sku === 'string' ? input.sku : null;
    const now = isoSeconds(ctx.clock.now());
    const copy = await insertRecipe(tx, caller.accountId, scaledRecipeFields(original, amount, name, sku), newEmbedToken(), now);
    const lines = tree.graph.lines.get(id) ?? [];
    await insertLines(
      tx,
      copy.id,
      lines.map((l) => ({
        ingredient_id: l.ingredient_id,
        unit: l.unit,
        quantity: l.quantity * amount,
        waste: l.waste,
        total_grams: l.total_grams * amount,
      })),
      now,
    );
    const written = await recordWrite(tx, ctx, caller, {
      action: 'create',
      resource: 'recipe',
      resourceId: copy.id,
      fields: Object.keys(input),
      recipeIds: [copy.id],
    });
    return withRecipeCost(ctx, caller, await resultAfterWrite(tx, caller, copy.id, written), { db: tx });
  });
}

/**
 * POST /v1/recipes/{id}/create_subrecipe: idempotent; 422 for a recipe with no food weight. Concurrent
 * calls make one ingredient (docs/api.md#recipes): the recipe row is locked while its ingredient is looked up
 * and made, and a unique index (one subrecipe ingredient per recipe) backs that up; a call that still
 * meets the index answers with the ingredient the other call made.
 */
export async function createSubrecipe(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  input: { name?: unknown },
): Promise<{ ingredient: Ingredient; created: boolean }> {
  try {
    return await createSubrecipeOnce(ctx, caller, id, input);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return createSubrecipeOnce(ctx, caller, id, input);
  }
}

async function createSubrecipeOnce(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  input: { name?: unknown },
): Promise<{ ingredient: Ingredient; created: boolean }> {
  return ctx.database.db.transaction().execute(async (tx) => {
    const recipe = await findOwnRecipe(tx, id, caller.accountId, 'update');
    if (!recipe) throw notFound('recipe');
    const tree = await loadRecipeTree(tx, caller.accountId, [], { roots: [recipe] });
    const result = must(tree.evaluator.recipe(id), 'the recipe of the tree just loaded');
    const [existingId] = await subrecipeIngredientIds(tx, id, caller.accountId);
    if (existingId !== undefined) {
      const existing = await findReadableIngredient(tx, existingId, caller.accountId);
      return { ingredient: liveSubrecipeIngredient(must(existing, "the recipe's own subrecipe ingredient"), result), created: false };
    }
    if (result.empty)
      throw validationFailed({ recipe_ingredients: ['the recipe has no ingredients with weight: add some before making it a subrecipe'] });
    const name = typeof input.name === 'string' && input.name.trim() !== '' ? input.name.trim() : (recipe.subrecipe_name ?? recipe.name);
    const fields = subrecipeIngredientFields(recipe, result, name);
    const ingredient = await insertIngredient(tx, caller.accountId, fields, isoSeconds(ctx.clock.now()));
    await recordWrite(tx, ctx, caller, { action: 'create', resource: 'ingredient', resourceId: ingredient.id, fields: Object.keys(input) });
    return { ingredient: liveSubrecipeIngredient(ingredient, result), created: true };
  });
}

/**
 * The fields of a recipe's subrecipe ingredient (docs/api.md#recipes create_subrecipe): a snapshot of the
 * recipe's live values, so raw reads of the row are sensible; reads recompute them.
 */
export function subrecipeIngredientFields(
  recipe: Pick<Recipe, 'id' | 'name_fr' | 'names'>,
  result: RecipeResult,
  name: string,
): IngredientFields {
  const nutrients: Record<string, number> = {};
  for (const [key, value] of Object.entries(result.nutrition_per_100g)) if (value !== null) nutrients[key] = value;
  return {
    name,
    name_fr: recipe.name_fr,
    recipe_id: recipe.id,
    brand: null,
    source: `recipe ${recipe.id}`,
    ingredient_list: result.statements['en-US'] ?? null,
    ingredient_list_fr: result.statements['fr-CA'] ?? null,
    names: recipe.names,
    // Its statements follow the recipe live (src/core/recipe/statement.ts reads them from the result).
    ingredient_lists: {},
    allergens: result.allergens,
    allergens_inferred: false,
    // Its statement groups its own sugars; the subrecipe itself is not one unless the account says so.
    sugars_based: null,
    usda_verified: false,
    user_verified: false,
    archived: false,
    food: true,
    non_food: null,
    safety_amount: null,
    subrecipe: true,
    portions: subrecipePortions(result),
    nutrients,
  };
}
