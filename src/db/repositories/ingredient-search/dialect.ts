// What differs between SQLite and PostgreSQL in a search. Each database implements this interface
// (sqlite.ts, postgres.ts) with its own SQL fragments and statements; the ranking (ranking.ts) and the
// search (search.ts) are written once over it.
import type { RawBuilder } from 'kysely';
import type { Db } from '../../schema.js';
import type { IngredientSearchOptions } from './fragments.js';

/** Where a query's matches come from. */
export interface Matches {
  /** The matches the caller may see, as rows `i` of ingredients, for the ranking. */
  from: RawBuilder<unknown>;
  /** Tests of the words on the row that `from` leaves to the ranking's `where`. */
  filters: RawBuilder<unknown>[];
  /** An expression counting the matches that also pass `where`. */
  count(where: RawBuilder<unknown>): RawBuilder<unknown>;
  /**
   * Whether a one-word query may be counted without ranking its matches and its page built from the
   * best classes (PostgreSQL without pg_trgm matches word prefixes and ranks every match).
   */
  countedApart: boolean;
}

export interface SearchDialect {
  matches(db: Db, words: string[], o: IngredientSearchOptions): Promise<Matches>;
  /**
   * A LIKE pattern as the dialect should get it. SQLite plans a LIKE by its pattern's value, so binding
   * a pattern as a bare parameter expires the statement and SQLite prepares it again at every run: a
   * two-word search finding one name ran in 209 µs so, 78 µs with its patterns as expressions (measured
   * on the statement alone). As "? || ''" the pattern is planned once, and the FTS5 trigram table still
   * takes it as its LIKE constraint. PostgreSQL plans each query with its values; it gets the value.
   */
  likePattern(text: string): RawBuilder<unknown>;
  /**
   * Tests on the words column, for the ranking: a name's words hold " egg " (whole word), " egg"
   * (word prefix), or begin with " egg " (headed). SQLite's LIKE folds case character by character,
   * needlessly (the text is folded already), and a broad query ranks 10,000 rows with up to ten
   * tests each: there instr and substr compare bytes. PostgreSQL's LIKE compares bytes already.
   */
  holds(text: string): RawBuilder<unknown>;
  startsWith(text: string): RawBuilder<unknown>;
  /** Byte order for the tie-break: search_name is already folded, and a locale collation costs PostgreSQL dearly. */
  byName(): RawBuilder<unknown>;
  /**
   * SQLite names the index a part of the best-classes queries is written for: without statistics its
   * planner preferred the account_id index and then sorted or filtered the whole library. PostgreSQL's
   * planner finds the indexes itself.
   */
  indexedBy(index: string): RawBuilder<unknown>;
  /** search_words compared in byte order, as migration 033 indexes it on PostgreSQL (SQLite's text compares bytes). */
  wordsInBytes(): RawBuilder<unknown>;
  /** `need` less the rows counted, at least 0 (the walk's LIMIT in pageFromBestClasses). */
  room(need: number): RawBuilder<unknown>;
  /** Whether this word was found narrow lately: the one ranking scan that counts as it goes is then cheaper. */
  recentlyNarrow(db: Db, word: string, o: IngredientSearchOptions): boolean;
  /**
   * A one-word query's count (`count`: its matches passing the ranking's `where`) and how many names
   * it heads (`headed`, an expression).
   */
  oneWordCounts(
    db: Db,
    o: IngredientSearchOptions,
    word: string,
    count: RawBuilder<unknown>,
    only: RawBuilder<unknown>[],
    headed: RawBuilder<unknown>,
  ): Promise<{ n: number; headed: number }>;
}
