// Recipe use cases (docs/api.md#recipes): create, read, update (embed_token=rotate), list with paging, delete
// (409 when its subrecipe ingredient is used elsewhere). One transaction per write.
import { must } from '../../lib/must.js';
import { randomBytes } from 'node:crypto';
import { RecipeEvaluator, type RecipeResult } from '../../core/recipe/engine.js';
import { applyRecipeWrite, type RecipeInput } from '../../core/recipe/rules.js';
import { deleteIngredientRow } from '../../db/repositories/ingredients.js';
import {
  deleteRecipeRow,
  findOwnRecipe,
  insertRecipe,
  listOwnRecipes,
  updateRecipeRow,
  type RecipeListOptions,
} from '../../db/repositories/recipes.js';
import { recipesUsingIngredient, subrecipeIngredientIds } from '../../db/repositories/recipes-lines.js';
import type { Executor } from '../../db/schema.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { costedRecipeAsOf, forgetRecipeHistory, type RecordedWrite, recordWrite } from '../history/index.js';
import { evaluateRecipe, loadRecipeTree } from './tree.js';
import { withRecipeCost, withRecipeCosts, type CostedRecipe } from './costs.js';

/** A fresh, unguessable token for the recipe's public label embed (docs/api.md#labels). */
export function newEmbedToken(): string {
  return randomBytes(18).toString('base64url');
}

/** Evaluates a recipe of the account inside `db` (a transaction sees its own writes); 404 when not the account's. */
export async function recipeResult(db: Executor, caller: Caller, id: number): Promise<RecipeResult> {
  const found = await evaluateRecipe(db, caller.accountId, id);
  if (!found) throw notFound('recipe');
  return found.result;
}

/**
 * The recipe after a write of this transaction: evaluated from the tree its history step just loaded
 * (docs/api.md#history), so that recording history does not cost the write a second load; loaded otherwise.
 */
export async function resultAfterWrite(db: Executor, caller: Caller, id: number, written: RecordedWrite): Promise<RecipeResult> {
  const tree = written.trees.get(id);
  const result = tree && new RecipeEvaluator(tree).recipe(id);
  return result ?? recipeResult(db, caller, id);
}

/** `asOf` (docs/api.md#history): the recipe as it stood then, from its revisions; the present never reads them. */
export async function getRecipe(ctx: ServiceContext, caller: Caller, id: number, costDate?: string, asOf?: string): Promise<CostedRecipe> {
  if (asOf !== undefined) return costedRecipeAsOf(ctx, caller, id, asOf, costDate);
  return withRecipeCost(ctx, caller, await recipeResult(ctx.database.db, caller, id), { costDate });
}

export async function createRecipe(ctx: ServiceContext, caller: Caller, input: RecipeInput): Promise<CostedRecipe> {
  const write = applyRecipeWrite(null, input);
  if (!write.ok) throw validationFailed(write.errors);
  const now = isoSeconds(ctx.clock.now());
  return ctx.database.db.transaction().execute(async (tx) => {
    const recipe = await insertRecipe(tx, caller.accountId, write.fields, newEmbedToken(), now);
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

export async function updateRecipe(ctx: ServiceContext, caller: Caller, id: number, input: RecipeInput): Promise<CostedRecipe> {
  return ctx.database.db.transaction().execute(async (tx) => {
    // Locked: a concurrent update waits and then merges into this one's result (no lost update).
    const existing = await findOwnRecipe(tx, id, caller.accountId, 'update');
    if (!existing) throw notFound('recipe');
    const write = applyRecipeWrite(existing, input);
    if (!write.ok) throw validationFailed(write.errors);
    const token = write.rotateEmbedToken ? newEmbedToken() : existing.embed_token;
    await updateRecipeRow(tx, id, write.fields, token, isoSeconds(ctx.clock.now()));
    const written = await recordWrite(tx, ctx, caller, {
      action: 'update',
      resource: 'recipe',
      resourceId: id,
      fields: Object.keys(input),
      recipeIds: [id],
    });
    return withRecipeCost(ctx, caller, await resultAfterWrite(tx, caller, id, written), { db: tx });
  });
}

export async function deleteRecipe(ctx: ServiceContext, caller: Caller, id: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (tx) => {
    // The recipe and its subrecipe ingredient stay locked from the check to the delete: a line adding
    // that ingredient elsewhere either commits first (then this is 409) or waits and finds it gone (422).
    const existing = await findOwnRecipe(tx, id, caller.accountId, 'update');
    if (!existing) throw notFound('recipe');
    // Its subrecipe ingredient goes with it, unless another recipe uses it (docs/api.md#errors: 409 naming them).
    const subrecipes = await subrecipeIngredientIds(tx, id, caller.accountId, 'update');
    const users = (await Promise.all(subrecipes.map((s) => recipesUsingIngredient(tx, s)))).flat().filter((r) => r.id !== id);
    if (users.length > 0) {
      const names = [...new Map(users.map((r) => [r.id, r])).values()].map((r) => `"${r.name}" (id ${r.id})`).join(', ');
      throw conflict(
        `The recipe's subrecipe ingredient is used by ${users.length === 1 ? 'recipe' : 'recipes'} ${names}; remove it from them first.`,
      );
    }
    await deleteRecipeRow(tx, id);
    for (const ingredientId of subrecipes) await deleteIngredientRow(tx, ingredientId);
    await forgetRecipeHistory(tx, id);
    await recordWrite(tx, ctx, caller, { action: 'delete', resource: 'recipe', resourceId: id, fields: [] });
  });
}

export async function listRecipes(
  ctx: ServiceContext,
  caller: Caller,
  options: Omit<RecipeListOptions, 'accountId'>,
  costDate?: string,
): Promise<{ items: CostedRecipe[]; total: number }> {
  const db = ctx.database.db;
  const { items, total } = await listOwnRecipes(db, { ...options, accountId: caller.accountId });
  // The whole page in one tree: a fixed number of queries per nesting level (no N+1).
  const tree = await loadRecipeTree(db, caller.accountId, [], { roots: items });
  return {
    items: await withRecipeCosts(
      ctx,
      caller,
      items.map((r) => must(tree.evaluator.recipe(r.id), 'a recipe of the tree just loaded')),
      { costDate },
    ),
    total,
  };
}
