// Regression (found by running `npm run bench history` on PostgreSQL): every write that
// records history reads the latest revision of each recipe it changes. On PostgreSQL the query
// (a correlated max() that SQLite answers from the (recipe_id, number) index) read every revision of
// those recipes, so each write was slower than the last: the ingredient write's history step went
// 3.8 -> 6.6 ms over 600 writes of the deep recipe. Checked by counting the rows PostgreSQL reads for
// it (pg_stat_xact_user_tables counts this transaction's), not by timing: reading the latest
// revisions of two recipes with 300 revisions each reads a row or two per recipe, not 600.
// PostgreSQL only: SQLite has no such counter, and its plan was never the problem.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestRevisions } from '../../src/db/repositories/history/index.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

describe.skipIf(!postgres)('the latest revisions on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const db = database.handle.db;
    const [account] = (
      await sql<{
        id: number;
      }>`insert into accounts (name, created_at, updated_at) values ('a', '2026-01-01', '2026-01-01') returning id`.execute(db)
    ).rows;
    await sql`insert into recipe_revisions (account_id, recipe_id, number, created_at, changes, manifest)
      select ${account!.id}, r, n, '2026-01-01T00:00:00Z', '[]', '{"recipe:' || r || '":"h' || n || '"}'
      from generate_series(1, 3) r, generate_series(1, 300) n`.execute(db);
  });
  afterAll(() => database?.drop());

  it('reads a row or two per recipe, whatever the number of its revisions', async () => {
    const read = await database.handle.db.transaction().execute(async (tx) => {
      const rowsRead = async () =>
        Number(
          (
            await sql<{ n: number }>`select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n
              from pg_stat_xact_user_tables where relname = 'recipe_revisions' and schemaname = current_schema()`.execute(tx)
          ).rows[0]?.n ?? 0,
        );
      const before = await rowsRead();
      const latest = await latestRevisions(tx, [1, 2]);
      expect([...latest.values()].map((r) => [r.recipe_id, r.number, r.manifest])).toEqual([
        [1, 300, '{"recipe:1":"h300"}'],
        [2, 300, '{"recipe:2":"h300"}'],
      ]);
      return (await rowsRead()) - before;
    });
    expect(read).toBeLessThanOrEqual(4);
  });
});
