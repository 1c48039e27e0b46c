// Ingredient search latency alone (issue 14 part 5): 100,000 public ingredients seeded in place,
// eight queries from narrow to broad ("steamed": 10,000 matches), p50 and p99 each, against a
// primary-key lookup and against the query as it was before issue 14 (bench/lib/search-previous.ts),
// in alternating rounds on the same database; SQLite, and PostgreSQL when DATABASE_URL=postgres://...
// is set. `npm run bench usda` runs the same (without the previous query) after the import benchmarks.
import { searchIngredients } from '../src/db/repositories/ingredient-search.js';
import { databaseKinds } from '../test/support/databases.js';
import { searchIngredientsBefore14 } from './lib/search-previous.js';
import { searchBench } from './usda.js';

export async function run(): Promise<void> {
  console.log('\n## ingredient search over 100,000 public ingredients');
  for (const kind of databaseKinds()) await searchBench(kind, searchIngredients, searchIngredientsBefore14);
}
