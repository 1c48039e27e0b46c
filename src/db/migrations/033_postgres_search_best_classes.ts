// PostgreSQL: what a broad one-word search needs to build its page from the best ranking classes and
// count its matches without reading every matching row (repositories/ingredient-search.ts; docs/api.md#search), as SQLite has since migration 032:
// - ingredients_public_search_words: the library's search_words in byte order ("C"), so the names
//   headed by the word (classes 2-3) or equal to the query (class 0) are index ranges, with what
//   ranking them reads beside them (the name, id and account_id: no row is visited);
// - ingredients_public_search_order: the order that ranks within a class (name length, name in byte
//   order, id), the words included, so the walk for class 4 reads the index alone (once VACUUM has
//   set the visibility map: refreshLibraryStatistics runs it after an import);
// - library_version: a number that grows with every statement that writes a public ingredient
//   (statement triggers with transition tables, so a write of an account's own ingredients costs a
//   scan of its own few rows and no write here). A library count remembered with the version it was
//   counted at is exact as long as the version is unchanged.
// Partial indexes: PostgreSQL proves `account_id IS NULL` from the query and reads no row for it.
// SQLite: nothing to do.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE INDEX ingredients_public_search_words ON ingredients (search_words COLLATE "C", search_name)
    INCLUDE (id, account_id) WHERE account_id IS NULL`.execute(db);
  await sql`CREATE INDEX ingredients_public_search_order ON ingredients (length(search_name), search_name COLLATE "C", id)
    INCLUDE (search_words) WHERE account_id IS NULL`.execute(db);
  await sql`CREATE TABLE library_version (id integer PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO library_version (id, version) VALUES (1, 0)`.execute(db);
  // SET search_path FROM CURRENT: the functions find library_version in this migration's schema
  // whatever the writing session's path.
  await sql`CREATE FUNCTION library_rows_written() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM written WHERE account_id IS NULL) THEN
        UPDATE library_version SET version = version + 1 WHERE id = 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE FUNCTION library_rows_updated() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM written WHERE account_id IS NULL) OR EXISTS (SELECT 1 FROM replaced WHERE account_id IS NULL) THEN
        UPDATE library_version SET version = version + 1 WHERE id = 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER library_insert AFTER INSERT ON ingredients REFERENCING NEW TABLE AS written
    FOR EACH STATEMENT EXECUTE FUNCTION library_rows_written()`.execute(db);
  await sql`CREATE TRIGGER library_delete AFTER DELETE ON ingredients REFERENCING OLD TABLE AS written
    FOR EACH STATEMENT EXECUTE FUNCTION library_rows_written()`.execute(db);
  await sql`CREATE TRIGGER library_update AFTER UPDATE ON ingredients REFERENCING OLD TABLE AS replaced NEW TABLE AS written
    FOR EACH STATEMENT EXECUTE FUNCTION library_rows_updated()`.execute(db);
}
