// POST /v1/recipes/{id}/clone_and_swap (docs/api.md#clone-and-swap): one new recipe per
// entry, each a copy of the template with one line's ingredient replaced. All or nothing: every entry
// is checked before anything is written, and the writes share one transaction. A dry run (the
// default) does the same work inside a transaction that is then rolled back, so what it shows (each
// recipe's nutrition, costs and label claims) is exactly what the real run would make.
import { must } from '../../lib/must.js';
import type { LabelWarning } from '../../core/label/shared/model.js';
import type { RecipeResult } from '../../core/recipe/engine.js';
import { applyLineAmount, type LineInput } from '../../core/recipe/lines.js';
import { scaledRecipeFields } from '../../core/recipe/scale.js';
import type { RecipeGraph, RecipeLine } from '../../core/recipe/types.js';
import { RecipeEvaluator } from '../../core/recipe/engine.js';
import { findReadableIngredients } from '../../db/repositories/ingredients.js';
import { findOwnRecipe, insertRecipe } from '../../db/repositories/recipes.js';
import { insertLines, type LineValues } from '../../db/repositories/recipes-lines.js';
import { notFound, validationFailed, type FieldErrors } from '../../errors.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { chooseLabelOptions, labelFor } from '../labels/index.js';
import { labelInputOf, loadRecipeTree, newEmbedToken, withRecipeCosts, type CostedRecipe } from '../recipes/index.js';
import { recordWrite } from '../history/index.js';

export const MAX_CLONE_ENTRIES = 100;

export interface SwapEntry {
  name: string;
  ingredient_id: number;
  quantity?: number | null;
  unit?: string | null;
}

export interface CloneAndSwapInput {
  swap_recipe_ingredient_id: number;
  entries: SwapEntry[];
  /** Default true (docs/api.md#clone-and-swap): nothing is written unless the caller says so. */
  dry_run: boolean;
}

/** What a new recipe's label would claim, in its saved language and format. */
export interface LabelSummary {
  language: string;
  format: string;
  claims: string[];
  disclosures: string[];
  complete: boolean;
  warnings: LabelWarning[];
}

export interface ClonedRecipe {
  recipe: CostedRecipe;
  label: LabelSummary;
}

export interface CloneAndSwapOutcome {
  dry_run: boolean;
  template_id: number;
  swap_recipe_ingredient_id: number;
  recipes: ClonedRecipe[];
}

/** Thrown to roll a dry run back once its results are in hand. */
class DryRunDone extends Error {
  constructor(readonly outcome: CloneAndSwapOutcome) {
    super('dry run');
  }
}

/**
 * The amount of the new line: quantity and unit as sent; only a quantity is in the template line's
 * unit; only a unit takes the template line's quantity; neither keeps the template line's gross
 * weight, in grams. Waste carries over.
 */
function swappedAmountInput(template: RecipeLine, entry: SwapEntry): LineInput {
  const hasQuantity = entry.quantity !== undefined && entry.quantity !== null;
  const hasUnit = entry.unit !== undefined && entry.unit !== null && entry.unit !== '';
  if (!hasQuantity && !hasUnit) return { total_grams: template.total_grams, waste: template.waste };
  return { unit: hasUnit ? entry.unit : template.unit, quantity: hasQuantity ? entry.quantity : template.quantity, waste: template.waste };
}

