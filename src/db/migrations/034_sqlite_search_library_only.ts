// SQLite: the FTS5 trigram table of migration 007 held every name, the library's and every
// account's, so a search read every account's matches and threw away all but the caller's: on the
// load benchmark (1,000 accounts, each with its own "Flour"), an own-ingredient search for "flour"
// found 1,000 names to keep one, and each account's names slowed every other account's searches.
// Now ingredient_search holds the public library alone; a search finds the caller's own names by
// walking its rows of the (account_id, archived, search_name, id) index, which costs what the
// account holds (~70 ns a name) and nothing of another account's (repositories/ingredient-search.ts,
// sqliteSource). An ingredient written to an account no longer writes the FTS table either. The
// triggers keep search_words and the table in step with the row, and add or remove a name when its
// owner changes. PostgreSQL: nothing to do.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

// Frozen copy of the word separators of repositories/ingredient-search.ts (a shipped migration never changes).
const SEPARATORS = [',', '(', ')', '.', '/', "'", '"', ';', ':', '&', '+', '!', '?', '%', '_', '[', ']', '*', '#', '\\', '-'];

function sqliteWords(column: string): string {
  let expr = column;
  for (const ch of SEPARATORS) expr = `replace(${expr}, '${ch.replace(/'/g, "''")}', ' ')`;
  return `' ' || ${expr} || ' '`;
}

const fileIfPublic = `INSERT INTO ingredient_search (rowid, words)
      SELECT new.id, ${sqliteWords('new.search_name')} WHERE new.account_id IS NULL;`;

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql.raw('DELETE FROM ingredient_search WHERE rowid IN (SELECT id FROM ingredients WHERE account_id IS NOT NULL)').execute(db);
  // FTS5 deletes add tombstones that searches read until segments merge: merge them now (7 ms for
  // 10,000 names; "flour" on the load benchmark's accounts 294 -> 232 µs a search).
  await sql.raw(`INSERT INTO ingredient_search (ingredient_search) VALUES ('optimize')`).execute(db);
  // The delete trigger of migration 007 stays: deleting a rowid the table does not hold does nothing.
  for (const trigger of ['insert', 'update']) await sql.raw(`DROP TRIGGER ingredient_search_${trigger}`).execute(db);
  await sql
    .raw(`CREATE TRIGGER ingredient_search_insert AFTER INSERT ON ingredients BEGIN
    UPDATE ingredients SET search_words = ${sqliteWords('new.search_name')} WHERE id = new.id;
    ${fileIfPublic} END`)
    .execute(db);
  // A write that leaves the name and the owner as they were (most ingredient updates set every
  // column) leaves the FTS table alone.
  await sql
    .raw(`CREATE TRIGGER ingredient_search_update AFTER UPDATE OF search_name, account_id ON ingredients
    WHEN old.search_name IS NOT new.search_name OR old.account_id IS NOT new.account_id BEGIN
    UPDATE ingredients SET search_words = ${sqliteWords('new.search_name')} WHERE id = new.id;
    DELETE FROM ingredient_search WHERE rowid = old.id;
    ${fileIfPublic} END`)
    .execute(db);
}
