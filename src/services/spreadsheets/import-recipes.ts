// Recipe rows (docs/api.md#bulk-work): one row per line. A row belongs to the recipe above it when its id,
// sku and recipe_name are each blank or the same as that recipe's; otherwise it starts a new recipe,
// whose fields are read from that first row. A recipe matches the account's own by id, else sku, else
// name (exactly, else in another case when that is unique: names.ts). Its lines in the file are its
// lines: matched to the ones it has by ingredient, in order (line-matching.ts), updated in place. The rules are the API's own (applyRecipeWrite, and planLines for each line: unit,
// amounts, cycles through subrecipes).
import { pushTo } from '../../lib/group.js';
import { applyRecipeWrite, type RecipeInput } from '../../core/recipe/rules.js';
import type { Recipe, RecipeFields } from '../../core/recipe/types.js';
import { lockForTransaction, LockSpace } from '../../db/locks.js';
import { findReadableIngredients } from '../../db/repositories/ingredients.js';
import { findOwnRecipe, insertRecipe, updateRecipeRow } from '../../db/repositories/recipes.js';
import { deleteLineRow, insertLines, type LineValues, updateLineRow } from '../../db/repositories/recipes-lines.js';
import { allOwnRecipes } from '../../db/repositories/spreadsheets.js';
import { AppError } from '../../errors.js';
import { loadRecipeTree, newEmbedToken, planLines } from '../recipes/index.js';
import type { ImportStep } from './import-ingredients.js';
import { LINE_COLUMNS, RECIPE_FIELD_COLUMNS } from './kinds.js';
import { foldLanguageColumns } from './language-columns.js';
import { ambiguousName, foldName, NameIndex } from './names.js';
import { ingredientResolver } from './resolve-ingredients.js';
import { amountsOf, linesChanged, matchLines } from './line-matching.js';
import type { LineChange } from './report.js';
import { changedFields, sameValue, type ImportRow } from './rows.js';

interface RecipeGroup {
  first: ImportRow;
  rows: ImportRow[];
}

const KEYS = ['id', 'sku', 'recipe_name'] as const;
const LINE_KEYS = LINE_COLUMNS.map((c) => c.name);

function groupRows(rows: readonly ImportRow[]): RecipeGroup[] {
  const groups: RecipeGroup[] = [];
  for (const row of rows) {
    const current = groups.at(-1);
    const continues = current && KEYS.every((k) => row.values[k] == null || sameValue(row.values[k], current.first.values[k]));
    if (current && continues) current.rows.push(row);
    else groups.push({ first: row, rows: [row] });
  }
  return groups;
}

function recipeInput(values: Record<string, unknown>): RecipeInput {
  const input: RecipeInput = {};
  for (const { name } of RECIPE_FIELD_COLUMNS) {
    if (name === 'id' || !(name in values)) continue;
    input[name === 'recipe_name' ? 'name' : name] = values[name];
  }
  foldLanguageColumns(input);
  return input;
}

