// The ingredients table (and per-account tags): the only place that knows their SQL.
import { parseLanguageTexts } from '../../core/language-texts.js';
import { type IntenseSweetenerKey, parseIntenseSweeteners } from '../../core/sweeteners.js';
import type { Selectable } from 'kysely';
import type { Ingredient, IngredientFields, NonFoodKind } from '../../core/ingredient.js';
import { RowMemo } from '../../lib/row-memo.js';
import { searchText } from '../../lib/text.js';
import { lockRows, type RowLock } from '../locks.js';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { readerFor } from '../connect.js';
import { preparedQuery, readAll } from '../prepared.js';
import { nameFilter, SORT_COLUMN, type OwnListOptions } from './own-lists.js';
import type { Executor } from '../schema.js';
import type { IngredientsTable } from '../tables/core.js';

type Row = Selectable<IngredientsTable>;

export function rowToIngredient(row: Row): Ingredient {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    name_fr: row.name_fr,
    recipe_id: row.recipe_id,
    brand: row.brand,
    source: row.source,
    ingredient_list: row.ingredient_list,
    ingredient_list_fr: row.ingredient_list_fr,
    names: parseLanguageTexts(row.names),
    ingredient_lists: parseLanguageTexts(row.ingredient_lists),
    allergens: JSON.parse(row.allergens),
    allergens_inferred: row.allergens_inferred === 1,
    sugars_based: row.sugars_based === null ? null : row.sugars_based === 1,
    usda_verified: row.usda_verified === 1,
    user_verified: row.user_verified === 1,
    archived: row.archived === 1,
    food: row.food === 1,
    non_food: row.non_food as NonFoodKind | null,
    safety_amount: row.safety_amount,
    subrecipe: row.subrecipe === 1,
    portions: JSON.parse(row.portions),
    nutrients: JSON.parse(row.nutrients),
    category: row.category,
    fdc_id: row.fdc_id,
    statement_name: row.statement_name,
    statement_name_generated: row.statement_name_generated === 1,
    nutrients_inferred: JSON.parse(row.nutrients_inferred),
    created_at: row.created_at,
    updated_at: row.updated_at,
    adds_fat: row.adds_fat === 1,
    adds_sodium: row.adds_sodium === 1,
    non_caloric_sweetener: row.non_caloric_sweetener === 1,
    added_caffeine: row.added_caffeine === 1,
    polyols_intrinsic: row.polyols_intrinsic === 1,
    intense_sweeteners: parseSweeteners(row.intense_sweeteners),
  };
}

export function fieldsToRow(fields: IngredientFields) {
  return {
    name: fields.name,
    name_fr: fields.name_fr,
    search_name: searchText(fields.name),
    recipe_id: fields.recipe_id,
    brand: fields.brand,
    source: fields.source,
    ingredient_list: fields.ingredient_list,
    ingredient_list_fr: fields.ingredient_list_fr,
    names: JSON.stringify(fields.names ?? {}),
    ingredient_lists: JSON.stringify(fields.ingredient_lists ?? {}),
    allergens: JSON.stringify(fields.allergens),
    allergens_inferred: fields.allergens_inferred ? 1 : 0,
    sugars_based: fields.sugars_based === null ? null : fields.sugars_based ? 1 : 0,
    usda_verified: fields.usda_verified ? 1 : 0,
    user_verified: fields.user_verified ? 1 : 0,
    archived: fields.archived ? 1 : 0,
    food: fields.food ? 1 : 0,
    non_food: fields.non_food,
    safety_amount: fields.safety_amount,
    subrecipe: fields.subrecipe ? 1 : 0,
    // Trailing empty slots are not stored.
    portions: JSON.stringify(trimSlots(fields.portions)),
    nutrients: JSON.stringify(fields.nutrients),
    adds_fat: fields.adds_fat ? 1 : 0,
    adds_sodium: fields.adds_sodium ? 1 : 0,
    non_caloric_sweetener: fields.non_caloric_sweetener ? 1 : 0,
    added_caffeine: fields.added_caffeine ? 1 : 0,
    polyols_intrinsic: fields.polyols_intrinsic ? 1 : 0,
    intense_sweeteners: JSON.stringify(fields.intense_sweeteners ?? []),
    ...(fields.category !== undefined ? { category: fields.category } : {}),
    ...(fields.statement_name !== undefined ? { statement_name: fields.statement_name } : {}),
    ...(fields.statement_name_generated !== undefined ? { statement_name_generated: fields.statement_name_generated ? 1 : 0 } : {}),
    ...(fields.nutrients_inferred !== undefined ? { nutrients_inferred: JSON.stringify(fields.nutrients_inferred) } : {}),
  };
}

