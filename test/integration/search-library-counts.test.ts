// A broad one-word search's total counts the library's matches once per library version on
// PostgreSQL (migration 033: statement triggers bump library_version whenever a statement writes a
// public ingredient) and the caller's own matches every time. Whatever writes the library (an
// import's insert, an update that renames a name into or out of the match, a delete, a move between
// the library and an account), the next search's total must be the one ranking every match gives;
// and an account's own writes must neither show to another account nor touch the library's version.
// On SQLite the same totals hold (counted through the FTS index every time).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROAD_MATCHES,
  type IngredientSearchOptions,
  searchIngredients,
  searchIngredientsRankingAll,
} from '../../src/db/repositories/ingredient-search/index.js';
import { fieldsToRow } from '../../src/db/repositories/ingredients.js';
import { insertPublicRows, publicRowValues, updatePublicRow } from '../../src/db/repositories/public-library.js';
import { createTestDatabase, databaseKinds, insertAccountRow, type TestDatabase } from '../support/databases.js';
import { plainIngredientFields } from '../support/ingredient-fields.js';

const NOW = '2026-11-24T00:00:00Z';

describe.each(databaseKinds())('library counts of a broad search on %s', (kind) => {
  let db: TestDatabase;
  let accountA: number;
  let accountB: number;
  let fdcId = 5_000_000;
  const publicRow = (name: string) => publicRowValues(plainIngredientFields(name), fdcId++);

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    accountA = await insertAccountRow(db.handle.db, 'A');
    accountB = await insertAccountRow(db.handle.db, 'B');
    // A library large enough that one-word searches count apart from ranking (largeLibrary).
    const rows = Array.from({ length: BROAD_MATCHES + 500 }, (_, i) => publicRow(`${i % 2 === 0 ? 'Rice steamed' : 'Rice raw'}, lot ${i}`));
    await db.handle.db.transaction().execute((tx) => insertPublicRows(tx, rows, NOW));
  }, 120_000);
  afterAll(() => db.drop());

  const k = () => db.handle.db;
  const options = (accountId: number, extra: Partial<IngredientSearchOptions> = {}): IngredientSearchOptions => ({
    accountId,
    q: 'steamed',
    offset: 0,
    limit: 20,
    ...extra,
  });
  /** The total searchIngredients answers, checked against ranking every match. */
  const total = async (o: IngredientSearchOptions) => {
    const got = await searchIngredients(k(), kind, o);
    const expected = await searchIngredientsRankingAll(k(), kind, o);
    expect(got.total).toBe(expected.total);
    expect(got.items.map((i) => i.id)).toEqual(expected.items.map((i) => i.id));
    return got.total;
  };
  const libraryVersion = async () =>
    kind === 'postgres'
      ? String((await sql<{ version: string }>`SELECT version FROM library_version`.execute(k())).rows[0]!.version)
      : null;
  const idOf = async (name: string) =>
    (await k().selectFrom('ingredients').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('counts a public ingredient inserted, renamed out of the match and back, and deleted', async () => {
    const before = await total(options(accountA));
    expect(await total(options(accountA))).toBe(before); // remembered, same answer
    await insertPublicRows(k(), [publicRow('Steamed kale, new import')], NOW);
    expect(await total(options(accountA))).toBe(before + 1);
    const id = await idOf('Steamed kale, new import');
    await updatePublicRow(k(), id, publicRow('Kale, raw'), NOW);
    expect(await total(options(accountA))).toBe(before);
    await updatePublicRow(k(), id, publicRow('Kale, steamed'), NOW);
    expect(await total(options(accountA))).toBe(before + 1);
    await k().deleteFrom('ingredients').where('id', '=', id).execute();
    expect(await total(options(accountA))).toBe(before);
  });

  it("counts the caller's own matches for it alone, and own writes leave the library's version alone", async () => {
    const versionBefore = await libraryVersion();
    const beforeA = await total(options(accountA));
    const beforeB = await total(options(accountB));
    await k()
      .insertInto('ingredients')
      .values({
        ...fieldsToRow(plainIngredientFields('Steamed rice of A')),
        account_id: accountA,
        created_at: NOW,
        updated_at: NOW,
      } as never)
      .execute();
    expect(await total(options(accountA))).toBe(beforeA + 1);
    expect(await total(options(accountB))).toBe(beforeB);
    expect(await total(options(accountA, { public: true }))).toBe(beforeB);
    expect(await total(options(accountA, { public: false }))).toBe(1);
    await k().updateTable('ingredients').set({ archived: 1 }).where('name', '=', 'Steamed rice of A').execute();
    expect(await total(options(accountA))).toBe(beforeA);
    expect(await libraryVersion()).toBe(versionBefore);
  });

  it("counts a row moved from an account into the library, and the filters' counts apart", async () => {
    const before = await total(options(accountB));
    const verified = await total(options(accountB, { usdaVerified: true }));
    await k()
      .insertInto('ingredients')
      .values({
        ...fieldsToRow(plainIngredientFields('Steamed buns of A', { usda_verified: true })),
        account_id: accountA,
        created_at: NOW,
        updated_at: NOW,
      } as never)
      .execute();
    expect(await total(options(accountB))).toBe(before);
    await k().updateTable('ingredients').set({ account_id: null }).where('name', '=', 'Steamed buns of A').execute();
    expect(await total(options(accountB))).toBe(before + 1);
    expect(await total(options(accountB, { usdaVerified: true }))).toBe(verified + 1);
    expect(await total(options(accountB, { usdaVerified: false }))).toBe(before - verified);
  });

  it('a library write in flight counts only once committed, and a rolled-back one never', async () => {
    const before = await total(options(accountB));
    await k()
      .transaction()
      .execute(async (tx) => {
        await insertPublicRows(tx, [publicRow('Steamed leeks, in flight')], NOW);
        // Searched from outside the transaction, while it holds its write.
        expect(await total(options(accountB))).toBe(before);
      });
    expect(await total(options(accountB))).toBe(before + 1);
    await expect(
      k()
        .transaction()
        .execute(async (tx) => {
          await insertPublicRows(tx, [publicRow('Steamed chard, rolled back')], NOW);
          expect(await total(options(accountB))).toBe(before + 1);
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    expect(await total(options(accountB))).toBe(before + 1);
  });
});
