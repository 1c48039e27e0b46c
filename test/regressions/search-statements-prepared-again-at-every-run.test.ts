// Regression: SQLite plans a LIKE by its pattern's value, so a statement binding a LIKE pattern as a
// bare parameter expires whenever it is bound and is prepared again at every run; the search's
// statements did so, and its page bounds were bound too: an own-ingredient search finding one name
// ran its statement in ~160-210 µs instead of ~45-90 (BENCHMARKS.md, session 9). SQLite does not
// report re-preparation through better-sqlite3, so this checks what causes it: no statement a search
// prepares binds a LIKE pattern or a LIMIT/OFFSET as a bare parameter, for every kind of query
// (one word, several, short words, each scope), and the answers are unchanged.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IngredientSearchOptions, searchIngredients } from '../../src/db/repositories/ingredient-search.js';
import { fieldsToRow } from '../../src/db/repositories/ingredients.js';
import { insertPublicRows, publicRowValues } from '../../src/db/repositories/public-library.js';
import { createTestDatabase, insertAccountRow, type TestDatabase } from '../support/databases.js';
import { plainIngredientFields } from '../support/ingredient-fields.js';

const NOW = '2026-11-25T00:00:00Z';

describe('search-statements-prepared-again-at-every-run', () => {
  let db: TestDatabase;
  let account: number;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    account = await insertAccountRow(db.handle.db, 'A');
    await insertPublicRows(db.handle.db, [publicRowValues(plainIngredientFields('Flour, wheat, whole'), 9_100_001)], NOW);
    await db.handle.db
      .insertInto('ingredients')
      .values({ ...fieldsToRow(plainIngredientFields('Rye flour, lot 7')), account_id: account, created_at: NOW, updated_at: NOW } as never)
      .execute();
  });
  afterAll(() => db.drop());

  it('binds no LIKE pattern and no page bound as a bare parameter', async () => {
    const prepared: string[] = [];
    // Every statement prepared while the searches run (the statement caches prepare each text once).
    const original = Database.prototype.prepare;
    Database.prototype.prepare = function (this: Database.Database, source: string) {
      prepared.push(source);
      return original.call(this, source);
    } as typeof original;
    try {
      const cases: Array<[string, Partial<IngredientSearchOptions>, string[]]> = [
        ['flour', {}, ['Rye flour, lot 7', 'Flour, wheat, whole']],
        ['flour lot', {}, ['Rye flour, lot 7']],
        ['flour 7', { public: false }, ['Rye flour, lot 7']],
        ['wheat flour', { public: true }, ['Flour, wheat, whole']],
        ['7', {}, ['Rye flour, lot 7']],
        ['fl', { offset: 1 }, ['Flour, wheat, whole']],
      ];
      for (const [q, extra, names] of cases) {
        const found = await searchIngredients(db.handle.db, 'sqlite', { accountId: account, q, offset: 0, limit: 20, ...extra });
        expect({ q, names: found.items.map((i) => i.name) }).toEqual({ q, names });
      }
    } finally {
      Database.prototype.prepare = original;
    }
    const searches = prepared.filter((s) => /ingredient_search|search_words/.test(s));
    expect(searches.length).toBeGreaterThan(0);
    for (const statement of searches) {
      expect(statement).not.toMatch(/LIKE \?/);
      expect(statement).not.toMatch(/LIMIT \?|OFFSET \?/);
    }
  });
});
