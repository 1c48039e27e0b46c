// PostgreSQL's search: its matches through the pg_trgm index (or full-text search without it), its
// counts with the library's part remembered per library version (cache.ts), and its SQL fragments
// (the reasons for each are on the SearchDialect interface).
import { must } from '../../../lib/must.js';
import { type RawBuilder, sql } from 'kysely';
import { readRaw } from '../../prepared.js';
import type { Db } from '../../schema.js';
import { libraryCountKey, libraryCountsOf, recentlyNarrow } from './cache.js';
import type { SearchDialect } from './dialect.js';
import { and, type IngredientSearchOptions, ownNamesHolding, WORDS } from './fragments.js';

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

/** strpos keeps the planner off the table-wide trigram index. */
const nameHolds = (w: string) => sql`strpos(i.search_name, ${w}) > 0`;

/** The library's version (migration 033), as text: bigint, compared, never computed with. */
const LIBRARY_VERSION = sql`(SELECT version::text FROM library_version WHERE id = 1)`;

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
    o.public === true ? sql`0` : sql`(SELECT count(*) FROM ingredients i WHERE ${and([ownNamesHolding(o, [word], nameHolds), ...only])})`;
  const [row] = await readRaw(
    db,
    sql<{ version: string; own: string; headed: string }>`SELECT ${LIBRARY_VERSION} AS version, ${ownCount} AS own, ${headed} AS headed`,
  );
  const first = must(row, 'the row of a SELECT without FROM');
  const headedNames = Number(first.headed);
  const n = Number(first.own) + (o.public === false ? 0 : await libraryCount(db, first.version, headedNames, word, o, only));
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
  const [row] = await readRaw(
    db,
    sql<{ version: string; n: string }>`SELECT ${LIBRARY_VERSION} AS version,
      (SELECT count(*) FROM ingredients i WHERE ${and([sql`i.account_id IS NULL`, sql`i.search_name LIKE ${`%${word}%`}`, ...only])}) AS n`,
  );
  const counted = must(row, 'the row of a SELECT without FROM');
  const n = Number(counted.n);
  counts.set(key, { version: counted.version, n, headed, at: Date.now() });
  return n;
}

export const postgresSearch: SearchDialect = {
  async matches(db, words) {
    const trigram = await postgresTrigram(db);
    const from = sql`ingredients i`;
    return {
      from,
      filters: words.map((w) =>
        trigram ? sql`i.search_name LIKE ${`%${w}%`}` : sql`to_tsvector('simple', i.search_name) @@ to_tsquery('simple', ${`${w}:*`})`,
      ),
      count: (where) => sql`(SELECT count(*) FROM ${from} WHERE ${where})`,
      // Without pg_trgm, word prefixes match through full-text search, and every match is ranked.
      countedApart: trigram,
    };
  },
  likePattern: (text) => sql`${text}`,
  holds: (text) => sql`${WORDS} LIKE ${`%${text}%`}`,
  startsWith: (text) => sql`${WORDS} LIKE ${`${text}%`}`,
  byName: () => sql`i.search_name COLLATE "C"`,
  indexedBy: () => sql``,
  wordsInBytes: () => sql`${WORDS} COLLATE "C"`,
  room: (need) => sql`GREATEST(0, ${need} - count(*))`,
  recentlyNarrow,
  oneWordCounts: (db, o, word, _count, only, headed) => postgresCounts(db, o, word, only, headed),
};
