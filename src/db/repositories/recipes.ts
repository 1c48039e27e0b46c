// The recipes table: the only place that knows its SQL.
import { parseLanguageTexts } from '../../core/language-texts.js';
import { type Selectable, sql } from 'kysely';
import type { LabelSettings } from '../../core/label/shared/label-input.js';
import type { Recipe, RecipeFields, YieldUnit } from '../../core/recipe/types.js';
import { searchText } from '../../lib/text.js';
import { lockRows, type RowLock } from '../locks.js';
import { readAll } from '../prepared.js';
import type { Executor } from '../schema.js';
import type { RecipesTable } from '../tables/recipes.js';
import { nameFilter, SORT_COLUMN, type OwnListOptions } from './own-lists.js';
import { looksLikeToken } from '../../lib/token-text.js';

type Row = Selectable<RecipesTable>;

export function rowToRecipe(row: Row): Recipe {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    name_fr: row.name_fr,
    sku: row.sku,
    preparation: row.preparation,
    subrecipe_name: row.subrecipe_name,
    package_yield_quantity: row.package_yield_quantity,
    package_yield_unit: row.package_yield_unit as YieldUnit,
    servings: row.servings,
    packages: row.packages,
    suggested_serving: row.suggested_serving,
    visual_unit_of_measure: row.visual_unit_of_measure,
    prepared_serving_note: row.prepared_serving_note,
    ingredient_list: row.ingredient_list,
    ingredient_list_fr: row.ingredient_list_fr,
    names: parseLanguageTexts(row.names),
    ingredient_lists: parseLanguageTexts(row.ingredient_lists),
    labor_cost: row.labor_cost,
    overhead_cost: row.overhead_cost,
    packaging_cost: row.packaging_cost,
    tags: JSON.parse(row.tags),
    allergens: JSON.parse(row.allergens),
    label_settings: JSON.parse(row.label_settings) as LabelSettings,
    embed_token: row.embed_token,
    archived: row.archived === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function fieldsToRow(fields: RecipeFields) {
  return {
    name: fields.name,
    name_fr: fields.name_fr,
    search_name: searchText(fields.name),
    sku: fields.sku,
    preparation: fields.preparation,
    subrecipe_name: fields.subrecipe_name,
    package_yield_quantity: fields.package_yield_quantity,
    package_yield_unit: fields.package_yield_unit,
    servings: fields.servings,
    packages: fields.packages,
    suggested_serving: fields.suggested_serving,
    visual_unit_of_measure: fields.visual_unit_of_measure,
    prepared_serving_note: fields.prepared_serving_note,
    ingredient_list: fields.ingredient_list,
    ingredient_list_fr: fields.ingredient_list_fr,
    names: JSON.stringify(fields.names ?? {}),
    ingredient_lists: JSON.stringify(fields.ingredient_lists ?? {}),
    labor_cost: fields.labor_cost,
    overhead_cost: fields.overhead_cost,
    packaging_cost: fields.packaging_cost,
    tags: JSON.stringify(fields.tags),
    allergens: JSON.stringify(fields.allergens),
    label_settings: JSON.stringify(fields.label_settings),
    archived: fields.archived ? 1 : 0,
  };
}

/**
 * Makes sure the account's count rows exist, counting its recipes once when they do not (an account's
 * first write, or recipes loaded behind the repository's back). Call before changing recipes.
 */
async function ensureCounts(db: Executor, accountId: number): Promise<void> {
  const existing = await db.selectFrom('recipe_counts').select('archived').where('account_id', '=', accountId).execute();
  if (existing.length === 2) return;
  const counted = await db
    .selectFrom('recipes')
    .select(['archived', (eb) => eb.fn.countAll<number>().as('n')])
    .where('account_id', '=', accountId)
    .groupBy('archived')
    .execute();
  const rows = [0, 1].map((archived) => ({
    account_id: accountId,
    archived,
    n: Number(counted.find((c) => Number(c.archived) === archived)?.n ?? 0),
  }));
  await db
    .insertInto('recipe_counts')
    .values(rows)
    .onConflict((oc) => oc.columns(['account_id', 'archived']).doNothing())
    .execute();
}

async function adjustCount(db: Executor, accountId: number, archived: boolean, delta: number): Promise<void> {
  await db
    .updateTable('recipe_counts')
    .set((eb) => ({ n: eb('n', '+', delta) }))
    .where('account_id', '=', accountId)
    .where('archived', '=', archived ? 1 : 0)
    .execute();
}

async function countRecipes(db: Executor, accountId: number, archived: RecipeListOptions['archived']): Promise<number> {
  let rows = await db.selectFrom('recipe_counts').select(['archived', 'n']).where('account_id', '=', accountId).execute();
  if (rows.length < 2) {
    await ensureCounts(db, accountId);
    rows = await db.selectFrom('recipe_counts').select(['archived', 'n']).where('account_id', '=', accountId).execute();
  }
  const of = (state: number) => Number(rows.find((r) => Number(r.archived) === state)?.n ?? 0);
  return archived === 'active' ? of(0) : archived === 'archived' ? of(1) : of(0) + of(1);
}

export async function insertRecipe(
  db: Executor,
  accountId: number,
  fields: RecipeFields,
  embedToken: string,
  now: string,
): Promise<Recipe> {
  await ensureCounts(db, accountId);
  await adjustCount(db, accountId, fields.archived, 1);
  const row = await db
    .insertInto('recipes')
    .values({ ...fieldsToRow(fields), account_id: accountId, embed_token: embedToken, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return rowToRecipe(row);
}

export async function updateRecipeRow(db: Executor, id: number, fields: RecipeFields, embedToken: string, now: string): Promise<Recipe> {
  const before = await db.selectFrom('recipes').select(['account_id', 'archived']).where('id', '=', id).executeTakeFirstOrThrow();
  if ((before.archived === 1) !== fields.archived) {
    await ensureCounts(db, before.account_id);
    await adjustCount(db, before.account_id, before.archived === 1, -1);
    await adjustCount(db, before.account_id, fields.archived, 1);
  }
  const row = await db
    .updateTable('recipes')
    .set({ ...fieldsToRow(fields), embed_token: embedToken, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return rowToRecipe(row);
}

/** Marks a recipe changed (its lines changed) so updated_at sorting follows. */
export async function touchRecipe(db: Executor, id: number, now: string): Promise<void> {
  await db.updateTable('recipes').set({ updated_at: now }).where('id', '=', id).execute();
}

/** `lock`: hold the row until the transaction ends (PostgreSQL; see src/db/locks.ts). */
export async function findOwnRecipe(db: Executor, id: number, accountId: number, lock?: RowLock): Promise<Recipe | undefined> {
  const query = db.selectFrom('recipes').selectAll().where('id', '=', id).where('account_id', '=', accountId);
  const row = await lockRows(db, query, lock).executeTakeFirst();
  return row ? rowToRecipe(row) : undefined;
}

export async function findOwnRecipes(db: Executor, ids: readonly number[], accountId: number): Promise<Recipe[]> {
  if (ids.length === 0) return [];
  // "+account_id": the unary plus keeps SQLite on the primary key; with the plain column it may walk the
  // account's whole index (100,000 rows for a large account) to find a page's worth of ids.
  const rows = await db
    .selectFrom('recipes')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .where(sql`+account_id`, '=', accountId)
    .execute();
  return rows.map(rowToRecipe);
}

export async function findRecipeByEmbedToken(db: Executor, token: string): Promise<Recipe | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const row = await db.selectFrom('recipes').selectAll().where('embed_token', '=', token).executeTakeFirst();
  return row ? rowToRecipe(row) : undefined;
}

export async function deleteRecipeRow(db: Executor, id: number): Promise<void> {
  const before = await db.selectFrom('recipes').select(['account_id', 'archived']).where('id', '=', id).executeTakeFirst();
  if (!before) return;
  await ensureCounts(db, before.account_id);
  await adjustCount(db, before.account_id, before.archived === 1, -1);
  await db.deleteFrom('recipes').where('id', '=', id).execute();
}

export type RecipeListOptions = OwnListOptions;

export async function listOwnRecipes(db: Executor, o: RecipeListOptions): Promise<{ items: Recipe[]; total: number }> {
  let base = db.selectFrom('recipes').where('account_id', '=', o.accountId);
  if (o.archived !== 'all') base = base.where('archived', '=', o.archived === 'archived' ? 1 : 0);
  if (o.q) base = base.where(nameFilter(o.q));
  const column = SORT_COLUMN[o.sortField];
  const rows = await readAll(db, base.selectAll().orderBy(column, o.direction).orderBy('id', o.direction).limit(o.limit).offset(o.offset));
  // A name filter is counted directly; the plain list reads the maintained counts.
  const total = o.q
    ? Number(
        (
          await readAll(
            db,
            base.select((eb) => eb.fn.countAll<number>().as('n')),
          )
        )[0]?.n ?? 0,
      )
    : await countRecipes(db, o.accountId, o.archived);
  return { items: rows.map(rowToRecipe), total };
}
