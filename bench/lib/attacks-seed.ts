// The data of `npm run bench attacks`, on a fresh SQLite file, through the API (in process) so that
// every derived column is what a client would have made:
// - the owner: a 100-line recipe with an embed token (what the anonymous flood asks for);
// - the attacker: an account of its own, for the import attacks (its key is all it needs);
// - the bystander: one ingredient, whose GET /v1/ingredients/{id} is the probe.
// Every account has the default limits except a per-minute allowance high enough for the probe.
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { buildApp } from '../../src/http/app.js';
import { systemClock } from '../../src/lib/time.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { FLOUR_BODY } from './flour.js';

export interface AttacksSeed {
  embedToken: string;
  attackerKey: string;
  /** Four accounts of their own for the parallel imports (an account runs one import at a time). */
  importerKeys: string[];
  probeKey: string;
  probeIngredient: number;
}

const LINES = 100;

/** `path`: a SQLite file, or a postgres:// URL (an empty schema of its own, named by its search_path). */
export async function seedAttacksDatabase(path: string): Promise<AttacksSeed> {
  const config = loadConfig({ ...process.env, DATABASE_URL: path, LOG_LEVEL: 'silent', WORKERS: '1', REDIS_URL: '' });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const ctx = { database, clock: systemClock };
  const app = await buildApp({ config, database });
  const make = (name: string) =>
    createAccount(ctx, { name, email: null, weekly_limit: 1_000_000_000, per_minute_limit: 1_000_000, render_limit: null });
  try {
    const post = (key: string) => async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url, payload, headers: { authorization: `Token token=${key}` } });
      if (res.statusCode >= 300) throw new Error(`seeding ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as Record<string, { id: number; embed_token: string }>;
    };
    const owner = await make('owner');
    const asOwner = post(owner.api_key);
    const lines = [];
    for (let i = 0; i < LINES; i++) {
      const { ingredient } = await asOwner('/v1/ingredients', {
        ...FLOUR_BODY,
        name: `Ingredient ${i + 1}`,
        allergens: { wheat: i % 7 === 0 },
      });
      lines.push({ ingredient_id: ingredient!.id, unit: 'g', quantity: 10 + i });
    }
    const { recipe } = await asOwner('/v1/recipes/shortcut', { recipe: { name: 'Hundred lines', servings: 8, recipe_ingredients: lines } });
    const attacker = await make('attacker');
    const importerKeys: string[] = [];
    for (let i = 0; i < 4; i++) importerKeys.push((await make(`importer ${i + 1}`)).api_key);
    const probe = await make('bystander');
    const { ingredient } = await post(probe.api_key)('/v1/ingredients', { ...FLOUR_BODY, name: 'Bystander flour' });
    return {
      embedToken: recipe!.embed_token,
      attackerKey: attacker.api_key,
      importerKeys,
      probeKey: probe.api_key,
      probeIngredient: ingredient!.id,
    };
  } finally {
    await app.close();
    await database.close();
  }
}
