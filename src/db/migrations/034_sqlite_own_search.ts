// SQLite: the FTS5 trigram table of migration 007 held every name, the library's and every
// account's, so a search read every account's matches and threw away all but the caller's: on the
// load benchmark (1,000 accounts, each with its own "Flour"), an own-ingredient search for "flour"
// found 1,000 names to keep one, and each account's names slowed every other account's searches.
// Now ingredient_search holds the public library alone, and own_ingredient_search the accounts'
// names with their owner in a column of its own ("#<account id>#", matched as a phrase of its
// trigrams, so "#5#" never matches "#55#"): a search asks each table only for the names it may
// show (repositories/ingredient-search.ts). The triggers keep both, and search_words, in step with
// the row, and move a name between them when its owner changes. PostgreSQL: nothing to do.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

// Frozen copy of the word separators of repositories/ingredient-search.ts (a shipped migration never changes).
const SEPARATORS = [',', '(', ')', '.', '/', "'", '"', ';', ':', '&', '+', '!', '?', '%', '_', '[', ']', '*', '#', '\\', '-'];

function sqliteWords(column: string): string {
  let expr = column;
  for (const ch of SEPARATORS) expr = `replace(${expr}, '${ch.replace(/'/g, "''")}', ' ')`;
  return `' ' || ${expr} || ' '`;
}

/** Statements that file the row `row` (new or old) in the table its owner calls for. */
function fileRow(row: 'new'): string {
  return `INSERT INTO ingredient_search (rowid, words)
      SELECT ${row}.id, ${sqliteWords(`${row}.search_name`)} WHERE ${row}.account_id IS NULL;
    INSERT INTO own_ingredient_search (rowid, words, owner)
      SELECT ${row}.id, ${sqliteWords(`${row}.search_name`)}, '#' || ${row}.account_id || '#' WHERE ${row}.account_id IS NOT NULL;`;
}

const unfileRow = (row: 'old') => `DELETE FROM ingredient_search WHERE rowid = ${row}.id;
    DELETE FROM own_ingredient_search WHERE rowid = ${row}.id;`;

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql.raw(`CREATE VIRTUAL TABLE own_ingredient_search USING fts5(words, owner, tokenize = 'trigram')`).execute(db);
  await sql
    .raw(`INSERT INTO own_ingredient_search (rowid, words, owner)
    SELECT id, search_words, '#' || account_id || '#' FROM ingredients WHERE account_id IS NOT NULL`)
    .execute(db);
  await sql.raw('DELETE FROM ingredient_search WHERE rowid IN (SELECT id FROM ingredients WHERE account_id IS NOT NULL)').execute(db);
  // FTS5 deletes add tombstones that searches read until segments merge: merge them now (7 ms for
  // 10,000 names; "flour" on the load benchmark's accounts 294 -> 232 µs a search).
  await sql.raw(`INSERT INTO ingredient_search (ingredient_search) VALUES ('optimize')`).execute(db);
  for (const trigger of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER ingredient_search_${trigger}`).execute(db);
  await sql
    .raw(`CREATE TRIGGER ingredient_search_insert AFTER INSERT ON ingredients BEGIN
    UPDATE ingredients SET search_words = ${sqliteWords('new.search_name')} WHERE id = new.id;
    ${fileRow('new')} END`)
    .execute(db);
  // A write that leaves the name and the owner as they were (most ingredient updates set every
  // column) leaves the search tables alone.
  await sql
    .raw(`CREATE TRIGGER ingredient_search_update AFTER UPDATE OF search_name, account_id ON ingredients
    WHEN old.search_name IS NOT new.search_name OR old.account_id IS NOT new.account_id BEGIN
    UPDATE ingredients SET search_words = ${sqliteWords('new.search_name')} WHERE id = new.id;
    ${unfileRow('old')}
    ${fileRow('new')} END`)
    .execute(db);
  await sql.raw(`CREATE TRIGGER ingredient_search_delete AFTER DELETE ON ingredients BEGIN ${unfileRow('old')} END`).execute(db);
}
