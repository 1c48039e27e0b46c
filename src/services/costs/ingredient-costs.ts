// Ingredient cost use cases (docs/api.md#costs): each account's own price history per ingredient (its own or a
// public one), the active cost on a date, and the write rules. One transaction per write.
import { must } from '../../lib/must.js';
import {
  applyCostWrite,
  parseCostDate,
  unitRate,
  type CostedIngredient,
  type CostEntry,
  type CostInput,
  type IngredientCost,
  type UnitRate,
} from '../../core/costing/index.js';
import { isHourly, type Ingredient } from '../../core/ingredient.js';
import { buildUnitsAndGrams, type Portion } from '../../core/units.js';
import {
  accountCurrency,
  costOnDate,
  deleteCostRow,
  findOwnCost,
  insertCost,
  isUniqueViolation,
  listActiveCosts,
  listCostHistory,
  updateCostRow,
  type Slice,
} from '../../db/repositories/ingredient-costs.js';
import { findReadableIngredient, findReadableIngredients } from '../../db/repositories/ingredients.js';
import type { Executor } from '../../db/schema.js';
import { notFound, validationFailed, type FieldErrors } from '../../errors.js';
import { isoDate, isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { recordWrite } from '../history/index.js';

/** An entry with what its response shows: the rate it implies and the account's currency. */
export interface IngredientCostView {
  cost: IngredientCost;
  hourly: boolean;
  /** undefined when the entry's unit no longer exists on the ingredient. */
  rate: UnitRate | undefined;
  currency: string;
}

export function unitsAndGramsOf(ingredient: Ingredient): Record<string, number> {
  return buildUnitsAndGrams(ingredient.portions.filter((p): p is Portion => p !== null));
}

function costed(ingredient: Ingredient): CostedIngredient {
  return {
    name: ingredient.name,
    non_food: ingredient.non_food,
    subrecipe: ingredient.subrecipe,
    unitsAndGrams: unitsAndGramsOf(ingredient),
  };
}

function view(cost: IngredientCost, ingredient: Ingredient | undefined, currency: string): IngredientCostView {
  const hourly = ingredient ? isHourly(ingredient.non_food) : false;
  return { cost, hourly, rate: ingredient ? unitRate(cost, unitsAndGramsOf(ingredient), hourly) : undefined, currency };
}

async function views(db: Executor, caller: Caller, costs: IngredientCost[]): Promise<IngredientCostView[]> {
  if (costs.length === 0) return [];
  const [ingredients, currency] = await Promise.all([
    findReadableIngredients(
      db,
      costs.map((c) => c.ingredient_id),
      caller.accountId,
    ),
    accountCurrency(db, caller.accountId),
  ]);
  return costs.map((c) => view(c, ingredients.get(c.ingredient_id), currency));
}

const duplicateMessage = (date: string, id: number) =>
  `already has a cost for this ingredient (entry ${id} on ${date}); change that entry instead`;

/**
 * Runs the rules and the one-entry-per-date check, reporting every failure together. `ingredient` is
 * null when the body's ingredient_id is missing or unreadable.
 */
async function checkedEntry(
  tx: Executor,
  caller: Caller,
  ingredient: Ingredient | null,
  existing: IngredientCost | null,
  input: CostInput,
  priorErrors: FieldErrors,
): Promise<CostEntry> {
  const result = applyCostWrite(ingredient ? costed(ingredient) : null, existing, input, priorErrors);
  const errors: FieldErrors = result.ok ? {} : { ...result.errors };
  const date = result.ok
    ? result.entry.effective_at
    : input.effective_at !== undefined
      ? parseCostDate(input.effective_at)
      : existing?.effective_at;
  if (ingredient && date !== undefined) {
    const clash = await costOnDate(tx, caller.accountId, ingredient.id, date, existing?.id ?? null);
    if (clash !== undefined) (errors.effective_at ??= []).push(duplicateMessage(date, clash));
  }
  if (!result.ok || Object.keys(errors).length > 0) throw validationFailed(errors);
  return result.entry;
}

function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error))
    throw validationFailed({ effective_at: ['already has a cost for this ingredient on that date; change that entry instead'] });
  throw error;
}

