// Parsing a 20-line recipe against USDA SR28 and the 2023 Foundation foods (docs/api.md#recipe-text:
// at most 50 ms p50 on SQLite and on PostgreSQL): POST /v1/recipe_text/parse's service, in process, on
// an account with 60 ingredients of its own, against the searches a client would make without it
// (GET /v1/ingredients/search of each line's food words, 20 of them), in alternating rounds on the
// same database; SQLite, and PostgreSQL when DATABASE_URL=postgres://... is set. The first parse after
// a library change builds the word index (reported apart); every other parse finds it built.
import { searchIngredients } from '../src/db/repositories/ingredient-search/index.js';
import { createAccount } from '../src/services/accounts/index.js';
import { createIngredient } from '../src/services/ingredients/index.js';
import { parseRecipeText } from '../src/services/recipe-text/index.js';
import { importSr28, importUsda } from '../src/services/usda/index.js';
import type { Dialect } from '../src/db/schema.js';
import { readLine } from '../src/core/recipe-text/reader.js';
import { createTestDatabase, databaseKinds } from '../test/support/databases.js';
import { flourBody } from '../test/support/app.js';
import { F2023, SR28, wholeFdc, wholeSr28 } from '../test/support/usda-data.js';
import { fmt, percentile } from './lib/load.js';

/** A recipe as a bakery pastes it: a brown-butter chocolate chip cookie and its glaze. */
export const TWENTY_LINES = [
  '2 1/4 cups (280g) all-purpose flour',
  '1 tsp baking soda',
  '1/2 tsp baking powder',
  '1 tsp kosher salt',
  '1 cup (2 sticks) unsalted butter, browned and cooled',
  '3/4 cup packed light brown sugar',
  '1/2 cup granulated sugar',
  '2 large eggs, at room temperature',
  '1 large egg yolk',
  '2 tsp pure vanilla extract',
  '1 1/2 cups semisweet chocolate chips',
  '1 cup chopped walnuts',
  '1/2 cup old-fashioned rolled oats',
  '2 tbsp whole milk',
  'Flaky sea salt, for sprinkling',
  'For the glaze:',
  '1 cup powdered sugar, sifted',
  '2-3 tablespoons heavy cream',
  '1/4 tsp ground cinnamon',
  'Pinch of nutmeg',
].join('\n');

const clock = { now: () => new Date('2026-11-21T12:00:00Z') };

async function benchOne(kind: Dialect): Promise<void> {
  const db = await createTestDatabase(kind);
  try {
    const ctx = { database: db.handle, clock };
    let started = process.hrtime.bigint();
    if (!(await importSr28(ctx, { dir: SR28 })).ok || !(await importUsda(ctx, { source: F2023 })).ok) throw new Error('import failed');
    console.log(`${kind}: SR28 + Foundation imported in ${fmt(Number(process.hrtime.bigint() - started) / 1e9, 1)} s`);
    const account = await createAccount(ctx, {
      name: 'Bench bakery',
      email: null,
      weekly_limit: null,
      per_minute_limit: null,
      render_limit: null,
    });
    const caller = { accountId: account.account.id, keyId: 0 };
    for (let i = 0; i < 60; i++) await createIngredient(ctx, caller, flourBody({ name: `House blend ${i}` }) as never);
    started = process.hrtime.bigint();
    const first = await parseRecipeText(ctx, caller, { text: TWENTY_LINES });
    console.log(`${kind}: first parse (builds the library's word index): ${fmt(Number(process.hrtime.bigint() - started) / 1e6, 0)} ms`);
    const resolved = first.lines.filter((l) => l.status === 'matched' || l.status === 'ambiguous').length;
    console.log(
      `${kind}: ${first.lines.length} lines, ${resolved} matched, ${first.unresolved} unresolved, ${fmt(first.total_grams, 0)} g`,
    );
    // The searches a client makes without the parse: the food words of each ingredient line.
    const queries = TWENTY_LINES.split('\n').flatMap((l) => {
      const read = readLine(l);
      return read.kind === 'ingredient' ? [read.name] : [];
    });
    const parse = () => parseRecipeText(ctx, caller, { text: TWENTY_LINES });
    const searches = async () => {
      for (const q of queries) await searchIngredients(db.handle.db, kind, { accountId: caller.accountId, q, offset: 0, limit: 20 });
    };
    const parses: number[] = [];
    const searched: number[] = [];
    const time = async (fn: () => Promise<unknown>, into: number[]) => {
      const t0 = process.hrtime.bigint();
      await fn();
      into.push(Number(process.hrtime.bigint() - t0) / 1e6);
    };
    for (let i = 0; i < 10; i++) {
      await parse();
      await searches();
    }
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 10; i++) await time(parse, parses);
      for (let i = 0; i < 10; i++) await time(searches, searched);
    }
    const p50 = percentile(parses, 50);
    const s50 = percentile(searched, 50);
    console.log(
      `${kind}: parse of the 20-line recipe p50 ${fmt(p50)} ms, p99 ${fmt(percentile(parses, 99))} ms (goal <= 50 ms p50); ` +
        `its ${queries.length} searches p50 ${fmt(s50)} ms, p99 ${fmt(percentile(searched, 99))} ms; parse / searches = ${fmt(p50 / s50)}`,
    );
  } finally {
    await db.drop();
  }
}

export async function run(): Promise<void> {
  console.log('\n## recipe text: parse of a 20-line recipe against SR28 + Foundation');
  // Measured on the whole releases only (the repository's sample is a tenth of SR28's foods).
  if (!wholeSr28 || !wholeFdc) {
    console.log(
      'skipped: ../shared/data/usda-sr28 or usda-fdc/foundation_2023-04-20 is absent (the genuine USDA files are not part of the repository)',
    );
    return;
  }
  for (const kind of databaseKinds()) await benchOne(kind);
}
