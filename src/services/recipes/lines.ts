// Recipe ingredient use cases (docs/api.md#recipe-lines): add, read, list, change the amount or swap the
// ingredient, remove. The ingredient must be readable by the caller (else 422 naming ingredient_id), and a
// subrecipe line may not make a recipe contain itself (422). One transaction per write; what a write
// checks stays locked until it commits (docs/api.md#concurrent-writes): the recipe row, the line's ingredient (a
// concurrent delete of it waits, then sees the line: 409), and for a subrecipe line the account's
// recipe graph (two lines that would close a cycle between them are checked one after the other).
import { must } from '../../lib/must.js';
import type { Ingredient } from '../../core/ingredient.js';
import { createsCycle } from '../../core/recipe/cycles.js';
import { RecipeEvaluator, type LineResult, type RecipeResult } from '../../core/recipe/engine.js';
import { applyLineAmount, swappedLineAmount, type LineAmountResult, type LineInput } from '../../core/recipe/lines.js';
import type { RecipeGraph } from '../../core/recipe/types.js';
import { findReadableIngredients } from '../../db/repositories/ingredients.js';
import { lockForTransaction, LockSpace, type RowLock } from '../../db/locks.js';
import { findOwnRecipe, touchRecipe } from '../../db/repositories/recipes.js';
import { deleteLineRow, findLine, insertLines, updateLineRow, type LineValues } from '../../db/repositories/recipes-lines.js';
import type { Executor } from '../../db/schema.js';
import { notFound, validationFailed, type FieldErrors } from '../../errors.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { recipeAsOf, recordWrite } from '../history/index.js';
import { recipeResult, resultAfterWrite } from './recipes.js';
import { loadRecipeTree } from './tree.js';

const readableId = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647 ? value : undefined;

/** The readable ingredients of `ids`, or a 422 naming ingredient_id for the unknown or unreadable ones. */
export async function readableIngredientsOrFail(
  db: Executor,
  accountId: number,
  ids: readonly number[],
  lock?: RowLock,
): Promise<Map<number, Ingredient>> {
  const found = await findReadableIngredients(db, ids, accountId, lock);
  const missing = [...new Set(ids)].filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw validationFailed({ ingredient_id: missing.map((id) => `ingredient ${id} does not exist or is not readable by this account`) });
  }
  return found;
}

