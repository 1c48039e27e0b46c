// SQLite: an insert that already carries a name's search_words skips the trigger's second write of
// the row. Migration 034's insert trigger wrote search_words with an UPDATE of the row just inserted
// (the row and its indexes written twice): about half of what creating an ingredient costs, and
// most of the time a 10,000-row import held the one writer (docs/api.md#import-transaction). Now the
// UPDATE runs only when the inserted search_words are not what the rule makes of search_name (the
// column's default '' never is), so the words are the same whoever computes them: an import computes
// them in JS (repositories/ingredient-search/words.ts, wordsOf) before its transaction. The public
// library's trigram entry moves to a trigger of its own, unchanged. PostgreSQL: nothing to do
// (search_words is a generated column there).
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
  await sql.raw('DROP TRIGGER ingredient_search_insert').execute(db);
  await sql
    .raw(`CREATE TRIGGER ingredient_search_insert AFTER INSERT ON ingredients
    WHEN new.search_words IS NOT ${sqliteWords('new.search_name')} BEGIN
    UPDATE ingredients SET search_words = ${sqliteWords('new.search_name')} WHERE id = new.id; END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ingredient_search_insert_library AFTER INSERT ON ingredients WHEN new.account_id IS NULL BEGIN
    INSERT INTO ingredient_search (rowid, words) VALUES (new.id, ${sqliteWords('new.search_name')}); END`)
    .execute(db);
}
