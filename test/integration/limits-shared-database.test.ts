// Two app instances on one database without Redis (the default store; docs/scaling.md "Limits
// without Redis"): each has its own connection(s) and its own store, as separate processes do, and
// together they never serve more than an account's limits. Requests alternate between them.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import type { Dialect } from '../../src/db/schema.js';
import { readWeeklyUsage } from '../../src/db/repositories/weekly-usage.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { createLimitStore } from '../../src/services/limits/index.js';
import { buildTestApp, json, TestClock } from '../support/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { quietLog } from './limits-support.js';

interface Instance {
  app: FastifyInstance;
  database: DatabaseHandle;
}

describe.each(databaseKinds())('two instances on one %s database, default store', (kind: Dialect) => {
  let db: TestDatabase;
  let instances: Instance[] = [];
  const clock = new TestClock(new Date('2026-11-18T12:00:05Z'));

  async function startInstance(): Promise<Instance> {
    const database = openDatabase(db.config, { searchPath: db.schema ?? undefined, maxConnections: 5 });
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: db.config.kind === 'sqlite' ? db.config.path : db.config.url });
    const limits = await createLimitStore({ config, database, clock, log: quietLog, redisUrl: null });
    return { app: await buildTestApp({ config, database, clock, limits }), database };
  }

  async function open(limits: { weekly_limit: number | null; per_minute_limit: number | null }) {
    db = await createTestDatabase(kind);
    const created = await createAccount({ database: db.handle, clock }, { name: 'Shared', email: null, render_limit: null, ...limits });
    instances = [await startInstance(), await startInstance()];
    return created;
  }

  async function stopInstances() {
    for (const instance of instances.splice(0)) {
      await instance.app.close(); // gives back the numbers it reserved and did not hand out
      await instance.database.close();
    }
  }

  afterEach(async () => {
    await stopInstances();
    await db?.drop();
  });

  const get = (i: number, key: string) =>
    instances[i % 2]!.app.inject({ method: 'GET', url: '/v1/ingredients', headers: { authorization: `Token token=${key}` } });

  it('300 parallel requests at 100 a minute: exactly 100 are served, by both instances together', async () => {
    const { api_key } = await open({ weekly_limit: null, per_minute_limit: 100 });
    const responses = await Promise.all(Array.from({ length: 300 }, (_, i) => get(i, api_key)));
    const served = responses.filter((r) => r.statusCode === 200).length;
    expect(served).toBe(100);
    expect(responses.filter((r) => r.statusCode === 429).every((r) => json(r).error === 'RateLimited')).toBe(true);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(200);
    // The next minute, both serve again.
    clock.set('2026-11-18T12:01:00Z');
    expect((await get(0, api_key)).statusCode).toBe(200);
    expect((await get(1, api_key)).statusCode).toBe(200);
  }, 60_000);

  it('120 parallel requests at 50 a week: exactly 50 are served; all 120 are counted', async () => {
    clock.set('2026-11-18T12:00:05Z');
    const { account, api_key } = await open({ weekly_limit: 50, per_minute_limit: null });
    const responses = await Promise.all(Array.from({ length: 120 }, (_, i) => get(i, api_key)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(50);
    const refused = responses.filter((r) => r.statusCode === 401);
    expect(refused).toHaveLength(70);
    expect(refused.every((r) => json(r).error === 'WeeklyLimitExceeded')).toBe(true);
    // The warning (10% or less left) is on the last served ones and on every refusal.
    expect(refused.every((r) => /^0 of 50 weekly requests remain/.test(String(r.headers['x-weekly-limit-warning'])))).toBe(true);
    await stopInstances();
    expect(await readWeeklyUsage(db.handle.db, account.id, '2026-11-16')).toBe(120);
  }, 60_000);

  it('sequential requests alternating between the instances see one count', async () => {
    clock.set('2026-11-18T12:00:05Z');
    const { api_key } = await open({ weekly_limit: 10, per_minute_limit: 6 });
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await get(i, api_key)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429]);
    // Two more (refused ones count toward the week too) reach the weekly limit of 10.
    clock.set('2026-11-18T12:01:00Z');
    expect((await get(0, api_key)).statusCode).toBe(200);
    expect((await get(1, api_key)).statusCode).toBe(200);
    expect(json(await get(0, api_key)).error).toBe('WeeklyLimitExceeded');
  });
});
