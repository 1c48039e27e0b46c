// Regression: SQLite transactions began deferred (a plain BEGIN). One that read, then wrote
// after another process (a second server on the same file, the CLI) had committed, failed at once with
// SQLITE_BUSY (its snapshot could not be upgraded; busy_timeout does not apply), a 500, and its checks
// had run on stale data. Transactions now begin IMMEDIATE: the write lock is taken first, so the other
// process waits (here, with no busy timeout, it is refused) and the transaction's write succeeds.
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

describe('SQLite write transactions and another process', () => {
  let t: TestDatabase;
  let other: SqliteDatabase.Database | undefined;
  afterEach(async () => {
    other?.close();
    await t?.drop();
  });

  const account = (name: string) => ({
    name,
    status: 'active',
    currency: 'USD',
    created_at: '2026-11-18T12:00:00Z',
    updated_at: '2026-11-18T12:00:00Z',
  });

  it('a transaction that read keeps its right to write while another connection tries to', async () => {
    t = await createTestDatabase('sqlite');
    if (t.config.kind !== 'sqlite') throw new Error('sqlite expected');
    other = new SqliteDatabase(t.config.path);
    other.pragma('busy_timeout = 0');
    const insertElsewhere = other.prepare('INSERT INTO accounts (name, status, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
    await t.handle.db.transaction().execute(async (tx) => {
      const before = await tx.selectFrom('accounts').select('id').execute();
      expect(before).toHaveLength(0);
      const a = account('elsewhere');
      expect(() => insertElsewhere.run(a.name, a.status, a.currency, a.created_at, a.updated_at)).toThrow(/SQLITE_BUSY|locked/i);
      await tx.insertInto('accounts').values(account('here')).execute();
    });
    const names = await t.handle.db.selectFrom('accounts').select('name').execute();
    expect(names.map((n) => n.name)).toEqual(['here']);
    // Once the transaction is over the other process writes as usual.
    const a = account('elsewhere');
    insertElsewhere.run(a.name, a.status, a.currency, a.created_at, a.updated_at);
    expect(await t.handle.db.selectFrom('accounts').select('name').orderBy('id').execute()).toEqual([
      { name: 'here' },
      { name: 'elsewhere' },
    ]);
  });
});
