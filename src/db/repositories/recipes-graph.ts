// Loads a recipe tree for the engine: recipes, their lines, the lines' ingredients, and the recipes behind
// subrecipe ingredients at any depth. Four queries whatever the depth, the number of recipes or lines: one
// recursive query finds every recipe id in the tree, then recipes, lines and ingredients load in one query
// each (lists load a whole page at once: no N+1).
import { sql } from 'kysely';
import type { Recipe, RecipeGraph } from '../../core/recipe/types.js';
import { emptyGraph } from '../../core/recipe/types.js';
import type { Executor } from '../schema.js';
import { findReadableIngredients } from './ingredients.js';
import { findOwnRecipes } from './recipes.js';
import { linesOfRecipes } from './recipes-lines.js';

/**
 * Recipe ids of the account reachable from `rootIds` and from the subrecipe ingredients `ingredientIds`,
 * through lines on subrecipe ingredients. UNION (not UNION ALL) ends the recursion on a cycle.
 */
async function treeRecipeIds(db: Executor, accountId: number, rootIds: readonly number[], ingredientIds: readonly number[]): Promise<number[]> {
  const seeds = [];
  // "+account_id": the unary plus keeps SQLite on the primary key instead of walking the account's index.
  if (rootIds.length > 0) seeds.push(sql`SELECT id FROM recipes WHERE id IN (${sql.join([...rootIds])}) AND +account_id = ${accountId}`);
  if (ingredientIds.length > 0) {
    seeds.push(sql`SELECT recipe_id AS id FROM ingredients WHERE account_id = ${accountId} AND subrecipe = 1 AND recipe_id IS NOT NULL AND id IN (${sql.join([...ingredientIds])})`);
  }
  if (seeds.length === 0) return [];
  const result = await sql<{ id: number }>`
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM (${sql.join(seeds, sql` UNION `)}) AS seed
      UNION
      -- CROSS JOIN keeps SQLite's join order (tree -> its lines -> their ingredients by primary key);
      -- starting from the account's ingredients instead would walk every line of a large account.
      SELECT i.recipe_id FROM tree
        CROSS JOIN recipe_ingredients ri
        CROSS JOIN ingredients i
        WHERE ri.recipe_id = tree.id AND i.id = ri.ingredient_id
          AND i.subrecipe = 1 AND i.account_id = ${accountId} AND i.recipe_id IS NOT NULL
    )
    SELECT id FROM tree`.execute(db);
  return result.rows.map((r) => Number(r.id));
}

/**
 * Adds to a new graph the recipes `rootIds` of the account (or the already-loaded `roots`), everything
 * beneath them, and the `extraIngredientIds` with everything beneath those. Only the account's recipes and
 * the ingredients it may read are loaded.
 */
export async function loadRecipeGraph(
  db: Executor,
  accountId: number,
  rootIds: readonly number[],
  options: { roots?: readonly Recipe[]; extraIngredientIds?: readonly number[] } = {},
): Promise<RecipeGraph> {
  const graph = emptyGraph();
  for (const recipe of options.roots ?? []) graph.recipes.set(recipe.id, recipe);
  const roots = [...new Set([...rootIds, ...graph.recipes.keys()])];
  const extra = options.extraIngredientIds ?? [];
  const ids = await treeRecipeIds(db, accountId, roots, extra);
  for (const recipe of await findOwnRecipes(db, ids.filter((id) => !graph.recipes.has(id)), accountId)) graph.recipes.set(recipe.id, recipe);
  const recipeIds = [...graph.recipes.keys()];
  const lines = await linesOfRecipes(db, recipeIds);
  for (const [id, list] of lines) graph.lines.set(id, list);
  const ingredientIds = new Set(extra);
  for (const list of lines.values()) for (const line of list) ingredientIds.add(line.ingredient_id);
  for (const ingredient of (await findReadableIngredients(db, [...ingredientIds], accountId)).values()) graph.ingredients.set(ingredient.id, ingredient);
  return graph;
}
