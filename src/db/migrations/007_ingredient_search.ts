// Ingredient name search (docs/api.md#search): substring matching that stays fast over 100k+ names.
// SQLite: an FTS5 trigram table of each name's words, kept in sync by triggers (rowid = ingredient id).
// PostgreSQL: a pg_trgm GIN index on search_name when the extension is available, else a full-text index.
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
  if (dialect === 'sqlite') {
    await sql.raw(`CREATE VIRTUAL TABLE ingredient_search USING fts5(words, tokenize = 'trigram')`).execute(db);
    await sql.raw(`INSERT INTO ingredient_search (rowid, words) SELECT id, ${sqliteWords('search_name')} FROM ingredients`).execute(db);
    await sql
      .raw(`CREATE TRIGGER ingredient_search_insert AFTER INSERT ON ingredients BEGIN
      INSERT INTO ingredient_search (rowid, words) VALUES (new.id, ${sqliteWords('new.search_name')}); END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ingredient_search_update AFTER UPDATE OF search_name ON ingredients BEGIN
      UPDATE ingredient_search SET words = ${sqliteWords('new.search_name')} WHERE rowid = new.id; END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ingredient_search_delete AFTER DELETE ON ingredients BEGIN
      DELETE FROM ingredient_search WHERE rowid = old.id; END`)
      .execute(db);
    return;
  }
  const trgmSchema = await pgTrgmSchema(db);
  if (trgmSchema) {
    // The operator class lives in the extension's schema, which may not be on this connection's search_path.
    await sql.raw(`CREATE INDEX ingredients_search_trgm ON ingredients USING gin (search_name "${trgmSchema}".gin_trgm_ops)`).execute(db);
  } else {
    await sql.raw(`CREATE INDEX ingredients_search_fts ON ingredients USING gin (to_tsvector('simple', search_name))`).execute(db);
  }
}

/** The schema holding pg_trgm, creating the extension when allowed; null when it cannot be had. */
async function pgTrgmSchema(db: Kysely<any>): Promise<string | null> {
  const find = async () =>
    (
      await sql<{
        schema: string;
      }>`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema ?? null;
  const existing = await find();
  if (existing) return existing;
  // A failed CREATE EXTENSION (not installed, no privilege) must not abort the migration's transaction.
  await sql`SAVEPOINT pg_trgm_create`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`RELEASE SAVEPOINT pg_trgm_create`.execute(db);
  } catch {
    await sql`ROLLBACK TO SAVEPOINT pg_trgm_create`.execute(db);
    return null;
  }
  return find();
}
