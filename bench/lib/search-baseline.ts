// What the two frozen search baselines of `npm run bench search` share (search-previous.ts, the query
// before issue 14; search-before-best-classes.ts, the query before the best-classes path): the
// pieces both of those queries had alike, frozen with them so that a change to the server's query
// never changes a baseline. Not used by the server.
import { sql, type RawBuilder } from 'kysely';
import { searchText } from '../../src/lib/text.js';
import type { Db } from '../../src/db/schema.js';

/** Characters that separate words in names (the same set migration 007 strips). */
const WORD_SEPARATORS = /[\s,()./'";:&+!?%_[\]*#\\-]+/;

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

/** The forms a query word also matches as a whole word: itself and its simple plurals ("egg" -> "eggs"). */
export const forms = (w: string) => [w, `${w}s`, `${w}es`];

export const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `);
export const or = (parts: RawBuilder<unknown>[]) => sql`(${sql.join(parts, sql` OR `)})`;
