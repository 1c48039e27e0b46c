// On the default store (no Redis) a restart in the same minute forgot the per-minute
// count, so an account could make its per-minute limit again straight after every restart
// (docs/api.md#limits: counts survive a restart). Now the count is in the database: a clean restart
// carries it on exactly, and a crash (the old process never shuts down) counts the numbers it had
// reserved and not spent, so the limit is never exceeded.
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { createLimitsApp, minuteEnd, type LimitsApp } from '../integration/limits-support.js';

describe.each(databaseKinds())('the per-minute count across a restart in the same minute (%s, default store)', (kind) => {
  let t: LimitsApp;
  afterEach(async () => {
    await t?.close();
  });

  it('a clean restart carries the count on: Remaining continues and the limit holds', async () => {
    t = await createLimitsApp(kind, 'database', { limitsA: { per_minute_limit: 5 }, start: '2026-11-18T12:00:10Z' });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) remaining.push(String((await t.client().get('/v1/ingredients')).headers['x-ratelimit-remaining']));
    await t.restart();
    t.clock.set('2026-11-18T12:00:30Z'); // the same minute
    for (let i = 0; i < 2; i++) remaining.push(String((await t.client().get('/v1/ingredients')).headers['x-ratelimit-remaining']));
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const limited = await t.client().get('/v1/ingredients');
    expect(limited.statusCode).toBe(429);
    expect(json(limited).error).toBe('RateLimited');
    expect(limited.headers['retry-after']).toBe('30');
    expect(limited.headers['x-ratelimit-reset']).toBe(String(minuteEnd(t.clock.now())));
    // Another account was never touched by any of this.
    expect((await t.client(t.accountB.key).get('/v1/ingredients')).headers['x-ratelimit-remaining']).toBe('999');
    // The next minute starts afresh.
    t.clock.set('2026-11-18T12:01:00Z');
    expect((await t.client().get('/v1/ingredients')).headers['x-ratelimit-remaining']).toBe('4');
  });

  it('after a crash the limit still holds: numbers the dead process reserved count as used', async () => {
    t = await createLimitsApp(kind, 'database', { limitsA: { per_minute_limit: 40 }, start: '2026-11-18T12:00:10Z' });
    let served = 0;
    for (let i = 0; i < 12; i++) if ((await t.client().get('/v1/ingredients')).statusCode === 200) served++;
    await t.crash();
    t.clock.set('2026-11-18T12:00:50Z');
    const after = await t.client().get('/v1/ingredients');
    expect(after.statusCode).toBe(200);
    served++;
    // At least the 12 requests served before the crash are counted, and this one.
    expect(Number(after.headers['x-ratelimit-remaining'])).toBeLessThanOrEqual(40 - 13);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await t.client().get('/v1/ingredients')).statusCode);
    served += statuses.filter((s) => s === 200).length;
    expect(served).toBeLessThanOrEqual(40);
    expect(statuses.at(-1)).toBe(429);
    // Every request made was counted toward the week, refused ones too (and perhaps a few numbers the
    // dead process never handed out: a crash errs on the side of counting).
    expect(await t.limits.weeklyUsage(t.accountA.id)).toBeGreaterThanOrEqual(53);
  });
});
