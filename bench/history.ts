// `npm run bench history` (docs/api.md#history): what recording history costs a write, and ?as_of=
// reads of the deep recipe (50 lines, three nested subrecipe levels), in process via inject, on SQLite
// (or on PostgreSQL with DATABASE_URL=postgres://..., in a schema of its own).
//
// - A write with history against one without: the history step is timed inside each real write through
//   the tracing channels of services/history/tracing.ts. Without history a line write would still load
//   the recipe's tree to answer with it; the step loads it instead (services/recipes resultAfterWrite),
//   so each write without history is (write - step + that load, timed inside the same step). An
//   ingredient write answers with the ingredient: no credit. The ratio without any credit
//   (write / (write - step)) is printed as the upper bound. Goal <= 1.25x.
// - ?as_of= p50 on the deep recipe (goal <= 5 ms): warm (a past state read again) and cold (each read a
//   revision nobody has read yet), next to the present read, alternating in rounds.
// - Storage: bytes stored per revision against a whole-tree copy of the same state.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { loadConfig } from '../src/config.js';
import { fieldsToRow } from '../src/db/repositories/ingredients.js';
import { loadRecipeGraph } from '../src/db/repositories/recipes-graph.js';
import { buildApp } from '../src/http/app.js';
import { isoSeconds } from '../src/lib/time.js';
import { createAccount } from '../src/services/accounts/index.js';
import { historyStepChannel, historyTreeLoadChannel } from '../src/services/history/index.js';
import { createTestDatabase } from '../test/support/databases.js';
import { createDeepRecipe } from './lib/deep-recipe.js';
import { flourFields } from './lib/flour.js';
import { fmt, percentile, timeCalls } from './lib/load.js';

const ROUNDS = 3;
const WRITES = 200;
const READS = 300;
const p50 = (samples: number[]) => percentile(samples, 50);

