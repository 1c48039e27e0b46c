// Our API with the limiter in one of three modes (LIMITS=off|database|redis) on a fresh SQLite file
// with ACCOUNTS accounts (default 500), each owning one ingredient: the same route measured with
// limits on and off, loaded from many accounts as real traffic is (one account would keep a single
// counter hot and hide the per-account costs).
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { buildApp } from '../../src/http/app.js';
import { systemClock } from '../../src/lib/time.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { createLimitStore, type LimitStore } from '../../src/services/limits/index.js';
import { FLOUR_BODY } from '../lib/flour.js';

const mode = process.env.LIMITS ?? 'database';
const path = join(mkdtempSync(join(tmpdir(), 'recipal-bench-limits-')), 'bench.db');
const config = loadConfig({ ...process.env, DATABASE_URL: path, LOG_LEVEL: 'silent' });
const database = openDatabase(config.database);
await migrateToLatest(database.db, database.dialect);
const ctx = { database, clock: systemClock };
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 500);

/** "Limits off": a store that never counts (the plugin then adds nothing to the response). */
const off: LimitStore = {
  hit: async () => null,
  weeklyUsage: async () => 0,
  acquireRenderSlot: async () => async () => {},
  health: () => ({ store: 'database' }),
  close: async () => {},
};
const prefix = `bench:${randomUUID()}:`;
const log = { warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
const limits =
  mode === 'off'
    ? off
    : await createLimitStore({
        config,
        database,
        clock: systemClock,
        log,
        prefix,
        redisUrl: mode === 'redis' ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : null,
      });
if (limits.health().warning) throw new Error(limits.health().warning);

const app = await buildApp({ config, database, limits });
const accounts: { key: string; id: number }[] = [];
for (let i = 0; i < ACCOUNTS; i++) {
  // Limits high enough never to refuse: the benchmark measures the cost of counting, not of 429s.
  const { api_key } = await createAccount(ctx, {
    name: `bench ${i}`,
    email: null,
    weekly_limit: 1_000_000_000,
    per_minute_limit: 1_000_000_000,
    render_limit: null,
  });
  const created = await app.inject({
    method: 'POST',
    url: '/v1/ingredients',
    headers: { authorization: `Token token=${api_key}`, 'content-type': 'application/json' },
    payload: JSON.stringify(FLOUR_BODY),
  });
  accounts.push({ key: api_key, id: (created.json() as { ingredient: { id: number } }).ingredient.id });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
console.log(`READY ${JSON.stringify({ port: address.port, accounts, prefix })}`);
process.on('SIGTERM', async () => {
  if (mode === 'redis') {
    const { Redis } = await import('ioredis');
    const client = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    client.disconnect();
  }
  await app.close();
  await database.close();
  process.exit(0);
});
