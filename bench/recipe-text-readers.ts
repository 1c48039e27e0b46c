// Which reader reads recipe lines (docs/decisions.md "Reading recipe lines"): ours
// (src/core/recipe-text/reader.ts) against the npm package parse-ingredient on the same table of
// lines (test/fixtures/recipe-lines.ts), each line alone: how many quantities (both ends of a range)
// and units each gets right, and the time per line (p50 over alternating rounds). parse-ingredient's
// unit ids are mapped to our canonical units; a count (no unit) is null for both.
import { parseIngredient } from 'parse-ingredient';
import { readLine } from '../src/core/recipe-text/reader.js';
import { RECIPE_LINES, type RecipeLineCase } from '../test/fixtures/recipe-lines.js';
import { fmt, percentile } from './lib/load.js';

const THEIR_UNITS: Record<string, string> = {
  cup: 'cup',
  tablespoon: 'tbsp',
  teaspoon: 'tsp',
  gram: 'g',
  kilogram: 'kg',
  milligram: 'mg',
  ounce: 'oz',
  pound: 'lb',
  milliliter: 'ml',
  liter: 'l',
  'fluid ounce': 'fl oz',
  fluidounce: 'fl oz',
  pint: 'pint',
  quart: 'quart',
  gallon: 'gallon',
  pinch: 'pinch',
  dash: 'dash',
  stick: 'stick',
  clove: 'clove',
  slice: 'slice',
  can: 'can',
  package: 'package',
  bunch: 'bunch',
  sprig: 'sprig',
};

interface Reading {
  quantity: number | null;
  quantityMax: number | null;
  unit: string | null;
}

function theirs(line: string): Reading {
  const [first] = parseIngredient(line);
  if (!first) return { quantity: null, quantityMax: null, unit: null };
  const id = first.unitOfMeasureID ?? null;
  return { quantity: first.quantity ?? null, quantityMax: first.quantity2 ?? null, unit: id === null ? null : (THEIR_UNITS[id] ?? null) };
}

function ours(line: string): Reading {
  const read = readLine(line);
  return read.kind === 'ingredient'
    ? { quantity: read.quantity, quantityMax: read.quantityMax, unit: read.unit }
    : { quantity: null, quantityMax: null, unit: null };
}

function right(c: RecipeLineCase, r: Reading): { quantity: boolean; unit: boolean } {
  const [low, high] = Array.isArray(c.quantity) ? c.quantity : [c.quantity, null];
  // parse-ingredient rounds thirds to three decimals (0.333): a quantity within 0.5 % is right.
  const same = (a: number | null, b: number | null) => (a === null ? b === null : b !== null && Math.abs(a - b) <= 0.005 * Math.abs(a));
  return { quantity: same(low, r.quantity) && same(high, r.quantityMax), unit: c.unit === r.unit };
}

export async function run(): Promise<void> {
  console.log(`\n## reading recipe lines: ours against parse-ingredient, ${RECIPE_LINES.length} lines`);
  for (const [name, reader] of [
    ['ours', ours],
    ['parse-ingredient', theirs],
  ] as const) {
    const results = RECIPE_LINES.map((c) => right(c, reader(c.input)));
    const q = results.filter((r) => r.quantity).length;
    const u = results.filter((r) => r.unit).length;
    const both = results.filter((r) => r.quantity && r.unit).length;
    const pct = (n: number) => `${fmt((100 * n) / RECIPE_LINES.length, 1)} %`;
    console.log(`${name.padEnd(17)} quantity ${pct(q)} (${q}), unit ${pct(u)} (${u}), both ${pct(both)} (${both})`);
  }
  const times: Record<string, number[]> = { ours: [], theirs: [] };
  for (let round = 0; round < 20; round++) {
    for (const [name, reader] of [
      ['ours', ours],
      ['theirs', theirs],
    ] as const) {
      const t0 = process.hrtime.bigint();
      for (const c of RECIPE_LINES) reader(c.input);
      times[name]?.push(Number(process.hrtime.bigint() - t0) / 1e3 / RECIPE_LINES.length);
    }
  }
  console.log(
    `time per line, p50: ours ${fmt(percentile(times.ours ?? [], 50), 1)} µs, parse-ingredient ${fmt(percentile(times.theirs ?? [], 50), 1)} µs`,
  );
  const misses = RECIPE_LINES.filter((c) => {
    const r = right(c, theirs(c.input));
    return !r.quantity || !r.unit;
  });
  console.log(
    `parse-ingredient misses, e.g.:\n${misses
      .slice(0, 12)
      .map((c) => `  ${c.input} -> ${JSON.stringify(theirs(c.input))}`)
      .join('\n')}`,
  );
}
