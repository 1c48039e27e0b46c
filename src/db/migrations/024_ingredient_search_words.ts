// PostgreSQL: each name's words as a stored column, the same view SQLite's FTS table holds
// (migration 007): separators turned to spaces, padded with a space each side, so " egg " finds a
// whole word and " egg" a word prefix with the same LIKE patterns on both databases (docs/api.md#ingredients
// "Search"). Stored, because building the string at query time cost ~3 µs a row, 30 ms for a broad
// query. SQLite: nothing to do.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

// Frozen copy of the word separators of repositories/ingredient-search.ts (a shipped migration never changes).
const SEPARATORS = ',()./\'";:&+!?%_[]*#\\-';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const from = SEPARATORS.replace(/'/g, "''");
  await sql
    .raw(`ALTER TABLE ingredients ADD COLUMN search_words text GENERATED ALWAYS AS
    (' ' || translate(search_name, '${from}', '${' '.repeat(SEPARATORS.length)}') || ' ') STORED`)
    .execute(db);
}
