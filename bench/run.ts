// `npm run bench [name ...]`: runs every benchmark (or the named ones) in sequence and prints figures
// as ratios against baselines measured in the same run. Record them in BENCHMARKS.md.
import * as costing from './costing.js';
import * as ingredients from './ingredients.js';
import * as labels from './labels.js';
import * as limits from './limits.js';
import * as recipes from './recipes.js';
import * as usda from './usda.js';

const BENCHMARKS: Record<string, { run(): Promise<void> }> = {
  costing,
  ingredients,
  labels,
  limits,
  recipes,
  usda,
};

const wanted = process.argv.slice(2);
const names = wanted.length > 0 ? wanted : Object.keys(BENCHMARKS);
console.log(`# Benchmarks, ${new Date().toISOString().slice(0, 10)}, node ${process.version}`);
for (const name of names) {
  const bench = BENCHMARKS[name];
  if (!bench) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  await bench.run();
}
