// Regression (found by `npm run bench load`): on SQLite a one-word search first counted its
// matches apart (for the best-classes path, which pays off only on a large public library) and then
// ranked them, two statements where the one ranking scan counts as it goes. On a server without an
// imported library every search paid the extra statement: own-ingredient searches of the load
// benchmark cost 1.05 instead of 0.67 ms. Counted in statements, not timed: after the first search
// (which may learn about the library once), a search runs one statement; with a large library the
// faster paths stay (test/integration/ingredient-search-best-classes.test.ts).
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchIngredients, searchIngredientsRankingAll } from '../../src/db/repositories/ingredient-search/index.js';
import { fieldsToRow } from '../../src/db/repositories/ingredients.js';
import type { Db } from '../../src/db/schema.js';
import { createTestDatabase, databaseKinds, insertAccountRow, type TestDatabase } from '../support/databases.js';
import { plainIngredientFields } from '../support/ingredient-fields.js';

const NOW = '2026-11-24T00:00:00Z';

describe.each(databaseKinds())('a search on a server without a public library, on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let accountId: number;
  let statements = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Every statement run through this handle is counted.
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    db = database.handle.db.withPlugin(counter);
    accountId = await insertAccountRow(db, 'A', NOW);
    for (const name of ['Flour, bread', 'Flour, rye', 'Sugar', 'Flourish syrup']) {
      await db
        .insertInto('ingredients')
        .values({ ...fieldsToRow(plainIngredientFields(name)), account_id: accountId, created_at: NOW, updated_at: NOW } as never)
        .execute();
    }
  });
  afterAll(() => database.drop());

  it('ranks and counts in one statement, with the answer of ranking every match', async () => {
    const options = { accountId, q: 'flour', offset: 0, limit: 20 };
    await searchIngredients(db, kind, options);
    statements = 0;
    const found = await searchIngredients(db, kind, options);
    expect(statements).toBe(1);
    expect(found.total).toBe(3);
    expect(found).toEqual(await searchIngredientsRankingAll(db, kind, options));
  });
});
