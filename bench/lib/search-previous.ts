// The ingredient search query as it was before phrase matching (2026-11-24), kept only as the
// baseline `npm run bench search` times in the same run, interleaved with today's query on the same
// database: the ratio holds however loaded the machine is. Not used by the server.
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

// Each name's words padded with spaces, separators turned to spaces: SQLite's FTS table (migration
// 007) and PostgreSQL's stored column (migration 024) hold the same text, so one set of LIKE
// patterns ranks alike on both databases.
const wordsOf = (sqlite: boolean) => (sqlite ? sql`s.words` : sql`i.search_words`);

/**
 * The match class (docs/api.md#search), lower first:
 * 0 the exact name (or its simple plural);
 * 1 the caller's own ingredient with every query word whole: they named it, so they mean it;
 * 2 a library name headed by the query that USDA qualifies as "whole" (the entire food, not a part);
 * 3 a library name headed by the query ("Egg, ...", "Eggs, ...");
 * 4 every query word whole elsewhere; 5 every word a word prefix; 6 substrings.
 */
function rankOf(q: string, words: string[], sqlite: boolean): RawBuilder<unknown> {
  const w = wordsOf(sqlite);
  const last = words.length - 1;
  const head = words.slice(0, last).join(' ');
  const phrases = forms(words[last]!).map((f) => (head ? `${head} ${f}` : f));
  const exact = [...new Set([searchText(q), ...phrases])];
  const headed = or(phrases.map((p) => sql`${w} LIKE ${` ${p} %`}`));
  // "Egg, whole, dried", "Milk, whole", "Eggs, Grade A, Large, egg whole"; not "Flour, whole wheat".
  // The one cheap test first: most headed names hold no "whole" at all.
  const wholeFood = sql`${w} LIKE '% whole %' AND ${or(
    phrases
      .flatMap((p) => [`${p}, whole`, `${p}, whole,%`, `%, ${p} whole`, `%, ${p} whole,%`])
      .map((pattern) => sql`i.search_name LIKE ${pattern}`),
  )}`;
  const whole = and(words.map((word, k) => or((k === last ? forms(word) : [word]).map((f) => sql`${w} LIKE ${`% ${f} %`}`))));
  const prefix = and(words.map((word) => sql`${w} LIKE ${`% ${word}%`}`));
  return sql`CASE
    WHEN i.search_name IN (${sql.join(exact)}) THEN 0
    WHEN i.account_id IS NOT NULL AND ${whole} THEN 1
    WHEN ${headed} AND (${wholeFood}) THEN 2
    WHEN ${headed} THEN 3
    WHEN ${whole} THEN 4
    WHEN ${prefix} THEN 5
    ELSE 6 END`;
}

export async function searchIngredientsBefore14(
  db: Db,
  dialect: Dialect,
  o: IngredientSearchOptions,
): Promise<{ items: Ingredient[]; total: number }> {
  const words = queryWords(o.q);
  if (words.length === 0) return { items: [], total: 0 };
  const sqlite = dialect === 'sqlite';
  const trigram = sqlite || (await postgresTrigram(db));
  const match = and(
    words.map((w) =>
      trigram
        ? sqlite
          ? sql`s.words LIKE ${`%${w}%`}`
          : sql`i.search_name LIKE ${`%${w}%`}`
        : sql`to_tsvector('simple', i.search_name) @@ to_tsquery('simple', ${`${w}:*`})`,
    ),
  );
  const filters = [match, ...scopeFilters(o)];
  const from = sqlite ? sql`ingredient_search s JOIN ingredients i ON i.id = s.rowid` : sql`ingredients i`;
  return rankedPageWithTotal(db, sqlite, o, from, and(filters), rankOf(o.q, words, sqlite));
}
