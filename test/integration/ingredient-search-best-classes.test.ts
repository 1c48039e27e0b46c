// Ingredient search builds a broad one-word query's page from the best ranking classes (SQLite:
// classes 0-3 through indexes, class 4 by walking the library in name-length order) instead of
// ranking every match. Table-driven: every query, filter and page below must answer exactly what
// ranking every match answers (searchIngredientsRankingAll, the straightforward full sort), rows,
// order and total, on both databases; and on SQLite the faster path must really be the one taken
// where it should be.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngredientFields } from '../../src/core/ingredient.js';
import {
  BROAD_MATCHES,
  type IngredientSearchOptions,
  searchBestClassesOnly,
  searchIngredients,
  searchIngredientsRankingAll,
  wordsOf,
} from '../../src/db/repositories/ingredient-search/index.js';
import { fieldsToRow } from '../../src/db/repositories/ingredients.js';
import { insertPublicRows, publicRowValues } from '../../src/db/repositories/public-library.js';
import { searchText } from '../../src/lib/text.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { plainIngredientFields } from '../support/ingredient-fields.js';

const NOW = '2026-11-24T00:00:00Z';
const FOODS = ['chicken', 'pork', 'apple', 'tomato', 'cheddar'];
const FORMS = ['breast', 'whole', 'sliced', 'juice', 'soup', 'pie', 'x'];
/** Enough "steamed" names that the query is broad: the walk for class 4 runs. */
const BULK = 12_000;

function fields(name: string, k: number, archived = false): IngredientFields {
  return plainIngredientFields(name, { usda_verified: k % 3 === 0, archived, category: `Category ${k % 4}` });
}

// Library names of every class for "steamed" (and "chicken"), with lengths that interleave the bulk's.
const LIBRARY = [
  'Steamed', // 0: the exact name
  'Steameds', // 0: its simple plural
  'Steamed, whole', // 2: headed, the whole food
  'Steamed, whole, frozen', // 2
  'Steamed rice', // 3: headed
  'Steamed buns, plain', // 3
  'Steameds, mixed', // 3: headed by the plural
  'Rice, steamed', // 4: the word whole elsewhere
  'Kale, steameds', // 4: the plural whole elsewhere
  'Steamedish greens', // 5: a word prefix
  'Unsteamed kale', // 6: a substring
  'Kale oversteamed, long name of a kale that was steamed far too long', // 4 (whole word later), longest
  '-steamed-', // 0 by its own text, though not headed
  'Chicken, whole', // 2 for "chicken"
  'Chicken, whole, roasted', // 2
  'Chickens', // 0 for "chicken"
  `Rice (o'brien) 50% #1; a\\b [c]*d+e&f!g?h_i.j/k"l:m`, // every separator
];

// Account 1's own names (ties: "Steamed rice" twice) and names it must never see.
const OWN = ['Steamed rice', 'Steamed rice', 'Steamed', 'Rice, steamed', 'Oversteamed veg', 'Steamedish', 'Chicken soup'];

