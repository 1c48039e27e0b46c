// POST /v1/ingredients/{id}/replace (docs/api.md#replacing-an-ingredient): every line
// of the account's recipes on one ingredient moves to another, all or nothing. Each line is swapped
// as PUT .../recipe_ingredients/{line} with ingredient_id swaps it (same line id, unit and quantity
// kept when the replacement has the unit). A dry run (the default) does the same work in a
// transaction that is then rolled back, so what it lists is exactly what the real run would change.
import { must } from '../../lib/must.js';
import { createsCycle } from '../../core/recipe/cycles.js';
import { swappedLineAmount, type LineAmount } from '../../core/recipe/lines.js';
import { findReadableIngredient, findReadableIngredients } from '../../db/repositories/ingredients.js';
import { lockForTransaction, LockSpace } from '../../db/locks.js';
import { findOwnRecipe, touchRecipe } from '../../db/repositories/recipes.js';
import { ownLinesUsingIngredient, updateLineRow } from '../../db/repositories/recipes-lines.js';
import { notFound, validationFailed, type FieldErrors } from '../../errors.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { recordAudit, recordWrite } from '../history/index.js';
import { loadRecipeTree } from './tree.js';

export interface ReplaceInput {
  replacement_id: number;
  /** Default true: nothing is written unless the caller says so. */
  dry_run: boolean;
}

/** One line as the replacement leaves it (or would leave it, in a dry run). */
export interface ReplacedLine {
  id: number;
  unit: string;
  quantity: number;
  waste: number;
  /** Gross grams before and after: a cup of the replacement need not weigh what a cup of the original did. */
  total_grams_before: number;
  total_grams: number;
}

export interface ReplacedRecipe {
  id: number;
  name: string;
  lines: ReplacedLine[];
}

export interface ReplaceOutcome {
  dry_run: boolean;
  ingredient_id: number;
  replacement_id: number;
  recipes: ReplacedRecipe[];
}

/** Thrown to roll a dry run back once its results are in hand. */
class DryRunDone extends Error {
  constructor(readonly outcome: ReplaceOutcome) {
    super('dry run');
  }
}

export async function replaceIngredient(
  ctx: ServiceContext,
  caller: Caller,
  ingredientId: number,
  input: ReplaceInput,
): Promise<ReplaceOutcome> {
  try {
    return await ctx.database.db.transaction().execute(async (tx) => {
      // The ingredient in the path: readable by the caller (its own or the library), else 404.
      if (!(await findReadableIngredient(tx, ingredientId, caller.accountId))) throw notFound('ingredient');
      if (input.replacement_id === ingredientId) throw validationFailed({ replacement_id: ['is the ingredient being replaced'] });
      // Shared lock: the replacement cannot be deleted while lines move onto it (as when a line is added).
      const replacement = (await findReadableIngredients(tx, [input.replacement_id], caller.accountId, 'share')).get(input.replacement_id);
      if (!replacement) {
        throw validationFailed({
          replacement_id: [`ingredient ${input.replacement_id} does not exist or is not readable by this account`],
        });
      }
      if (replacement.subrecipe) await lockForTransaction(tx, LockSpace.recipeGraph, caller.accountId);
      // Every recipe using it, locked in ascending order as every line write locks its recipe; the lines
      // are read again under the locks, so a line deleted or added meanwhile is seen as it now is.
      const recipeIds = [...new Set((await ownLinesUsingIngredient(tx, caller.accountId, ingredientId)).map((l) => l.recipe_id))];
      for (const id of recipeIds) await findOwnRecipe(tx, id, caller.accountId, 'update');
      const lines = await ownLinesUsingIngredient(tx, caller.accountId, ingredientId);
      const tree = await loadRecipeTree(tx, caller.accountId, recipeIds, { extraIngredientIds: [replacement.id] });
      const effective = must(tree.evaluator.ingredient(replacement.id), 'the replacement in the tree just loaded');

      const errors: FieldErrors = {};
      for (const recipeId of recipeIds) {
        if (createsCycle(tree.graph, recipeId, replacement)) {
          (errors.replacement_id ??= []).push(
            `ingredient ${replacement.id} is a subrecipe that contains recipe ${recipeId}: a recipe cannot contain itself`,
          );
        }
      }
      const steps: Array<{ line: (typeof lines)[number]; amount: LineAmount }> = [];
      for (const line of lines) {
        const amount = swappedLineAmount(effective.ingredient, effective.unitsAndGrams, line, {});
        if (amount.ok) steps.push({ line, amount: amount.value });
        else (errors[`recipes[${line.recipe_id}].lines[${line.id}].unit`] ??= []).push(...(amount.errors.unit ?? []));
      }
      if (Object.keys(errors).length > 0) throw validationFailed(errors);

      const now = isoSeconds(ctx.clock.now());
      const recipes = new Map<number, ReplacedRecipe>();
      for (const { line, amount } of steps) {
        await updateLineRow(tx, line.id, { ...amount, ingredient_id: replacement.id }, now);
        const recipe = recipes.get(line.recipe_id) ?? { id: line.recipe_id, name: line.recipe_name, lines: [] };
        recipes.set(line.recipe_id, recipe);
        recipe.lines.push({ id: line.id, ...amount, total_grams_before: line.total_grams });
      }
      for (const id of recipes.keys()) await touchRecipe(tx, id, now);
      // History as every line write records it (docs/api.md#history): an audit event per line changed, and a
      // revision of each recipe changed and of the recipes using them. A dry run is rolled back: nothing.
      const [first, ...others] = steps;
      if (first && !input.dry_run) {
        for (const step of others) {
          await recordAudit(
            tx,
            caller,
            { action: 'update', resource: 'recipe_ingredient', resourceId: step.line.id, fields: ['ingredient_id'] },
            now,
          );
        }
        await recordWrite(tx, ctx, caller, {
          action: 'update',
          resource: 'recipe_ingredient',
          resourceId: first.line.id,
          fields: ['ingredient_id'],
          recipeIds: [...recipes.keys()],
        });
      }
      const outcome: ReplaceOutcome = {
        dry_run: input.dry_run,
        ingredient_id: ingredientId,
        replacement_id: replacement.id,
        recipes: [...recipes.values()],
      };
      if (input.dry_run) throw new DryRunDone(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.outcome;
    throw error;
  }
}
