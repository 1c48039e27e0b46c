// Request limits (docs/api.md#limits) through the real app, with the in-process store and with Redis,
// on every configured database: headers, per-minute 429s, the weekly allowance and its warning,
// Monday resets (UTC and another zone), exactness under concurrency, restarts, render slots.
import { afterEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../../src/db/schema.js';
import { readWeeklyUsage } from '../../src/db/repositories/weekly-usage.js';
import { revokeKeyByPrefix, setAccountLimits, setAccountStatus } from '../../src/services/accounts/index.js';
import { json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { createLimitsApp, minuteEnd, redisAnswers, type LimitsApp, type LimitsAppOptions, type StoreKind } from './limits-support.js';

const stores: StoreKind[] = (await redisAnswers()) ? ['database', 'redis'] : ['database'];
if (stores.length === 1) console.warn('limits.test.ts: Redis does not answer; only the default (database) store is tested');
const combos = databaseKinds().flatMap((kind) => stores.map((store) => [kind, store] as [Dialect, StoreKind]));

describe.each(combos)('limits on %s with the %s store', (kind, store) => {
  let t: LimitsApp;
  const open = async (options: LimitsAppOptions = {}) => (t = await createLimitsApp(kind, store, options));
  afterEach(async () => {
    await t?.close();
  });

  it('every API response carries X-RateLimit-Limit, -Remaining and -Reset (Unix seconds of the window end)', async () => {
    await open();
    const first = await t.client().get('/v1/ingredients');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('1000');
    expect(first.headers['x-ratelimit-remaining']).toBe('999');
    expect(first.headers['x-ratelimit-reset']).toBe(String(minuteEnd(t.clock.now())));
    expect(first.headers['x-weekly-limit-warning']).toBeUndefined();
    // Errors carry them too, and /api/v1 shares the same counter.
    const missing = await t.client().get('/api/v1/ingredients/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-ratelimit-remaining']).toBe('998');
  });

  it('does not count unauthenticated or revoked-key requests against anyone; health and the account page are not limited', async () => {
    await open({ limitsA: { per_minute_limit: 2 } });
    for (const headers of [{}, { authorization: 'Token token=rcp_nonsense' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/v1/ingredients', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/account' })).statusCode).toBe(200);
    }
    expect((await t.client().get('/v1/ingredients')).headers['x-ratelimit-remaining']).toBe('1');
    expect(await revokeKeyByPrefix(t.ctx, t.accountA.key.slice(0, 12))).toBe('revoked');
    const revoked = await t.client().get('/v1/ingredients');
    expect(revoked.statusCode).toBe(401);
    expect(json(revoked).error).toBe('NotAuthorized');
    expect(await t.limits.weeklyUsage(t.accountA.id)).toBe(1);
  });

  it('allows exactly the per-minute limit, then 429 RateLimited with Retry-After until the next minute', async () => {
    await open({ limitsA: { per_minute_limit: 3 }, start: '2026-11-18T12:00:45Z' });
    const statuses: number[] = [];
    const remaining: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.client().get('/v1/ingredients');
      statuses.push(response.statusCode);
      remaining.push(String(response.headers['x-ratelimit-remaining']));
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(remaining).toEqual(['2', '1', '0', '0']);
    const limited = await t.client().get('/v1/ingredients');
    expect(json(limited)).toMatchObject({ error: 'RateLimited' });
    expect(limited.headers['retry-after']).toBe('15');
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    // Account B has its own counter and the default limit.
    expect((await t.client(t.accountB.key).get('/v1/ingredients')).headers['x-ratelimit-remaining']).toBe('999');
    t.clock.set('2026-11-18T12:00:59.999Z');
    expect((await t.client().get('/v1/ingredients')).statusCode).toBe(429);
    t.clock.set('2026-11-18T12:01:00Z');
    const next = await t.client().get('/v1/ingredients');
    expect(next.statusCode).toBe(200);
    expect(next.headers['x-ratelimit-remaining']).toBe('2');
    expect(next.headers['x-ratelimit-reset']).toBe(String(Date.parse('2026-11-18T12:02:00Z') / 1000));
  });

  it('a limit changed with set-limits applies to the next request', async () => {
    await open();
    expect((await t.client().get('/v1/ingredients')).headers['x-ratelimit-limit']).toBe('1000');
    await setAccountLimits(t.ctx, t.accountA.id, { per_minute_limit: 1 });
    const response = await t.client().get('/v1/ingredients');
    expect(response.statusCode).toBe(429);
    expect(response.headers['x-ratelimit-limit']).toBe('1');
  });

  it('lets exactly 1,000 of 1,500 parallel requests through', async () => {
    await open();
    const responses = await Promise.all(Array.from({ length: 1500 }, () => t.client().get('/v1/ingredients')));
    const count = (status: number) => responses.filter((r) => r.statusCode === status).length;
    expect(count(200)).toBe(1000);
    expect(count(429)).toBe(500);
    expect(await t.limits.weeklyUsage(t.accountA.id)).toBe(1500);
  }, 60_000);

  it('warns at 10% or less of the weekly allowance, then answers 401 WeeklyLimitExceeded; rejected requests count', async () => {
    await open({ limitsA: { weekly_limit: 20 } });
    const warnings: boolean[] = [];
    for (let i = 1; i <= 20; i++) {
      const response = await t.client().get('/v1/ingredients');
      expect(response.statusCode).toBe(200);
      warnings.push(response.headers['x-weekly-limit-warning'] !== undefined);
    }
    // 17th leaves 3 (15%): no warning; 18th leaves 2 (exactly 10%): warning.
    expect(warnings.indexOf(true)).toBe(17);
    expect(warnings.slice(17)).toEqual([true, true, true]);
    const over = await t.client().get('/v1/ingredients');
    expect(over.statusCode).toBe(401);
    expect(json(over)).toMatchObject({ error: 'WeeklyLimitExceeded' });
    expect(json(over).message).toContain('2026-11-23T00:00:00');
    expect(over.headers['x-weekly-limit-warning']).toMatch(/^0 of 20 weekly requests remain/);
    expect(over.headers['x-ratelimit-limit']).toBe('1000');
    await t.client().get('/v1/ingredients');
    expect(await t.limits.weeklyUsage(t.accountA.id)).toBe(22);
  });

  it('counts 429s against the weekly allowance', async () => {
    await open({ limitsA: { per_minute_limit: 2, weekly_limit: 100 } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.client().get('/v1/ingredients')).statusCode);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect(await t.limits.weeklyUsage(t.accountA.id)).toBe(5);
  });

  it('resets the weekly count at Monday 00:00 UTC, crossed mid-test', async () => {
    await open({ limitsA: { weekly_limit: 2 }, start: '2026-11-22T23:59:58Z' });
    expect((await t.client().get('/v1/ingredients')).statusCode).toBe(200);
    expect((await t.client().get('/v1/ingredients')).statusCode).toBe(200);
    t.clock.set('2026-11-22T23:59:59.999Z');
    expect((await t.client().get('/v1/ingredients')).statusCode).toBe(401);
    t.clock.set('2026-11-23T00:00:00Z');
    const monday = await t.client().get('/v1/ingredients');
    expect(monday.statusCode).toBe(200);
    expect(await t.limits.weeklyUsage(t.accountA.id)).toBe(1);
    expect(json(await t.client().get('/v1/ingredients')).error).toBeUndefined();
    expect((await t.client().get('/v1/ingredients')).statusCode).toBe(401);
  });

  it('resets at Monday 00:00 in the configured time zone', async () => {
    await open({ limitsA: { weekly_limit: 1 }, start: '2026-11-22T12:00:00Z', env: { WEEKLY_RESET_TIME_ZONE: 'America/New_York' } });
    expect((await t.client().get('/v1/ingredients')).statusCode).toBe(200);
    t.clock.set('2026-11-23T00:00:00Z'); // still Sunday 19:00 in New York
    const sunday = await t.client().get('/v1/ingredients');
    expect(sunday.statusCode).toBe(401);
    expect(json(sunday).message).toContain('2026-11-23T05:00:00');
    t.clock.set('2026-11-23T05:00:00Z'); // Monday 00:00 EST
    expect((await t.client().get('/v1/ingredients')).statusCode).toBe(200);
  });

  it('keeps weekly usage across a restart', async () => {
    await open({ limitsA: { weekly_limit: 5 } });
    for (let i = 0; i < 4; i++) await t.client().get('/v1/ingredients');
    await t.restart();
    expect(await t.limits.weeklyUsage(t.accountA.id)).toBe(4);
    expect((await t.client().get('/v1/ingredients')).statusCode).toBe(200);
    expect((await t.client().get('/v1/ingredients')).statusCode).toBe(401);
    if (store === 'database') {
      await t.restart(); // closing gives back the numbers reserved and not spent
      expect(await readWeeklyUsage(t.db.handle.db, t.accountA.id, '2026-11-16')).toBe(6);
    }
  });

  it('an inactive account is refused before it is counted', async () => {
    await open();
    await setAccountStatus(t.ctx, t.accountA.id, 'inactive');
    expect(json(await t.client().get('/v1/ingredients')).error).toBe('SubscriptionInactive');
    expect(await t.limits.weeklyUsage(t.accountA.id)).toBe(0);
  });

  it('render slots: the limit holds, release frees one, slots expire after their TTL', async () => {
    await open();
    const held = [];
    for (let i = 0; i < 5; i++) held.push(await t.limits.acquireRenderSlot(t.accountA.id, 5));
    expect(held.every((r) => r !== null)).toBe(true);
    expect(await t.limits.acquireRenderSlot(t.accountA.id, 5)).toBeNull();
    expect(await t.limits.acquireRenderSlot(t.accountB.id, 5)).not.toBeNull();
    await held[0]!();
    await held[0]!(); // releasing twice frees only one slot
    const again = await t.limits.acquireRenderSlot(t.accountA.id, 5);
    expect(again).not.toBeNull();
    expect(await t.limits.acquireRenderSlot(t.accountA.id, 5)).toBeNull();
    t.clock.advance(30_001); // the holders "died": their slots expire
    expect(await t.limits.acquireRenderSlot(t.accountA.id, 5)).not.toBeNull();
  });
});
