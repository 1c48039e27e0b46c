// The limit store's own cost per request, without HTTP: CPU time per `hit()` from many accounts in
// turn on a fresh SQLite file, less the same loop over a store that does nothing. Steadier than the
// HTTP figures on a loaded machine, but blind to what the store's writes cost the rest of the
// request (e.g. SQLite readers re-reading pages after a write).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { systemClock } from '../../src/lib/time.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { createLimitStore, type LimitStore } from '../../src/services/limits/index.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function cpuPerHit(store: Pick<LimitStore, 'hit'>, accounts: number[], hits: number): Promise<number> {
  const limits = { perMinute: 1_000_000_000, weekly: 1_000_000_000 };
  const start = process.cpuUsage();
  for (let i = 0; i < hits; i++) await store.hit(accounts[i % accounts.length]!, limits);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / hits;
}

/** Median µs of CPU per hit over `rounds` rounds of `hits`, loop overhead subtracted. */
export async function limiterAlone(accountCount: number, hits = 100_000, rounds = 5): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-limiter-'));
  const config = loadConfig({ DATABASE_URL: join(dir, 'bench.db'), LOG_LEVEL: 'silent' });
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    const accounts: number[] = [];
    for (let i = 0; i < accountCount; i++) {
      accounts.push(
        (
          await createAccount(
            { database, clock: systemClock },
            { name: `a${i}`, email: null, weekly_limit: null, per_minute_limit: null, render_limit: null },
          )
        ).account.id,
      );
    }
    const log = { warn: () => {}, error: () => {} };
    const store = await createLimitStore({ config, database, clock: systemClock, log, redisUrl: null });
    const nothing = { hit: async () => null };
    await cpuPerHit(store, accounts, hits); // warm-up
    const costs: number[] = [];
    for (let round = 0; round < rounds; round++)
      costs.push((await cpuPerHit(store, accounts, hits)) - (await cpuPerHit(nothing, accounts, hits)));
    await store.close();
    return median(costs);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
