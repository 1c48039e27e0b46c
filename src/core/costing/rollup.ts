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

// Pure memos across requests (Decimals are immutable; same inputs, same value): a price entry's basis
// costs five decimal operations, a division among them, and the same entries and line amounts come back
// on every read of a recipe. Keyed by nested maps of the inputs (building a string key cost more than the
// lookups). Bounded: cleared when full.
const MEMO_LIMIT = 5000;
type Keyed<T> = Map<number, T>;
// unit text + hourly -> grams of that unit on the item -> quantity -> price -> shipping -> basis.
const BASES = new Map<string, Keyed<Keyed<Keyed<Keyed<CostBasis | null>>>>>();
let basisCount = 0;
const LINE_COSTS = new WeakMap<CostBasis, Map<Decimal.Value, MoneyValue>>();

function child<T>(map: Map<number, Map<number, T>>, key: number): Map<number, T> {
  let found = map.get(key);
  if (!found) {
    found = new Map();
    map.set(key, found);
  }
  return found;
}

const plainKey = (n: number) => n === n && !Object.is(n, -0);

function memoBasis(entry: CostEntry, unitsAndGrams: Record<string, number>, hourly: boolean): CostBasis | undefined {
  // Everything costBasis reads: the entry's amounts and unit, what that unit measures on the item (its
  // grams; for hourly items the minutes come from the unit text once the item still has the unit).
  // -0 and NaN would share a Map key with 0 / each other: they bypass the memo.
  const grams = unitsAndGrams[entry.unit];
  const gramsKey = grams ?? -1;
  if (!plainKey(gramsKey) || !plainKey(entry.quantity) || !plainKey(entry.price) || !plainKey(entry.shipping)) {
    return costBasis(entry, unitsAndGrams, hourly);
  }
  const unitKey = `${hourly ? 'h' : 'g'}${grams === undefined ? '-' : '+'}${entry.unit}`;
  let byUnit = BASES.get(unitKey);
  if (!byUnit) {
    if (basisCount >= MEMO_LIMIT) {
      BASES.clear();
      basisCount = 0;
    }
    byUnit = new Map();
    BASES.set(unitKey, byUnit);
  }
  const byShipping = child(child(child(byUnit, gramsKey), entry.quantity), entry.price);
  const cached = byShipping.get(entry.shipping);
  if (cached !== undefined) return cached ?? undefined;
  const basis = costBasis(entry, unitsAndGrams, hourly);
  byShipping.set(entry.shipping, basis ?? null);
  basisCount++;
  return basis;
}

/** costOf(basis, amount), remembered per basis and amount (the cost tree's grams are memoised Decimals). */
function memoCost(basis: CostBasis, amount: Decimal.Value): MoneyValue {
  let costs = LINE_COSTS.get(basis);
  if (!costs) {
    costs = new Map();
    LINE_COSTS.set(basis, costs);
  }
  let cost = costs.get(amount);
  if (!cost) {
    cost = costOf(basis, amount);
    if (costs.size >= MEMO_LIMIT) costs.clear();
    costs.set(amount, cost);
  }
  return cost;
}

/** a + b; adding a zero gives the other operand, as decimal.js itself does (every operand here has at most
 * 40 significant digits, so its rounding is a no-op): skipped, since most buckets and extras are zero. */
function add(a: MoneyValue, b: MoneyValue | number): MoneyValue {
  if (typeof b === 'number') {
    if (b === 0) return a;
    return a.plus(b);
  }
  if (b.isZero()) return a;
  if (a.isZero() && !b.isNaN()) return b;
  return a.plus(b);
}

/** The value as Money; a Money is used as is (new Money(m) would only copy it: same value). */
function asMoney(value: Decimal.Value): MoneyValue {
  return value instanceof Money ? value : new Money(value);
}

type BatchTotals = Omit<RecipeCostTotals, 'per_package' | 'per_serving'>;

/** Costs every recipe of one tree against one set of prices; memoises shared subrecipes. */
export class CostCalculator {
  private readonly batches = new Map<number, BatchTotals>();
  private readonly totals = new Map<number, RecipeCostTotals>();
  private readonly bases = new Map<number, CostBasis | undefined>();

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
      per_serving: totals.batch.div(new Money(packages).times(tree.servings > 0 ? tree.servings : 1)),
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

  private basis(ingredientId: number, unitsAndGrams: Record<string, number>, hourly: boolean): CostBasis | undefined {
    if (this.bases.has(ingredientId)) return this.bases.get(ingredientId);
    const entry = this.prices.get(ingredientId);
    const basis = entry ? memoBasis(entry, unitsAndGrams, hourly) : undefined;
    this.bases.set(ingredientId, basis);
    return basis;
  }

  private compute(tree: CostRecipe): BatchTotals {
    const bucket = { ingredients: ZERO, packaging: ZERO, labor: ZERO, overhead: ZERO };
    const missing = new Set<number>();
    for (const line of tree.lines) {
      if (line.kind === 'weighed') {
        const basis = this.basis(line.ingredient_id, line.unitsAndGrams, false);
        if (basis === undefined) missing.add(line.ingredient_id);
        else bucket[line.bucket] = add(bucket[line.bucket], memoCost(basis, line.grams));
      } else if (line.kind === 'hourly') {
        const basis = this.basis(line.ingredient_id, line.unitsAndGrams, true);
        if (basis === undefined || line.minutes === null) missing.add(line.ingredient_id);
        else bucket.labor = add(bucket.labor, costOf(basis, line.minutes));
      } else {
        const grams = asMoney(line.grams);
        if (grams.isZero()) continue;
        const sub = line.recipe ? this.batch(line.recipe) : undefined;
        const finished = line.recipe ? asMoney(line.recipe.finished_grams) : ZERO;
        if (!sub || finished.lte(0)) {
          missing.add(line.ingredient_id);
          continue;
        }
        for (const id of sub.missing_costs) missing.add(id);
        // Multiply before dividing: one division per line keeps exact results exact.
        bucket.ingredients = add(bucket.ingredients, sub.batch.times(grams).div(finished));
      }
    }
    const packages = tree.packages > 0 ? tree.packages : 1;
    bucket.labor = add(bucket.labor, tree.labor_cost ?? 0);
    bucket.overhead = add(bucket.overhead, tree.overhead_cost ?? 0);
    if (tree.packaging_cost !== null && tree.packaging_cost !== 0) bucket.packaging = add(bucket.packaging, new Money(tree.packaging_cost).times(packages));
    const batch = add(add(add(bucket.ingredients, bucket.packaging), bucket.labor), bucket.overhead);
    return { ...bucket, batch, missing_costs: [...missing].sort((a, b) => a - b) };
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
