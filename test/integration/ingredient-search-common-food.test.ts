// Search finds the common food first (docs/api.md#search, docs/api.md#public-library): for what bakers type, the plain
// common form is in the first three, over the genuine SR28 and 2023 Foundation libraries each
// imported alone and both together, on both databases; the account's own ingredient of that name
// still first. Each library is asked only for the foods it has (Foundation has no baking soda).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importUsda } from '../../src/services/usda/index.js';
import {
  searchBestClassesOnly,
  searchIngredients,
  searchIngredientsRankingAll,
} from '../../src/db/repositories/ingredient-search/index.js';
import { flourBody, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { searchNames } from '../support/fdc-search.js';
import { FOUNDATION_TABLE, SR28_ONE_WORD_QUERIES, SR28_TABLE } from '../fixtures/usda-queries.js';
import { F2023 } from '../support/usda-data.js';
import { appWithLibrary } from '../support/usda-library.js';

/** The first `n` names of a search, as a baker sees them. */
const firstOf = async (t: TestApp, q: string, n: number) => (await searchNames(t, q)).slice(0, n);

describe.each(databaseKinds())('the common food first on %s', (kind) => {
  // One app holds SR28 for the first block; the last block adds the Foundation foods and the
  // account's own to it (SR28's import is the slow part, done once). Blocks run in this order.
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithLibrary(kind, { sr28: true, foundation: false });
  }, 300_000);
  afterAll(() => t.close());

  describe('SR28 alone', () => {
    it.each(SR28_TABLE)('"%s" finds %s in the first three', async (q, food) => {
      expect(await firstOf(t, q, 3)).toContain(food);
    });
    // SR28's 8,789 names make a large library: one-word queries build their page from the best
    // classes (the common-food class through migration 038's index); each page must equal ranking every match.
    it.each(SR28_ONE_WORD_QUERIES)('"%s": the best-classes pages equal ranking every match', async (q) => {
      const own = t.accountA.id;
      for (const [offset, limit] of [
        [0, 3],
        [0, 25],
        [25, 25],
        [3, 50],
      ] as const) {
        const o = { accountId: own, q, offset, limit };
        const ids = (r: { items: Array<{ id: number }>; total: number }) => ({ ids: r.items.map((i) => i.id), total: r.total });
        expect(ids(await searchIngredients(t.db.handle.db, kind, o)), `${q} ${offset}+${limit}`).toEqual(
          ids(await searchIngredientsRankingAll(t.db.handle.db, kind, o)),
        );
      }
    });
    it('"flour" takes the best-classes path, the common foods found through their head noun', async () => {
      const page = await searchBestClassesOnly(t.db.handle.db, kind, { accountId: t.accountA.id, q: 'flour', offset: 0, limit: 3 });
      expect(page?.items[0]?.name).toBe('Wheat flour, white, all-purpose, enriched, bleached');
    });
    it.each([
      ['flour', 'Wheat flour, white, all-purpose, enriched, bleached'],
      ['sugar', 'Sugars, granulated'],
      ['egg', 'Egg, whole, raw, fresh'],
      ['brown sugar', 'Sugars, brown'],
      ['baking soda', 'Leavening agents, baking soda'],
      ['cocoa', 'Cocoa, dry powder, unsweetened'],
      ['whole milk', 'Milk, whole, 3.25% milkfat, with added vitamin D'],
    ])('"%s" finds %s first', async (q, food) => {
      expect((await firstOf(t, q, 1))[0]).toBe(food);
    });
  });

  describe('Foundation 2023 alone', () => {
    let foundation: TestApp;
    beforeAll(async () => {
      foundation = await appWithLibrary(kind, { sr28: false, foundation: true });
    }, 300_000);
    afterAll(() => foundation.close());
    it.each(FOUNDATION_TABLE)('"%s" finds %s in the first three', async (q, food) => {
      expect(await firstOf(foundation, q, 3)).toContain(food);
    });
  });

  describe('SR28 and Foundation 2023 together, and the account’s own', () => {
    beforeAll(async () => {
      expect((await importUsda(t.ctx, { source: F2023 })).ok).toBe(true);
      for (const name of ['Flour', 'Butter']) expect((await t.client().post('/v1/ingredients', flourBody({ name }))).statusCode).toBe(201);
    }, 300_000);
    it.each([
      ['flour', ['Wheat flour, white, all-purpose, enriched, bleached', 'Flour, wheat, all-purpose, enriched, bleached']],
      ['butter', ['Butter, salted', 'Butter, stick, salted', 'Butter, without salt', 'Butter, stick, unsalted']],
    ])('"%s": the own ingredient first, then a common form', async (q, common) => {
      const [first, ...next] = await firstOf(t, q, 3);
      expect(first).toBe(q[0]!.toUpperCase() + q.slice(1));
      expect(next.some((name) => common.includes(name))).toBe(true);
    });
    it.each([...SR28_TABLE, ...FOUNDATION_TABLE].map(([q]) => q).filter((q, i, all) => all.indexOf(q) === i))(
      '"%s": a common form of either library in the first three',
      async (q) => {
        const wanted = [...SR28_TABLE, ...FOUNDATION_TABLE].filter(([query]) => query === q).map(([, food]) => food);
        expect((await firstOf(t, q, 3)).some((name) => wanted.includes(name))).toBe(true);
      },
    );
  });
});
