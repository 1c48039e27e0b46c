// Ranked name search over the public library and one account's own ingredients (never another
// account's). Matches every query word as a substring of the accent-free, lower-case name, then
// ranks by match class (rankOf below; docs/api.md §2 "Search"), the caller's own first within a
// class, shorter names first. SQLite drives it from the FTS5 trigram table of migration 007 (the
// library's names, migration 034) and the account's name index (sqliteSource below), PostgreSQL
// from its pg_trgm index; both rank from the ingredient row's own search_words (migrations 024 and
// 031). A one-word query over a large library is counted without ranking its matches (SQLite:
// through the FTS index and the account's index alone; PostgreSQL: the library's part remembered per
// library version, migration 033) and, when broad, its page built from the best classes without
// ranking every match (pageFromBestClasses, migrations 032 and 033).
import { LRUCache } from 'lru-cache';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Ingredient } from '../../core/ingredient.js';
import { singularHead } from '../../core/usda/common-form.js';
import { searchText } from '../../lib/text.js';
import { readRaw } from '../prepared.js';
import type { Db, Dialect } from '../schema.js';
import type { IngredientsTable } from '../tables/core.js';
import { rowToIngredient } from './ingredients.js';

/** An ingredient row as the page queries select it (i.*), plus their own columns. */
type PageRow = Selectable<IngredientsTable>;

