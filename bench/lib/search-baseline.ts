// What the two frozen search baselines of `npm run bench search` share (search-previous.ts, the query
// before phrase matching; search-before-best-classes.ts, the query before the best-classes path): the
// pieces both of those queries had alike, frozen with them so that a change to the server's query
// never changes a baseline. What is no part of the query (the query's words, the options, whether
// PostgreSQL has its trigram index) comes from the server, re-exported for the two. Not used by the server.
import { sql, type RawBuilder } from 'kysely';
import type { Ingredient } from '../../src/core/ingredient.js';
import type { IngredientSearchOptions } from '../../src/db/repositories/ingredient-search/index.js';
import { rowToIngredient } from '../../src/db/repositories/ingredients.js';
import type { Db } from '../../src/db/schema.js';

export { type IngredientSearchOptions, postgresTrigram, queryWords } from '../../src/db/repositories/ingredient-search/index.js';

/** The forms a query word also matches as a whole word: itself and its simple plurals ("egg" -> "eggs"). */
export const forms = (w: string) => [w, `${w}s`, `${w}es`];

export const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `);
export const or = (parts: RawBuilder<unknown>[]) => sql`(${sql.join(parts, sql` OR `)})`;

/** Who may see a row, then the request's optional filters. */
export function scopeFilters(o: IngredientSearchOptions): RawBuilder<unknown>[] {
  const filters: RawBuilder<unknown>[] = [];
  if (o.public === true) filters.push(sql`i.account_id IS NULL`);
  else if (o.public === false) filters.push(sql`i.account_id = ${o.accountId} AND i.archived = 0`);
  else filters.push(sql`(i.account_id IS NULL OR (i.account_id = ${o.accountId} AND i.archived = 0))`);
  if (o.usdaVerified !== undefined) filters.push(sql`i.usda_verified = ${o.usdaVerified ? 1 : 0}`);
  if (o.category !== undefined) filters.push(sql`lower(i.category) = ${o.category.toLowerCase()}`);
  return filters;
}

/** Every match of `from` and `where` ranked by `rank`, the page's rows and the total. */
export async function rankedPageWithTotal(
  db: Db,
  sqlite: boolean,
  o: IngredientSearchOptions,
  from: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  rank: RawBuilder<unknown>,
): Promise<{ items: Ingredient[]; total: number }> {
  // Within a class the caller's own ingredients come first (only the exact class can hold both).
  const own = sql`CASE WHEN i.account_id IS NULL THEN 1 ELSE 0 END`;
  // Byte order for the tie-break: search_name is already folded, and a locale collation costs PostgreSQL dearly.
  const byName = sqlite ? sql`i.search_name` : sql`i.search_name COLLATE "C"`;
  // Rank ids first, then fetch the page's rows, so the sort carries narrow tuples. The window count
  // rides along on the scan the ranking needs anyway (one round trip, one pass over the matches).
  const rows = await sql<any>`SELECT i.*, page.total AS search_total FROM ingredients i JOIN (
      SELECT i.id, ${rank} AS r, ${own} AS o, length(i.search_name) AS l, ${byName} AS n, count(*) OVER () AS total FROM ${from} WHERE ${where}
      ORDER BY r, o, l, n, i.id LIMIT ${o.limit} OFFSET ${o.offset}) page ON page.id = i.id
    ORDER BY page.r, page.o, page.l, page.n, page.id`.execute(db);
  const items = rows.rows.map(rowToIngredient);
  if (rows.rows.length > 0) return { items, total: Number(rows.rows[0].search_total) };
  // No row on the first page: nothing matches.
  if (o.offset === 0) return { items, total: 0 };
  // A page past the end carries no count; ask for it.
  const count = await sql<{ n: number }>`SELECT count(*) AS n FROM ${from} WHERE ${where}`.execute(db);
  return { items, total: Number(count.rows[0]?.n ?? 0) };
}
