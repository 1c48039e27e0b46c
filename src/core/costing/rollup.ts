// Recipe cost roll-up (docs/api.md#recipe-costs, docs/api.md#cost-buckets). Pure: reads a cost tree (lines with
// their gross amounts, nested subrecipe recipes) and the active cost entry of each priced ingredient.
//
// - Food and packaging lines are costed on GROSS grams (waste is bought, so it is paid: docs/api.md#recipe-lines, "waste").
// - Hourly lines (labor, other_hourly) on their hours; other_fixed lines on their counted amount, once
//   per batch (quantity x unit cost: their "grams" are the item's own count scale).
// - A subrecipe line takes its share (its grams / the subrecipe's FINISHED batch grams, after moisture
//   loss: the subrecipe's units "1 package", "1 serving" are finished weights too) of the subrecipe's
//   buckets, each into the same bucket of the parent (docs/api.md#subrecipe-costs): its ingredients
//   into ingredients, its labor and overhead into labor and overhead (making the filling is part of
//   making the pie). Its packaging does not come along: a subrecipe used as an ingredient is not
//   packed, so neither its packaging lines nor its packaging_cost (nor their missing prices) count.
// - Buckets: ingredients = food lines + subrecipe ingredient shares; packaging = packaging lines +
//   packaging_cost x packages; labor = hourly lines + labor_cost + subrecipe labor shares; overhead =
//   overhead_cost + other_fixed lines + subrecipe overhead shares;
//   batch = their sum; per_package = batch / packages (0 counts as 1); per_serving = per_package / servings.
// - Safety lines carry no cost.
import { costBasis, costOf, type CostBasis, type CostEntry } from './entry.js';
import { Money } from './money.js';

export type PricedBucket = 'ingredients' | 'packaging' | 'overhead';

export type CostLine =
  | {
      kind: 'weighed';
      bucket: PricedBucket;
      ingredient_id: number;
      /** Gross grams (or counted units on the item's gram scale). */
      grams: Money;
      unitsAndGrams: Record<string, number>;
    }
  | {
      kind: 'hourly';
      ingredient_id: number;
      /** Minutes (exact, see entry.ts); null when the line's unit is not a time unit of the item. */
      minutes: Money | null;
      unitsAndGrams: Record<string, number>;
    }
  | {
      kind: 'subrecipe';
      ingredient_id: number;
      grams: Money;
      /** null when the recipe cannot be read (or closes a cycle): the line is then a missing cost. */
      recipe: CostRecipe | null;
    };

export interface CostRecipe {
  id: number;
  lines: CostLine[];
  /** Per batch. */
  labor_cost: number | null;
  /** Per batch. */
  overhead_cost: number | null;
  /** Per package. */
  packaging_cost: number | null;
  packages: number;
  servings: number;
  /** Finished weight of the whole batch in grams (after moisture loss). */
  finished_grams: Money;
}

export interface RecipeCostTotals {
  ingredients: Money;
  packaging: Money;
  labor: Money;
  overhead: Money;
  batch: Money;
  per_package: Money;
  per_serving: Money;
  /** Ingredient ids (anywhere in the tree) whose lines had no usable active cost, ascending. */
  missing_costs: number[];
}

// A price entry's basis (a division among its operations) recurs read after read: the price cache
// (src/services/costs/price-cache.ts) hands out the same entry objects until a price changes, so the basis is
// remembered per entry object, with what it was computed from (the grams of its unit on the item).
const BASES = new WeakMap<CostEntry, { grams: number | undefined; hourly: boolean; basis: CostBasis | undefined }>();

function basisOf(entry: CostEntry, unitsAndGrams: Record<string, number>, hourly: boolean): CostBasis | undefined {
  const grams = unitsAndGrams[entry.unit];
  const known = BASES.get(entry);
  if (known && known.hourly === hourly && Object.is(known.grams, grams)) return known.basis;
  const basis = costBasis(entry, unitsAndGrams, hourly);
  BASES.set(entry, { grams, hourly, basis });
  return basis;
}

type BatchTotals = Omit<RecipeCostTotals, 'per_package' | 'per_serving'> & {
  /** The missing costs a parent using this recipe as a subrecipe inherits: all but its packaging's. */
  missingWhenUsed: number[];
};

/** Costs every recipe of one tree against one set of prices; memoises shared subrecipes. */
export class CostCalculator {
  private readonly batches = new Map<number, BatchTotals>();
  private readonly totals = new Map<number, RecipeCostTotals>();
  /** Per ingredient: its basis, or null when it has no usable cost. */
  private readonly bases = new Map<number, CostBasis | null>();

  /** `prices`: the active entry of each priced ingredient on the cost date (absent or null = no cost). */
  constructor(private readonly prices: ReadonlyMap<number, CostEntry | null>) {}

