// Bug: importing an older FoodData Central release after a newer one silently replaced
// the newer values. It now changes nothing unless forced, and says why.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importUsda } from '../../src/services/usda/index.js';
import { TestClock } from '../support/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

const MINI = join(import.meta.dirname, '../fixtures/usda-mini');
const temp = mkdtempSync(join(tmpdir(), 'usda-order-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const dated = (date: string) => {
  const dir = join(temp, `FoodData_Central_foundation_food_csv_${date}`);
  cpSync(MINI, dir, { recursive: true });
  return dir;
};
const NEWER = dated('2024-04-18');
const OLDER = dated('2022-04-28');

describe.each(databaseKinds())('USDA release order on %s', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
  });
  afterEach(() => db.drop());

  it('an older release is refused and leaves the newer values in place', async () => {
    const ctx = { database: db.handle, clock: new TestClock() };
    expect((await importUsda(ctx, { source: NEWER })).ok).toBe(true);
    const before = await db.handle.db.selectFrom('ingredients').selectAll().orderBy('id').execute();
    const older = await importUsda(ctx, { source: OLDER });
    expect(older).toMatchObject({ ok: false, reason: 'older_release' });
    expect(!older.ok && older.error).toContain('nothing changed');
    expect(await db.handle.db.selectFrom('ingredients').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
