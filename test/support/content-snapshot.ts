// What the account-visible data of a test database holds, as one comparable value: a request that
// was refused must leave it exactly as it was. Usage counters and key bookkeeping (last use) are
// left out: every request, refused or not, may move them.
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/connect.js';

const CONTENT_TABLES = [
  'accounts',
  'ingredients',
  'ingredient_tags',
  'recipes',
  'recipe_ingredients',
  'recipe_counts',
  'ingredient_costs',
  'cost_changes',
  'label_renders',
  'sessions',
] as const;

export async function contentSnapshot(database: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of CONTENT_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
    snapshot[table] = rows.map((row) => JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).sort();
  }
  return snapshot;
}
