// Loads a recipe tree for the engine: recipes, their lines, the lines' ingredients, and the recipes behind
// subrecipe ingredients at any depth. Four queries whatever the depth, the number of recipes or lines: one
// recursive query finds every recipe id in the tree, then recipes, lines and ingredients load in one query
// each (lists load a whole page at once: no N+1). On SQLite outside transactions the same loads run as
// three prepared statements on the read-only connection (see loadFromReader).
import { pushTo } from '../../lib/group.js';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { sql } from 'kysely';
import type { Recipe, RecipeGraph } from '../../core/recipe/types.js';
import { emptyGraph } from '../../core/recipe/types.js';
import { readerFor } from '../connect.js';
import type { Executor } from '../schema.js';
import { findReadableIngredients, rowToIngredient } from './ingredients.js';
import { findOwnRecipes, rowToRecipe } from './recipes.js';
import { linesOfRecipes, rowToLine } from './recipes-lines.js';

/**
 * Recipe ids of the account reachable from `rootIds` and from the subrecipe ingredients `ingredientIds`,
 * through lines on subrecipe ingredients. UNION (not UNION ALL) ends the recursion on a cycle.
 */
async function treeRecipeIds(
  db: Executor,
  accountId: number,
  rootIds: readonly number[],
  ingredientIds: readonly number[],
): Promise<number[]> {
  const seeds = [];
  // "+account_id": the unary plus keeps SQLite on the primary key instead of walking the account's
  // index (for the ingredients' seed: every recipe read walked all the account's ingredients, 130 µs
  // at 3,000 against 11 µs; regression test recipe-read-walks-every-ingredient-of-the-account).
  if (rootIds.length > 0) seeds.push(sql`SELECT id FROM recipes WHERE id IN (${sql.join([...rootIds])}) AND +account_id = ${accountId}`);
  if (ingredientIds.length > 0) {
    seeds.push(
      sql`SELECT recipe_id AS id FROM ingredients WHERE +account_id = ${accountId} AND subrecipe = 1 AND recipe_id IS NOT NULL AND id IN (${sql.join([...ingredientIds])})`,
    );
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
  const reader = readerFor(db);
  if (reader) {
    loadFromReader(reader, graph, accountId, roots, extra);
    return graph;
  }
  const ids = await treeRecipeIds(db, accountId, roots, extra);
  for (const recipe of await findOwnRecipes(
    db,
    ids.filter((id) => !graph.recipes.has(id)),
    accountId,
  ))
    graph.recipes.set(recipe.id, recipe);
  const recipeIds = [...graph.recipes.keys()];
  const lines = await linesOfRecipes(db, recipeIds);
  for (const [id, list] of lines) graph.lines.set(id, list);
  const ingredientIds = new Set(extra);
  for (const list of lines.values()) for (const line of list) ingredientIds.add(line.ingredient_id);
  for (const ingredient of (await findReadableIngredients(db, [...ingredientIds], accountId)).values())
    graph.ingredients.set(ingredient.id, ingredient);
  return graph;
}

// The read-only SQLite path (measured on the 50-line, 3-level recipe: 1.04 ms -> 0.7 ms per tree load).
// - The ids travel as JSON arrays, so each statement has one shape: prepared once per connection.
// - Rows come back as arrays (better-sqlite3 raw mode): building the row objects natively cost about
//   4 us per ingredient row, several times the read itself; the objects are then built here, keyed by
//   the statement's own column names, so the mappers see exactly the rows `selectAll()` gives.
// - "+account_id" keeps SQLite on the primary key: with the plain column, `account_id = ? OR account_id
//   IS NULL` turned into a walk over the account's whole ingredient index, and so did the seed of
//   subrecipe ingredients, on every recipe read.
// Same rows, same order as the Kysely path above: recipes in no particular order (keyed by id), lines by
// (recipe_id, id), ingredients keyed by id.
const READER_SQL = {
  recipes: `
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM (
        SELECT id FROM recipes WHERE id IN (SELECT value FROM json_each(@roots)) AND +account_id = @account
        UNION
        SELECT recipe_id AS id FROM ingredients
          WHERE +account_id = @account AND subrecipe = 1 AND recipe_id IS NOT NULL AND id IN (SELECT value FROM json_each(@extra))
      ) AS seed
      UNION
      SELECT i.recipe_id FROM tree
        CROSS JOIN recipe_ingredients ri
        CROSS JOIN ingredients i
        WHERE ri.recipe_id = tree.id AND i.id = ri.ingredient_id
          AND i.subrecipe = 1 AND i.account_id = @account AND i.recipe_id IS NOT NULL
    )
    SELECT * FROM recipes WHERE id IN (SELECT id FROM tree) AND +account_id = @account`,
  lines: 'SELECT * FROM recipe_ingredients WHERE recipe_id IN (SELECT value FROM json_each(?)) ORDER BY recipe_id, id',
  ingredients: 'SELECT * FROM ingredients WHERE id IN (SELECT value FROM json_each(?)) AND (+account_id = ? OR account_id IS NULL)',
} as const;

interface RawStatement {
  statement: Statement;
  columns: string[];
}

const rawStatements = new WeakMap<SqliteDatabase, Record<keyof typeof READER_SQL, RawStatement>>();

function statementsOf(reader: SqliteDatabase): Record<keyof typeof READER_SQL, RawStatement> {
  let found = rawStatements.get(reader);
  if (!found) {
    const prepare = (source: string): RawStatement => {
      const statement = reader.prepare(source).raw(true);
      return { statement, columns: statement.columns().map((c) => c.name) };
    };
    found = { recipes: prepare(READER_SQL.recipes), lines: prepare(READER_SQL.lines), ingredients: prepare(READER_SQL.ingredients) };
    rawStatements.set(reader, found);
  }
  return found;
}

function rowsOf<Row>({ statement, columns }: RawStatement, ...parameters: unknown[]): Row[] {
  const values = statement.all(...parameters) as unknown[][];
  const rows: Row[] = [];
  for (const value of values) {
    const row: Record<string, unknown> = {};
    let c = 0;
    for (const column of columns) row[column] = value[c++];
    rows.push(row as Row);
  }
  return rows;
}

type RecipeRow = Parameters<typeof rowToRecipe>[0];
type LineRow = Parameters<typeof rowToLine>[0];
type IngredientRow = Parameters<typeof rowToIngredient>[0];

function loadFromReader(
  reader: SqliteDatabase,
  graph: RecipeGraph,
  accountId: number,
  roots: readonly number[],
  extra: readonly number[],
): void {
  if (roots.length === 0 && extra.length === 0) return;
  const statements = statementsOf(reader);
  for (const row of rowsOf<RecipeRow>(statements.recipes, {
    roots: JSON.stringify(roots),
    account: accountId,
    extra: JSON.stringify(extra),
  })) {
    if (!graph.recipes.has(row.id)) graph.recipes.set(row.id, rowToRecipe(row));
  }
  const recipeIds = [...graph.recipes.keys()];
  if (recipeIds.length > 0) {
    for (const id of recipeIds) graph.lines.set(id, []);
    for (const row of rowsOf<LineRow>(statements.lines, JSON.stringify(recipeIds))) pushTo(graph.lines, row.recipe_id, rowToLine(row));
  }
  const ingredientIds = new Set(extra);
  for (const list of graph.lines.values()) for (const line of list) ingredientIds.add(line.ingredient_id);
  if (ingredientIds.size === 0) return;
  for (const row of rowsOf<IngredientRow>(statements.ingredients, JSON.stringify([...ingredientIds]), accountId)) {
    graph.ingredients.set(row.id, rowToIngredient(row));
  }
}
