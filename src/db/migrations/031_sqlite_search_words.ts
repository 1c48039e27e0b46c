// SQLite: each ingredient's words in a column of its own, the text PostgreSQL keeps in its stored
// search_words column (migration 024): separators turned to spaces, padded with a space each side.
// Search ranked every match by reading these words from the FTS table of migration 007, and those
// reads were half of a broad query's time ("steamed" over 100,000 names, 10,000 matches); from the
// ingredient row the search already reads they cost next to nothing. Kept by the FTS triggers of
// migration 007, recreated here to write both. PostgreSQL: nothing to do.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

// Frozen copy of the word separators of repositories/ingredient-search.ts (a shipped migration never changes).
const SEPARATORS = [',', '(', ')', '.', '/', "'", '"', ';', ':', '&', '+', '!', '?', '%', '_', '[', ']', '*', '#', '\\', '-'];

function sqliteWords(column: string): string {
  let expr = column;
  for (const ch of SEPARATORS) expr = `replace(${expr}, '${ch.replace(/'/g, "''")}', ' ')`;
  return `' ' || ${expr} || ' '`;
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql.raw(`ALTER TABLE ingredients ADD COLUMN search_words TEXT NOT NULL DEFAULT ''`).execute(db);
  await sql.raw(`UPDATE ingredients SET search_words = ${sqliteWords('search_name')}`).execute(db);
  await sql.raw('DROP TRIGGER ingredient_search_insert').execute(db);
  await sql.raw('DROP TRIGGER ingredient_search_update').execute(db);
  await sql
    .raw(`CREATE TRIGGER ingredient_search_insert AFTER INSERT ON ingredients BEGIN
    UPDATE ingredients SET search_words = ${sqliteWords('new.search_name')} WHERE id = new.id;
    INSERT INTO ingredient_search (rowid, words) VALUES (new.id, ${sqliteWords('new.search_name')}); END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ingredient_search_update AFTER UPDATE OF search_name ON ingredients BEGIN
    UPDATE ingredients SET search_words = ${sqliteWords('new.search_name')} WHERE id = new.id;
    UPDATE ingredient_search SET words = ${sqliteWords('new.search_name')} WHERE rowid = new.id; END`)
    .execute(db);
}
