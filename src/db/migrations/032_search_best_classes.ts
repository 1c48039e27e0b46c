// SQLite: indexes that let a broad one-word search build its page from the best ranking classes
// instead of ranking every match (repositories/ingredient-search.ts, pageFromBestClasses; docs/api.md#search):
// - ingredients_public_search_words: the library's search_words in byte order, so the names headed
//   by the word (" egg ...", classes 2-3) or equal to the query (class 0) are index ranges, with
//   the name beside them to rank them by without reading a row;
// - ingredients_public_search_order: the order that ranks within a class (name length, name, id)
//   with the words beside it, so the first whole-word names (class 4) are read off the index in that
//   order without reading a row.
// account_id leads both (rather than a partial index's condition): the queries test it, and a
// partial index would leave SQLite reading each row for it.
// PostgreSQL: nothing to do here (migration 033 gives it its own best-classes indexes).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`CREATE INDEX ingredients_public_search_words ON ingredients (account_id, search_words, search_name)`.execute(db);
  await sql`CREATE INDEX ingredients_public_search_order ON ingredients (account_id, length(search_name), search_name, id, search_words)`.execute(
    db,
  );
}