/** Characters that separate words in names (the same set migration 007 strips). */
export const WORD_SEPARATORS = /[\s,()./'";:&+!?%_[\]*#\\-]+/;

/** The query's words, lower-case and accent-free: "Pommes, crues" -> ["pommes", "crues"]. */
export function queryWords(q: string): string[] {
  return searchText(q)
    .split(WORD_SEPARATORS)
    .filter((w) => w.length > 0);
}

export interface IngredientSearchOptions {
  accountId: number;
  q: string;
  usdaVerified?: boolean;
  /** true: public library only; false: the account's own only. */
  public?: boolean;
  category?: string;
  offset: number;
  limit: number;
}

const hasTrigramIndex = new WeakMap<object, Promise<boolean>>();

/** PostgreSQL without pg_trgm got a full-text index instead (migration 007); the query follows the index. */
export function postgresTrigram(db: Db): Promise<boolean> {
  let known = hasTrigramIndex.get(db);
  if (!known) {
    known = sql<{
      n: number;
    }>`SELECT count(*) AS n FROM pg_indexes WHERE indexname = 'ingredients_search_trgm' AND schemaname = current_schema()`
      .execute(db)
      .then((r) => Number(r.rows[0]?.n ?? 0) > 0);
    hasTrigramIndex.set(db, known);
  }
  return known;
}

// Each name's words padded with spaces, separators turned to spaces, in a column of the ingredient
// row on both databases (migrations 024 and 031), so one set of LIKE patterns ranks alike on both.
const WORDS = sql`i.search_words`;

/**
 * A LIKE pattern as the dialect should get it. SQLite plans a LIKE by its pattern's value, so binding
 * a pattern as a bare parameter expires the statement and SQLite prepares it again at every run: a
 * two-word search finding one name ran in 209 µs so, 78 µs with its patterns as expressions (measured
 * on the statement alone). As "? || ''" the pattern is planned once, and the FTS5 trigram table still
 * takes it as its LIKE constraint. PostgreSQL plans each query with its values; it gets the value.
 */
const likePattern = (sqlite: boolean, text: string) => (sqlite ? sql`(${text} || '')` : sql`${text}`);

/** The caller's own ingredients a search may show (never archived ones). */
const ownRows = (o: IngredientSearchOptions) => sql`i.account_id = ${o.accountId} AND i.archived = 0`;

/**
 * The caller's own ingredients whose name holds every word, tested row by row on the account's name
 * index (instr on SQLite, strpos on PostgreSQL, where it keeps the planner off the table-wide trigram
 * index). A query word holds no separator, so a substring of the name is one of its words too.
 */
const ownNamesHolding = (o: IngredientSearchOptions, words: string[], sqlite: boolean) =>
  and([ownRows(o), ...words.map((w) => (sqlite ? sql`instr(i.search_name, ${w}) > 0` : sql`strpos(i.search_name, ${w}) > 0`))]);

/**
 * SQLite's matches, each part asked only for the names the caller may see. The library's come from
 * the FTS5 trigram table of migration 007, which holds public names only (migration 034). A LIKE
 * there intersects the words' trigram lists, then reads each candidate's text back to test it:
 * cheap when several words leave few candidates, and 4-5x slower than a phrase MATCH for one broad
 * word ("steamed": 10,000 read-backs). A phrase of the word's trigrams finds the names holding it as
 * a substring in the index alone, at the price of reading the trigrams' positions. So one word of
 * three or more characters is a phrase, several words LIKE patterns. The caller's own names come
 * from its rows of the account's name index (ownNamesHolding): ~70 ns a name, whatever other
 * accounts hold. A word shorter than a trigram is tested on the row (the index has nothing to look
 * up); with no other word, every visible row is.
 */
function sqliteSource(words: string[], o: IngredientSearchOptions): SqliteSource {
  const indexed = words.filter((w) => [...w].length >= 3);
  const short = words.filter((w) => [...w].length < 3).map((w) => sql`${WORDS} LIKE ${likePattern(true, `%${w}%`)}`);
  if (indexed.length === 0)
    return { from: sql`ingredients i`, short, count: (where) => sql`(SELECT count(*) FROM ingredients i WHERE ${where})` };
  const parts: { ids: RawBuilder<unknown>; rows: RawBuilder<unknown>; match: RawBuilder<unknown> }[] = [];
  if (o.public !== false) {
    const match =
      indexed.length === 1
        ? sql`ingredient_search MATCH ${`"${indexed[0]!.replaceAll('"', '""')}"`}`
        : and(indexed.map((w) => sql`s.words LIKE ${likePattern(true, `%${w}%`)}`));
    parts.push({
      ids: sql`SELECT s.rowid AS id FROM ingredient_search s`,
      rows: sql`ingredient_search s JOIN ingredients i ON i.id = s.rowid`,
      match,
    });
  }
  if (o.public !== true) {
    const own = sql`ingredients i INDEXED BY ingredients_account_search_name`;
    parts.push({ ids: sql`SELECT i.id FROM ${own}`, rows: own, match: ownNamesHolding(o, indexed, true) });
  }
  return {
    // CROSS JOIN keeps SQLite's join order (the matches, then their rows by primary key): with a
    // plain JOIN its planner walked every library row against an index it built over the matches
    // ("xyzzy" over 100,000 names: 8 ms instead of 0.2).
    from: sql`(${sql.join(
      parts.map((p) => sql`${p.ids} WHERE ${p.match}`),
      sql` UNION ALL `,
    )}) m CROSS JOIN ingredients i ON i.id = m.id`,
    short,
    // Counted part by part: through the union every match paid a co-routine's hand-over
    // ("steamed", 18,000 matches: ~1 ms).
    count: (where) =>
      sql.join(
        parts.map((p) => sql`(SELECT count(*) FROM ${p.rows} WHERE ${p.match} AND ${where})`),
        sql` + `,
      ),
  };
}

interface SqliteSource {
  /** The matches the caller may see, as rows `i` of ingredients, for the ranking. */
  from: RawBuilder<unknown>;
  /** Tests of the words too short for the FTS index, on the row. */
  short: RawBuilder<unknown>[];
  /** An expression counting the matches that also pass `where`. */
  count(where: RawBuilder<unknown>): RawBuilder<unknown>;
}

/** The forms a query word also matches as a whole word: itself and its simple plurals ("egg" -> "eggs"). */
const forms = (w: string) => [w, `${w}s`, `${w}es`];

const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `);
const or = (parts: RawBuilder<unknown>[]) => sql`(${sql.join(parts, sql` OR `)})`;

/**
 * Tests on the words column, for the ranking: a name's words hold " egg " (whole word), " egg"
 * (word prefix), or begin with " egg " (headed). SQLite's LIKE folds case character by character,
 * needlessly (the text is folded already), and a broad query ranks 10,000 rows with up to ten
 * tests each: there instr and substr compare bytes. PostgreSQL's LIKE compares bytes already.
 */
function wordTests(sqlite: boolean) {
  return sqlite
    ? {
        holds: (text: string) => sql`instr(${WORDS}, ${text}) > 0`,
        startsWith: (text: string) => sql`substr(${WORDS}, 1, ${[...text].length}) = ${text}`,
      }
    : {
        holds: (text: string) => sql`${WORDS} LIKE ${`%${text}%`}`,
        startsWith: (text: string) => sql`${WORDS} LIKE ${`${text}%`}`,
      };
}

/**
 * The match class (docs/api.md §2 "Search"), lower first:
 * 0 the exact name (or its simple plural);
 * 1 the caller's own ingredient with every query word whole: they named it, so they mean it;
 * 2 a library food of the query's head noun (its last word) holding the other words whole: the
 *   common food first ("flour" finds "Wheat flour, white, all-purpose, enriched, bleached"), ranked
 *   within the class by its distance from the plain common form (common_score, migration 038;
 *   src/core/usda/common-form.ts);
 * 3 a library name headed by the query that USDA qualifies as "whole" (the entire food, not a part);
 * 4 a library name headed by the query ("Egg, ...", "Eggs, ...");
 * 5 every query word whole elsewhere; 6 every word a word prefix; 7 substrings.
 */
function classTests(q: string, words: string[], sqlite: boolean) {
  const { holds, startsWith } = wordTests(sqlite);
  const last = words.length - 1;
  const head = words.slice(0, last).join(' ');
  const phrases = forms(words[last]!).map((f) => (head ? `${head} ${f}` : f));
  const exact = sql`i.search_name IN (${sql.join([...new Set([searchText(q), ...phrases])])})`;
  const headed = or(phrases.map((p) => startsWith(` ${p} `)));
  // "Egg, whole, dried", "Milk, whole", "Eggs, Grade A, Large, egg whole"; not "Flour, whole wheat".
  // The one cheap test first: most headed names hold no "whole" at all.
  const wholeFood = sql`${holds(' whole ')} AND ${or(
    phrases
      .flatMap((p) => [`${p}, whole`, `${p}, whole,%`, `%, ${p} whole`, `%, ${p} whole,%`])
      .map((pattern) => sql`i.search_name LIKE ${likePattern(sqlite, pattern)}`),
  )}`;
  const whole = and(words.map((word, k) => or((k === last ? forms(word) : [word]).map((f) => holds(` ${f} `)))));
  const prefix = and(words.map((word) => holds(` ${word}`)));
  const common = and([sql`i.common_head = ${commonHead(words)}`, ...words.slice(0, last).map((w) => holds(` ${w} `))]);
  return { exact, headed, wholeFood, whole, prefix, common };
}

/** The query's head noun as library foods store theirs (common_head): its last word, singular. */
const commonHead = (words: string[]) => singularHead(words[words.length - 1]!);

/** Within class 2, the food nearest the plain common form first; 0 in every other class. */
const commonOrder = (common: RawBuilder<unknown>) => sql`CASE WHEN ${common} THEN i.common_score ELSE 0 END`;

function rankOf(q: string, words: string[], sqlite: boolean): RawBuilder<unknown> {
  const { exact, headed, wholeFood, whole, prefix, common } = classTests(q, words, sqlite);
  // Headed names are tested once for classes 3 and 4.
  return sql`CASE
    WHEN ${exact} THEN 0
    WHEN i.account_id IS NOT NULL AND ${whole} THEN 1
    WHEN ${common} THEN 2
    WHEN ${headed} THEN CASE WHEN ${wholeFood} THEN 3 ELSE 4 END
    WHEN ${whole} THEN 5
    WHEN ${prefix} THEN 6
    ELSE 7 END`;
}

/** Byte order for the tie-break: search_name is already folded, and a locale collation costs PostgreSQL dearly. */
const byName = (sqlite: boolean) => (sqlite ? sql`i.search_name` : sql`i.search_name COLLATE "C"`);
/** Within a class the caller's own ingredients come first. */
const own = sql`CASE WHEN i.account_id IS NULL THEN 1 ELSE 0 END`;

/**
 * SQLite names the index a part of the best-classes queries is written for: without statistics its
 * planner preferred the account_id index and then sorted or filtered the whole library. PostgreSQL's
 * planner finds the indexes itself.
 */
const indexedBy = (sqlite: boolean, index: string) => (sqlite ? sql` INDEXED BY ${sql.raw(index)}` : sql``);
/** search_words compared in byte order, as migration 033 indexes it on PostgreSQL (SQLite's text compares bytes). */
const wordsInBytes = (sqlite: boolean) => (sqlite ? WORDS : sql`${WORDS} COLLATE "C"`);
/** Names whose words begin with the whole word `form` (" egg ..."): a range of the public search_words index. */
const headedBy = (sqlite: boolean, form: string) =>
  sql`${wordsInBytes(sqlite)} >= ${` ${form} `} AND ${wordsInBytes(sqlite)} < ${` ${form}!`}`;

/**
 * One-word queries: from this many matches pageFromBestClasses also walks the library for
 * class 4, which costs up to ~1.2 ms in vain when the page lies in class 5 or 6; below it ranking
 * every match costs about as much as the walk could save. With fewer matches classes 0-3 are tried
 * alone when the word heads enough library names to fill the page ("chicken"). Only speed depends
 * on it, never the answer.
 */
export const BROAD_MATCHES = 5000;

/** A name's search_words (migrations 024 and 031) from its search_name: separators to spaces, a space each side. */
export function wordsOf(searchName: string): string {
  return ` ${searchName.replace(/[,()./'";:&+!?%_[\]*#\\-]/g, ' ')} `;
}

export async function searchIngredients(db: Db, dialect: Dialect, o: IngredientSearchOptions): Promise<SearchResult> {
  // Only 'best-classes-only' answers null.
  return (await search(db, dialect, o, 'auto'))!;
}

/**
 * The same answer by ranking every match, always: the straightforward query the faster paths must
 * equal (the tests compare them page by page).
 */
export async function searchIngredientsRankingAll(db: Db, dialect: Dialect, o: IngredientSearchOptions): Promise<SearchResult> {
  return (await search(db, dialect, o, 'rank-all'))!;
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
  dialect: Dialect,
  o: IngredientSearchOptions,
  how: 'auto' | 'rank-all' | 'best-classes-only',
): Promise<SearchResult | null> {
  const words = queryWords(o.q);
  if (words.length === 0) return how === 'best-classes-only' ? null : { items: [], total: 0 };
  const sqlite = dialect === 'sqlite';
  const filters: RawBuilder<unknown>[] = [];
  let from = sql`ingredients i`;
  let countOf = (where: RawBuilder<unknown>) => sql`(SELECT count(*) FROM ${from} WHERE ${where})`;
  if (sqlite) {
    const source = sqliteSource(words, o);
    from = source.from;
    countOf = source.count;
    filters.push(...source.short);
  } else if (await postgresTrigram(db)) {
    for (const w of words) filters.push(sql`i.search_name LIKE ${`%${w}%`}`);
  } else {
    for (const w of words) filters.push(sql`to_tsvector('simple', i.search_name) @@ to_tsquery('simple', ${`${w}:*`})`);
  }
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
  const trigram = !sqlite && (await postgresTrigram(db));
  if (
    (sqlite || trigram) &&
    words.length === 1 &&
    [...words[0]!].length >= 3 &&
    how !== 'rank-all' &&
    (how === 'best-classes-only' || ((await largeLibrary(db, sqlite)) && (sqlite || !recentlyNarrow(db, words[0]!, o))))
  ) {
    const word = words[0]!;
    // With the count, how many library names the word heads (index ranges, ~10 µs): whether
    // classes 0-3 may fill the page without the walk.
    // Library foods of the word's head noun (class 2) count too; one headed as well counts twice,
    // which only sends a page the best classes cannot fill to the full ranking.
    const headed = sql.join(
      [
        ...forms(word).map(
          (f) => sql`(SELECT count(*) FROM ingredients i${indexedBy(sqlite, 'ingredients_public_search_words')}
        WHERE i.account_id IS NULL AND ${headedBy(sqlite, f)})`,
        ),
        sql`(SELECT count(*) FROM ingredients i${indexedBy(sqlite, 'ingredients_public_common_head')}
        WHERE i.account_id IS NULL AND i.common_head = ${singularHead(word)})`,
      ],
      sql` + `,
    );
    const counted = sqlite
      ? (await readRaw(db, sql<{ n: number; headed: number }>`SELECT ${countOf(where)} AS n, ${headed} AS headed`))[0]
      : await postgresCounts(db, o, word, only, headed);
    const total = Number(counted?.n ?? 0);
    if (how === 'auto' && (total === 0 || o.offset >= total)) return { items: [], total };
    const walk = total >= BROAD_MATCHES;
    if (o.public !== false && (walk || Number(counted?.headed ?? 0) >= o.offset + o.limit)) {
      const page = await pageFromBestClasses(db, sqlite, o, word, only, scope, walk);
      if (page) return { items: page, total };
    }
    if (how === 'best-classes-only') return null;
    return { items: (await rankedPage(db, sqlite, o, words, from, where, false)).map(rowToIngredient), total };
  }
  if (how === 'best-classes-only') return null;

  const rows = await rankedPage(db, sqlite, o, words, from, where, true);
  const items = rows.map(rowToIngredient);
  if (rows.length > 0) return { items, total: Number(rows[0].search_total) };
  // No row on the first page: nothing matches.
  if (o.offset === 0) return { items, total: 0 };
  // A page past the end carries no count; ask for it.
  return { items, total: await count() };
}

/**
 * Every match ranked (docs/api.md §2 "Search"), the page's rows. Ids are ranked first, then the
 * page's rows fetched, so the sort carries narrow tuples. With `withCount` the window count rides
 * along on the ranking scan (one round trip, one pass over the matches) as search_total.
 */
async function rankedPage(
  db: Db,
  sqlite: boolean,
  o: IngredientSearchOptions,
  words: string[],
  from: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  withCount: boolean,
): Promise<Array<PageRow & { search_total?: number | string }>> {
  const rank = rankOf(o.q, words, sqlite);
  const order = commonOrder(classTests(o.q, words, sqlite).common);
  const total = withCount ? sql`, count(*) OVER () AS total` : sql``;
  // The page's bounds go into the text, as in pageFromBestClasses: bound as parameters, SQLite ran
  // this statement ~70-110 µs slower whatever the matches (an own-ingredient search finding one name:
  // 158 against 87 µs). Both are integers (pageOf in http/pagination.ts); the statement cache holds a
  // text per page asked for.
  if (!Number.isSafeInteger(o.offset) || !Number.isSafeInteger(o.limit)) throw new TypeError('page bounds must be integers');
  return readRaw(
    db,
    sql<
      PageRow & { search_total?: number | string }
    >`SELECT i.*${withCount ? sql`, page.total AS search_total` : sql``} FROM ingredients i JOIN (
      SELECT i.id, ${rank} AS r, ${own} AS o, ${order} AS c, length(i.search_name) AS l, ${byName(sqlite)} AS n${total} FROM ${from} WHERE ${where}
      ORDER BY r, o, c, l, n, i.id LIMIT ${sql.lit(o.limit)} OFFSET ${sql.lit(o.offset)}) page ON page.id = i.id
    ORDER BY page.r, page.o, page.c, page.l, page.n, page.id`,
  );
}

/**
 * `read`, remembered for a minute per database: facts about the public library that change only
 * with an import, where a stale value only picks the slower of two paths giving the same answer.
 */
function heldForAMinute<T>(read: (db: Db, sqlite: boolean) => Promise<T>): (db: Db, sqlite: boolean) => Promise<T> {
  const held = new WeakMap<object, { value: T; until: number }>();
  return async (db, sqlite) => {
    const known = held.get(db);
    if (known && known.until > Date.now()) return known.value;
    const value = await read(db, sqlite);
    held.set(db, { value, until: Date.now() + 60_000 });
    return value;
  };
}

/**
 * Whether the public library holds BROAD_MATCHES names or more. The count and the best classes above
 * pay off only where one word can match thousands of library names. With a smaller library (none
 * imported, as on a new server) the one ranking scan that counts as it goes is the cheaper answer:
 * the separate count was one statement more on every search (own-ingredient searches on the load
 * benchmark's accounts 0.67 -> 1.05 ms; BENCHMARKS.md).
 */
const largeLibrary = heldForAMinute(async (db, sqlite) => {
  const [row] = await readRaw(
    db,
    sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM ingredients i${indexedBy(sqlite, 'ingredients_public_search_order')}
    WHERE i.account_id IS NULL LIMIT ${sql.lit(BROAD_MATCHES)}) AS library`,
  );
  return Number(row?.n ?? 0) >= BROAD_MATCHES;
});

/**
 * How far the walk below may go: the 16,384th shortest library name's length. The walk for class 4
 * stops at names longer than this (null: the library is small enough to walk whole). The shortest
 * names are no even sample of the library (in the benchmark's, "steamed", one name in ten, first
 * appears ~6,500 names in); past ~16,384 names (~1.2 ms) ranking every match costs less than walking
 * on. A stale bound only walks a little more or less: the walk either fills the page exactly or gives
 * way to the full ranking.
 */
const walkBound = heldForAMinute(async (db, sqlite): Promise<number | null> => {
  const [row] = await readRaw(
    db,
    sql<{ l: number }>`SELECT length(i.search_name) AS l FROM ingredients i${indexedBy(sqlite, 'ingredients_public_search_order')}
    WHERE i.account_id IS NULL ORDER BY length(i.search_name), ${byName(sqlite)}, i.id LIMIT 1 OFFSET 16384`,
  );
  return row ? Number(row.l) : null;
});

// PostgreSQL: library counts by query and filters, each with the library version it was counted at
// (migration 033), per database. Counting "steamed" reads its 10,000 matching rows (7 ms); the
// library changes only with imports, so most searches find their count here.
const LIBRARY_COUNTS = 1000;
interface LibraryCount {
  version: string;
  n: number;
  /** Library names the word heads, and when they were counted (for recentlyNarrow). */
  headed: number;
  at: number;
}
const libraryCounts = new WeakMap<object, LRUCache<string, LibraryCount>>();
/** The library's version (migration 033), as text: bigint, compared, never computed with. */
const LIBRARY_VERSION = sql`(SELECT version::text FROM library_version WHERE id = 1)`;

function libraryCountsOf(db: Db): LRUCache<string, LibraryCount> {
  let counts = libraryCounts.get(db);
  if (!counts) libraryCounts.set(db, (counts = new LRUCache({ max: LIBRARY_COUNTS })));
  return counts;
}

const libraryCountKey = (word: string, o: IngredientSearchOptions) =>
  JSON.stringify([word, o.usdaVerified ?? null, o.category?.toLowerCase() ?? null]);

/**
 * PostgreSQL: whether this word was found within the last minute neither broad nor heading a page's
 * worth of library names ("chedd": a word prefix). Such a query then takes the one ranking scan that
 * counts as it goes: one round trip instead of two (the counts, then the page; "chedd" took 6.98
 * ms with two, 6.16 with one, the scan alone 6.08-6.15 in the same runs of `npm run bench search`).
 * Only speed depends on it: both paths give the same answer.
 */
function recentlyNarrow(db: Db, word: string, o: IngredientSearchOptions): boolean {
  if (o.public === false) return false;
  const known = libraryCounts.get(db)?.get(libraryCountKey(word, o));
  return known !== undefined && Date.now() - known.at < 60_000 && known.n < BROAD_MATCHES && known.headed < o.offset + o.limit;
}

/**
 * PostgreSQL: a one-word query's count (trigram LIKE, as the ranking's `where`) and its headed
 * count, in one statement when the library's part is known at the current library version, two
 * when it must be counted. The caller's own part is always counted, through the account's name
 * index (ownNamesHolding).
 */
async function postgresCounts(
  db: Db,
  o: IngredientSearchOptions,
  word: string,
  only: RawBuilder<unknown>[],
  headed: RawBuilder<unknown>,
): Promise<{ n: number; headed: number }> {
  const ownCount =
    o.public === true ? sql`0` : sql`(SELECT count(*) FROM ingredients i WHERE ${and([ownNamesHolding(o, [word], false), ...only])})`;
  const [first] = await readRaw(
    db,
    sql<{ version: string; own: string; headed: string }>`SELECT ${LIBRARY_VERSION} AS version, ${ownCount} AS own, ${headed} AS headed`,
  );
  const headedNames = Number(first!.headed);
  const n = Number(first!.own) + (o.public === false ? 0 : await libraryCount(db, first!.version, headedNames, word, o, only));
  return { n, headed: headedNames };
}

async function libraryCount(
  db: Db,
  version: string,
  headed: number,
  word: string,
  o: IngredientSearchOptions,
  only: RawBuilder<unknown>[],
): Promise<number> {
  const counts = libraryCountsOf(db);
  const key = libraryCountKey(word, o);
  const known = counts.get(key);
  if (known?.version === version) {
    counts.set(key, { ...known, headed, at: Date.now() });
    return known.n;
  }
  // The version and the count from one statement: one snapshot, so the count is the library at that version.
  const [counted] = await readRaw(
    db,
    sql<{ version: string; n: string }>`SELECT ${LIBRARY_VERSION} AS version,
      (SELECT count(*) FROM ingredients i WHERE ${and([sql`i.account_id IS NULL`, sql`i.search_name LIKE ${`%${word}%`}`, ...only])}) AS n`,
  );
  const n = Number(counted!.n);
  counts.set(key, { version: counted!.version, n, headed, at: Date.now() });
  return n;
}

/**
 * The page of a broad one-word query without ranking every match (docs/api.md §2 "Search":
 * by class, then own first, shorter names, name, id). Classes 0-3 are few and found through
 * indexes: the caller's own ingredients, and library names equal to the query or headed by the word,
 * ranges of migration 032's public search_words index. Class 4 (the word whole elsewhere) holds
 * library names only, so its first rows come from walking the library in the order that ranks
 * within a class (length, name, id: migration 032's order index, which carries the words, so the
 * walk reads no row) and keeping class 4 names until the page is full. Those, after all of classes
 * 0-3, are exactly the top of the full ranking: a name not read is of class 4 and later in that
 * order, or of class 5 or 6, which rank after class 4. When the page needs more (class 5 or 6
 * names, or class 4 names beyond the walk) this answers null and the caller ranks every match.
 */
async function pageFromBestClasses(
  db: Db,
  sqlite: boolean,
  o: IngredientSearchOptions,
  word: string,
  only: RawBuilder<unknown>[],
  scope: RawBuilder<unknown>[],
  walk: boolean,
): Promise<Ingredient[] | null> {
  const need = o.offset + o.limit;
  // The page's bounds go into the text: bound as parameters, SQLite planned the page's sort over the
  // two sets ~3x slower (2.0 against 0.7 ms). Both are integers (pageOf in http/pagination.ts).
  if (!Number.isSafeInteger(o.offset) || !Number.isSafeInteger(o.limit)) return null;
  const rank = rankOf(o.q, [word], sqlite);
  const { exact, headed, wholeFood, whole, common } = classTests(o.q, [word], sqlite);
  const order = commonOrder(common);
  const { holds } = wordTests(sqlite);
  const ranked = (index: string, condition: RawBuilder<unknown>, r: RawBuilder<unknown> = rank, ownFirst: RawBuilder<unknown> = own) =>
    sql`SELECT i.id, ${r} AS r, ${ownFirst} AS o, ${order} AS c, length(i.search_name) AS l, ${byName(sqlite)} AS n
      FROM ingredients i${indexedBy(sqlite, index)} WHERE ${condition}`;
  // A library name headed by the word is of class 0, 2, 3 or 4 (rankOf): the other tests need not run.
  const headedRank = sql`CASE WHEN ${exact} THEN 0 WHEN ${common} THEN 2 WHEN ${wholeFood} THEN 3 ELSE 4 END`;
  const best = (index: string, condition: RawBuilder<unknown>) => sql`SELECT * FROM (${ranked(index, condition)}) AS part WHERE r <= 4`;
  // Library names headed by the word (" egg ", " eggs ", " egges "): classes 0, 2 and 3 all, so
  // they need no other class test; the index carries the name, so ranking them ("chicken": 2,000
  // headed names) reads no row. Then the names whose words are the query's own, when not headed (the
  // name "-egg-" is exact but not headed), and the caller's own names. The parts are disjoint.
  const library = [sql`i.account_id IS NULL`, ...only];
  const parts = forms(word).map((f) =>
    ranked('ingredients_public_search_words', and([...library, headedBy(sqlite, f)]), headedRank, sql`1`),
  );
  const exactWords = wordsOf(searchText(o.q));
  const exactPart = !forms(word).some((f) => exactWords.startsWith(` ${f} `));
  if (exactPart) {
    parts.push(best('ingredients_public_search_words', and([...library, sql`${wordsInBytes(sqlite)} = ${exactWords}`])));
  }
  // Library foods of the word's head noun not headed by it ("Wheat flour, ..." for "flour"): class 2
  // (or 0), a range of migration 038's index; kept apart from the parts above. The walk below leaves
  // out every row of these parts by id (the order index carries the id, so no row is read).
  parts.push(
    best(
      'ingredients_public_common_head',
      and([
        ...library,
        sql`i.common_head = ${singularHead(word)}`,
        ...forms(word).map((f) => sql`NOT (${headedBy(sqlite, f)})`),
        ...(exactPart ? [sql`${wordsInBytes(sqlite)} <> ${exactWords}`] : []),
      ]),
    ),
  );
  if (o.public !== true) {
    parts.push(best('ingredients_account_search_name', and([ownRows(o), ...scope])));
  }
  const bound = walk ? await walkBound(db, sqlite) : null;
  const within = [sql`i.account_id IS NULL`, ...(bound === null ? [] : [sql`length(i.search_name) <= ${bound}`]), ...only];
  // Without the walk, classes 0-3 must fill the page alone.
  const room = walk ? (sqlite ? sql`max(0, ${need} - count(*))` : sql`GREATEST(0, ${need} - count(*))`) : sql`0 * count(*)`;
  const query = sql<PageRow & { found: number }>`WITH best AS MATERIALIZED (${sql.join(parts, sql` UNION ALL `)}),
    walked AS MATERIALIZED (
      SELECT i.id, 5 AS r, 1 AS o, 0 AS c, length(i.search_name) AS l, ${byName(sqlite)} AS n
      FROM ingredients i${indexedBy(sqlite, 'ingredients_public_search_order')}
      WHERE ${and(within)} AND ${holds(` ${word}`)} AND ${whole} AND NOT ${exact} AND NOT ${headed}
        AND i.id NOT IN (SELECT id FROM best)
      ORDER BY length(i.search_name), ${byName(sqlite)}, i.id
      LIMIT (SELECT ${room} FROM best))
    SELECT i.*, page.found FROM (
      SELECT u.*, c.found FROM (SELECT * FROM best UNION ALL SELECT * FROM walked) u,
        (SELECT (SELECT count(*) FROM best) + (SELECT count(*) FROM walked) AS found) c
      ORDER BY u.r, u.o, u.c, u.l, u.n, u.id LIMIT ${sql.lit(o.limit)} OFFSET ${sql.lit(o.offset)}) page JOIN ingredients i ON i.id = page.id
    ORDER BY page.r, page.o, page.c, page.l, page.n, page.id`;
  const rows = await readRaw(db, query);
  // Short of the page: it reaches class 5 or 6, or class 4 names lie beyond the walk.
  if (rows.length === 0 || Number(rows[0]!.found) < need) return null;
  return rows.map(rowToIngredient);
}