export async function importRecipes(step: ImportStep, rows: readonly ImportRow[]): Promise<void> {
  const { db: tx, accountId, now, report } = step;
  // Subrecipe lines add edges between recipes: the cycle checks must see every edge, as in addLine.
  await lockForTransaction(tx, LockSpace.recipeGraph, accountId);
  const own = await allOwnRecipes(tx, accountId);
  const byId = new Map(own.map((r) => [r.id, r]));
  const bySku = new Map<string, Recipe[]>();
  for (const r of own) if (r.sku) pushTo(bySku, r.sku, r);
  const byName = new NameIndex(own, (r) => r.name);
  const ingredients = await ingredientResolver(tx, accountId, rows, report);
  const rowOf = new Map<string, number>();
  let done = 0;

  for (const { first, rows: members } of groupRows(rows)) {
    done += members.length;
    await step.rowDone(done);
    const { row, values } = first;
    let existing: Recipe | undefined;
    let matchedBy: string | null = null;
    let matchedInAnotherCase = false;
    const id = values.id;
    const sku = typeof values.sku === 'string' ? values.sku.trim() : undefined;
    const name = typeof values.recipe_name === 'string' ? values.recipe_name.trim() : undefined;
    if (typeof id === 'number') {
      existing = byId.get(id);
      matchedBy = 'id';
      if (!existing) {
        report.error(row, 'id', `no recipe with id ${id} belongs to this account`);
        continue;
      }
    } else {
      const bySkuFound = sku ? (bySku.get(sku) ?? []) : [];
      if (bySkuFound.length > 1) {
        const ids = bySkuFound.map((r) => r.id).join(', ');
        report.error(
          row,
          'sku',
          `${bySkuFound.length} of this account's recipes have sku "${sku}" (ids ${ids}); add an id column to say which`,
        );
        continue;
      }
      if (bySkuFound[0]) [existing, matchedBy] = [bySkuFound[0], 'sku'];
      else if (name) {
        const named = byName.match(name);
        if (named.found.length > 1) {
          report.error(
            row,
            'recipe_name',
            ambiguousName(name, named, "this account's recipes", (r) => r.name, 'add an id column to say which'),
          );
          continue;
        }
        if (named.found[0]) [existing, matchedBy, matchedInAnotherCase] = [named.found[0], 'recipe_name', !named.exact];
      }
    }
    // A new recipe's name without regard to case: "Bread" and "bread" in one file are one recipe twice.
    const key = existing ? `id:${existing.id}` : `name:${foldName(name ?? '')}`;
    const earlier = rowOf.get(key);
    if (earlier !== undefined) {
      report.error(row, matchedBy ?? 'recipe_name', `names the same recipe as row ${earlier}; put a recipe's lines on consecutive rows`);
      continue;
    }
    rowOf.set(key, row);

    // Locked until commit, as updateRecipe does (no lost update with a concurrent API write).
    if (existing) existing = (await findOwnRecipe(tx, existing.id, accountId, 'update')) ?? existing;
    const input = recipeInput(values);
    // Matched in another case, the name is how the row finds the recipe, not a new name for it.
    if (matchedInAnotherCase) delete input.name;
    const write = applyRecipeWrite(existing ?? null, input);
    if (!write.ok) report.fieldErrors(row, write.errors, { name: 'recipe_name' });

    // Lines: each row naming an ingredient is one, checked by the API's rules against its (live) ingredient.
    const lineRows = members.filter((r) => LINE_KEYS.some((k) => r.values[k] != null));
    const resolved = lineRows.map((r) => ({ r, ingredient: ingredients.resolve(r) }));
    const extraIngredientIds = resolved.flatMap(({ ingredient }) => (ingredient ? [ingredient.id] : []));
    // Shared locks, as addLine takes: an ingredient cannot be deleted under the new lines (a delete waits,
    // then sees them: 409); one deleted since it was looked up is reported like any unknown one.
    const locked = await findReadableIngredients(tx, extraIngredientIds, accountId, 'share');
    for (const entry of resolved) {
      if (entry.ingredient && !locked.has(entry.ingredient.id)) {
        report.error(entry.r.row, 'ingredient_id', `ingredient ${entry.ingredient.id} does not exist or is not readable by this account`);
        entry.ingredient = undefined;
      }
    }
    const tree = await loadRecipeTree(tx, accountId, existing ? [existing.id] : [], { extraIngredientIds });
    const planned: LineValues[] = [];
    for (const { r, ingredient } of resolved) {
      if (ingredient === null) {
        report.error(r.row, 'ingredient_name', "can't be blank when the row gives a line's unit, quantity, total_grams or waste");
        continue;
      }
      if (!ingredient) continue;
      const input = { unit: r.values.unit, quantity: r.values.quantity, total_grams: r.values.total_grams, waste: r.values.waste };
      try {
        planned.push(...planLines(tree.graph, existing?.id ?? null, [{ ...input, ingredient_id: ingredient.id }], () => ''));
      } catch (error) {
        if (!(error instanceof AppError) || !error.errors) throw error;
        report.fieldErrors(r.row, error.errors, { ingredient_id: r.values.ingredient_id != null ? 'ingredient_id' : 'ingredient_name' });
      }
    }
    if (!write.ok || report.hasErrors() || members.some((r) => r.bad)) continue;

    const fields: RecipeFields = write.fields;
    if (existing) {
      const oldLines = tree.graph.lines.get(existing.id) ?? [];
      const before = existing as unknown as Record<string, unknown>;
      const after = fields as unknown as Record<string, unknown>;
      const changedNames = changedFields(before, after);
      const changed = changedNames.map((f) => (f === 'name' ? 'recipe_name' : f));
      // The lines the file gives, matched to the recipe's own: a changed quantity updates its line in place.
      const plan = matchLines(oldLines, planned);
      if (linesChanged(plan)) changed.push('lines');
      if (changed.length === 0 && !write.rotateEmbedToken) {
        report.unchanged++;
        continue;
      }
      await updateRecipeRow(tx, existing.id, fields, existing.embed_token, now);
      for (const [line, values] of plan.update) await updateLineRow(tx, line.id, values, now);
      for (const line of plan.remove) await deleteLineRow(tx, line.id);
      const added = await insertLines(tx, existing.id, plan.add, now);
      const nameOf = (id: number) => tree.graph.ingredients.get(id)?.name ?? null;
      const lines: LineChange[] = [
        ...plan.update.map(
          ([line, values]): LineChange => ({
            line_id: line.id,
            ingredient_id: line.ingredient_id,
            ingredient_name: nameOf(line.ingredient_id),
            change: 'updated',
            old: amountsOf(line),
            new: amountsOf(values),
          }),
        ),
        ...plan.add.map(
          (values, i): LineChange => ({
            line_id: added[i]?.id ?? null,
            ingredient_id: values.ingredient_id,
            ingredient_name: nameOf(values.ingredient_id),
            change: 'added',
            old: null,
            new: amountsOf(values),
          }),
        ),
        ...plan.remove.map(
          (line): LineChange => ({
            line_id: line.id,
            ingredient_id: line.ingredient_id,
            ingredient_name: nameOf(line.ingredient_id),
            change: 'removed',
            old: amountsOf(line),
            new: null,
          }),
        ),
      ];
      const values = Object.fromEntries(
        changedNames.map((f) => [f === 'name' ? 'recipe_name' : f, { old: before[f] ?? null, new: after[f] ?? null }]),
      );
      report.updated(row, existing.id, fields.name, changed, { values, ...(lines.length > 0 ? { lines } : {}) });
    } else {
      const recipe = await insertRecipe(tx, accountId, fields, newEmbedToken(), now);
      await insertLines(tx, recipe.id, planned, now);
      report.created(row, recipe.id, recipe.name);
    }
  }
}
