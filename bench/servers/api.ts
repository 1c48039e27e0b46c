// Our API on a fresh SQLite file seeded with SEED_INGREDIENTS private ingredients for one account.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { fieldsToRow } from '../../src/db/repositories/ingredients.js';
import { buildApp } from '../../src/http/app.js';
import { systemClock, isoSeconds } from '../../src/lib/time.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { flourFields } from '../lib/flour.js';

const count = Number(process.env.SEED_INGREDIENTS ?? 10_000);
const path = process.env.BENCH_DATABASE_URL ?? join(mkdtempSync(join(tmpdir(), 'recipal-bench-')), 'bench.db');
const config = loadConfig({ ...process.env, DATABASE_URL: path, LOG_LEVEL: 'silent' });
const database = openDatabase(config.database);
await migrateToLatest(database.db, database.dialect);
const ctx = { database, clock: systemClock };
const { account, api_key } = await createAccount(ctx, {
  name: 'bench',
  email: null,
  weekly_limit: 1_000_000_000,
  per_minute_limit: 1_000_000_000,
  render_limit: null,
});

const flour = flourFields({ allergens: { wheat: true } });
const now = isoSeconds(new Date());
const rows = Array.from({ length: count }, (_, i) => ({
  ...fieldsToRow({ ...flour, name: `Flour ${i + 1}` }),
  account_id: account.id,
  created_at: now,
  updated_at: now,
}));
for (let i = 0; i < rows.length; i += 500)
  await database.db
    .insertInto('ingredients')
    .values(rows.slice(i, i + 500))
    .execute();
const first = await database.db.selectFrom('ingredients').select('id').orderBy('id').executeTakeFirstOrThrow();

const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
console.log(`READY ${JSON.stringify({ port: address.port, key: api_key, firstId: first.id, count })}`);
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0)),
);
