// The ranking both databases share (docs/api.md#search): the match classes, the page of every
// match ranked, and the page of a broad one-word query built from its best classes. What differs
// between the databases comes from their SearchDialect.
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Ingredient } from '../../../core/ingredient.js';
import { singularHead } from '../../../core/usda/common-form.js';
import { searchText } from '../../../lib/text.js';
import { readRaw } from '../../prepared.js';
import type { Db } from '../../schema.js';
import type { IngredientsTable } from '../../tables/core.js';
import { rowToIngredient } from '../ingredients.js';
import { walkBound } from './cache.js';
import type { SearchDialect } from './dialect.js';
import { and, type IngredientSearchOptions, or, ownRows } from './fragments.js';
import { forms, type QueryWords, wordsOf } from './words.js';

/** An ingredient row as the page queries select it (i.*), plus their own columns. */
type PageRow = Selectable<IngredientsTable>;

/**
 * The match class (docs/api.md#search), lower first:
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
function classTests(q: string, words: QueryWords, dialect: SearchDialect) {
  const { holds, startsWith } = dialect;
  const last = words.length - 1;
  const head = words.slice(0, last).join(' ');
  const phrases = forms(lastWord(words)).map((f) => (head ? `${head} ${f}` : f));
  const exact = sql`i.search_name IN (${sql.join([...new Set([searchText(q), ...phrases])])})`;
  const headed = or(phrases.map((p) => startsWith(` ${p} `)));
  // "Egg, whole, dried", "Milk, whole", "Eggs, Grade A, Large, egg whole"; not "Flour, whole wheat".
  // The one cheap test first: most headed names hold no "whole" at all.
  const wholeFood = sql`${holds(' whole ')} AND ${or(
    phrases
      .flatMap((p) => [`${p}, whole`, `${p}, whole,%`, `%, ${p} whole`, `%, ${p} whole,%`])
      .map((pattern) => sql`i.search_name LIKE ${dialect.likePattern(pattern)}`),
  )}`;
  const whole = and(words.map((word, k) => or((k === last ? forms(word) : [word]).map((f) => holds(` ${f} `)))));
  const prefix = and(words.map((word) => holds(` ${word}`)));
  const common = and([sql`i.common_head = ${commonHead(words)}`, ...words.slice(0, last).map((w) => holds(` ${w} `))]);
  return { exact, headed, wholeFood, whole, prefix, common };
}

/** The query's head noun as library foods store theirs (common_head): its last word, singular. */
const commonHead = (words: QueryWords) => singularHead(lastWord(words));

/** The query's last word (its head noun): the first when it is the only one. */
const lastWord = ([first, ...others]: QueryWords): string => others.at(-1) ?? first;

/** Within class 2, the food nearest the plain common form first; 0 in every other class. */
const commonOrder = (common: RawBuilder<unknown>) => sql`CASE WHEN ${common} THEN i.common_score ELSE 0 END`;

