// The ingredient search query as it was before the best-classes path (the code of 2026-11-24: every match
// ranked, counted by a window over the ranking scan), kept only as the baseline `npm run bench
// search` times in the same run, interleaved with today's query on the same database, so the ratio
// holds however loaded the machine is. Not used by the server.
import { sql, type RawBuilder } from 'kysely';
import type { Ingredient } from '../../src/core/ingredient.js';
import { searchText } from '../../src/lib/text.js';
import type { Db, Dialect } from '../../src/db/schema.js';
import {
  and,
  forms,
  type IngredientSearchOptions,
  or,
  postgresTrigram,
  queryWords,
  rankedPageWithTotal,
  scopeFilters,
} from './search-baseline.js';

// Each name's words padded with spaces, separators turned to spaces, in a column of the ingredient
// row on both databases (migrations 024 and 031), so one set of LIKE patterns ranks alike on both.
const WORDS = sql`i.search_words`;

/**
 * SQLite's match through the FTS5 trigram table (migration 007). A LIKE there intersects the
 * words' trigram lists, then reads each candidate's text back to test it: cheap when several words
 * leave few candidates, and 4-5x slower than a phrase MATCH for one broad word ("steamed": 10,000
 * read-backs). A phrase of the word's trigrams finds the names holding it as a substring in the
 * index alone, at the price of reading the trigrams' positions. So one word of three or more
 * characters is a phrase, several words LIKE patterns. A word shorter than a trigram is tested on
 * the row (the index has nothing to look up).
 */
function sqliteMatch(words: string[]): RawBuilder<unknown>[] {
  const indexed = words.filter((w) => [...w].length >= 3);
  const short = words.filter((w) => [...w].length < 3).map((w) => sql`${WORDS} LIKE ${`%${w}%`}`);
  if (indexed.length === 1) return [sql`ingredient_search MATCH ${`"${indexed[0]!.replaceAll('"', '""')}"`}`, ...short];
  return [...indexed.map((w) => sql`s.words LIKE ${`%${w}%`}`), ...short];
}

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
 * The match class (docs/api.md#search), lower first:
 * 0 the exact name (or its simple plural);
 * 1 the caller's own ingredient with every query word whole: they named it, so they mean it;
 * 2 a library name headed by the query that USDA qualifies as "whole" (the entire food, not a part);
 * 3 a library name headed by the query ("Egg, ...", "Eggs, ...");
 * 4 every query word whole elsewhere; 5 every word a word prefix; 6 substrings.
 */
function rankOf(q: string, words: string[], sqlite: boolean): RawBuilder<unknown> {
  const { holds, startsWith } = wordTests(sqlite);
  const last = words.length - 1;
  const head = words.slice(0, last).join(' ');
  const phrases = forms(words[last]!).map((f) => (head ? `${head} ${f}` : f));
  const exact = [...new Set([searchText(q), ...phrases])];
  const headed = or(phrases.map((p) => startsWith(` ${p} `)));
  // "Egg, whole, dried", "Milk, whole", "Eggs, Grade A, Large, egg whole"; not "Flour, whole wheat".
  // The one cheap test first: most headed names hold no "whole" at all.
  const wholeFood = sql`${holds(' whole ')} AND ${or(
    phrases
      .flatMap((p) => [`${p}, whole`, `${p}, whole,%`, `%, ${p} whole`, `%, ${p} whole,%`])
      .map((pattern) => sql`i.search_name LIKE ${pattern}`),
  )}`;
  const whole = and(words.map((word, k) => or((k === last ? forms(word) : [word]).map((f) => holds(` ${f} `)))));
  const prefix = and(words.map((word) => holds(` ${word}`)));
  // Headed names are tested once for classes 2 and 3.
  return sql`CASE
    WHEN i.search_name IN (${sql.join(exact)}) THEN 0
    WHEN i.account_id IS NOT NULL AND ${whole} THEN 1
    WHEN ${headed} THEN CASE WHEN ${wholeFood} THEN 2 ELSE 3 END
    WHEN ${whole} THEN 4
    WHEN ${prefix} THEN 5
    ELSE 6 END`;
}

export async function searchIngredientsBeforeBestClasses(
  db: Db,
  dialect: Dialect,
  o: IngredientSearchOptions,
): Promise<{ items: Ingredient[]; total: number }> {
  const words = queryWords(o.q);
  if (words.length === 0) return { items: [], total: 0 };
  const sqlite = dialect === 'sqlite';
  const filters: RawBuilder<unknown>[] = [];
  let from = sql`ingredients i`;
  if (sqlite) {
    if (words.some((w) => [...w].length >= 3)) from = sql`ingredient_search s JOIN ingredients i ON i.id = s.rowid`;
    filters.push(...sqliteMatch(words));
  } else if (await postgresTrigram(db)) {
    for (const w of words) filters.push(sql`i.search_name LIKE ${`%${w}%`}`);
  } else {
    for (const w of words) filters.push(sql`to_tsvector('simple', i.search_name) @@ to_tsquery('simple', ${`${w}:*`})`);
  }
  filters.push(...scopeFilters(o));
  return rankedPageWithTotal(db, sqlite, o, from, and(filters), rankOf(o.q, words, sqlite));
}
