// Subrecipe cycles (docs/api.md#recipes: using a subrecipe inside itself, directly or through other recipes, is a 422).
import type { Ingredient } from '../ingredient.js';
import type { RecipeGraph } from './types.js';

/** Every recipe reachable from root through lines on subrecipe ingredients, root included. */
export function reachableRecipes(graph: RecipeGraph, rootId: number): Set<number> {
  const seen = new Set<number>([rootId]);
  const stack = [rootId];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    for (const line of graph.lines.get(id) ?? []) {
      const ingredient = graph.ingredients.get(line.ingredient_id);
      const next = ingredient?.subrecipe ? ingredient.recipe_id : null;
      if (next !== null && next !== undefined && !seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}

/** Would a line on `ingredient` in recipe `recipeId` make the recipe contain itself? */
export function createsCycle(graph: RecipeGraph, recipeId: number, ingredient: Pick<Ingredient, 'subrecipe' | 'recipe_id'>): boolean {
  if (!ingredient.subrecipe || ingredient.recipe_id === null) return false;
  return reachableRecipes(graph, ingredient.recipe_id).has(recipeId);
}