function rankOf(q: string, words: QueryWords, dialect: SearchDialect): RawBuilder<unknown> {
  const { exact, headed, wholeFood, whole, prefix, common } = classTests(q, words, dialect);
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

/** Within a class the caller's own ingredients come first. */
const own = sql`CASE WHEN i.account_id IS NULL THEN 1 ELSE 0 END`;

/** Names whose words begin with the whole word `form` (" egg ..."): a range of the public search_words index. */
export const headedBy = (dialect: SearchDialect, form: string) =>
  sql`${dialect.wordsInBytes()} >= ${` ${form} `} AND ${dialect.wordsInBytes()} < ${` ${form}!`}`;

/**
 * Every match ranked (docs/api.md#search), the page's rows. Ids are ranked first, then the
 * page's rows fetched, so the sort carries narrow tuples. With `withCount` the window count rides
 * along on the ranking scan (one round trip, one pass over the matches) as search_total.
 */
export async function rankedPage(
  db: Db,
  dialect: SearchDialect,
  o: IngredientSearchOptions,
  words: QueryWords,
  from: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  withCount: boolean,
): Promise<Array<PageRow & { search_total?: number | string }>> {
  const rank = rankOf(o.q, words, dialect);
  const order = commonOrder(classTests(o.q, words, dialect).common);
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
      SELECT i.id, ${rank} AS r, ${own} AS o, ${order} AS c, length(i.search_name) AS l, ${dialect.byName()} AS n${total} FROM ${from} WHERE ${where}
      ORDER BY r, o, c, l, n, i.id LIMIT ${sql.lit(o.limit)} OFFSET ${sql.lit(o.offset)}) page ON page.id = i.id
    ORDER BY page.r, page.o, page.c, page.l, page.n, page.id`,
  );
}

/**
 * The page of a broad one-word query without ranking every match (docs/api.md#search:
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
export async function pageFromBestClasses(
  db: Db,
  dialect: SearchDialect,
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
  const rank = rankOf(o.q, [word], dialect);
  const { exact, headed, wholeFood, whole, common } = classTests(o.q, [word], dialect);
  const order = commonOrder(common);
  const { holds } = dialect;
  const ranked = (index: string, condition: RawBuilder<unknown>, r: RawBuilder<unknown> = rank, ownFirst: RawBuilder<unknown> = own) =>
    sql`SELECT i.id, ${r} AS r, ${ownFirst} AS o, ${order} AS c, length(i.search_name) AS l, ${dialect.byName()} AS n
      FROM ingredients i${dialect.indexedBy(index)} WHERE ${condition}`;
  // A library name headed by the word is of class 0, 2, 3 or 4 (rankOf): the other tests need not run.
  const headedRank = sql`CASE WHEN ${exact} THEN 0 WHEN ${common} THEN 2 WHEN ${wholeFood} THEN 3 ELSE 4 END`;
  const best = (index: string, condition: RawBuilder<unknown>) => sql`SELECT * FROM (${ranked(index, condition)}) AS part WHERE r <= 4`;
  // Library names headed by the word (" egg ", " eggs ", " egges "): classes 0, 2 and 3 all, so
  // they need no other class test; the index carries the name, so ranking them ("chicken": 2,000
  // headed names) reads no row. Then the names whose words are the query's own, when not headed (the
  // name "-egg-" is exact but not headed), and the caller's own names. The parts are disjoint.
  const library = [sql`i.account_id IS NULL`, ...only];
  const parts = forms(word).map((f) =>
    ranked('ingredients_public_search_words', and([...library, headedBy(dialect, f)]), headedRank, sql`1`),
  );
  const exactWords = wordsOf(searchText(o.q));
  const exactPart = !forms(word).some((f) => exactWords.startsWith(` ${f} `));
  if (exactPart) {
    parts.push(best('ingredients_public_search_words', and([...library, sql`${dialect.wordsInBytes()} = ${exactWords}`])));
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
        ...forms(word).map((f) => sql`NOT (${headedBy(dialect, f)})`),
        ...(exactPart ? [sql`${dialect.wordsInBytes()} <> ${exactWords}`] : []),
      ]),
    ),
  );
  if (o.public !== true) {
    parts.push(best('ingredients_account_search_name', and([ownRows(o), ...scope])));
  }
  const bound = walk ? await walkBound(db, dialect) : null;
  const within = [sql`i.account_id IS NULL`, ...(bound === null ? [] : [sql`length(i.search_name) <= ${bound}`]), ...only];
  // Without the walk, classes 0-3 must fill the page alone.
  const room = walk ? dialect.room(need) : sql`0 * count(*)`;
  const query = sql<PageRow & { found: number }>`WITH best AS MATERIALIZED (${sql.join(parts, sql` UNION ALL `)}),
    walked AS MATERIALIZED (
      SELECT i.id, 5 AS r, 1 AS o, 0 AS c, length(i.search_name) AS l, ${dialect.byName()} AS n
      FROM ingredients i${dialect.indexedBy('ingredients_public_search_order')}
      WHERE ${and(within)} AND ${holds(` ${word}`)} AND ${whole} AND NOT ${exact} AND NOT ${headed}
        AND i.id NOT IN (SELECT id FROM best)
      ORDER BY length(i.search_name), ${dialect.byName()}, i.id
      LIMIT (SELECT ${room} FROM best))
    SELECT i.*, page.found FROM (
      SELECT u.*, c.found FROM (SELECT * FROM best UNION ALL SELECT * FROM walked) u,
        (SELECT (SELECT count(*) FROM best) + (SELECT count(*) FROM walked) AS found) c
      ORDER BY u.r, u.o, u.c, u.l, u.n, u.id LIMIT ${sql.lit(o.limit)} OFFSET ${sql.lit(o.offset)}) page JOIN ingredients i ON i.id = page.id
    ORDER BY page.r, page.o, page.c, page.l, page.n, page.id`;
  const rows = await readRaw(db, query);
  // Short of the page: it reaches class 5 or 6, or class 4 names lie beyond the walk.
  const [top] = rows;
  if (top === undefined || Number(top.found) < need) return null;
  return rows.map(rowToIngredient);
}
