// The active prices a recipe read needs, kept between requests. Every recipe read costs its whole tree
// (docs/api.md#recipes `costs`), and the same account reads its recipes far more often than it changes a price, so
// re-reading ~100 price rows per read was most of what costing added to GET /v1/recipes/{id} (BENCHMARKS.md).
//
// Never trusted for a while: each read first reads the account's cost version (accounts.cost_version,
// bumped in the same transaction as every ingredient_costs write, migration 011) and uses the cache only
// at that version. When the version moved on, the cost change log says which ingredients changed in
// between: only those are dropped and re-read (everything, when the log no longer reaches back). So a
// price written through another instance counts on the very next read, as without the cache. Reads
// inside a transaction (writes that return a recipe) bypass it: they must see their own uncommitted
// writes, and must not leave them behind if they roll back.
import { LRUCache } from 'lru-cache';
import type { CostEntry } from '../../core/costing/index.js';
import { activeCostsFor, ingredientsChangedBetween } from '../../db/repositories/ingredient-costs.js';
import type { Executor } from '../../db/schema.js';

/** The active entry of each ingredient asked for; null when it has none on the date. */
export type PriceBook = ReadonlyMap<number, CostEntry | null>;

type Book = Map<number, CostEntry | null>;

/** One account's cache at one cost version. Replaced, never changed in place once another version
 * is known: a read that already holds a book keeps every price it asked for. */
interface AccountPrices {
  version: number;
  byDate: LRUCache<string, Book>;
}

// Bounds: accounts kept (least recently read dropped first), cost dates per account (today and a few
// ?cost_date= ones), ingredients per date. Past a bound the oldest part is dropped and re-read when needed.
const ACCOUNTS_LIMIT = 1000;
const DATES_LIMIT = 8;
const INGREDIENTS_LIMIT = 50_000;

// One cache per database handle (several apps in one process, as in the tests, never share entries).
const caches = new WeakMap<object, LRUCache<number, AccountPrices>>();

/**
 * The active entries of `ingredientIds` on `date` for the account whose cost version is `version` (read
 * from the database BEFORE calling: prices read after a version cannot be older than it).
 */
export async function activePrices(
  db: Executor,
  accountId: number,
  version: number,
  ingredientIds: readonly number[],
  date: string,
): Promise<PriceBook> {
  if (db.isTransaction) return activeCostsFor(db, accountId, ingredientIds, date);
  const prices = await accountPrices(db, accountId, version);
  if (!prices) return activeCostsFor(db, accountId, ingredientIds, date);
  let book = bookOn(prices, date);
  const missing = ingredientIds.filter((id) => !book.has(id));
  if (missing.length > 0) {
    const found = await activeCostsFor(db, accountId, missing, date);
    if (book.size + missing.length > INGREDIENTS_LIMIT) {
      book = new Map(ingredientIds.map((id) => [id, book.get(id) ?? null]));
      prices.byDate.set(date, book);
    }
    for (const id of missing) book.set(id, found.get(id) ?? null);
  }
  return book;
}

function accountsOf(db: Executor): LRUCache<number, AccountPrices> {
  let accounts = caches.get(db);
  if (!accounts) {
    accounts = new LRUCache({ max: ACCOUNTS_LIMIT });
    caches.set(db, accounts);
  }
  return accounts;
}

/** The account's cache brought to `version`; undefined when a newer version is already cached (this
 * reader raced a write: it reads without the cache). */
async function accountPrices(db: Executor, accountId: number, version: number): Promise<AccountPrices | undefined> {
  const accounts = accountsOf(db);
  let prices = accounts.get(accountId);
  if (prices && prices.version > version) return undefined;
  if (!prices) prices = { version, byDate: datesCache() };
  else if (prices.version < version) {
    const older = prices;
    const changed = await ingredientsChangedBetween(db, accountId, older.version, version);
    const current = accounts.get(accountId);
    if (current && current.version >= version) return current.version === version ? current : undefined; // brought up meanwhile
    prices = { version, byDate: changed ? withoutIngredients(older.byDate, changed) : datesCache() };
  }
  accounts.set(accountId, prices); // the least recently read account goes past ACCOUNTS_LIMIT
  return prices;
}

/** Copies of the books without the changed ingredients (re-read on demand). */
function withoutIngredients(byDate: LRUCache<string, Book>, changed: readonly number[]): LRUCache<string, Book> {
  const copies = datesCache();
  // rkeys(): least recently used first, so the copy keeps the same recency order.
  for (const date of byDate.rkeys()) {
    const copy = new Map(byDate.peek(date));
    for (const id of changed) copy.delete(id);
    copies.set(date, copy);
  }
  return copies;
}

function datesCache(): LRUCache<string, Book> {
  return new LRUCache({ max: DATES_LIMIT });
}

function bookOn(prices: AccountPrices, date: string): Book {
  let book = prices.byDate.get(date);
  if (!book) {
    book = new Map();
    prices.byDate.set(date, book);
  }
  return book;
}
