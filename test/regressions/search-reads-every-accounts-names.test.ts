// Regression: on SQLite one FTS table held every account's names, so a search read every account's
// matches and kept the caller's: 1,000 accounts each with a "Flour" made an own-ingredient search
// for "flour" read 1,000 names to show one (~1.5 ms of server CPU a request in `npm run bench
// load`), and one account's names slowed every other account's searches. Migration 034 keeps the
// library's names alone in the FTS table; a search reads the caller's own names from its rows of the
// account's name index. Here: the FTS table holds exactly the library's names through inserts,
// renames, moves between the library and an account, and deletes; and each account's search still
// finds its own names (one word, several, a word that is the account's id) and the library's and
// never another account's (ids 1, 11 and 12 among them), on both databases.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IngredientSearchOptions, searchIngredients } from '../../src/db/repositories/ingredient-search/index.js';
import { fieldsToRow } from '../../src/db/repositories/ingredients.js';
import { insertPublicRows, publicRowValues } from '../../src/db/repositories/public-library.js';
import { createTestDatabase, databaseKinds, insertAccountRow, type TestDatabase } from '../support/databases.js';
import { plainIngredientFields } from '../support/ingredient-fields.js';

const NOW = '2026-11-25T00:00:00Z';

describe.each(databaseKinds())('search-reads-every-accounts-names on %s', (kind) => {
  let db: TestDatabase;
  const accounts: number[] = [];
  const k = () => db.handle.db;

  const insertOwn = async (account: number, name: string) =>
    (
      await k()
        .insertInto('ingredients')
        .values({ ...fieldsToRow(plainIngredientFields(name)), account_id: account, created_at: NOW, updated_at: NOW } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    // Twelve accounts: ids 1 and 11 on a new database, so one owner's id is a substring of another's.
    for (let a = 0; a < 12; a++) accounts.push(await insertAccountRow(k(), `account ${a}`));
    for (const account of accounts) {
      await insertOwn(account, `Flour, house blend ${account}`);
      await insertOwn(account, `Rye flour lot ${account}`);
      await insertOwn(account, `Sugar ${account}`);
    }
    await insertPublicRows(k(), [publicRowValues(plainIngredientFields('Flour, wheat, all-purpose'), 9_000_001)], NOW);
  }, 60_000);
  afterAll(() => db.drop());

  const names = async (accountId: number, q: string, extra: Partial<IngredientSearchOptions> = {}) =>
    (await searchIngredients(k(), kind, { accountId, q, offset: 0, limit: 100, ...extra })).items.map((i) => i.name).sort();

  /** SQLite: the library's names, and only theirs, in ingredient_search, with their words. */
  const expectSearchTablesFollowTheRows = async () => {
    if (kind !== 'sqlite') return;
    const rows = await sql<{ id: number; account_id: number | null; search_words: string }>`
      SELECT id, account_id, search_words FROM ingredients ORDER BY id`.execute(k());
    const library = await sql<{ id: number; words: string }>`SELECT rowid AS id, words FROM ingredient_search ORDER BY rowid`.execute(k());
    expect(library.rows).toEqual(rows.rows.filter((r) => r.account_id === null).map((r) => ({ id: r.id, words: r.search_words })));
  };

  it("finds each account's own names and the library's, never another account's", async () => {
    expect(accounts.some((a) => accounts.some((b) => b !== a && String(b).includes(String(a))))).toBe(true);
    for (const account of accounts) {
      const mine = [`Flour, house blend ${account}`, `Rye flour lot ${account}`];
      expect(await names(account, 'flour')).toEqual([...mine, 'Flour, wheat, all-purpose'].sort());
      expect(await names(account, 'flour', { public: false })).toEqual(mine.sort());
      expect(await names(account, 'flour', { public: true })).toEqual(['Flour, wheat, all-purpose']);
      // Several words (LIKE patterns on the tables), a word that is only the owner's id, short words.
      expect(await names(account, `flour lot ${account}`)).toEqual([`Rye flour lot ${account}`]);
      expect(await names(account, `sugar ${account}`)).toEqual([`Sugar ${account}`]);
      expect(await names(account, String(account))).toEqual(
        [...mine, `Sugar ${account}`].filter((n) => n.includes(String(account))).sort(),
      );
    }
    await expectSearchTablesFollowTheRows();
  });

  it('follows renames, archiving, moves between the library and an account, and deletes', async () => {
    const [a, b] = [accounts[0]!, accounts[10]!];
    const id = await insertOwn(a, 'Spelt flour');
    expect(await names(a, 'spelt')).toEqual(['Spelt flour']);
    expect(await names(b, 'spelt')).toEqual([]);
    await expectSearchTablesFollowTheRows();

    await k().updateTable('ingredients').set({ name: 'Emmer flour', search_name: 'emmer flour' }).where('id', '=', id).execute();
    expect(await names(a, 'spelt')).toEqual([]);
    expect(await names(a, 'emmer')).toEqual(['Emmer flour']);
    await expectSearchTablesFollowTheRows();

    // An update that leaves the name and owner alone (most writes set every column) keeps the name found.
    await k().updateTable('ingredients').set({ search_name: 'emmer flour', updated_at: NOW }).where('id', '=', id).execute();
    expect(await names(a, 'emmer')).toEqual(['Emmer flour']);

    await k().updateTable('ingredients').set({ archived: 1 }).where('id', '=', id).execute();
    expect(await names(a, 'emmer')).toEqual([]);
    await k().updateTable('ingredients').set({ archived: 0 }).where('id', '=', id).execute();

    // Into the library: every account finds it; then to account b: only b does.
    await k().updateTable('ingredients').set({ account_id: null }).where('id', '=', id).execute();
    expect(await names(b, 'emmer')).toEqual(['Emmer flour']);
    expect(await names(a, 'emmer', { public: false })).toEqual([]);
    await expectSearchTablesFollowTheRows();
    await k().updateTable('ingredients').set({ account_id: b }).where('id', '=', id).execute();
    expect(await names(a, 'emmer')).toEqual([]);
    expect(await names(b, 'emmer', { public: false })).toEqual(['Emmer flour']);
    await expectSearchTablesFollowTheRows();

    await k().deleteFrom('ingredients').where('id', '=', id).execute();
    expect(await names(b, 'emmer')).toEqual([]);
    await expectSearchTablesFollowTheRows();
  });
});