/** Checks the amounts of new lines against their (live) ingredients; errors are keyed per line when several. */
export function planLines(
  graph: RecipeGraph,
  recipeId: number | null,
  inputs: ReadonlyArray<LineInput & { ingredient_id: number }>,
  errorPrefix: (index: number) => string,
): LineValues[] {
  const evaluator = new RecipeEvaluator(graph);
  const errors: FieldErrors = {};
  const values: LineValues[] = [];
  inputs.forEach((input, index) => {
    const stored = must(graph.ingredients.get(input.ingredient_id), 'an ingredient of the graph loaded for these lines');
    if (recipeId !== null && createsCycle(graph, recipeId, stored)) {
      (errors.ingredient_id ??= []).push(
        `ingredient ${stored.id} is a subrecipe that contains this recipe: a recipe cannot contain itself`,
      );
      return;
    }
    const effective = must(evaluator.ingredient(stored.id), 'an ingredient of the graph loaded for these lines');
    const amount = applyLineAmount(effective.ingredient, effective.unitsAndGrams, null, input);
    if (!amount.ok) {
      for (const [field, messages] of Object.entries(amount.errors)) (errors[errorPrefix(index) + field] ??= []).push(...messages);
      return;
    }
    values.push({ ingredient_id: stored.id, ...amount.value });
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return values;
}

function lineOf(result: RecipeResult, lineId: number): LineResult {
  const line = result.lines.find((l) => l.line.id === lineId);
  if (!line) throw notFound('recipe ingredient');
  return line;
}

/** The caller's recipe, locked for the rest of the transaction (every line write also touches it). */
async function ownRecipeOrFail(db: Executor, caller: Caller, recipeId: number) {
  const recipe = await findOwnRecipe(db, recipeId, caller.accountId, 'update');
  if (!recipe) throw notFound('recipe');
  return recipe;
}

export async function listLines(ctx: ServiceContext, caller: Caller, recipeId: number, asOf?: string): Promise<RecipeResult> {
  if (asOf !== undefined) return (await recipeAsOf(ctx, caller, recipeId, asOf)).result;
  return recipeResult(ctx.database.db, caller, recipeId);
}

export async function getLine(ctx: ServiceContext, caller: Caller, recipeId: number, lineId: number): Promise<LineResult> {
  return lineOf(await recipeResult(ctx.database.db, caller, recipeId), lineId);
}

export async function addLine(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  input: LineInput & { ingredient_id?: unknown },
): Promise<LineResult> {
  return ctx.database.db.transaction().execute(async (tx) => {
    await ownRecipeOrFail(tx, caller, recipeId);
    const ingredientId = readableId(input.ingredient_id);
    if (ingredientId === undefined) throw validationFailed({ ingredient_id: ["can't be blank"] });
    const ingredient = must(
      (await readableIngredientsOrFail(tx, caller.accountId, [ingredientId], 'share')).get(ingredientId),
      'an ingredient readableIngredientsOrFail found',
    );
    // Only a subrecipe line adds an edge between recipes: the cycle check below must see every such
    // edge committed before it, so these writes take the account's graph lock in turn.
    if (ingredient.subrecipe) await lockForTransaction(tx, LockSpace.recipeGraph, caller.accountId);
    const tree = await loadRecipeTree(tx, caller.accountId, [recipeId], { extraIngredientIds: [ingredientId] });
    const [values] = planLines(tree.graph, recipeId, [{ ...input, ingredient_id: ingredientId }], () => '');
    const now = isoSeconds(ctx.clock.now());
    const [line] = await insertLines(tx, recipeId, [must(values, 'the planned line')], now);
    const lineId = must(line, 'the line just inserted').id;
    await touchRecipe(tx, recipeId, now);
    const written = await recordWrite(tx, ctx, caller, {
      action: 'create',
      resource: 'recipe_ingredient',
      resourceId: lineId,
      fields: Object.keys(input),
      recipeIds: [recipeId],
    });
    return lineOf(await resultAfterWrite(tx, caller, recipeId, written), lineId);
  });
}

export async function updateLine(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  lineId: number,
  input: LineInput & { ingredient_id?: unknown },
): Promise<LineResult> {
  return ctx.database.db.transaction().execute(async (tx) => {
    await ownRecipeOrFail(tx, caller, recipeId);
    const existing = await findLine(tx, recipeId, lineId);
    if (!existing) throw notFound('recipe ingredient');
    const { ingredient_id: sentId, ...amountInput } = input;
    // Another ingredient_id swaps the line's ingredient; its own changes nothing.
    let swapTo: number | undefined;
    if (sentId !== undefined && sentId !== null) {
      swapTo = readableId(sentId);
      if (swapTo === undefined) throw validationFailed({ ingredient_id: ['must be the id of an ingredient this account can read'] });
      if (swapTo === existing.ingredient_id) swapTo = undefined;
    }
    let amount: LineAmountResult;
    if (swapTo === undefined) {
      const tree = await loadRecipeTree(tx, caller.accountId, [recipeId]);
      const effective = tree.evaluator.ingredient(existing.ingredient_id);
      if (!effective) throw notFound('recipe ingredient');
      amount = applyLineAmount(effective.ingredient, effective.unitsAndGrams, existing, amountInput);
    } else {
      // docs/api.md#swapping-a-line: the same line on another ingredient, checked as a new line is.
      const ingredient = must(
        (await readableIngredientsOrFail(tx, caller.accountId, [swapTo], 'share')).get(swapTo),
        'an ingredient readableIngredientsOrFail found',
      );
      if (ingredient.subrecipe) await lockForTransaction(tx, LockSpace.recipeGraph, caller.accountId);
      const tree = await loadRecipeTree(tx, caller.accountId, [recipeId], { extraIngredientIds: [swapTo] });
      if (createsCycle(tree.graph, recipeId, ingredient)) {
        throw validationFailed({
          ingredient_id: [`ingredient ${swapTo} is a subrecipe that contains this recipe: a recipe cannot contain itself`],
        });
      }
      const effective = must(tree.evaluator.ingredient(swapTo), 'an ingredient of the tree just loaded');
      amount = swappedLineAmount(effective.ingredient, effective.unitsAndGrams, existing, amountInput);
    }
    if (!amount.ok) throw validationFailed(amount.errors);
    const now = isoSeconds(ctx.clock.now());
    await updateLineRow(tx, lineId, swapTo === undefined ? amount.value : { ...amount.value, ingredient_id: swapTo }, now);
    await touchRecipe(tx, recipeId, now);
    const written = await recordWrite(tx, ctx, caller, {
      action: 'update',
      resource: 'recipe_ingredient',
      resourceId: lineId,
      fields: Object.keys(input),
      recipeIds: [recipeId],
    });
    return lineOf(await resultAfterWrite(tx, caller, recipeId, written), lineId);
  });
}

export async function deleteLine(ctx: ServiceContext, caller: Caller, recipeId: number, lineId: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (tx) => {
    await ownRecipeOrFail(tx, caller, recipeId);
    if (!(await findLine(tx, recipeId, lineId))) throw notFound('recipe ingredient');
    await deleteLineRow(tx, lineId);
    await touchRecipe(tx, recipeId, isoSeconds(ctx.clock.now()));
    await recordWrite(tx, ctx, caller, {
      action: 'delete',
      resource: 'recipe_ingredient',
      resourceId: lineId,
      fields: [],
      recipeIds: [recipeId],
    });
  });
}
