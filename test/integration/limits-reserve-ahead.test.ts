// The default limit store reserves ahead (docs/scaling.md "Limits without Redis"): the next block
// once the block in use is half spent, and an active account's first block of the next minute and
// week shortly before they begin, so a request with numbers in hand never waits for the database,
// even while a long write transaction holds it. And it keeps its promises doing so: each number is
// handed out once across processes (the limit is exact), and a process that dies without closing
// leaves the counts too high, never too low. The store itself, on each database, with an injected
// clock; reservations in the background are awaited through the store, never a timer.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { MAX_BLOCK } from '../../src/db/repositories/limit-reservations.js';
import { readWeeklyUsage } from '../../src/db/repositories/weekly-usage.js';
import type { Dialect } from '../../src/db/schema.js';
import { createAccount } from '../../src/services/accounts/index.js';
import { DatabaseLimitStore, type Hit } from '../../src/services/limits/index.js';
import { LIMITS_CHANNEL, type LimitsEvent } from '../../src/services/limits/database.js';
import { TestClock } from '../support/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { holdWriter } from '../support/hold-writer.js';
import { quietLog } from './limits-support.js';

/** The events the stores publish while a test runs. */
function recordEvents(): { events: LimitsEvent[]; stop(): void } {
  const events: LimitsEvent[] = [];
  const listener = (message: unknown) => events.push(message as LimitsEvent);
  subscribe(LIMITS_CHANNEL, listener);
  return { events, stop: () => unsubscribe(LIMITS_CHANNEL, listener) };
}

const reserved = (events: LimitsEvent[], accountId: number, window: 'minute' | 'week', reason?: string) =>
  events.filter(
    (e): e is Extract<LimitsEvent, { event: 'reserved' }> =>
      e.event === 'reserved' && e.accountId === accountId && e.window === window && (reason === undefined || e.reason === reason),
  );

const granted = (events: LimitsEvent[], accountId: number, window: 'minute' | 'week') =>
  reserved(events, accountId, window).reduce((n, e) => n + e.grant, 0);

