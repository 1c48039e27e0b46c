// Bug: a cookie made with the library's sugar printed "0g Added Sugars": FDC gives no
// added-sugars value, and the imported sugar had none. Sweeteners now carry added sugars equal to
// their total sugars (21 CFR 101.9(c)(6)(iii)). A raw single-ingredient food has none added, a
// value zero by nature named on it (docs/labeling.md#zero-by-nature), never the sweetener rule's.
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

  it('"Syrup, test" (total sugars 12 g) has 12 g added sugars; "Apples, raw" none, by nature and said so', async () => {
    const result = await importUsda({ database: db.handle, clock: new TestClock() }, { source: MINI });
    expect(result.ok && result.summary.added_sugars_set).toBe(1);
    const rows = await db.handle.db
      .selectFrom('ingredients')
      .select(['fdc_id', 'nutrients', 'nutrients_inferred'])
      .where('fdc_id', 'in', [1001, 1004])
      .orderBy('fdc_id')
      .execute();
    const [apple, syrup] = rows.map((r) => ({ ...JSON.parse(r.nutrients), inferred: JSON.parse(r.nutrients_inferred) }));
    expect(syrup).toMatchObject({ sugar: 12, added_sugar: 12 });
    expect(syrup.inferred).not.toHaveProperty('added_sugar');
    expect(apple.sugar).toBe(10.4);
    expect(apple).toMatchObject({ added_sugar: 0, inferred: { added_sugar: 'single-ingredient food' } });
  });
});
