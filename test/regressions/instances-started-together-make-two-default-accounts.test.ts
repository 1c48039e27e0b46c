// Regression (found beside the other races): instances started at once on one new PostgreSQL
// database each counted no account and each created a "default" account (and printed its key).
// The count and the creation now happen under one lock: exactly one default account.
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { ensureFirstAccount } from '../../src/services/accounts/index.js';
import { TestClock } from '../support/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

describe.each(databaseKinds())('first start of several instances on %s', (kind) => {
  let t: TestDatabase;
  const handles: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
    await t?.drop();
  });

  it('makes one default account', async () => {
    t = await createTestDatabase(kind);
    if (kind === 'postgres') {
      for (let i = 0; i < 3; i++) handles.push(openDatabase(t.config, { searchPath: t.schema!, maxConnections: 2 }));
    }
    const clock = new TestClock();
    const databases = [t.handle, ...handles];
    const started = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ensureFirstAccount({ database: databases[i % databases.length]!, clock })),
    );
    expect(started.filter((s) => s !== null)).toHaveLength(1);
    const accounts = await t.handle.db.selectFrom('accounts').select('name').execute();
    expect(accounts).toEqual([{ name: 'default' }]);
  });
});
