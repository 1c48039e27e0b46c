// lockEachForTransaction (src/db/locks.ts) takes a whole set of history locks in one statement: every
// one of them must be held until the transaction ends, and another transaction wanting one of them
// must wait. PostgreSQL only (SQLite's write transactions exclude each other already; the function
// does nothing there, checked too).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockSpace, lockEachForTransaction } from '../../src/db/locks.js';
import type { Executor } from '../../src/db/schema.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

/** Whether the transaction could take recipe 20's history lock at once (false: another holds it). */
const tryLock20 = async (tx: Executor) =>
  (await sql<{ got: boolean }>`SELECT pg_try_advisory_xact_lock(${LockSpace.recipeHistory}::int4, 20::int4) AS got`.execute(tx)).rows[0]!
    .got;

describe.each(databaseKinds())('history locks taken together on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('holds every lock of the set until the transaction ends', async () => {
    const db = database.handle.db;
    if (kind === 'sqlite') {
      // Nothing to take, nothing run.
      await db.transaction().execute((tx) => lockEachForTransaction(tx, LockSpace.recipeHistory, [3, 1, 2]));
      return;
    }
    const held = await db.transaction().execute(async (tx) => {
      await lockEachForTransaction(tx, LockSpace.recipeHistory, [30, 10, 20, 10]);
      const { rows } = await sql<{ objid: number }>`SELECT objid::int AS objid FROM pg_locks
        WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND classid = ${LockSpace.recipeHistory} ORDER BY objid`.execute(tx);
      // Another transaction cannot take one of them meanwhile.
      const other = await db
        .transaction()
        .execute(
          async (tx2) =>
            (await sql<{ got: boolean }>`SELECT pg_try_advisory_xact_lock(${LockSpace.recipeHistory}::int4, 20::int4) AS got`.execute(tx2))
              .rows[0]!.got,
        );
      expect(other).toBe(false);
      return rows.map((r) => r.objid);
    });
    expect(held).toEqual([10, 20, 30]);
    // Released with the transaction.
    expect(await db.transaction().execute(tryLock20)).toBe(true);
  });
});