  recipe(tree: CostRecipe): RecipeCostTotals {
    const cached = this.totals.get(tree.id);
    if (cached) return cached;
    const totals = this.batch(tree);
    const packages = tree.packages > 0 ? tree.packages : 1;
    const result = {
      ingredients: totals.ingredients,
      packaging: totals.packaging,
      labor: totals.labor,
      overhead: totals.overhead,
      batch: totals.batch,
      per_package: totals.batch.div(packages),
      per_serving: totals.batch.div(Money.of(packages).times(tree.servings > 0 ? tree.servings : 1)),
      missing_costs: totals.missing_costs,
    };
    this.totals.set(tree.id, result);
    return result;
  }

  /** The buckets and batch cost (what a parent recipe's subrecipe line needs; per package and per serving are not). */
  private batch(tree: CostRecipe): BatchTotals {
    const cached = this.batches.get(tree.id);
    if (cached) return cached;
    const result = this.compute(tree);
    this.batches.set(tree.id, result);
    return result;
  }

  private basis(ingredientId: number, unitsAndGrams: Record<string, number>, hourly: boolean): CostBasis | null {
    let basis = this.bases.get(ingredientId);
    if (basis === undefined) {
      const entry = this.prices.get(ingredientId);
      basis = (entry && basisOf(entry, unitsAndGrams, hourly)) ?? null;
      this.bases.set(ingredientId, basis);
    }
    return basis;
  }

  private compute(tree: CostRecipe): BatchTotals {
    // One variable per bucket (not an object indexed by the line's bucket: that access is the slow kind).
    let ingredients = Money.ZERO;
    let packaging = Money.ZERO;
    let labor = Money.ZERO;
    let overhead = Money.ZERO;
    const missing = new Set<number>();
    const missingPackaging = new Set<number>();
    for (const line of tree.lines) {
      if (line.kind === 'weighed') {
        const basis = this.basis(line.ingredient_id, line.unitsAndGrams, false);
        if (basis === null) {
          (line.bucket === 'packaging' ? missingPackaging : missing).add(line.ingredient_id);
          continue;
        }
        const cost = costOf(basis, line.grams);
        if (line.bucket === 'ingredients') ingredients = ingredients.plus(cost);
        else if (line.bucket === 'packaging') packaging = packaging.plus(cost);
        else overhead = overhead.plus(cost);
      } else if (line.kind === 'hourly') {
        const basis = this.basis(line.ingredient_id, line.unitsAndGrams, true);
        if (basis === null || line.minutes === null) missing.add(line.ingredient_id);
        else labor = labor.plus(costOf(basis, line.minutes));
      } else {
        if (line.grams.isZero()) continue;
        const recipe = line.recipe;
        const sub = recipe ? this.batch(recipe) : undefined;
        if (!recipe || !sub || recipe.finished_grams.sign() <= 0) {
          missing.add(line.ingredient_id);
          continue;
        }
        for (const id of sub.missingWhenUsed) missing.add(id);
        // Multiply before dividing: one division per bucket keeps exact results exact.
        const finished = recipe.finished_grams;
        const share = (amount: Money) => (amount.isZero() ? amount : amount.times(line.grams).div(finished));
        ingredients = ingredients.plus(share(sub.ingredients));
        labor = labor.plus(share(sub.labor));
        overhead = overhead.plus(share(sub.overhead));
      }
    }
    const packages = tree.packages > 0 ? tree.packages : 1;
    if (tree.labor_cost) labor = labor.plus(Money.of(tree.labor_cost));
    if (tree.overhead_cost) overhead = overhead.plus(Money.of(tree.overhead_cost));
    if (tree.packaging_cost) packaging = packaging.plus(Money.of(tree.packaging_cost).times(packages));
    const batch = ingredients.plus(packaging).plus(labor).plus(overhead);
    const ascending = (ids: Set<number>) => (ids.size === 0 ? [] : [...ids].sort((a, b) => a - b));
    const missingWhenUsed = ascending(missing);
    for (const id of missingPackaging) missing.add(id);
    return { ingredients, packaging, labor, overhead, batch, missing_costs: ascending(missing), missingWhenUsed };
  }
}

/** The ingredient ids whose active cost the trees need (priced lines at every depth; not subrecipes), in
 * the order met; every shared subrecipe is walked once. */
export function pricedIngredientIds(trees: readonly CostRecipe[]): number[] {
  const ids = new Set<number>();
  const seen = new Set<number>();
  const walk = (recipe: CostRecipe) => {
    if (seen.has(recipe.id)) return;
    seen.add(recipe.id);
    for (const line of recipe.lines) {
      if (line.kind !== 'subrecipe') ids.add(line.ingredient_id);
      else if (line.recipe) walk(line.recipe);
    }
  };
  for (const tree of trees) walk(tree);
  return [...ids];
}
