// Loads a recipe tree for the engine: recipes, their lines, the lines' ingredients and, level by level, the
// recipes behind subrecipe ingredients. A fixed number of queries per nesting level, whatever the number
// of recipes or lines (lists load a whole page at once: no N+1).
import type { Recipe, RecipeGraph } from '../../core/recipe/types.js';
import { emptyGraph } from '../../core/recipe/types.js';
import type { Executor } from '../schema.js';
import { findReadableIngredients } from './ingredients.js';
import { findOwnRecipes } from './recipes.js';
import { linesOfRecipes } from './recipes-lines.js';

// Deeper nesting than this is a cycle written behind our back; the engine guards cycles anyway.
const MAX_LEVELS = 50;

/**
 * Adds to `graph` (or a new one) the recipes `rootIds` of the account (or the already-loaded `roots`) and
 * everything beneath them. Only the account's recipes and the ingredients it may read are loaded.
 */
export async function loadRecipeGraph(
  db: Executor,
  accountId: number,
  rootIds: readonly number[],
  options: { graph?: RecipeGraph; roots?: readonly Recipe[]; extraIngredientIds?: readonly number[] } = {},
): Promise<RecipeGraph> {
  const graph = options.graph ?? emptyGraph();
  for (const recipe of options.roots ?? []) graph.recipes.set(recipe.id, recipe);
  let known = (options.roots ?? []).map((r) => r.id).filter((id) => !graph.lines.has(id));
  let pending = rootIds.filter((id) => !graph.recipes.has(id));
  let extra = options.extraIngredientIds ?? [];
  for (let level = 0; level < MAX_LEVELS && (pending.length > 0 || known.length > 0 || extra.length > 0); level++) {
    const recipes = await findOwnRecipes(db, pending, accountId);
    for (const recipe of recipes) graph.recipes.set(recipe.id, recipe);
    const recipeIds = [...known, ...recipes.map((r) => r.id)];
    const lines = await linesOfRecipes(db, recipeIds);
    for (const [id, list] of lines) graph.lines.set(id, list);
    const ingredientIds = new Set(extra);
    for (const list of lines.values()) for (const line of list) ingredientIds.add(line.ingredient_id);
    const missing = [...ingredientIds].filter((id) => !graph.ingredients.has(id));
    const ingredients = await findReadableIngredients(db, missing, accountId);
    const next = new Set<number>();
    for (const ingredient of ingredients.values()) {
      graph.ingredients.set(ingredient.id, ingredient);
      if (ingredient.subrecipe && ingredient.recipe_id !== null && !graph.recipes.has(ingredient.recipe_id)) next.add(ingredient.recipe_id);
    }
    pending = [...next];
    known = [];
    extra = [];
  }
  return graph;
}
