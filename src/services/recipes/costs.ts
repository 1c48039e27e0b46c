// Recipe costs (docs/api.md#recipes `costs`, docs/api.md#recipe-costs, docs/api.md#cost-buckets): the cost step added to every
// recipe a use case returns. It reuses the tree the recipe was evaluated from (no second tree load) and
// takes the active cost of every priced ingredient of all the trees from the account's price cache,
// checked against its cost version (src/services/costs/price-cache.ts); what is not cached is read in ONE query.
import { must } from '../../lib/must.js';
import {
  CostCalculator,
  costTreeOf,
  pricedIngredientIds,
  recipeCostsJson,
  type CostRecipe,
  type RecipeCostsJson,
} from '../../core/costing/index.js';
import type { RecipeResult } from '../../core/recipe/engine.js';
import { ingredientNames } from '../../core/recipe/ingredient-names.js';
import { accountCostSettings } from '../../db/repositories/ingredient-costs.js';
import type { Executor } from '../../db/schema.js';
import type { Caller, ServiceContext } from '../context.js';
import { todayOf } from '../costs/index.js';
import { activePrices } from '../costs/index.js';

/** A computed recipe with its costs (what the recipe serializer shows as `costs`). */
export type CostedRecipe = RecipeResult & { costs: RecipeCostsJson };

export interface CostOptions {
  /** Where to read (a transaction sees its own writes); default the service's database. */
  db?: Executor;
  /** YYYY-MM-DD; default today (UTC, from the service clock). */
  costDate?: string;
}

/** Costs every recipe as of the cost date; shared subrecipes are costed once. */
export async function withRecipeCosts(
  ctx: ServiceContext,
  caller: Caller,
  results: readonly RecipeResult[],
  options: CostOptions = {},
): Promise<CostedRecipe[]> {
  const db = options.db ?? ctx.database.db;
  const costDate = options.costDate ?? todayOf(ctx);
  const memo = new Map<number, CostRecipe>();
  const trees = results.map((r) => costTreeOf(r, memo));
  // The version first: prices read after it are at least as new as it (see price-cache.ts).
  const { currency, cost_version: version } = await accountCostSettings(db, caller.accountId);
  const prices = await activePrices(db, caller.accountId, version, pricedIngredientIds(trees), costDate);
  const calculator = new CostCalculator(prices);
  return results.map((result, i) => ({
    ...result,
    costs: recipeCostsJson(calculator.recipe(must(trees[i], 'the cost tree of a result')), costDate, currency, ingredientNames(result)),
  }));
}

export async function withRecipeCost(
  ctx: ServiceContext,
  caller: Caller,
  result: RecipeResult,
  options: CostOptions = {},
): Promise<CostedRecipe> {
  return must((await withRecipeCosts(ctx, caller, [result], options))[0], 'the costed recipe');
}