describe.each(databaseKinds())('the default store reserving ahead on %s', (kind: Dialect) => {
  let db: TestDatabase;
  let accountId: number;
  let recorder: ReturnType<typeof recordEvents>;
  const stores: DatabaseLimitStore[] = [];
  const handles: DatabaseHandle[] = [];

  beforeEach(async () => {
    db = await createTestDatabase(kind);
    const none = { email: null, weekly_limit: null, per_minute_limit: null, render_limit: null };
    accountId = (await createAccount({ database: db.handle, clock: new TestClock() }, { name: 'Busy', ...none })).account.id;
    recorder = recordEvents();
  });
  afterEach(async () => {
    recorder.stop();
    for (const store of stores.splice(0)) await store.close();
    for (const handle of handles.splice(0)) await handle.close();
    await db.drop();
  });

  const openStore = (clock: TestClock, database = db.handle) => {
    const store = new DatabaseLimitStore({ database, clock, timeZone: 'UTC', log: quietLog });
    stores.push(store);
    return store;
  };
  /** Another process's connection(s) to the same database. */
  const secondHandle = () => {
    const handle = openDatabase(db.config, { searchPath: db.schema ?? undefined, maxConnections: 5 });
    handles.push(handle);
    return handle;
  };

  it('reserves the next block once the block in use is half spent: while the writer is held, every number in hand is counted at once', async () => {
    const clock = new TestClock(new Date('2026-11-18T12:00:10Z'));
    const store = openStore(clock);
    const limits = { perMinute: 100_000, weekly: 1_000_000 };
    const { events } = recorder;
    let taken = 0;
    while (
      taken < 20 &&
      (reserved(events, accountId, 'minute', 'ahead').length === 0 || reserved(events, accountId, 'week', 'ahead').length === 0)
    ) {
      expect((await store.hit(accountId, limits))?.minuteCount).toBe(++taken);
      await store.reservationsDone();
    }
    // Blocks of 1 and 4 for the first requests (each waited), then a block of 16 ahead.
    expect(reserved(events, accountId, 'minute').map((e) => [e.reason, e.grant])).toEqual([
      ['now', 1],
      ['now', 4],
      ['ahead', 16],
    ]);
    const inHand = Math.min(granted(events, accountId, 'minute'), granted(events, accountId, 'week')) - taken;
    expect(inHand).toBe(18); // 2 left of the block of 4, and the 16 ahead

    const release = await holdWriter(db.handle, [accountId]);
    try {
      const counts: number[] = [];
      for (let i = 0; i < inHand; i++) counts.push(store.hitNow(accountId, limits)!.minuteCount);
      expect(counts).toEqual(Array.from({ length: inHand }, (_, i) => taken + 1 + i));
      // Past what is in hand a request must wait: the block ahead asked for when the 16 were half
      // spent is queued behind the held transaction.
      expect(store.hitNow(accountId, limits)).toBeUndefined();
      expect(reserved(events, accountId, 'minute')).toHaveLength(3);
    } finally {
      await release();
    }
    await store.reservationsDone();
    expect(reserved(events, accountId, 'minute').map((e) => [e.reason, e.grant])).toEqual([
      ['now', 1],
      ['now', 4],
      ['ahead', 16],
      ['ahead', 64],
    ]);
    expect(store.hitNow(accountId, limits)?.minuteCount).toBe(taken + inHand + 1);
  });

  it("reserves an active account's next minute and week shortly before they begin: the first request after the turn is counted at once", async () => {
    const clock = new TestClock(new Date('2026-11-22T23:59:40Z')); // Sunday: the UTC week ends at the minute's end
    const store = openStore(clock);
    const limits = { perMinute: 1000, weekly: 10_000 };
    for (let i = 0; i < 6; i++) {
      await store.hit(accountId, limits);
      await store.reservationsDone();
    }
    expect(reserved(recorder.events, accountId, 'minute', 'next')).toEqual([]);
    clock.set('2026-11-22T23:59:56Z');
    await store.hit(accountId, limits);
    await store.reservationsDone();
    const monday = Date.parse('2026-11-23T00:00:00Z');
    expect(reserved(recorder.events, accountId, 'minute', 'next').map((e) => e.key)).toEqual([monday / 60_000]);
    expect(reserved(recorder.events, accountId, 'week', 'next').map((e) => e.key)).toEqual(['2026-11-23']);

    const release = await holdWriter(db.handle, [accountId]);
    try {
      clock.set('2026-11-23T00:00:00Z');
      expect(store.hitNow(accountId, limits)).toEqual({
        minuteCount: 1,
        minuteResetSeconds: monday / 1000 + 60,
        weekCount: 1,
        weekResetsAt: new Date('2026-11-30T00:00:00Z'),
      });
    } finally {
      await release();
    }
  });

  it('reserves no block of the next minute for an account at its per-minute limit: it is refused until the minute ends', async () => {
    const clock = new TestClock(new Date('2026-11-18T12:00:50Z'));
    const store = openStore(clock);
    const limits = { perMinute: 3, weekly: 10_000 };
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) {
      counts.push((await store.hit(accountId, limits))!.minuteCount);
      await store.reservationsDone();
    }
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    for (const at of ['2026-11-18T12:00:57Z', '2026-11-18T12:00:59.999Z']) {
      clock.set(at);
      expect((await store.hit(accountId, limits))!.minuteCount).toBeGreaterThan(3);
      await store.reservationsDone();
    }
    expect(reserved(recorder.events, accountId, 'minute', 'next')).toEqual([]);
    clock.set('2026-11-18T12:01:00Z');
    expect((await store.hit(accountId, limits))!.minuteCount).toBe(1);
  });

  it('two processes on one database hand out each number once: the limit is exact, across a minute turn reserved ahead too', async () => {
    const clock = new TestClock(new Date('2026-11-18T12:00:30Z'));
    const pair = [openStore(clock), openStore(clock, secondHandle())];
    const limits = { perMinute: 100, weekly: 1000 };
    const hits: Hit[] = [];
    const send = async (n: number, parallel: boolean) => {
      if (parallel)
        hits.push(...(await Promise.all(Array.from({ length: n }, (_, i) => pair[i % 2]!.hit(accountId, limits)))).map((h) => h!));
      else for (let i = 0; i < n; i++) hits.push((await pair[i % 2]!.hit(accountId, limits))!);
    };
    await send(60, false);
    clock.set('2026-11-18T12:00:56Z'); // below the limit: the next minute is reserved ahead
    await send(40, false);
    await Promise.all(pair.map((s) => s.reservationsDone()));
    expect(reserved(recorder.events, accountId, 'minute', 'next').length).toBeGreaterThan(0);
    clock.set('2026-11-18T12:01:00Z');
    await send(150, true);
    await send(150, false);

    const byMinute = new Map<number, number[]>();
    for (const h of hits) byMinute.set(h.minuteResetSeconds, [...(byMinute.get(h.minuteResetSeconds) ?? []), h.minuteCount]);
    for (const numbers of byMinute.values()) {
      expect(new Set(numbers).size).toBe(numbers.length); // no number twice in a minute
      expect(numbers.filter((n) => n <= limits.perMinute).length).toBeLessThanOrEqual(limits.perMinute);
    }
    // The second minute saw 300 requests and more: exactly its limit was served.
    const second = byMinute.get(Date.parse('2026-11-18T12:02:00Z') / 1000)!;
    expect(second.filter((n) => n <= limits.perMinute)).toHaveLength(100);
    const weekNumbers = hits.map((h) => h.weekCount);
    expect(new Set(weekNumbers).size).toBe(weekNumbers.length);
    expect(hits.filter((h) => h.weekCount > limits.weekly)).toEqual([]);
  });

  it('a process that dies without closing leaves the counts too high, never too low', async () => {
    const clock = new TestClock(new Date('2026-11-18T12:00:50Z'));
    const dying = openStore(clock);
    const limits = { perMinute: 1000, weekly: 100_000 };
    const hits: Hit[] = [];
    const take = async (store: DatabaseLimitStore, n: number) => {
      for (let i = 0; i < n; i++) {
        hits.push((await store.hit(accountId, limits))!);
        await store.reservationsDone();
      }
    };
    await take(dying, 20);
    clock.set('2026-11-18T12:00:57Z');
    await take(dying, 30); // with a block ahead, and the next minute's first block
    expect(reserved(recorder.events, accountId, 'minute', 'next')).toHaveLength(1);
    stores.splice(stores.indexOf(dying), 1); // dropped: never closed, its unspent numbers never given back

    const next = openStore(clock, secondHandle());
    await take(next, 30);
    clock.set('2026-11-18T12:01:00Z');
    await take(next, 30);
    await next.close();

    const minute = Date.parse('2026-11-18T12:01:00Z') / 60_000;
    const row = await db.handle.db
      .selectFrom('minute_usage')
      .select(['minute', 'count'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    const inMinute = hits.filter((h) => h.minuteResetSeconds === (minute + 1) * 60).length;
    expect(Number(row!.minute)).toBe(minute);
    expect(Number(row!.count)).toBeGreaterThanOrEqual(inMinute);
    expect(Number(row!.count)).toBeLessThanOrEqual(inMinute + MAX_BLOCK);
    const week = await readWeeklyUsage(db.handle.db, accountId, '2026-11-16');
    expect(week).toBeGreaterThanOrEqual(hits.length);
    expect(week).toBeLessThanOrEqual(hits.length + MAX_BLOCK);
    // What the dead process held is counted: it was more than nothing.
    expect(week).toBeGreaterThan(hits.length);
  });
});