/** A stored list of intense sweeteners (a broken or missing one is none). */
function parseSweeteners(stored: string | null | undefined): IntenseSweetenerKey[] {
  if (!stored) return [];
  try {
    const parsed = parseIntenseSweeteners(JSON.parse(stored) as unknown);
    return parsed.ok ? parsed.value : [];
  } catch {
    return [];
  }
}

function trimSlots<T>(slots: Array<T | null>): Array<T | null> {
  let end = slots.length;
  while (end > 0 && slots[end - 1] === null) end--;
  return slots.slice(0, end);
}

export async function insertIngredient(
  db: Executor,
  accountId: number | null,
  fields: IngredientFields,
  now: string,
  fdcId: number | null = null,
): Promise<Ingredient> {
  const row = await db
    .insertInto('ingredients')
    .values({ ...fieldsToRow(fields), account_id: accountId, fdc_id: fdcId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return rowToIngredient(row);
}

export async function updateIngredientRow(db: Executor, id: number, fields: IngredientFields, now: string): Promise<Ingredient> {
  const row = await db
    .updateTable('ingredients')
    .set({ ...fieldsToRow(fields), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return rowToIngredient(row);
}

const readableById = preparedQuery<Row, [number, number]>((db) =>
  db
    .selectFrom('ingredients')
    .selectAll()
    .where('id', '=', 0)
    .where((eb) => eb.or([eb('account_id', '=', 0), eb('account_id', 'is', null)])),
);

/**
 * An ingredient the account may read: its own, or a public one. `lock` holds the row until the
 * transaction ends (PostgreSQL; see src/db/locks.ts).
 */
export async function findReadableIngredient(db: Executor, id: number, accountId: number, lock?: RowLock): Promise<Ingredient | undefined> {
  if (lock !== undefined) return (await findReadableIngredients(db, [id], accountId, lock)).get(id);
  const [row] = await readableById(db, id, accountId);
  return row ? rowToIngredient(row) : undefined;
}

// SQLite's read connection answers the ingredient and its tags in one statement: each statement
// starts a WAL read transaction (a few µs of locking), so one instead of two is the cheaper read
// of GET /v1/ingredients/{id} (BENCHMARKS.md "ingredients"). The tag order is the list's (by name).
// tag_names is the last column: the ingredient's own values are all the others.
const readableWithTagsSql = `select ingredients.*,
  (select json_group_array(name order by name) from ingredient_tags t where t.account_id = ? and t.ingredient_id = ingredients.id) as tag_names
  from ingredients where id = ? and (account_id = ? or account_id is null)`;

/** The statement twice: answering objects (to make an ingredient of) and arrays (to compare with a remembered row). */
interface ReadableWithTags {
  objects: Statement;
  arrays: Statement;
}
const readableWithTagsStatements = new WeakMap<object, ReadableWithTags>();

function readableWithTagsOf(reader: SqliteDatabase): ReadableWithTags {
  let statements = readableWithTagsStatements.get(reader);
  if (!statements) {
    statements = { objects: reader.prepare(readableWithTagsSql), arrays: reader.prepare(readableWithTagsSql).raw(true) };
    readableWithTagsStatements.set(reader, statements);
  }
  return statements;
}

// The single-ingredient read makes the same Ingredient from the same unchanged row again and
// again; per database, the rows read more than once lately are remembered with what was made of
// them (src/lib/row-memo.ts: checked against the row read in this request, so never stale).
const MEMO_ROWS = 500;
const readMemos = new WeakMap<object, RowMemo<Ingredient>>();
const NO_TAGS: readonly string[] = Object.freeze([]);

/** The ingredient's own stored values of a readableWithTagsSql row: all but tag_names, the last column. */
function valuesBeforeTags(row: object): unknown[] {
  const values = Object.values(row);
  values.pop();
  return values;
}

const tagsOfColumn = (tagNames: string): readonly string[] => (tagNames === '[]' ? NO_TAGS : (JSON.parse(tagNames) as string[]));

function memoFor(db: object): RowMemo<Ingredient> {
  let memo = readMemos.get(db);
  if (!memo) readMemos.set(db, (memo = new RowMemo(MEMO_ROWS)));
  return memo;
}

/**
 * An ingredient the account may read, with the account's tags on it (see findReadableIngredient).
 * A frozen ingredient is shared with later reads of the unchanged row.
 */
export async function findReadableIngredientWithTags(
  db: Executor,
  id: number,
  accountId: number,
): Promise<{ ingredient: Ingredient; tags: readonly string[] } | undefined> {
  const reader = readerFor(db);
  if (!reader) {
    const [row] = await readableById(db, id, accountId);
    if (!row) return undefined;
    const ingredient = memoFor(db).get(id, row, Object.values, rowToIngredient);
    return { ingredient, tags: (await tagsFor(db, accountId, [id])).get(id) ?? NO_TAGS };
  }
  const statements = readableWithTagsOf(reader);
  const memo = memoFor(reader);
  // A remembered row is read as an array (better-sqlite3's raw mode) and compared as it comes: an
  // object of forty members per read cost ~5 µs more. A row not remembered, or changed, is read
  // as an object to make the ingredient of (making the object from an array cost more again).
  if (memo.has(id)) {
    const values = statements.arrays.get(accountId, id, accountId) as unknown[] | undefined;
    if (!values) return undefined;
    const tagNames = values.pop() as string;
    const ingredient = memo.remembered(id, values);
    if (ingredient) return { ingredient, tags: tagsOfColumn(tagNames) };
  }
  const row = statements.objects.get(accountId, id, accountId) as (Row & { tag_names: string }) | undefined;
  if (!row) return undefined;
  const ingredient = memo.get(id, row, valuesBeforeTags, rowToIngredient);
  return { ingredient, tags: tagsOfColumn(row.tag_names) };
}

export async function findReadableIngredients(
  db: Executor,
  ids: readonly number[],
  accountId: number,
  lock?: RowLock,
): Promise<Map<number, Ingredient>> {
  const found = new Map<number, Ingredient>();
  if (ids.length === 0) return found;
  const query = db
    .selectFrom('ingredients')
    .selectAll()
    // Sorted ids: rows are locked in id order, the same in every transaction (no lock-order deadlock).
    .where(
      'id',
      'in',
      [...new Set(ids)].sort((a, b) => a - b),
    )
    .where((eb) => eb.or([eb('account_id', '=', accountId), eb('account_id', 'is', null)]))
    .orderBy('id');
  const rows = await lockRows(db, query, lock).execute();
  for (const row of rows) found.set(row.id, rowToIngredient(row));
  return found;
}

export async function deleteIngredientRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('ingredients').where('id', '=', id).execute();
}

export async function publicNameTaken(db: Executor, name: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('ingredients').select('id').where('account_id', 'is', null).where('name', '=', name);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export type IngredientListOptions = OwnListOptions;

export async function listOwnIngredients(db: Executor, o: IngredientListOptions): Promise<{ items: Ingredient[]; total: number }> {
  let base = db.selectFrom('ingredients').where('account_id', '=', o.accountId);
  if (o.archived !== 'all') base = base.where('archived', '=', o.archived === 'archived' ? 1 : 0);
  if (o.q) base = base.where(nameFilter(o.q));
  const column = SORT_COLUMN[o.sortField];
  const [rows, count] = await Promise.all([
    readAll(db, base.selectAll().orderBy(column, o.direction).orderBy('id', o.direction).limit(o.limit).offset(o.offset)),
    readAll(
      db,
      base.select((eb) => eb.fn.countAll<number>().as('n')),
    ),
  ]);
  return { items: rows.map(rowToIngredient), total: Number(count[0]?.n ?? 0) };
}

export async function replaceTags(db: Executor, accountId: number, ingredientId: number, names: readonly string[]): Promise<void> {
  await db.deleteFrom('ingredient_tags').where('account_id', '=', accountId).where('ingredient_id', '=', ingredientId).execute();
  if (names.length > 0) {
    await db
      .insertInto('ingredient_tags')
      .values(names.map((name) => ({ account_id: accountId, ingredient_id: ingredientId, name })))
      .execute();
  }
}

const tagsOfOne = preparedQuery<{ ingredient_id: number; name: string }, [number, number]>((db) =>
  db
    .selectFrom('ingredient_tags')
    .select(['ingredient_id', 'name'])
    .where('account_id', '=', 0)
    .where('ingredient_id', '=', 0)
    .orderBy('name'),
);

export async function tagsFor(db: Executor, accountId: number, ingredientIds: readonly number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>();
  const [only] = ingredientIds;
  if (only === undefined) return tags;
  if (ingredientIds.length === 1) {
    const rows = await tagsOfOne(db, accountId, only);
    if (rows.length > 0)
      tags.set(
        only,
        rows.map((r) => r.name),
      );
    return tags;
  }
  const rows = await readAll(
    db,
    db
      .selectFrom('ingredient_tags')
      .select(['ingredient_id', 'name'])
      .where('account_id', '=', accountId)
      .where('ingredient_id', 'in', [...new Set(ingredientIds)])
      .orderBy('name'),
  );
  for (const row of rows) {
    const list = tags.get(row.ingredient_id) ?? [];
    list.push(row.name);
    tags.set(row.ingredient_id, list);
  }
  return tags;
}