export async function run(): Promise<void> {
  // SQLite in a new file, or PostgreSQL (DATABASE_URL=postgres://...) in a new schema.
  const kind = process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
  const fresh = await createTestDatabase(kind);
  const database = fresh.handle;
  // A clock the benchmark moves: one second per write, so every revision has its own as_of instant.
  let now = Date.UTC(2026, 0, 1);
  const clock = { now: () => new Date(now) };
  const databaseUrl = fresh.config.kind === 'postgres' ? fresh.config.url : fresh.config.path;
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, clock });
  try {
    const ctx = { database, clock };
    const account = await createAccount(ctx, {
      name: 'deep',
      email: null,
      weekly_limit: 1e9,
      per_minute_limit: 1e9,
      render_limit: null,
    });
    const created = isoSeconds(clock.now());
    const flour = flourFields({ water: 12, allergens: { wheat: true } });
    const rows = Array.from({ length: 200 }, (_, i) => ({
      ...fieldsToRow({ ...flour, name: `Ingredient ${i + 1}` }),
      account_id: account.account.id,
      created_at: created,
      updated_at: created,
    }));
    const ingredients = (await database.db.insertInto('ingredients').values(rows).returning('id').execute()).map((r) => r.id);
    const headers = { authorization: `Token token=${account.api_key}` };
    const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      now += 1000;
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res;
    };
    const deepId = await createDeepRecipe(async (url, payload) => (await inject('POST', url, payload)).json(), ingredients);
    const lines = (await inject('GET', `/v1/recipes/${deepId}/recipe_ingredients`)).json().recipe.recipe_ingredients;
    const lineId = lines[0].recipe_ingredient.id as number;
    const ingredientId = ingredients[0]!;

    // Per write: the history step, and the load of each recipe's tree inside it, from the tracing channels.
    const started = new WeakMap<object, bigint>();
    const since = (message: unknown) => Number(process.hrtime.bigint() - started.get(message as object)!) / 1e6;
    let loads = new Map<number, number>();
    let writes: { step: number; loads: Map<number, number> }[] = [];
    const onStart = (message: unknown) => started.set(message as object, process.hrtime.bigint());
    const onStepEnd = (message: unknown) => {
      writes.push({ step: since(message), loads });
      loads = new Map();
    };
    const onLoadEnd = (message: unknown) => loads.set((message as { recipeId: number }).recipeId, since(message));
    const subscriptions = [
      [historyStepChannel.start.name, onStart],
      [historyStepChannel.asyncEnd.name, onStepEnd],
      [historyTreeLoadChannel.start.name, onStart],
      [historyTreeLoadChannel.asyncEnd.name, onLoadEnd],
    ] as const;
    for (const [name, handler] of subscriptions) subscribe(name, handler);

    console.log(
      `\n## History (${kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}, in process; deep recipe ${deepId}: 50 lines, 3 nested subrecipe levels)`,
    );
    let flip = 0;
    const readTimes: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const measured = async (what: string, write: () => Promise<unknown>, creditRecipe: number | null) => {
        writes = [];
        const totals = await timeCalls(write, WRITES, 20);
        const steps = writes.slice(-WRITES);
        const step = steps.map((w) => w.step);
        const without = totals.map(
          (total, i) => total - steps[i]!.step + (creditRecipe === null ? 0 : (steps[i]!.loads.get(creditRecipe) ?? 0)),
        );
        const credit = steps.map((w) => (creditRecipe === null ? 0 : (w.loads.get(creditRecipe) ?? 0)));
        console.log(
          `round ${round}: ${what}: p50 ${fmt(p50(totals), 3)} ms, history step p50 ${fmt(p50(step), 3)} ms (its tree load, credited: ${fmt(p50(credit), 3)} ms); ` +
            `with / without history ${fmt(p50(totals) / p50(without))}x (upper bound ${fmt(p50(totals) / p50(totals.map((t, i) => t - step[i]!)))}x; goal <= 1.25x)`,
        );
      };
      await measured(
        'PUT a line of the deep recipe',
        () => {
          readTimes.push(now);
          return inject('PUT', `/v1/recipes/${deepId}/recipe_ingredients/${lineId}`, { quantity: 1 + (flip++ % 3) });
        },
        deepId,
      );
      await measured(
        'PUT an ingredient of it (a revision for each of the 4 recipes using it)',
        () => inject('PUT', `/v1/ingredients/${ingredientId}`, { sodium: 2 + (flip++ % 3) }),
        null,
      );

      const present = await timeCalls(() => app.inject({ method: 'GET', url: `/v1/recipes/${deepId}`, headers }), READS, 30);
      const warmAt = encodeURIComponent(new Date(readTimes[readTimes.length - 1]!).toISOString());
      const warm = await timeCalls(() => app.inject({ method: 'GET', url: `/v1/recipes/${deepId}?as_of=${warmAt}`, headers }), READS, 30);
      // Cold: the states this round's writes made, each read once (none was read before).
      const coldTimes = readTimes.slice(-WRITES);
      let next = 0;
      const cold = await timeCalls(
        () => {
          const at = encodeURIComponent(new Date(coldTimes[next++ % coldTimes.length]! + 500).toISOString());
          return app.inject({ method: 'GET', url: `/v1/recipes/${deepId}?as_of=${at}`, headers });
        },
        WRITES - 10,
        0,
      );
      console.log(
        `round ${round}: GET the deep recipe: present p50 ${fmt(p50(present), 3)} ms; ?as_of= warm p50 ${fmt(p50(warm), 3)} ms, ` +
          `cold p50 ${fmt(p50(cold), 3)} ms (goal p50 <= 5 ms)`,
      );
    }
    for (const [name, handler] of subscriptions) unsubscribe(name, handler);

    const stored = await database.db
      .selectFrom('recipe_revisions')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(eb.fn('length', ['manifest'])).as('bytes')])
      .where('recipe_id', '=', deepId)
      .executeTakeFirstOrThrow();
    const parts = await database.db
      .selectFrom('recipe_history_parts')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(eb.fn('length', ['body'])).as('bytes')])
      .where('recipe_id', '=', deepId)
      .executeTakeFirstOrThrow();
    const whole = (await inject('GET', `/v1/recipes/${deepId}/revisions?per_page=1`)).body.length;
    const tree = JSON.stringify(await loadRecipeGraph(database.db, account.account.id, [deepId], {}), (_k, v) =>
      v instanceof Map ? [...v.values()] : v,
    ).length;
    const perRevision = (Number(stored.bytes) + Number(parts.bytes)) / Number(stored.n);
    console.log(
      `storage of the deep recipe: ${stored.n} revisions, ${parts.n} stored parts; ${fmt(perRevision / 1024, 1)} kB a revision ` +
        `against ${fmt(tree / 1024, 1)} kB for a whole-tree copy (${fmt(tree / perRevision, 1)}x less; the last revision's JSON: ${whole} bytes)`,
    );
  } finally {
    await app.close();
    await fresh.drop();
  }
}

// Run directly: `node --import tsx bench/history.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
