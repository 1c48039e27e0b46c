// The one place that loads and evaluates recipe trees: recipe, lines, ingredients, nested subrecipe
// recipes, evaluated with a per-request memo. Costing and labels reuse the loaded tree (graph + evaluator)
// instead of querying again.
import type { Ingredient } from '../../core/ingredient.js';
import { RecipeEvaluator, type RecipeResult } from '../../core/recipe/engine.js';
import type { Recipe, RecipeGraph } from '../../core/recipe/types.js';
import { loadRecipeGraph } from '../../db/repositories/recipes-graph.js';
import type { Executor } from '../../db/schema.js';

export interface RecipeTree {
  graph: RecipeGraph;
  evaluator: RecipeEvaluator;
}

/** Loads the recipes (by id, or already-loaded rows) and everything beneath them. */
export async function loadRecipeTree(
  db: Executor,
  accountId: number,
  rootIds: readonly number[],
  options: { roots?: readonly Recipe[]; extraIngredientIds?: readonly number[] } = {},
): Promise<RecipeTree> {
  const graph = await loadRecipeGraph(db, accountId, rootIds, options);
  return { graph, evaluator: new RecipeEvaluator(graph) };
}

/** One evaluated recipe of the account, or undefined when it is not the account's. */
export async function evaluateRecipe(
  db: Executor,
  accountId: number,
  recipeId: number,
): Promise<{ tree: RecipeTree; result: RecipeResult } | undefined> {
  const tree = await loadRecipeTree(db, accountId, [recipeId]);
  const result = tree.evaluator.recipe(recipeId);
  return result ? { tree, result } : undefined;
}

/**
 * Ingredients as clients see them: a subrecipe ingredient's nutrition, units, allergens and statement
 * follow its recipe live (docs/api.md#recipes create_subrecipe). Others are returned unchanged.
 */
export async function liveIngredients(db: Executor, accountId: number, ingredients: readonly Ingredient[]): Promise<Ingredient[]> {
  const subrecipes = ingredients.flatMap((i) => (i.subrecipe && i.recipe_id !== null ? [{ ingredient: i, recipeId: i.recipe_id }] : []));
  if (subrecipes.length === 0) return [...ingredients];
  // The subrecipe's recipe belongs to the ingredient's owner (the only account that can read it).
  const graph = await loadRecipeGraph(
    db,
    accountId,
    subrecipes.map((s) => s.recipeId),
  );
  for (const { ingredient } of subrecipes) graph.ingredients.set(ingredient.id, ingredient);
  const evaluator = new RecipeEvaluator(graph);
  return ingredients.map((i) => (i.subrecipe ? (evaluator.ingredient(i.id)?.ingredient ?? i) : i));
}
