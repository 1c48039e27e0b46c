// Recipe revisions (docs/api.md#history): each write's numbered change and manifest of its recipe.
import { CompiledQuery, sql } from 'kysely';
import { isPostgres } from '../../locks.js';
import type { Executor } from '../../schema.js';
import type { RecipeRevisionsTable } from '../../tables/revisions.js';
import { everyColumnOf, insertText, insertValues, valuesOf } from './inserts.js';
import { type HistoryPartRow, insertHistoryPartRows, PART_BATCH, PART_COLUMNS, PARTS_ON_CONFLICT } from './parts.js';

const REVISION_META = ['recipe_id', 'number', 'created_at', 'changed_by', 'request_id', 'changes'] as const;

/** What a revision's list and reads show of it: its stored meta columns (src/db/tables/revisions.ts). */
export type RevisionRow = Pick<RecipeRevisionsTable, (typeof REVISION_META)[number]>;

/**
 * The newest revision's number and manifest of each of the recipes (recipes without any are absent):
 * the base the next change is compared with.
 */
export async function latestRevisions(db: Executor, recipeIds: readonly number[]): Promise<Map<number, LatestRevision>> {
  const latest = new Map<number, LatestRevision>();
  for (let i = 0; i < recipeIds.length; i += PART_BATCH) {
    const batch = recipeIds.slice(i, i + PART_BATCH);
    // Written as SQL: building this query with Kysely cost more than running it, on every write.
    // PostgreSQL: one backward step on recipe_revisions_number per recipe, whatever its statistics
    // say. The correlated max() SQLite plans on that index had PostgreSQL scan every revision of the
    // table, each write slower than the last (3.8 -> 6.6 ms over 600 writes; BENCHMARKS.md).
    const query = isPostgres(db)
      ? sql<LatestRevision>`select x.recipe_id, r.number, r.manifest from unnest(${batch}::int4[]) as x(recipe_id)
        cross join lateral (select n.number, n.manifest from recipe_revisions n where n.recipe_id = x.recipe_id
          order by n.number desc limit 1) r`
      : sql<LatestRevision>`select r.recipe_id, r.number, r.manifest from recipe_revisions r
        where r.recipe_id in (${sql.join(batch)})
        and r.number = (select max(n.number) from recipe_revisions n where n.recipe_id = r.recipe_id)`;
    for (const row of (await query.execute(db)).rows) latest.set(row.recipe_id, row);
  }
  return latest;
}

export interface LatestRevision {
  recipe_id: number;
  number: number;
  manifest: string;
}

/** The revision in force at `at` (ISO seconds): the newest created at or before it, of the account's recipe. */
export async function revisionAt(
  db: Executor,
  accountId: number,
  recipeId: number,
  at: string,
): Promise<(RevisionRow & { manifest: string }) | undefined> {
  // Ordered as the index recipe_revisions_created is: the first row is the answer, whatever the count.
  return db
    .selectFrom('recipe_revisions')
    .select([...REVISION_META, 'manifest'])
    .where('recipe_id', '=', recipeId)
    .where('account_id', '=', accountId)
    .where('created_at', '<=', at)
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The account's recipe revisions of these numbers, with their manifests (numbers that do not exist are absent). */
export async function revisionsByNumber(
  db: Executor,
  accountId: number,
  recipeId: number,
  numbers: readonly number[],
): Promise<Map<number, RevisionRow & { manifest: string }>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('recipe_revisions')
    .select([...REVISION_META, 'manifest'])
    .where('recipe_id', '=', recipeId)
    .where('account_id', '=', accountId)
    .where('number', 'in', [...numbers])
    .execute();
  return new Map(rows.map((row) => [row.number, row]));
}

export async function deleteRevisionsOf(db: Executor, recipeId: number): Promise<void> {
  await db.deleteFrom('recipe_revisions').where('recipe_id', '=', recipeId).execute();
  await db.deleteFrom('recipe_history_parts').where('recipe_id', '=', recipeId).execute();
}

export type NewRevision = RevisionRow & { account_id: number; manifest: string };

/**
 * A write's new parts, then its revisions (insertHistoryPartRows, insertRevisions). On PostgreSQL in
 * one statement, the parts' insert a data-modifying WITH of the revisions' (one round trip of the
 * server instead of two; SQLite has no such WITH, and runs in process).
 */
export async function insertPartsAndRevisions(
  db: Executor,
  parts: readonly HistoryPartRow[],
  revisions: readonly NewRevision[],
): Promise<void> {
  if (!isPostgres(db) || parts.length === 0 || revisions.length === 0 || parts.length > PART_BATCH || revisions.length > PART_BATCH) {
    await insertHistoryPartRows(db, parts);
    await insertRevisions(db, revisions);
    return;
  }
  const partsText = insertText(true, 'recipe_history_parts', PART_COLUMNS, parts.length, PARTS_ON_CONFLICT);
  const revisionsText = insertText(true, 'recipe_revisions', REVISION_COLUMNS, revisions.length, '', parts.length * PART_COLUMNS.length);
  const parameters = [...valuesOf(PART_COLUMNS, parts), ...valuesOf(REVISION_COLUMNS, revisions)];
  await db.executeQuery(CompiledQuery.raw(`with parts as (${partsText}) ${revisionsText}`, parameters));
}

async function insertRevisions(db: Executor, rows: readonly NewRevision[]): Promise<void> {
  for (let i = 0; i < rows.length; i += PART_BATCH)
    await insertValues(db, 'recipe_revisions', REVISION_COLUMNS, rows.slice(i, i + PART_BATCH));
}

const REVISION_COLUMNS = everyColumnOf<NewRevision>()(
  'account_id',
  'recipe_id',
  'number',
  'created_at',
  'changed_by',
  'request_id',
  'changes',
  'manifest',
);

/** Newest first; `after` keeps only revisions with a greater number (the causes of a diff). */
export async function listRevisions(
  db: Executor,
  accountId: number,
  recipeId: number,
  slice: { offset: number; limit: number; after?: number },
): Promise<{ items: RevisionRow[]; total: number }> {
  let base = db.selectFrom('recipe_revisions').where('recipe_id', '=', recipeId).where('account_id', '=', accountId);
  if (slice.after !== undefined) base = base.where('number', '>', slice.after);
  const [items, count] = await Promise.all([
    base.select(REVISION_META).orderBy('number', 'desc').offset(slice.offset).limit(slice.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** Recipes with a revision older than `before`: those whose revisions (and parts) a prune may remove. */
export async function recipesWithRevisionsBefore(db: Executor, before: string): Promise<number[]> {
  const rows = await db.selectFrom('recipe_revisions').select('recipe_id').distinct().where('created_at', '<', before).execute();
  return rows.map((r) => r.recipe_id);
}

/**
 * Deletes revisions older than `before`, except each recipe's newest one before it: that one still
 * answers as_of at the cut-off and is what the next change is compared with.
 */
export async function pruneRevisions(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('recipe_revisions as r')
    .where('r.created_at', '<', before)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('recipe_revisions as newer')
          .select('newer.id')
          .whereRef('newer.recipe_id', '=', 'r.recipe_id')
          .whereRef('newer.number', '>', 'r.number')
          .where('newer.created_at', '<', before),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
