// Ranked name search over the public library and one account's own ingredients (never another
// account's). Matches every query word as a substring of the accent-free, lower-case name, then
// ranks: exact name, name prefix, every word whole, every word a word prefix, substrings; shorter
// names first within a rank. SQLite drives it from the FTS5 trigram table of migration 007,
// PostgreSQL from its pg_trgm index.
import { sql, type RawBuilder } from 'kysely';
import type { Ingredient } from '../../core/ingredient.js';
import { searchText } from '../../lib/text.js';
import type { Db, Dialect } from '../schema.js';
import { rowToIngredient } from './ingredients.js';

/** Characters that separate words in names (the same set migration 007 strips). */
export const WORD_SEPARATORS = /[\s,().\/'";:&+!?%_\[\]*#\\-]+/;

/** The query's words, lower-case and accent-free: "Pommes, crues" -> ["pommes", "crues"]. */
export function queryWords(q: string): string[] {
  return searchText(q).split(WORD_SEPARATORS).filter((w) => w.length > 0);
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
function postgresTrigram(db: Db): Promise<boolean> {
  let known = hasTrigramIndex.get(db);
  if (!known) {
    known = sql<{ n: number }>`SELECT count(*) AS n FROM pg_indexes WHERE indexname = 'ingredients_search_trgm' AND schemaname = current_schema()`
      .execute(db).then((r) => Number(r.rows[0]?.n ?? 0) > 0);
    hasTrigramIndex.set(db, known);
  }
  return known;
}

// A word that starts and ends with a regex word character: after a space it begins a word (\m), and
// before a space or comma it ends one (\M). The LIKE tests then decide the common case at a tenth
// of a regular expression's cost (measured: 0.5 vs 4.6 ms over 10,000 names); the expression
// still decides the rest, so the rank is the same.
const spaced = (w: string) => /^[a-z0-9](.*[a-z0-9])?$/.test(w);

const regexEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `);

export async function searchIngredients(db: Db, dialect: Dialect, o: IngredientSearchOptions): Promise<{ items: Ingredient[]; total: number }> {
  const words = queryWords(o.q);
  if (words.length === 0) return { items: [], total: 0 };
  const phrase = words.join(' ');
  const sqlite = dialect === 'sqlite';
  // Whole word / word prefix: SQLite's FTS table holds the words padded with spaces (" word " finds a
  // whole word); PostgreSQL's regular expressions have word boundaries (\m start, \M end).
  const wholeWord = (w: string) => (sqlite ? sql`s.words LIKE ${`% ${w} %`}`
    : spaced(w) ? sql`(i.search_name LIKE ${`% ${w} %`} OR i.search_name LIKE ${`% ${w},%`} OR i.search_name ~ ${`\\m${regexEscape(w)}\\M`})`
    : sql`i.search_name ~ ${`\\m${regexEscape(w)}\\M`}`);
  const wordPrefix = (w: string) => (sqlite ? sql`s.words LIKE ${`% ${w}%`}`
    : spaced(w) ? sql`(i.search_name LIKE ${`% ${w}%`} OR i.search_name ~ ${`\\m${regexEscape(w)}`})`
    : sql`i.search_name ~ ${`\\m${regexEscape(w)}`}`);
  const trigram = sqlite || (await postgresTrigram(db));
  const match = and(words.map((w) => (trigram
    ? sqlite ? sql`s.words LIKE ${`%${w}%`}` : sql`i.search_name LIKE ${`%${w}%`}`
    : sql`to_tsvector('simple', i.search_name) @@ to_tsquery('simple', ${`${w}:*`})`)));
  const filters: RawBuilder<unknown>[] = [match];
  if (o.public === true) filters.push(sql`i.account_id IS NULL`);
  else if (o.public === false) filters.push(sql`i.account_id = ${o.accountId} AND i.archived = 0`);
  else filters.push(sql`(i.account_id IS NULL OR (i.account_id = ${o.accountId} AND i.archived = 0))`);
  if (o.usdaVerified !== undefined) filters.push(sql`i.usda_verified = ${o.usdaVerified ? 1 : 0}`);
  if (o.category !== undefined) filters.push(sql`lower(i.category) = ${o.category.toLowerCase()}`);
  const from = sqlite ? sql`ingredient_search s JOIN ingredients i ON i.id = s.rowid` : sql`ingredients i`;
  const where = and(filters);
  const rank = sql`CASE
    WHEN i.search_name = ${phrase} THEN 0
    WHEN substr(i.search_name, 1, ${phrase.length}) = ${phrase} THEN 1
    WHEN ${and(words.map(wholeWord))} THEN 2
    WHEN ${and(words.map(wordPrefix))} THEN 3
    ELSE 4 END`;
  // Byte order for the tie-break: search_name is already folded, and a locale collation costs PostgreSQL dearly.
  const byName = sqlite ? sql`i.search_name` : sql`i.search_name COLLATE "C"`;
  // Rank ids first, then fetch the page's rows, so the sort carries narrow tuples. The window count
  // rides along on the scan the ranking needs anyway (one round trip, one pass over the matches).
  const rows = await sql<any>`SELECT i.*, page.total AS search_total FROM ingredients i JOIN (
      SELECT i.id, ${rank} AS r, length(i.search_name) AS l, ${byName} AS n, count(*) OVER () AS total FROM ${from} WHERE ${where}
      ORDER BY r, l, n, i.id LIMIT ${o.limit} OFFSET ${o.offset}) page ON page.id = i.id
    ORDER BY page.r, page.l, page.n, page.id`.execute(db);
  const items = rows.rows.map(rowToIngredient);
  if (rows.rows.length > 0) return { items, total: Number(rows.rows[0].search_total) };
  // No row on the first page: nothing matches.
  if (o.offset === 0) return { items, total: 0 };
  // A page past the end carries no count; ask for it.
  const count = await sql<{ n: number }>`SELECT count(*) AS n FROM ${from} WHERE ${where}`.execute(db);
  return { items, total: Number(count.rows[0]?.n ?? 0) };
}

