// SQLite's search: its matches from the FTS5 trigram table and the account's name index, and its SQL
// fragments (the reasons for each are on the SearchDialect interface).
import { type RawBuilder, sql } from 'kysely';
import { readRaw } from '../../prepared.js';
import type { Matches, SearchDialect } from './dialect.js';
import { and, type IngredientSearchOptions, ownNamesHolding, WORDS } from './fragments.js';

/** A LIKE pattern as an expression, "? || ''": planned once, and still the FTS5 table's LIKE constraint. */
const likePattern = (text: string) => sql`(${text} || '')`;

const nameHolds = (w: string) => sql`instr(i.search_name, ${w}) > 0`;

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
function sqliteSource(words: string[], o: IngredientSearchOptions): Matches {
  const indexed = words.filter((w) => [...w].length >= 3);
  const short = words.filter((w) => [...w].length < 3).map((w) => sql`${WORDS} LIKE ${likePattern(`%${w}%`)}`);
  if (indexed.length === 0)
    return {
      from: sql`ingredients i`,
      filters: short,
      count: (where) => sql`(SELECT count(*) FROM ingredients i WHERE ${where})`,
      countedApart: true,
    };
  const parts: { ids: RawBuilder<unknown>; rows: RawBuilder<unknown>; match: RawBuilder<unknown> }[] = [];
  if (o.public !== false) {
    const [only, ...more] = indexed;
    const match =
      only !== undefined && more.length === 0
        ? sql`ingredient_search MATCH ${`"${only.replaceAll('"', '""')}"`}`
        : and(indexed.map((w) => sql`s.words LIKE ${likePattern(`%${w}%`)}`));
    parts.push({
      ids: sql`SELECT s.rowid AS id FROM ingredient_search s`,
      rows: sql`ingredient_search s JOIN ingredients i ON i.id = s.rowid`,
      match,
    });
  }
  if (o.public !== true) {
    const own = sql`ingredients i INDEXED BY ingredients_account_search_name`;
    parts.push({ ids: sql`SELECT i.id FROM ${own}`, rows: own, match: ownNamesHolding(o, indexed, nameHolds) });
  }
  return {
    // CROSS JOIN keeps SQLite's join order (the matches, then their rows by primary key): with a
    // plain JOIN its planner walked every library row against an index it built over the matches
    // ("xyzzy" over 100,000 names: 8 ms instead of 0.2).
    from: sql`(${sql.join(
      parts.map((p) => sql`${p.ids} WHERE ${p.match}`),
      sql` UNION ALL `,
    )}) m CROSS JOIN ingredients i ON i.id = m.id`,
    // Tests of the words too short for the FTS index, on the row.
    filters: short,
    // Counted part by part: through the union every match paid a co-routine's hand-over
    // ("steamed", 18,000 matches: ~1 ms).
    count: (where) =>
      sql.join(
        parts.map((p) => sql`(SELECT count(*) FROM ${p.rows} WHERE ${p.match} AND ${where})`),
        sql` + `,
      ),
    countedApart: true,
  };
}

export const sqliteSearch: SearchDialect = {
  matches: async (_db, words, o) => sqliteSource(words, o),
  likePattern,
  holds: (text) => sql`instr(${WORDS}, ${text}) > 0`,
  startsWith: (text) => sql`substr(${WORDS}, 1, ${[...text].length}) = ${text}`,
  byName: () => sql`i.search_name`,
  indexedBy: (index) => sql` INDEXED BY ${sql.raw(index)}`,
  wordsInBytes: () => WORDS,
  room: (need) => sql`max(0, ${need} - count(*))`,
  // The count through the FTS index and the account's index costs little: every one-word query is counted.
  recentlyNarrow: () => false,
  async oneWordCounts(db, _o, _word, count, _only, headed) {
    const [counted] = await readRaw(db, sql<{ n: number; headed: number }>`SELECT ${count} AS n, ${headed} AS headed`);
    return { n: Number(counted?.n ?? 0), headed: Number(counted?.headed ?? 0) };
  },
};
