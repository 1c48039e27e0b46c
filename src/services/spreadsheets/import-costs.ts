// Cost rows (docs/api.md#bulk-work): each matches the account's entry by id, else by its ingredient and
// date (one entry per ingredient per date, docs/api.md#costs), else creates one. The rules are the API's
// own (applyCostWrite); `supplier` is free text kept with the entry.
import { applyCostWrite, type CostEntry, type CostInput, type IngredientCost } from '../../core/costing/index.js';
import type { Ingredient } from '../../core/ingredient.js';
import { costOnDate, findOwnCost, insertCost, updateCostRow } from '../../db/repositories/ingredient-costs.js';
import { costSupplier, setCostSupplier } from '../../db/repositories/spreadsheets.js';
import { unitsAndGramsOf } from '../costs/index.js';
import type { ImportStep } from './import-ingredients.js';
import { ingredientResolver } from './resolve-ingredients.js';
import { changedFields, type ImportRow } from './rows.js';

const ENTRY_FIELDS = ['effective_at', 'quantity', 'unit', 'price', 'shipping'] as const;

const costed = (i: Ingredient) => ({ name: i.name, non_food: i.non_food, subrecipe: i.subrecipe, unitsAndGrams: unitsAndGramsOf(i) });

export async function importCosts(step: ImportStep, rows: readonly ImportRow[]): Promise<void> {
  const { db: tx, accountId, now, report } = step;
  const ingredients = await ingredientResolver(tx, accountId, rows, report);
  const rowOf = new Map<string, number>();

  for (const [n, importRow] of rows.entries()) {
    await step.rowDone(n + 1);
    const { row, values, bad } = importRow;
    let existing: IngredientCost | undefined;
    const id = values.id;
    if (typeof id === 'number') {
      // Locked until commit, as updateIngredientCost does.
      existing = await findOwnCost(tx, id, accountId, 'update');
      if (!existing) {
        report.error(row, 'id', `no ingredient cost with id ${id} belongs to this account`);
        continue;
      }
    }
    const named = ingredients.resolve(importRow);
    if (named === undefined) continue;
    let ingredient: Ingredient | undefined;
    if (existing) {
      if (named && named.id !== existing.ingredient_id) {
        report.error(
          row,
          'ingredient_id',
          `entry ${existing.id} is a cost of ingredient ${existing.ingredient_id}; an entry cannot move to another ingredient`,
        );
        continue;
      }
      ingredient = named ?? (await ingredients.byId(existing.ingredient_id));
      if (!ingredient) {
        report.error(row, 'id', `entry ${existing.id}'s ingredient is no longer readable by this account`);
        continue;
      }
    } else {
      if (named === null) {
        report.error(row, 'ingredient_id', "can't be blank (give ingredient_id or ingredient_name)");
        continue;
      }
      // A shared lock on a new entry's ingredient, as createIngredientCost takes: it cannot be deleted under it.
      ingredient = await ingredients.locked(named.id);
      if (!ingredient) {
        report.error(row, 'ingredient_id', `ingredient ${named.id} does not exist or is not readable by this account`);
        continue;
      }
    }
    const input: CostInput = {};
    for (const field of ENTRY_FIELDS) if (field in values) input[field] = values[field];
    const result = applyCostWrite(costed(ingredient), existing ?? null, input);
    if (!result.ok) {
      report.fieldErrors(row, result.errors);
      continue;
    }
    const entry: CostEntry = result.entry;
    if (!existing) {
      const sameDate = await costOnDate(tx, accountId, ingredient.id, entry.effective_at, null);
      if (sameDate !== undefined) existing = await findOwnCost(tx, sameDate, accountId, 'update');
    }
    const key = `${ingredient.id}:${entry.effective_at}`;
    const earlier = rowOf.get(key);
    if (earlier !== undefined) {
      report.error(
        row,
        'effective_at',
        `row ${earlier} is a cost of the same ingredient on the same date; one entry per ingredient per date`,
      );
      continue;
    }
    rowOf.set(key, row);
    if (existing) {
      const clash = await costOnDate(tx, accountId, ingredient.id, entry.effective_at, existing.id);
      if (clash !== undefined) {
        report.error(
          row,
          'effective_at',
          `already has a cost for this ingredient (entry ${clash} on ${entry.effective_at}); change that entry instead`,
        );
        continue;
      }
    }
    if (bad || report.hasErrors()) continue;
    const supplier = 'supplier' in values ? (values.supplier as string | null)?.trim() || null : undefined;
    if (existing) {
      const changed = changedFields(existing as unknown as Record<string, unknown>, entry as unknown as Record<string, unknown>);
      if (supplier !== undefined && supplier !== (await costSupplier(tx, accountId, existing.id))) changed.push('supplier');
      if (changed.length === 0) {
        report.unchanged++;
        continue;
      }
      await updateCostRow(tx, accountId, existing.id, entry, now);
      if (supplier !== undefined) await setCostSupplier(tx, accountId, existing.id, supplier);
      report.updated(row, existing.id, `${ingredient.name} on ${entry.effective_at}`, changed);
    } else {
      const cost = await insertCost(tx, accountId, ingredient.id, entry, now);
      if (supplier) await setCostSupplier(tx, accountId, cost.id, supplier);
      report.created(row, cost.id, `${ingredient.name} on ${entry.effective_at}`);
    }
  }
}
