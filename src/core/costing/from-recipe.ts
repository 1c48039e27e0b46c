// Builds the cost tree from the nutrition engine's result (src/core/recipe/engine.ts), so costing sees
// exactly the lines, live subrecipe units and finished weights that nutrition sees.
import type { LineResult, RecipeResult } from '../recipe/engine.js';
import { minutesIn } from './entry.js';
import { Money } from './money.js';
import type { CostLine, CostRecipe } from './rollup.js';

const HOUR_KEY = '1 hour';

/** The cost tree of a computed recipe; shared subrecipes become shared nodes. */
export function costTreeOf(result: RecipeResult, memo = new Map<number, CostRecipe>()): CostRecipe {
  const cached = memo.get(result.recipe.id);
  if (cached) return cached;
  const tree: CostRecipe = {
    id: result.recipe.id,
    lines: [],
    labor_cost: result.recipe.labor_cost,
    overhead_cost: result.recipe.overhead_cost,
    packaging_cost: result.recipe.packaging_cost,
    packages: result.recipe.packages,
    servings: result.recipe.servings,
    finished_grams: Money.of(result.batch_grams),
  };
  memo.set(result.recipe.id, tree);
  for (const line of result.lines) {
    const costLine = costLineOf(line, memo);
    if (costLine) tree.lines.push(costLine);
  }
  return tree;
}

function costLineOf(l: LineResult, memo: Map<number, CostRecipe>): CostLine | undefined {
  const { ingredient, unitsAndGrams, subrecipe } = l.effective;
  const ingredientId = l.line.ingredient_id;
  if (ingredient.subrecipe) {
    return { kind: 'subrecipe', ingredient_id: ingredientId, grams: grossGrams(l), recipe: subrecipe ? costTreeOf(subrecipe, memo) : null };
  }
  if (ingredient.food) return { kind: 'weighed', bucket: 'ingredients', ingredient_id: ingredientId, grams: grossGrams(l), unitsAndGrams };
  switch (ingredient.non_food) {
    case 'packaging':
      return { kind: 'weighed', bucket: 'packaging', ingredient_id: ingredientId, grams: grossGrams(l), unitsAndGrams };
    case 'other_fixed':
      return { kind: 'weighed', bucket: 'overhead', ingredient_id: ingredientId, grams: grossGrams(l), unitsAndGrams };
    case 'labor':
    case 'other_hourly':
      return { kind: 'hourly', ingredient_id: ingredientId, minutes: lineMinutes(l), unitsAndGrams };
    default:
      // Safety steps are control points, not purchases.
      return undefined;
  }
}

/** quantity x grams per unit in decimal; the stored total_grams when the unit no longer exists. */
function grossGrams(l: LineResult): Money {
  const perUnit = l.effective.unitsAndGrams[l.line.unit];
  return perUnit === undefined ? Money.of(l.line.total_grams) : Money.of(l.line.quantity).times(perUnit);
}

/** quantity x minutes per unit (hours x 60: src/core/units.ts hoursPerUnit, exact in decimal). */
function lineMinutes(l: LineResult): Money | null {
  const perUnit = minutesIn(l.effective.unitsAndGrams, l.line.unit);
  if (perUnit !== undefined) return perUnit.times(l.line.quantity);
  const perHour = l.effective.unitsAndGrams[HOUR_KEY];
  // A unit removed since the line was written: its stored grams on the item's time scale.
  if (!(l.line.unit in l.effective.unitsAndGrams) && perHour !== undefined && perHour > 0)
    return Money.of(l.line.total_grams).times(60).div(perHour);
  return null;
}
