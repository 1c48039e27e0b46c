// The parts of recipes' revisions (docs/api.md#history): bodies stored once per recipe and hash, named by
// the revisions' manifests.
import type { Executor } from '../../schema.js';
import { everyColumnOf, insertValues } from './inserts.js';

// Rows per statement when parts are written or looked up by hash: far below both databases' limits
// on bound parameters (SQLite 32,766; PostgreSQL 65,535) with four columns a row.
export const PART_BATCH = 500;

export interface HistoryPartRow {
  account_id: number;
  recipe_id: number;
  hash: string;
  body: string;
}

/** Stores parts of recipes' revisions; a part its recipe already has (same hash) is kept as it is. */
export async function insertHistoryPartRows(db: Executor, rows: readonly HistoryPartRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += PART_BATCH) {
    await insertValues(db, 'recipe_history_parts', PART_COLUMNS, rows.slice(i, i + PART_BATCH), PARTS_ON_CONFLICT);
  }
}

export const PART_COLUMNS = everyColumnOf<HistoryPartRow>()('account_id', 'recipe_id', 'hash', 'body');
export const PARTS_ON_CONFLICT = ' on conflict (recipe_id, hash) do nothing';

/** The bodies of the recipe's parts with these hashes. */
export async function historyPartBodies(db: Executor, recipeId: number, hashes: readonly string[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  const unique = [...new Set(hashes)];
  for (let i = 0; i < unique.length; i += PART_BATCH) {
    const rows = await db
      .selectFrom('recipe_history_parts')
      .select(['hash', 'body'])
      .where('recipe_id', '=', recipeId)
      .where('hash', 'in', unique.slice(i, i + PART_BATCH))
      .execute();
    for (const row of rows) bodies.set(row.hash, row.body);
  }
  return bodies;
}

/** The manifests of a recipe's remaining revisions, and the hashes of the parts it has stored. */
export async function historyPartUse(db: Executor, recipeId: number): Promise<{ manifests: string[]; hashes: string[] }> {
  const [manifests, parts] = await Promise.all([
    db.selectFrom('recipe_revisions').select('manifest').where('recipe_id', '=', recipeId).execute(),
    db.selectFrom('recipe_history_parts').select('hash').where('recipe_id', '=', recipeId).execute(),
  ]);
  return { manifests: manifests.map((r) => r.manifest), hashes: parts.map((r) => r.hash) };
}

export async function deleteHistoryParts(db: Executor, recipeId: number, hashes: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < hashes.length; i += PART_BATCH) {
    const result = await db
      .deleteFrom('recipe_history_parts')
      .where('recipe_id', '=', recipeId)
      .where('hash', 'in', hashes.slice(i, i + PART_BATCH))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows ?? 0);
  }
  return deleted;
}
