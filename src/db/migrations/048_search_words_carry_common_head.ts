// The common-food class (migration 038: common_head, common_score) is one of the tests that rank the
// library names headed by a one-word query (src/db/repositories/ingredient-search/ranking.ts,
// pageFromBestClasses). ingredients_public_search_words carried everything else that ranking reads,
// but not those two columns, so ranking "chicken"'s 2,000 headed names read 2,000 rows again
// (PostgreSQL: a bitmap heap scan where an index-only scan had been; BENCHMARKS.md "search"). The
// index is made again with them beside the name.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await sql`DROP INDEX ingredients_public_search_words`.execute(db);
  if (dialect === 'sqlite') {
    // As in migration 032, account_id leads (SQLite reads no row for it), the id comes with the rowid.
    await sql`CREATE INDEX ingredients_public_search_words ON ingredients (account_id, search_words, search_name, common_head, common_score)`.execute(
      db,
    );
    return;
  }
  // As in migration 033: partial, the words in byte order ("C").
  await sql`CREATE INDEX ingredients_public_search_words ON ingredients (search_words COLLATE "C", search_name)
    INCLUDE (id, account_id, common_head, common_score) WHERE account_id IS NULL`.execute(db);
}
