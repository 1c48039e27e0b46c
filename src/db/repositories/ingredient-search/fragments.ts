// The parts of a search's SQL both databases share: who may see a row, the words column, and how tests
// are joined.
import { type RawBuilder, sql } from 'kysely';

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

/**
 * One-word queries: from this many matches pageFromBestClasses also walks the library for
 * class 4, which costs up to ~1.2 ms in vain when the page lies in class 5 or 6; below it ranking
 * every match costs about as much as the walk could save. With fewer matches classes 0-3 are tried
 * alone when the word heads enough library names to fill the page ("chicken"). Only speed depends
 * on it, never the answer.
 */
export const BROAD_MATCHES = 5000;

// Each name's words padded with spaces, separators turned to spaces, in a column of the ingredient
// row on both databases (migrations 024 and 031), so one set of LIKE patterns ranks alike on both.
export const WORDS = sql`i.search_words`;

/** The caller's own ingredients a search may show (never archived ones). */
export const ownRows = (o: IngredientSearchOptions) => sql`i.account_id = ${o.accountId} AND i.archived = 0`;

/**
 * The caller's own ingredients whose name holds every word, tested row by row on the account's name
 * index (`nameHolds`: instr on SQLite, strpos on PostgreSQL, where it keeps the planner off the
 * table-wide trigram index). A query word holds no separator, so a substring of the name is one of
 * its words too.
 */
export const ownNamesHolding = (o: IngredientSearchOptions, words: string[], nameHolds: (word: string) => RawBuilder<unknown>) =>
  and([ownRows(o), ...words.map(nameHolds)]);

export const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `);
export const or = (parts: RawBuilder<unknown>[]) => sql`(${sql.join(parts, sql` OR `)})`;
