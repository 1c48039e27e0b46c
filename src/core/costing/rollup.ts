// Recipe cost roll-up (API.md §5 "Recipe cost", §7 "Cost buckets"). Pure: reads a cost tree (lines with
// their gross amounts, nested subrecipe recipes) and the active cost entry of each priced ingredient.
//
// - Food and packaging lines are costed on GROSS grams (waste is bought, so it is paid: SEED.md "waste").
// - Hourly lines (labor, other_hourly) on their hours; other_fixed lines on their counted amount, once
//   per batch (quantity x unit cost: their "grams" are the item's own count scale).
// - A subrecipe line costs its grams x the subrecipe's cost per gram of FINISHED weight (batch cost /
//   batch grams after moisture loss). Decision: the finished weight, because a subrecipe's units
//   ("1 package", "1 serving") are finished weights too, so 1 package of a subrecipe costs exactly that
//   recipe's per_package. The subrecipe's batch includes its own labor, overhead and packaging.
// - Buckets: ingredients = food + subrecipe lines; packaging = packaging lines + packaging_cost x
//   packages; labor = hourly lines + labor_cost; overhead = overhead_cost + other_fixed lines;
//   batch = their sum; per_package = batch / packages (0 counts as 1); per_serving = per_package / servings.
// - Safety lines carry no cost.
import type { Decimal } from 'decimal.js';
import { costBasis, costOf, type CostBasis, type CostEntry } from './entry.js';
import { Money, ZERO, type Money as MoneyValue } from './money.js';

export type PricedBucket = 'ingredients' | 'packaging' | 'overhead';

export type CostLine =
  | {
    kind: 'weighed';
    bucket: PricedBucket;
    ingredient_id: number;
    /** Gross grams (or counted units on the item's gram scale). */
    grams: Decimal.Value;
    unitsAndGrams: Record<string, number>;
  }
  | {
    kind: 'hourly';
    ingredient_id: number;
    /** Minutes (exact, see entry.ts); null when the line's unit is not a time unit of the item. */
    minutes: Decimal.Value | null;
    unitsAndGrams: Record<string, number>;
  }
  | {
    kind: 'subrecipe';
    ingredient_id: number;
    grams: Decimal.Value;
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
  finished_grams: Decimal.Value;
}

export interface RecipeCostTotals {
  ingredients: MoneyValue;
  packaging: MoneyValue;
  labor: MoneyValue;
  overhead: MoneyValue;
  batch: MoneyValue;
  per_package: MoneyValue;
  per_serving: MoneyValue;
  /** Ingredient ids (anywhere in the tree) whose lines had no usable active cost, ascending. */
  missing_costs: number[];
}

/** Costs every recipe of one tree against one set of prices; memoises shared subrecipes. */
export class CostCalculator {
  private readonly totals = new Map<number, RecipeCostTotals>();
  private readonly bases = new Map<number, CostBasis | undefined>();

  /** `prices`: the active entry of each priced ingredient on the cost date (absent = no cost). */
  constructor(private readonly prices: ReadonlyMap<number, CostEntry>) {}

  recipe(tree: CostRecipe): RecipeCostTotals {
    const cached = this.totals.get(tree.id);
    if (cached) return cached;
    const result = this.compute(tree);
    this.totals.set(tree.id, result);
    return result;
  }

  private basis(ingredientId: number, unitsAndGrams: Record<string, number>, hourly: boolean): CostBasis | undefined {
    if (this.bases.has(ingredientId)) return this.bases.get(ingredientId);
    const entry = this.prices.get(ingredientId);
    const basis = entry ? costBasis(entry, unitsAndGrams, hourly) : undefined;
    this.bases.set(ingredientId, basis);
    return basis;
  }

  private compute(tree: CostRecipe): RecipeCostTotals {
    const bucket = { ingredients: ZERO, packaging: ZERO, labor: ZERO, overhead: ZERO };
    const missing = new Set<number>();
    for (const line of tree.lines) {
      if (line.kind === 'weighed') {
        const basis = this.basis(line.ingredient_id, line.unitsAndGrams, false);
        if (basis === undefined) missing.add(line.ingredient_id);
        else bucket[line.bucket] = bucket[line.bucket].plus(costOf(basis, line.grams));
      } else if (line.kind === 'hourly') {
        const basis = this.basis(line.ingredient_id, line.unitsAndGrams, true);
        if (basis === undefined || line.minutes === null) missing.add(line.ingredient_id);
        else bucket.labor = bucket.labor.plus(costOf(basis, line.minutes));
      } else {
        const grams = new Money(line.grams);
        if (grams.isZero()) continue;
        const sub = line.recipe ? this.recipe(line.recipe) : undefined;
        const finished = line.recipe ? new Money(line.recipe.finished_grams) : ZERO;
        if (!sub || finished.lte(0)) {
          missing.add(line.ingredient_id);
          continue;
        }
        for (const id of sub.missing_costs) missing.add(id);
        // Multiply before dividing: one division per line keeps exact results exact.
        bucket.ingredients = bucket.ingredients.plus(sub.batch.times(grams).div(finished));
      }
    }
    const packages = tree.packages > 0 ? tree.packages : 1;
    bucket.labor = bucket.labor.plus(tree.labor_cost ?? 0);
    bucket.overhead = bucket.overhead.plus(tree.overhead_cost ?? 0);
    bucket.packaging = bucket.packaging.plus(new Money(tree.packaging_cost ?? 0).times(packages));
    const batch = bucket.ingredients.plus(bucket.packaging).plus(bucket.labor).plus(bucket.overhead);
    const perPackage = batch.div(packages);
    const perServing = batch.div(new Money(packages).times(tree.servings > 0 ? tree.servings : 1));
    return {
      ...bucket,
      batch,
      per_package: perPackage,
      per_serving: perServing,
      missing_costs: [...missing].sort((a, b) => a - b),
    };
  }
}

/** The ingredient ids whose active cost a tree needs (priced lines at every depth; not subrecipes). */
export function pricedIngredientIds(tree: CostRecipe): number[] {
  const ids = new Set<number>();
  const seen = new Set<number>();
  const walk = (recipe: CostRecipe) => {
    if (seen.has(recipe.id)) return;
    seen.add(recipe.id);
    for (const line of recipe.lines) {
      if (line.kind === 'subrecipe') {
        if (line.recipe) walk(line.recipe);
      } else {
        ids.add(line.ingredient_id);
      }
    }
  };
  walk(tree);
  return [...ids].sort((a, b) => a - b);
}
