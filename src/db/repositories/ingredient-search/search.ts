// Ranked name search over the public library and one account's own ingredients (never another
// account's). Matches every query word as a substring of the accent-free, lower-case name, then
// ranks by match class (rankOf in ranking.ts; docs/api.md#search), the caller's own first within a
// class, shorter names first. SQLite drives it from the FTS5 trigram table of migration 007 (the
// library's names, migration 034) and the account's name index (sqliteSource in sqlite.ts), PostgreSQL
// from its pg_trgm index; both rank from the ingredient row's own search_words (migrations 024 and
// 031). A one-word query over a large library is counted without ranking its matches (SQLite:
// through the FTS index and the account's index alone; PostgreSQL: the library's part remembered per
// library version, migration 033) and, when broad, its page built from the best classes without
// ranking every match (pageFromBestClasses in ranking.ts, migrations 032 and 033).
import { must } from '../../../lib/must.js';
import { type RawBuilder, sql } from 'kysely';
import type { Ingredient } from '../../../core/ingredient.js';
import { singularHead } from '../../../core/usda/common-form.js';
import { readRaw } from '../../prepared.js';
import type { Db, Dialect } from '../../schema.js';
import { rowToIngredient } from '../ingredients.js';
import { largeLibrary } from './cache.js';
import type { SearchDialect } from './dialect.js';
import { and, BROAD_MATCHES, type IngredientSearchOptions, ownRows } from './fragments.js';
import { postgresSearch } from './postgres.js';
import { headedBy, pageFromBestClasses, rankedPage } from './ranking.js';
import { sqliteSearch } from './sqlite.js';
import { forms, queryWords, type QueryWords } from './words.js';

const dialects: Record<Dialect, SearchDialect> = { sqlite: sqliteSearch, postgres: postgresSearch };

export async function searchIngredients(db: Db, dialect: Dialect, o: IngredientSearchOptions): Promise<SearchResult> {
  // Only 'best-classes-only' answers null.
  return must(await search(db, dialect, o, 'auto'), 'a search result (only best-classes-only answers null)');
}

/**
 * The same answer by ranking every match, always: the straightforward query the faster paths must
 * equal (the tests compare them page by page).
 */
export async function searchIngredientsRankingAll(db: Db, dialect: Dialect, o: IngredientSearchOptions): Promise<SearchResult> {
  return must(await search(db, dialect, o, 'rank-all'), 'a search result (only best-classes-only answers null)');
}

/**
 * The page the best-classes path builds (pageFromBestClasses) and the count, or null where
 * that path does not apply or cannot fill the page; for the tests, to show it is taken.
 */
export async function searchBestClassesOnly(db: Db, dialect: Dialect, o: IngredientSearchOptions): Promise<SearchResult | null> {
  return search(db, dialect, o, 'best-classes-only');
}

export interface SearchResult {
  items: Ingredient[];
  total: number;
}

async function search(
  db: Db,
  kind: Dialect,
  o: IngredientSearchOptions,
  how: 'auto' | 'rank-all' | 'best-classes-only',
): Promise<SearchResult | null> {
  const [firstWord, ...otherWords] = queryWords(o.q);
  if (firstWord === undefined) return how === 'best-classes-only' ? null : { items: [], total: 0 };
  const words: QueryWords = [firstWord, ...otherWords];
  const dialect = dialects[kind];
  const { from, filters, count: countOf, countedApart } = await dialect.matches(db, words, o);
  // Who may see a row, then the request's optional filters (`only`).
  const scope: RawBuilder<unknown>[] = [];
  if (o.public === true) scope.push(sql`i.account_id IS NULL`);
  else if (o.public === false) scope.push(ownRows(o));
  else scope.push(sql`(i.account_id IS NULL OR (${ownRows(o)}))`);
  const only: RawBuilder<unknown>[] = [];
  if (o.usdaVerified !== undefined) only.push(sql`i.usda_verified = ${o.usdaVerified ? 1 : 0}`);
  if (o.category !== undefined) only.push(sql`lower(i.category) = ${o.category.toLowerCase()}`);
  scope.push(...only);
  const where = and([...filters, ...scope]);
  const count = async () => Number((await readRaw(db, sql<{ n: number }>`SELECT ${countOf(where)} AS n`))[0]?.n ?? 0);

  // One word of three characters or more over a large library: the matches are counted without
  // ranking them (the window count over the ranking scan and its full sort were 4-5 ms of SQLite's
  // "steamed" 12, and on PostgreSQL counting reads every matching row: 7 ms of its 16), and a broad
  // word's page comes from the best classes alone (BENCHMARKS.md "search"). PostgreSQL without
  // pg_trgm matches word prefixes through full-text search instead, and ranks every match.
  if (
    countedApart &&
    words.length === 1 &&
    [...firstWord].length >= 3 &&
    how !== 'rank-all' &&
    (how === 'best-classes-only' || ((await largeLibrary(db, dialect)) && !dialect.recentlyNarrow(db, firstWord, o)))
  ) {
    const word = firstWord;
    // With the count, how many library names the word heads (index ranges, ~10 µs): whether
    // classes 0-3 may fill the page without the walk.
    // Library foods of the word's head noun (class 2) count too; one headed as well counts twice,
    // which only sends a page the best classes cannot fill to the full ranking.
    const headed = sql.join(
      [
        ...forms(word).map(
          (f) => sql`(SELECT count(*) FROM ingredients i${dialect.indexedBy('ingredients_public_search_words')}
        WHERE i.account_id IS NULL AND ${headedBy(dialect, f)})`,
        ),
        sql`(SELECT count(*) FROM ingredients i${dialect.indexedBy('ingredients_public_common_head')}
        WHERE i.account_id IS NULL AND i.common_head = ${singularHead(word)})`,
      ],
      sql` + `,
    );
    const counted = await dialect.oneWordCounts(db, o, word, countOf(where), only, headed);
    const total = counted.n;
    if (how === 'auto' && (total === 0 || o.offset >= total)) return { items: [], total };
    const walk = total >= BROAD_MATCHES;
    if (o.public !== false && (walk || counted.headed >= o.offset + o.limit)) {
      const page = await pageFromBestClasses(db, dialect, o, word, only, scope, walk);
      if (page) return { items: page, total };
    }
    if (how === 'best-classes-only') return null;
    return { items: (await rankedPage(db, dialect, o, words, from, where, false)).map(rowToIngredient), total };
  }
  if (how === 'best-classes-only') return null;

  const rows = await rankedPage(db, dialect, o, words, from, where, true);
  const items = rows.map(rowToIngredient);
  const [top] = rows;
  if (top) return { items, total: Number(top.search_total) };
  // No row on the first page: nothing matches.
  if (o.offset === 0) return { items, total: 0 };
  // A page past the end carries no count; ask for it.
  return { items, total: await count() };
}
