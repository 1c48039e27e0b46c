// Scale-out (docs/scaling.md): two app instances on one PostgreSQL schema and one Redis behave as
// one service. The per-minute limit holds across both together, data written through one is read
// through the other, and render slots are shared (and freed when an instance dies holding them).
// Runs only with DATABASE_URL=postgres://... and a Redis answering at REDIS_URL (or 127.0.0.1:6379).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { createLimitStore, type LimitStore } from '../../src/services/limits/index.js';
import { buildTestApp, flourBody, TestClock } from '../support/app.js';
import { createTestDatabase, POSTGRES_URL, type TestDatabase } from '../support/databases.js';
import { deleteKeys, quietLog, REDIS_URL, redisAnswers } from './limits-support.js';

const ready = POSTGRES_URL !== null && (await redisAnswers());
if (!ready) console.warn('scale-out.test.ts skipped: needs DATABASE_URL=postgres://... and Redis at REDIS_URL or redis://127.0.0.1:6379');

interface Instance {
  app: FastifyInstance;
  limits: LimitStore;
  database: DatabaseHandle;
  url: string;
}

describe.skipIf(!ready)('two instances on one PostgreSQL and one Redis', () => {
  let db: TestDatabase;
  const clock = new TestClock(new Date('2026-11-18T12:00:05Z'));
  const prefix = `test:${randomUUID()}:`;
  const instances: Instance[] = [];
  let key = '';
  let accountId = 0;
  let otherKey = '';

  async function startInstance(): Promise<Instance> {
    // Each instance has its own pool and its own Redis connection, as separate processes would.
    const database = openDatabase(db.config, { searchPath: db.schema!, maxConnections: 5 });
    // 100 clients share one address here: the per-address connection cap (a defence of its own,
    // tested in the connection regressions) is lifted so that every refusal is the request limit's.
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: POSTGRES_URL!, REDIS_URL, MAX_CONNECTIONS_PER_ADDRESS: '100000' });
    const limits = await createLimitStore({ config, database, clock, log: quietLog, prefix });
    const app = await buildTestApp({ config, database, clock, limits });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, limits, database, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
  }

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    const none = { email: null, weekly_limit: null, per_minute_limit: null, render_limit: null };
    const created = await createAccount({ database: db.handle, clock }, { name: 'Scale', ...none });
    key = created.api_key;
    accountId = created.account.id;
    otherKey = (await createAccount({ database: db.handle, clock }, { name: 'Other', ...none })).api_key;
    instances.push(await startInstance(), await startInstance());
  });

  afterAll(async () => {
    for (const instance of instances) {
      await instance.app.close();
      await instance.database.close();
    }
    await deleteKeys(prefix);
    await db?.drop();
  });

  const call = (instance: Instance, path: string, init: RequestInit = {}, token = key) =>
    fetch(`${instance.url}${path}`, { ...init, headers: { authorization: `Token token=${token}`, ...(init.headers as object) } });

  it('data written through one instance is read through the other', async () => {
    const [one, two] = instances;
    const created = await call(one!, '/v1/ingredients', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ingredient: flourBody({ name: 'Shared flour' }) }),
    });
    expect(created.status).toBe(201);
    const { ingredient } = (await created.json()) as { ingredient: { id: number } };
    const read = await call(two!, `/v1/ingredients/${ingredient.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { ingredient: { name: string } }).ingredient.name).toBe('Shared flour');
    // Still private to its account on both instances.
    expect((await call(two!, `/v1/ingredients/${ingredient.id}`, {}, otherKey)).status).toBe(404);
  });

  it('1,000 requests per minute is the limit across both instances together', async () => {
    clock.set('2026-11-18T12:01:00Z'); // a fresh minute window
    const [one, two] = instances;
    // Alternate instances and see one counter.
    const remaining = [];
    for (const instance of [one!, two!, one!, two!])
      remaining.push((await call(instance, '/v1/ingredients')).headers.get('x-ratelimit-remaining'));
    expect(remaining).toEqual(['999', '998', '997', '996']);
    // 1,496 more, half through each, 100 at a time: 996 succeed, 500 are refused.
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < 1496) {
        const i = next++;
        const response = await call(i % 2 === 0 ? one! : two!, '/v1/ingredients');
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    };
    await Promise.all(Array.from({ length: 100 }, worker));
    expect(statuses.filter((s) => s === 200)).toHaveLength(996);
    expect(statuses.filter((s) => s === 429)).toHaveLength(500);
    // Both instances see the same weekly count (1,500 here plus the first test's 2 for this account).
    expect(await one!.limits.weeklyUsage(accountId)).toBe(await two!.limits.weeklyUsage(accountId));
    expect(await two!.limits.weeklyUsage(accountId)).toBe(1502);
  }, 60_000);

  it('render slots are shared, and freed by their TTL when an instance dies holding them', async () => {
    const [one, two] = instances;
    const held = [];
    for (let i = 0; i < 5; i++) held.push(await one!.limits.acquireRenderSlot(accountId, 5));
    expect(held.every((release) => release !== null)).toBe(true);
    expect(await two!.limits.acquireRenderSlot(accountId, 5)).toBeNull();
    await held[0]!();
    const taken = await two!.limits.acquireRenderSlot(accountId, 5);
    expect(taken).not.toBeNull();
    expect(await one!.limits.acquireRenderSlot(accountId, 5)).toBeNull();

    // Instance two "dies" without releasing; its slot and instance one's four expire 30 s later.
    await two!.limits.close();
    clock.advance(30_001);
    const after = [];
    for (let i = 0; i < 5; i++) after.push(await one!.limits.acquireRenderSlot(accountId, 5));
    expect(after.every((release) => release !== null)).toBe(true);
    for (const release of after) await release!();
  });
});