describe.each(databaseKinds())('ingredient search, best classes first, on %s', (kind) => {
  let db: TestDatabase;
  let accountA: number;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const k = db.handle.db;
    const accounts = [];
    for (const name of ['A', 'B']) {
      accounts.push(
        (
          await k
            .insertInto('accounts')
            .values({ name, created_at: NOW, updated_at: NOW } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id as number,
      );
    }
    accountA = accounts[0]!;
    const accountB = accounts[1]!;
    // "<food> <form>, <prep>, lot <n>": every other one steamed (class 4), lots of 1-5 digits so the
    // steamed names are spread through the name-length order.
    const bulk = Array.from({ length: BULK }, (_, i) => {
      const prep = i % 2 === 0 ? 'steamed' : i % 4 === 1 ? 'raw' : 'steamedish';
      const lot = i % 5 === 0 ? i * 7 : i;
      return publicRowValues(fields(`${FOODS[i % FOODS.length]} ${FORMS[i % FORMS.length]}, ${prep}, lot ${lot}`, i), 1_000_000 + i);
    });
    const library = LIBRARY.map((name, i) => publicRowValues(fields(name, i), 2_000_000 + i));
    await k.transaction().execute((tx) => insertPublicRows(tx, [...bulk, ...library], NOW));
    const own = [
      ...OWN.map((name, i) => ({ name, account: accountA, archived: false, k: i })),
      { name: 'Steamed, archived', account: accountA, archived: true, k: 0 },
      { name: 'Steamed secret of B', account: accountB, archived: false, k: 0 },
      { name: 'Steamed', account: accountB, archived: false, k: 0 },
    ];
    for (const row of own) {
      await k
        .insertInto('ingredients')
        .values({
          ...fieldsToRow(fields(row.name, row.k, row.archived)),
          account_id: row.account,
          created_at: NOW,
          updated_at: NOW,
        } as never)
        .execute();
    }
  }, 120_000);
  afterAll(() => db.drop());

  const options = (q: string, extra: Partial<IngredientSearchOptions> = {}): IngredientSearchOptions => ({
    accountId: accountA,
    q,
    offset: 0,
    limit: 20,
    ...extra,
  });
  const page = (r: { items: Array<{ id: number; name: string }>; total: number }) => ({
    total: r.total,
    rows: r.items.map((i) => `${i.id} ${i.name}`),
  });

  const queries = ['steamed', 'Steamed!', '-steamed-', 'steameds', 'chicken', 'chedd', 'raw', 'lot 42', 'steamed rice', 'st', 'xyzzy'];
  const variants: Array<[string, Partial<IngredientSearchOptions>]> = [
    ['all', {}],
    ['library only', { public: true }],
    ['own only', { public: false }],
    ['USDA-verified', { usdaVerified: true }],
    ['not USDA-verified', { usdaVerified: false }],
    ['a category', { category: 'CATEGORY 2' }],
  ];
  const pages: Array<[number, number]> = [
    [0, 20],
    [20, 20],
    [0, 1],
    [3, 7],
    [40, 20],
    [2980, 20], // around where class 4 of the filtered variants ends and class 5 begins
    [BULK / 2 - 10, 20], // across the end of class 4 for "steamed"
    [BULK / 2 + 20, 20],
    [BULK - 5, 20],
    [BULK * 2, 20], // past the end
  ];

  it.each(queries)(
    '%j: every filter and page equals ranking every match',
    async (q) => {
      for (const [, extra] of variants) {
        for (const [offset, limit] of pages) {
          const o = options(q, { ...extra, offset, limit });
          const expected = page(await searchIngredientsRankingAll(db.handle.db, kind, o));
          expect({ o, ...page(await searchIngredients(db.handle.db, kind, o)) }).toEqual({ o, ...expected });
        }
      }
    },
    120_000,
  );

  it.each(variants)('"steamed", %s: pages at the very end of classes 0-4 equal ranking every match', async (_, extra) => {
    // Classes 0-4 are the names holding the word whole; a page that needs one row more than they
    // hold must come from ranking every match.
    const { rows: visible } = await sql<{
      search_words: string;
      account_id: number | null;
      archived: number;
      usda_verified: number;
      category: string | null;
    }>`SELECT search_words, account_id, archived, usda_verified, category FROM ingredients`.execute(db.handle.db);
    const whole = visible.filter(
      (r) =>
        (r.account_id === null ? extra.public !== false : r.account_id === accountA && !r.archived && extra.public !== true) &&
        (extra.usdaVerified === undefined || Boolean(r.usda_verified) === extra.usdaVerified) &&
        (extra.category === undefined || r.category?.toLowerCase() === extra.category.toLowerCase()) &&
        [' steamed ', ' steameds ', ' steamedes '].some((f) => r.search_words.includes(f)),
    ).length;
    for (const [back, limit] of [
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 3],
      [19, 20],
      [20, 20],
      [21, 20],
      [0, 1],
    ] as const) {
      if (back > whole) continue; // pages start at 0
      const o = options('steamed', { ...extra, offset: whole - back, limit });
      const expected = page(await searchIngredientsRankingAll(db.handle.db, kind, o));
      expect({ o, ...page(await searchIngredients(db.handle.db, kind, o)) }).toEqual({ o, ...expected });
    }
  });

  it('ranks the classes, own first within a class, shorter names, name, then id', async () => {
    const first = await searchIngredients(db.handle.db, kind, options('steamed', { limit: 14 }));
    expect(first.items.map((i) => `${i.name}${i.account_id ? ' (own)' : ''}`)).toEqual([
      'Steamed (own)', // 0, own first
      'Steamed',
      'Steameds',
      'Steamed rice (own)', // 1, two alike: by id
      'Steamed rice (own)',
      'Rice, steamed (own)',
      'Steamed, whole', // 2
      'Steamed, whole, frozen',
      'Steamed rice', // 3
      'Steameds, mixed',
      'Steamed buns, plain',
      '-steamed-', // 4: not headed (exact only for the query "-steamed-"), the shortest
      'Rice, steamed',
      'Kale, steameds',
    ]);
    const own = first.items.filter((i) => i.name === 'Steamed rice' && i.account_id !== null);
    expect(own.map((i) => i.id)).toEqual([...own.map((i) => i.id)].sort((a, b) => a - b));
    expect(first.total).toBe(LIBRARY.filter((n) => searchText(n).includes('steamed')).length + BULK * 0.75 + 6);
  });

  it("computes a name's search_words as the database stores them (migrations 024 and 031)", async () => {
    // search_words is no column of the typed schema: only search SQL reads it.
    const { rows } = await sql<{ search_name: string; search_words: string }>`SELECT search_name, search_words FROM ingredients`.execute(
      db.handle.db,
    );
    expect(rows.length).toBeGreaterThan(BULK);
    for (const row of rows) expect(wordsOf(row.search_name)).toBe(row.search_words);
  });

  it('takes the best-classes path where it can fill the page', async () => {
    const taken = async (o: IngredientSearchOptions) => (await searchBestClassesOnly(db.handle.db, kind, o)) !== null;
    // Broad: classes 0-3 and the walk for class 4, first and later pages, with filters.
    expect(await taken(options('steamed'))).toBe(true);
    expect(await taken(options('steamed', { offset: 40 }))).toBe(true);
    expect(await taken(options('steamed', { usdaVerified: false, offset: 20 }))).toBe(true);
    expect(await taken(options('steamed', { public: true }))).toBe(true);
    expect(await taken(options('Steamed!'))).toBe(true);
    // Headed names alone fill the page: no walk.
    expect(await taken(options('chicken'))).toBe(true);
    // Pages reaching class 5 or 6, word prefixes only, several words, own only: every match ranked.
    expect(await taken(options('steamed', { offset: BULK / 2 + 20 }))).toBe(false);
    expect(await taken(options('chedd'))).toBe(false);
    expect(await taken(options('steamed rice'))).toBe(false);
    expect(await taken(options('steamed', { public: false }))).toBe(false);
    expect(BULK / 2).toBeGreaterThanOrEqual(BROAD_MATCHES);
  });
});
