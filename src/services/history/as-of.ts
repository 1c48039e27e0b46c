// Reads as of a moment (docs/api.md#history ?as_of=): the recipe's revision in force then, evaluated by the
// same engine as the present. Only these reads touch the history tables.
import { LRUCache } from 'lru-cache';
import { CostCalculator, costTreeOf, pricedIngredientIds, recipeCostsJson, type CostEntry } from '../../core/costing/index.js';
import { ingredientNames } from '../../core/recipe/ingredient-names.js';
import { parseCostDate } from '../../core/costing/dates.js';
import { RecipeEvaluator, type RecipeResult } from '../../core/recipe/engine.js';
import { accountCostSettings } from '../../db/repositories/ingredient-costs.js';
import { historyPartBodies, revisionAt } from '../../db/repositories/history/index.js';
import { invalidField, notFound } from '../../errors.js';
import { isoDate, isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { decodeSnapshot, hashOf, type Manifest } from './parts.js';
import { graphOf, type RecipeSnapshot } from './snapshot.js';

// Snapshots as_of reads assembled, by recipe and the hash of their manifest. Parts are content-addressed
// and never change, so an entry is right for as long as it exists, on every instance (no invalidation);
// the cache only spares the assembly and parsing when the same past state is read again.
// Sized by the JSON the snapshot was parsed from; 8 MB of it (some 70 states of the deep benchmark
// recipe) is about three times that in the heap of each worker. A miss costs ~1.5 ms more.
const assembled = new LRUCache<string, RecipeSnapshot>({ maxSize: 8 * 1024 * 1024 });

// A date (midnight UTC) or a date and time with an offset or Z (docs/api.md#responses); nothing looser.
const AS_OF = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/** The instant of an as_of parameter, in the stored form (ISO seconds, UTC); 422 naming as_of when unreadable. */
export function parseAsOf(value: string): string {
  const text = value.trim();
  // The calendar is checked first: Date rolls 2026-02-30 over to 2 March, which nobody asked for.
  const real = AS_OF.test(text) && parseCostDate(text.slice(0, 10)) !== undefined;
  const date = real ? new Date(text.length === 10 ? `${text}T00:00:00Z` : text) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1970 || date.getUTCFullYear() > 9999) {
    throw invalidField('as_of', 'must be a real calendar date (YYYY-MM-DD) or a date and time with a zone (YYYY-MM-DDTHH:MM:SSZ)');
  }
  return isoSeconds(date);
}

export interface RecipeAsOf {
  revision: number;
  snapshot: RecipeSnapshot;
  result: RecipeResult;
}

/** The caller's recipe as it stood at `asOf`; 404 when it did not exist then (or is not the caller's). */
export async function recipeAsOf(ctx: ServiceContext, caller: Caller, recipeId: number, asOf: string): Promise<RecipeAsOf> {
  const row = await revisionAt(ctx.database.db, caller.accountId, recipeId, parseAsOf(asOf));
  if (!row) throw notFound('recipe');
  const snapshot = await snapshotOfRevision(ctx, recipeId, row.manifest);
  const result = new RecipeEvaluator(graphOf(snapshot)).recipe(recipeId);
  if (!result) throw notFound('recipe');
  return { revision: row.number, snapshot, result };
}

/** The tree a revision's manifest names. */
export async function snapshotOfRevision(ctx: ServiceContext, recipeId: number, manifestJson: string): Promise<RecipeSnapshot> {
  const manifest = JSON.parse(manifestJson) as Manifest;
  const hashes = Object.values(manifest);
  const key = `${recipeId}:${hashOf(manifestJson)}`;
  const cached = assembled.get(key);
  if (cached) return cached;
  const bodies = await historyPartBodies(ctx.database.db, recipeId, hashes);
  const snapshot = decodeSnapshot(recipeId, manifest, bodies);
  let size = 0;
  for (const body of bodies.values()) size += body.length;
  assembled.set(key, snapshot, { size: Math.max(1, size) });
  return snapshot;
}

/** The active entry of each ingredient on `date`, from the snapshot's cost entries (docs/api.md#costs: latest not after it). */
function pricesOn(snapshot: RecipeSnapshot, ingredientIds: readonly number[], date: string): Map<number, CostEntry | null> {
  const book = new Map<number, CostEntry | null>(ingredientIds.map((id) => [id, null]));
  for (const cost of snapshot.costs) {
    if (!book.has(cost.ingredient_id) || cost.effective_at > date) continue;
    const current = book.get(cost.ingredient_id);
    if (!current || cost.effective_at > current.effective_at) book.set(cost.ingredient_id, cost);
  }
  return book;
}

/** The recipe with its costs as they stood: cost date defaults to the as_of day. */
export async function costedRecipeAsOf(ctx: ServiceContext, caller: Caller, recipeId: number, asOf: string, costDate?: string) {
  const found = await recipeAsOf(ctx, caller, recipeId, asOf);
  const date = costDate ?? isoDate(new Date(parseAsOf(asOf)));
  const tree = costTreeOf(found.result, new Map());
  const { currency } = await accountCostSettings(ctx.database.db, caller.accountId);
  const calculator = new CostCalculator(pricesOn(found.snapshot, pricedIngredientIds([tree]), date));
  return { ...found.result, costs: recipeCostsJson(calculator.recipe(tree), date, currency, ingredientNames(found.result)) };
}