export async function createIngredientCost(
  ctx: ServiceContext,
  caller: Caller,
  input: CostInput & { ingredient_id?: unknown },
  priorErrors: FieldErrors = {},
): Promise<IngredientCostView> {
  const errors: FieldErrors = { ...priorErrors };
  const ingredientId = input.ingredient_id;
  if ((ingredientId === undefined || ingredientId === null || ingredientId === '') && !errors.ingredient_id)
    errors.ingredient_id = ["can't be blank"];
  const now = isoSeconds(ctx.clock.now());
  try {
    return await ctx.database.db.transaction().execute(async (tx) => {
      // An id the schema already refused (past 32 bits, below 1) is not looked up: PostgreSQL's
      // integer column refuses it with an error (a 500), where it should be reported with the rest.
      const ingredient =
        typeof ingredientId === 'number' && Number.isSafeInteger(ingredientId) && !errors.ingredient_id
          ? // Shared lock: the ingredient cannot be deleted under the new entry.
            ((await findReadableIngredient(tx, ingredientId, caller.accountId, 'share')) ?? null)
          : null;
      const entry = await checkedEntry(tx, caller, ingredient, null, input, errors);
      const checked = must(ingredient, 'the ingredient checkedEntry accepted');
      const cost = await insertCost(tx, caller.accountId, checked.id, entry, now);
      await recordWrite(tx, ctx, caller, {
        action: 'create',
        resource: 'ingredient_cost',
        resourceId: cost.id,
        fields: Object.keys(input),
        ingredientIds: [cost.ingredient_id],
      });
      return view(cost, checked, await accountCurrency(tx, caller.accountId));
    });
  } catch (error) {
    return rethrowDuplicate(error);
  }
}

export async function getIngredientCost(ctx: ServiceContext, caller: Caller, id: number): Promise<IngredientCostView> {
  const cost = await findOwnCost(ctx.database.db, id, caller.accountId);
  if (!cost) throw notFound('ingredient cost');
  return must((await views(ctx.database.db, caller, [cost]))[0], 'the view of the cost read');
}

/** ingredient_id cannot move an entry to another ingredient (the route drops it, like recipe lines). */
export async function updateIngredientCost(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  input: CostInput,
  priorErrors: FieldErrors = {},
): Promise<IngredientCostView> {
  const now = isoSeconds(ctx.clock.now());
  try {
    return await ctx.database.db.transaction().execute(async (tx) => {
      // Locked: concurrent updates of one entry apply in turn, each on the other's result (no lost update).
      const existing = await findOwnCost(tx, id, caller.accountId, 'update');
      if (!existing) throw notFound('ingredient cost');
      // Not locked: a delete of the ingredient waits on the entry's lock (its cascade deletes the
      // entry) and so comes after this update; locking the ingredient here too would deadlock with it.
      const ingredient = await findReadableIngredient(tx, existing.ingredient_id, caller.accountId);
      if (!ingredient) throw notFound('ingredient cost');
      const entry = await checkedEntry(tx, caller, ingredient, existing, input, priorErrors);
      const cost = await updateCostRow(tx, caller.accountId, id, entry, now);
      await recordWrite(tx, ctx, caller, {
        action: 'update',
        resource: 'ingredient_cost',
        resourceId: id,
        fields: Object.keys(input),
        ingredientIds: [existing.ingredient_id],
      });
      return view(cost, ingredient, await accountCurrency(tx, caller.accountId));
    });
  } catch (error) {
    return rethrowDuplicate(error);
  }
}

export async function deleteIngredientCost(ctx: ServiceContext, caller: Caller, id: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (tx) => {
    // Locked: of two concurrent deletes, the second waits and finds the entry gone (404).
    const existing = await findOwnCost(tx, id, caller.accountId, 'update');
    if (!existing) throw notFound('ingredient cost');
    await deleteCostRow(tx, caller.accountId, id);
    await recordWrite(tx, ctx, caller, {
      action: 'delete',
      resource: 'ingredient_cost',
      resourceId: id,
      fields: [],
      ingredientIds: [existing.ingredient_id],
    });
  });
}

/** "Today" is the current UTC date (docs/api.md#costs). */
export function todayOf(ctx: ServiceContext): string {
  return isoDate(ctx.clock.now());
}

/** The active cost of each of the account's costed ingredients on `date` (default today), by ingredient id. */
export async function listActiveIngredientCosts(
  ctx: ServiceContext,
  caller: Caller,
  slice: Slice,
  date: string = todayOf(ctx),
): Promise<{ items: IngredientCostView[]; total: number }> {
  const { items, total } = await listActiveCosts(ctx.database.db, caller.accountId, date, slice);
  return { items: await views(ctx.database.db, caller, items), total };
}

/** An ingredient's history for the caller, newest first; the ingredient must be readable (else 404). */
export async function listIngredientCostHistory(
  ctx: ServiceContext,
  caller: Caller,
  ingredientId: number,
  slice: Slice,
): Promise<{ items: IngredientCostView[]; total: number }> {
  const ingredient = await findReadableIngredient(ctx.database.db, ingredientId, caller.accountId);
  if (!ingredient) throw notFound('ingredient');
  const [{ items, total }, currency] = await Promise.all([
    listCostHistory(ctx.database.db, caller.accountId, ingredientId, slice),
    accountCurrency(ctx.database.db, caller.accountId),
  ]);
  return { items: items.map((c) => view(c, ingredient, currency)), total };
}
