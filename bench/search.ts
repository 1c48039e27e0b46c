// Ingredient search latency alone: 100,000 public ingredients seeded in place,
// eight queries from narrow to broad ("steamed": 10,000 matches), p50 and p99 each, against a
// primary-key lookup and against the query as it was before the best-classes path
// (bench/lib/search-before-best-classes.ts; BENCH_SEARCH_BEFORE=14 times the older query from before
// phrase matching instead, bench/lib/search-previous.ts), in alternating rounds on the same database; SQLite, and
// PostgreSQL when DATABASE_URL=postgres://... is set. `npm run bench usda` runs the same (without the
// previous query) after the import benchmarks.
import { searchIngredients } from '../src/db/repositories/ingredient-search/index.js';
import { databaseKinds } from '../test/support/databases.js';
import { searchIngredientsBeforeBestClasses } from './lib/search-before-best-classes.js';
import { searchIngredientsBefore14 } from './lib/search-previous.js';
import { searchBench } from './usda.js';

export async function run(): Promise<void> {
  console.log('\n## ingredient search over 100,000 public ingredients');
  const before14 = process.env.BENCH_SEARCH_BEFORE === '14';
  const previous = before14
    ? { search: searchIngredientsBefore14, label: 'the query before phrase matching' }
    : { search: searchIngredientsBeforeBestClasses, label: 'the query before the best-classes path' };
  for (const kind of databaseKinds()) await searchBench(kind, searchIngredients, previous.search, previous.label);
}
