// SQLite gets PostgreSQL's library_version (migration 033): a number that grows with every write of a
// public ingredient, so a process that keeps something built from the library (the word index that
// matches recipe lines, src/services/recipe-text) knows with one read whether the library changed,
// whoever changed it (another worker, another instance, `recipal import usda`). Row triggers: a write
// of an account's own ingredients touches nothing here. PostgreSQL: nothing to do.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`CREATE TABLE library_version (id integer PRIMARY KEY CHECK (id = 1), version integer NOT NULL)`.execute(db);
  await sql`INSERT INTO library_version (id, version) VALUES (1, 0)`.execute(db);
  const bump = sql`UPDATE library_version SET version = version + 1 WHERE id = 1`;
  await sql`CREATE TRIGGER library_insert AFTER INSERT ON ingredients WHEN NEW.account_id IS NULL BEGIN ${bump}; END`.execute(db);
  await sql`CREATE TRIGGER library_delete AFTER DELETE ON ingredients WHEN OLD.account_id IS NULL BEGIN ${bump}; END`.execute(db);
  await sql`CREATE TRIGGER library_update AFTER UPDATE ON ingredients WHEN OLD.account_id IS NULL OR NEW.account_id IS NULL
    BEGIN ${bump}; END`.execute(db);
}
