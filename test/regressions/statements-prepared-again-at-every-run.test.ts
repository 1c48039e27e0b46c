// Regression: SQLite plans a statement by the values bound to a LIKE pattern and to LIMIT and
// OFFSET, so a statement binding one as a bare parameter expires whenever it is bound and is prepared
// again at every run. The search bound its patterns and page bounds, the lists and the cost lookup
// their LIMIT and OFFSET: an own-ingredient search finding one name ran its statement in ~160-210 µs
// instead of ~45-90, an empty page of ingredients in 16.7 µs instead of 1.0 (BENCHMARKS.md
// "load"). better-sqlite3 does not report re-preparation, so this checks what causes it: no statement that
// searches, lists or recipe reads prepare binds a LIKE pattern or a page bound as a bare parameter,
// and the answers are those expected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IngredientSearchOptions, searchIngredients } from '../../src/db/repositories/ingredient-search/index.js';
import { fieldsToRow } from '../../src/db/repositories/ingredients.js';
import { insertPublicRows, publicRowValues } from '../../src/db/repositories/public-library.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { createTestDatabase, insertAccountRow, type TestDatabase } from '../support/databases.js';
import { preparedDuring } from '../support/prepared-statements.js';
import { plainIngredientFields } from '../support/ingredient-fields.js';

const NOW = '2026-11-25T00:00:00Z';

function expectNoBareBoundPatternOrPageBound(statements: string[]) {
  expect(statements.length).toBeGreaterThan(0);
  for (const statement of statements) {
    expect(statement).not.toMatch(/\blike \?/i);
    expect(statement).not.toMatch(/\b(limit|offset) \?/i);
  }
}

describe('statements-prepared-again-at-every-run: search', () => {
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

  it('binds no LIKE pattern and no page bound as a bare parameter, for every kind of query', async () => {
    const cases: Array<[string, Partial<IngredientSearchOptions>, string[]]> = [
      ['flour', {}, ['Rye flour, lot 7', 'Flour, wheat, whole']],
      ['flour lot', {}, ['Rye flour, lot 7']],
      ['flour 7', { public: false }, ['Rye flour, lot 7']],
      ['wheat flour', { public: true }, ['Flour, wheat, whole']],
      ['7', {}, ['Rye flour, lot 7']],
      ['fl', { offset: 1 }, ['Flour, wheat, whole']],
    ];
    const statements = await preparedDuring(async () => {
      for (const [q, extra, names] of cases) {
        const found = await searchIngredients(db.handle.db, 'sqlite', { accountId: account, q, offset: 0, limit: 20, ...extra });
        expect({ q, names: found.items.map((i) => i.name) }).toEqual({ q, names });
      }
    });
    expectNoBareBoundPatternOrPageBound(statements);
  });
});

describe('statements-prepared-again-at-every-run: lists and recipe reads through the HTTP app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('pages every list and reads a costed recipe with its page bounds written in', async () => {
    const c = t.client();
    const ids: number[] = [];
    for (let n = 0; n < 3; n++) ids.push(json(await c.post('/v1/ingredients', flourBody({ name: `Flour ${n}` }))).ingredient.id);
    await c.post('/v1/ingredient_costs', {
      ingredient_cost: { ingredient_id: ids[0], unit: 'cup', quantity: 1, price: 2, effective_at: '2026-01-01' },
    });
    const recipe = json(
      await c.post('/v1/recipes/shortcut', {
        recipe: { name: 'Bread', servings: 2, recipe_ingredients: [{ ingredient_id: ids[0], unit: 'cup', quantity: 1 }] },
      }),
    ).recipe.id;
    const statements = await preparedDuring(async () => {
      for (const list of ['/v1/ingredients', '/v1/recipes', '/v1/ingredient_costs', `/v1/ingredients/${ids[0]}/ingredient_costs`]) {
        const first = await c.get(`${list}?per_page=2&page=1`);
        const second = await c.get(`${list}?per_page=2&page=2`);
        expect({ list, first: first.statusCode, second: second.statusCode }).toEqual({ list, first: 200, second: 200 });
      }
      expect(
        json(await c.get('/v1/ingredients?per_page=2&page=2')).map((i: { ingredient: { name: string } }) => i.ingredient.name),
      ).toEqual(['Flour 0']);
      const read = json(await c.get(`/v1/recipes/${recipe}`));
      expect(read.recipe.costs).toBeDefined();
    });
    expectNoBareBoundPatternOrPageBound(statements);
  });
});
