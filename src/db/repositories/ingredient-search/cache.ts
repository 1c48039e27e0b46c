// What a search remembers about the public library, per database: facts that change only with an
// import, held for a minute, and PostgreSQL's library counts by query, each with the library version
// it was counted at (migration 033).
import { LRUCache } from 'lru-cache';
import { sql } from 'kysely';
import { readRaw } from '../../prepared.js';
import type { Db } from '../../schema.js';
import type { SearchDialect } from './dialect.js';
import { BROAD_MATCHES, type IngredientSearchOptions } from './fragments.js';

/**
 * `read`, remembered for a minute per database: facts about the public library that change only
 * with an import, where a stale value only picks the slower of two paths giving the same answer.
 */
function heldForAMinute<T>(read: (db: Db, dialect: SearchDialect) => Promise<T>): (db: Db, dialect: SearchDialect) => Promise<T> {
  const held = new WeakMap<object, { value: T; until: number }>();
  return async (db, dialect) => {
    const known = held.get(db);
    if (known && known.until > Date.now()) return known.value;
    const value = await read(db, dialect);
    held.set(db, { value, until: Date.now() + 60_000 });
    return value;
  };
}

/**
 * Whether the public library holds BROAD_MATCHES names or more. The count and the best classes
 * pay off only where one word can match thousands of library names. With a smaller library (none
 * imported, as on a new server) the one ranking scan that counts as it goes is the cheaper answer:
 * the separate count was one statement more on every search (own-ingredient searches on the load
 * benchmark's accounts 0.67 -> 1.05 ms; BENCHMARKS.md).
 */
export const largeLibrary = heldForAMinute(async (db, dialect) => {
  const [row] = await readRaw(
    db,
    sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM ingredients i${dialect.indexedBy('ingredients_public_search_order')}
    WHERE i.account_id IS NULL LIMIT ${sql.lit(BROAD_MATCHES)}) AS library`,
  );
  return Number(row?.n ?? 0) >= BROAD_MATCHES;
});

/**
 * How far the walk of pageFromBestClasses may go: the 16,384th shortest library name's length. The
 * walk for class 4 stops at names longer than this (null: the library is small enough to walk whole).
 * The shortest names are no even sample of the library (in the benchmark's, "steamed", one name in
 * ten, first appears ~6,500 names in); past ~16,384 names (~1.2 ms) ranking every match costs less
 * than walking on. A stale bound only walks a little more or less: the walk either fills the page
 * exactly or gives way to the full ranking.
 */
export const walkBound = heldForAMinute(async (db, dialect): Promise<number | null> => {
  const [row] = await readRaw(
    db,
    sql<{ l: number }>`SELECT length(i.search_name) AS l FROM ingredients i${dialect.indexedBy('ingredients_public_search_order')}
    WHERE i.account_id IS NULL ORDER BY length(i.search_name), ${dialect.byName()}, i.id LIMIT 1 OFFSET 16384`,
  );
  return row ? Number(row.l) : null;
});

// PostgreSQL: library counts by query and filters, each with the library version it was counted at
// (migration 033), per database. Counting "steamed" reads its 10,000 matching rows (7 ms); the
// library changes only with imports, so most searches find their count here.
const LIBRARY_COUNTS = 1000;
export interface LibraryCount {
  version: string;
  n: number;
  /** Library names the word heads, and when they were counted (for recentlyNarrow). */
  headed: number;
  at: number;
}
const libraryCounts = new WeakMap<object, LRUCache<string, LibraryCount>>();

export function libraryCountsOf(db: Db): LRUCache<string, LibraryCount> {
  let counts = libraryCounts.get(db);
  if (!counts) libraryCounts.set(db, (counts = new LRUCache({ max: LIBRARY_COUNTS })));
  return counts;
}

export const libraryCountKey = (word: string, o: IngredientSearchOptions) =>
  JSON.stringify([word, o.usdaVerified ?? null, o.category?.toLowerCase() ?? null]);

/**
 * PostgreSQL: whether this word was found within the last minute neither broad nor heading a page's
 * worth of library names ("chedd": a word prefix). Such a query then takes the one ranking scan that
 * counts as it goes: one round trip instead of two (the counts, then the page; "chedd" took 6.98
 * ms with two, 6.16 with one, the scan alone 6.08-6.15 in the same runs of `npm run bench search`).
 * Only speed depends on it: both paths give the same answer.
 */
export function recentlyNarrow(db: Db, word: string, o: IngredientSearchOptions): boolean {
  if (o.public === false) return false;
  const known = libraryCounts.get(db)?.get(libraryCountKey(word, o));
  return known !== undefined && Date.now() - known.at < 60_000 && known.n < BROAD_MATCHES && known.headed < o.offset + o.limit;
}
