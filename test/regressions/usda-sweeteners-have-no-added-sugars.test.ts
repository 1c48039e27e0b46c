// Bug: a cookie made with the library's sugar printed "0g Added Sugars": FDC gives no
// added-sugars value, and the imported sugar had none. Sweeteners now carry added sugars equal to
// their total sugars (21 CFR 101.9(c)(6)(iii)).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importUsda } from '../../src/services/usda/index.js';
import { TestClock } from '../support/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

const MINI = join(import.meta.dirname, '../fixtures/usda-mini');

describe.each(databaseKinds())('USDA sweeteners on %s', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
  });
  afterEach(() => db.drop());

  it('"Syrup, test" (total sugars 12 g) has 12 g added sugars; "Apples, raw" keeps them unknown', async () => {
    const result = await importUsda({ database: db.handle, clock: new TestClock() }, { source: MINI });
    expect(result.ok && result.summary.added_sugars_set).toBe(1);
    const rows = await db.handle.db
      .selectFrom('ingredients')
      .select(['fdc_id', 'nutrients'])
      .where('fdc_id', 'in', [1001, 1004])
      .orderBy('fdc_id')
      .execute();
    const [apple, syrup] = rows.map((r) => JSON.parse(r.nutrients));
    expect(syrup).toMatchObject({ sugar: 12, added_sugar: 12 });
    expect(apple.sugar).toBe(10.4);
    expect(apple).not.toHaveProperty('added_sugar');
  });
});