/** Every entry's lines, or a 422 listing each entry's failed rules (`entries[3].unit`). */
function planEntries(
  graph: RecipeGraph,
  templateLines: readonly RecipeLine[],
  swapLine: RecipeLine,
  entries: readonly SwapEntry[],
): LineValues[][] {
  const evaluator = new RecipeEvaluator(graph);
  const errors: FieldErrors = {};
  const planned: LineValues[][] = [];
  entries.forEach((entry, i) => {
    const effective = graph.ingredients.has(entry.ingredient_id) ? evaluator.ingredient(entry.ingredient_id) : undefined;
    if (!effective) {
      (errors[`entries[${i}].ingredient_id`] ??= []).push(
        `ingredient ${entry.ingredient_id} does not exist or is not readable by this account`,
      );
      return;
    }
    const amount = applyLineAmount(effective.ingredient, effective.unitsAndGrams, null, swappedAmountInput(swapLine, entry));
    if (!amount.ok) {
      for (const [field, messages] of Object.entries(amount.errors)) (errors[`entries[${i}].${field}`] ??= []).push(...messages);
      return;
    }
    planned.push(
      templateLines.map((line) =>
        line.id === swapLine.id
          ? { ingredient_id: entry.ingredient_id, ...amount.value }
          : {
              ingredient_id: line.ingredient_id,
              unit: line.unit,
              quantity: line.quantity,
              waste: line.waste,
              total_grams: line.total_grams,
            },
      ),
    );
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return planned;
}

function labelSummary(result: RecipeResult, at: Date): LabelSummary {
  const input = labelInputOf(result);
  const label = labelFor(input, chooseLabelOptions(input.label_settings, {}), at);
  return {
    language: label.language,
    format: label.format,
    claims: label.claims,
    disclosures: label.disclosures ?? [],
    complete: label.complete,
    warnings: label.warnings,
  };
}

export async function cloneAndSwap(
  ctx: ServiceContext,
  caller: Caller,
  templateId: number,
  input: CloneAndSwapInput,
): Promise<CloneAndSwapOutcome> {
  try {
    return await ctx.database.db.transaction().execute(async (tx) => {
      // Shared locks: the template's lines and the new ingredients stay as read until this commits.
      const template = await findOwnRecipe(tx, templateId, caller.accountId, 'share');
      if (!template) throw notFound('recipe');
      const newIds = input.entries.map((e) => e.ingredient_id);
      await findReadableIngredients(tx, newIds, caller.accountId, 'share');
      const tree = await loadRecipeTree(tx, caller.accountId, [], { roots: [template], extraIngredientIds: newIds });
      const templateLines = tree.graph.lines.get(templateId) ?? [];
      const swapLine = templateLines.find((l) => l.id === input.swap_recipe_ingredient_id);
      if (!swapLine) throw validationFailed({ swap_recipe_ingredient_id: [`is not a line of recipe ${templateId}`] });
      // New recipes are inside no subrecipe yet: a swapped-in subrecipe cannot close a cycle.
      const planned = planEntries(tree.graph, templateLines, swapLine, input.entries);
      const clock = ctx.clock.now();
      const now = isoSeconds(clock);
      const ids: number[] = [];
      for (const [i, entry] of input.entries.entries()) {
        const copy = await insertRecipe(tx, caller.accountId, scaledRecipeFields(template, 1, entry.name, null), newEmbedToken(), now);
        await insertLines(tx, copy.id, must(planned[i], 'the planned lines of an entry'), now);
        ids.push(copy.id);
      }
      // The new recipes' first revisions and the account's audit event (docs/api.md#history); a dry run
      // is rolled back, so it records nothing.
      if (!input.dry_run) {
        await recordWrite(tx, ctx, caller, {
          action: 'create',
          resource: 'recipe',
          resourceId: null,
          fields: Object.keys(input),
          recipeIds: ids,
        });
      }
      // One tree for every new recipe: they share the template's ingredients and subrecipes.
      const made = await loadRecipeTree(tx, caller.accountId, ids);
      const results: RecipeResult[] = ids.map((newId) => must(made.evaluator.recipe(newId), 'a new recipe of the tree just loaded'));
      const costed = await withRecipeCosts(ctx, caller, results, { db: tx });
      const outcome: CloneAndSwapOutcome = {
        dry_run: input.dry_run,
        template_id: templateId,
        swap_recipe_ingredient_id: swapLine.id,
        recipes: costed.map((recipe) => ({ recipe, label: labelSummary(recipe, clock) })),
      };
      if (input.dry_run) throw new DryRunDone(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.outcome;
    throw error;
  }
}
