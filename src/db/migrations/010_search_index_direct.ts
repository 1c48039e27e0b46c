// PostgreSQL: keep the name-search GIN index's pending list (migration 007) small. GIN's fast
// update parks fresh entries in a pending list (up to 4 MB by default) that every search scans
// entry by entry until a vacuum merges it; after a library import of 100,000 names that list made
// a broad search 3-5x slower, and its size made the planner prefer a full table scan over the
// index. At the 64 kB minimum the list is merged in small batches during inserts: searches stay
// fast, bulk inserts keep most of fast update's speed (measured: 100,000 rows 5.7 s -> 6.9 s on a
// loaded machine; turning fast update off entirely doubled it). SQLite: nothing to do.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const indexes = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
    WHERE schemaname = current_schema() AND indexname IN ('ingredients_search_trgm', 'ingredients_search_fts')`.execute(db);
  for (const { name } of indexes.rows) {
    await sql.raw(`ALTER INDEX "${name}" SET (gin_pending_list_limit = 64)`).execute(db);
    // Entries already pending (an upgraded database) move into the tree now.
    await sql`SELECT gin_clean_pending_list(${name}::regclass)`.execute(db);
  }
}
