// Every Redis key began with a fixed "recipal:": two deployments on one Redis shared their
// counters. REDIS_KEY_PREFIX now sets it (default unchanged); deployments with different prefixes
// count apart, instances with the same prefix count together.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createLimitStore, type LimitStore } from '../../src/services/limits/index.js';
import { TestClock } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { deleteKeys, quietLog, REDIS_URL, redisAnswers } from '../integration/limits-support.js';

describe('REDIS_KEY_PREFIX', async () => {
  const available = await redisAnswers();
  const stores: LimitStore[] = [];
  const prefixes = [`test:${randomUUID()}:`, `test:${randomUUID()}:`];
  let db: TestDatabase | undefined;
  afterAll(async () => {
    for (const store of stores) await store.close();
    for (const prefix of prefixes) await deleteKeys(prefix);
    await db?.drop();
  });

  it('defaults to "recipal:", takes printable ASCII, refuses spaces naming the variable', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('recipal:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'shop-a:' }).redisKeyPrefix).toBe('shop-a:');
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'shop a' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'shop a' })).toThrow('REDIS_KEY_PREFIX');
  });

  it.skipIf(!available)('two prefixes count apart; the same prefix counts together', async () => {
    db = await createTestDatabase('sqlite');
    const clock = new TestClock();
    const open = (prefix: string) =>
      createLimitStore({
        config: loadConfig({ REDIS_URL, REDIS_KEY_PREFIX: prefix }),
        database: db!.handle,
        clock,
        log: quietLog,
      }).then((store) => {
        stores.push(store);
        return store;
      });
    const [a1, a2, b] = [await open(prefixes[0]!), await open(prefixes[0]!), await open(prefixes[1]!)];
    const limits = { perMinute: 1000, weekly: 100_000 };
    expect((await a1.hit(1, limits))!.minuteCount).toBe(1);
    expect((await a2.hit(1, limits))!.minuteCount).toBe(2);
    expect((await b.hit(1, limits))!.minuteCount).toBe(1);
  });
});
