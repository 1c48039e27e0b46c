// Bug: foods imported from USDA FoodData Central carried no allergens, so a recipe made
// with library butter printed no "Contains: Milk". The importer now infers them from FDC's category
// and description and marks them `allergens_inferred`.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importUsda } from '../../src/services/usda/index.js';
import { TestClock } from '../support/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

const MINI = join(import.meta.dirname, '../fixtures/usda-mini');

describe.each(databaseKinds())('USDA library allergens on %s', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
  });
  afterEach(() => db.drop());

  it('a dairy food of the release carries milk, marked as inferred; a fruit carries none', async () => {
    const result = await importUsda({ database: db.handle, clock: new TestClock() }, { source: MINI });
    expect(result.ok).toBe(true);
    const rows = await db.handle.db
      .selectFrom('ingredients')
      .select(['fdc_id', 'allergens', 'allergens_inferred'])
      .where('fdc_id', 'in', [1001, 1002])
      .orderBy('fdc_id')
      .execute();
    expect(rows).toEqual([
      { fdc_id: 1001, allergens: '{}', allergens_inferred: 0 }, // "Apples, raw"
      { fdc_id: 1002, allergens: '{"milk":true}', allergens_inferred: 1 }, // "Crème fraîche", Dairy and Egg Products
    ]);
  });
});
