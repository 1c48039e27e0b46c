// The names of the ingredients of an evaluated recipe, at any depth (subrecipes walked): what answers that
// name an ingredient by its id (recipe costs' missing_costs) also name it in words.
import type { RecipeResult } from './results.js';

export function ingredientNames(result: RecipeResult, into = new Map<number, string>(), seen = new Set<number>()): Map<number, string> {
  if (seen.has(result.recipe.id)) return into;
  seen.add(result.recipe.id);
  for (const line of result.lines) {
    const { ingredient, subrecipe } = line.effective;
    if (!into.has(ingredient.id)) into.set(ingredient.id, ingredient.name);
    if (subrecipe) ingredientNames(subrecipe, into, seen);
  }
  return into;
}
