// The data of `npm run bench load`: ACCOUNTS accounts, each with its own API key, 10 ingredients
// and one 3-line recipe, on a fresh SQLite file. Ingredients are inserted in bulk; recipes go
// through the API (in process) so that every derived column is what a client would have made.
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { fieldsToRow } from '../../src/db/repositories/ingredients.js';
import { buildApp } from '../../src/http/app.js';
import { isoSeconds, systemClock } from '../../src/lib/time.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { flourFields } from './flour.js';

export interface SeededAccount {
  key: string;
  ingredients: number[];
  recipe: number;
}

const INGREDIENTS_EACH = 10;
const NAMES = ['Flour', 'Sugar', 'Butter', 'Milk', 'Egg', 'Salt', 'Oats', 'Honey', 'Cocoa', 'Yeast'];

export async function seedLoadDatabase(path: string, accounts: number): Promise<SeededAccount[]> {
  const config = loadConfig({ ...process.env, DATABASE_URL: path, LOG_LEVEL: 'silent', WORKERS: '1' });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const ctx = { database, clock: systemClock };
  const flour = flourFields({ water: 12, allergens: { wheat: true } });
  const now = isoSeconds(new Date());
  const app = await buildApp({ config, database });
  const seeded: SeededAccount[] = [];
  try {
    for (let a = 0; a < accounts; a++) {
      // Default limits (1,000 requests a minute, as ReciPal's): the load stays under them.
      const { account, api_key } = await createAccount(ctx, {
        name: `load ${a}`,
        email: null,
        weekly_limit: null,
        per_minute_limit: null,
        render_limit: null,
      });
      const rows = NAMES.slice(0, INGREDIENTS_EACH).map((name) => ({
        ...fieldsToRow({ ...flour, name: `${name} ${a}` }),
        account_id: account.id,
        created_at: now,
        updated_at: now,
      }));
      const ingredients = (await database.db.insertInto('ingredients').values(rows).returning('id').execute()).map((r) => r.id);
      const res = await app.inject({
        method: 'POST',
        url: '/v1/recipes/shortcut',
        headers: { authorization: `Token token=${api_key}` },
        payload: {
          recipe: {
            name: `Cake ${a}`,
            servings: 8,
            recipe_ingredients: ingredients.slice(0, 3).map((id) => ({ ingredient_id: id, unit: 'cup', quantity: 1 })),
          },
        },
      });
      if (res.statusCode !== 201) throw new Error(`seeding a recipe: ${res.statusCode} ${res.body}`);
      seeded.push({ key: api_key, ingredients, recipe: (res.json() as { recipe: { id: number } }).recipe.id });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return seeded;
}
