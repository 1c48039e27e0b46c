// The default limit store (no Redis): per-minute and weekly counts kept in the database by
// reservation, so they survive a restart and a kill -9 and hold across every process sharing the
// database (docs/scaling.md "Limits without Redis").
//
// Each process reserves blocks of request numbers per account and window with one atomic statement
// (src/db/repositories/limit-reservations.ts) and hands them out from memory: a request costs a
// decrement, a database write happens once per block. The block is on disk before its first number
// is used, so a crash loses only numbers never handed out, and they stay counted: a crash can make
// an account's count too high by at most MAX_BLOCK numbers per window, never too low. A request is
// served when its number is within the limit; numbers are unique across processes, so the limit is exact.
//
// A request with numbers in hand never waits for the database: the next block is reserved in the
// background once the block in use is half spent, and an active account's block of the next minute
// (and week) shortly before the window turns. A reservation waits for the database's writer (on
// SQLite one transaction at a time: an import's holds it for seconds), so only a request that finds
// no number in hand waits for one: an account's first request, or one that outran its blocks.
// The minute row is one per account, so the next minute's block starts it again a few seconds early:
// a request that needs a new block then counts in the next minute (as behind a clock that is ahead).
// Blocks grow while a process keeps using them up and shrink when a window ends with some left; near
// the limit they shrink to single numbers (see grantFor in the repository). A clean shutdown gives back what is unspent.
import { channel } from 'node:diagnostics_channel';
import type { DatabaseHandle } from '../../db/connect.js';
import { reserveMinute, reserveWeek, returnMinute, returnWeek } from '../../db/repositories/limit-reservations.js';
import { readWeeklyUsage } from '../../db/repositories/weekly-usage.js';
import type { Clock } from '../../lib/time.js';
import {
  type Block,
  type Blocks,
  blockInUse,
  emptyBlocks,
  needsAhead,
  needsNext,
  type Planned,
  place,
  planWindow,
  type ReservationReason,
  type Span,
  unspentByKey,
  usableMinute,
  usableWeek,
} from './blocks.js';
import { LocalRenderSlots } from './local-slots.js';
import type { Hit, LimitStore, LimitsHealth, LimitsLogger, ReleaseSlot, RequestLimits } from './types.js';
import { weekWindow } from './week.js';

export interface DatabaseStoreOptions {
  database: DatabaseHandle;
  clock: Clock;
  timeZone: string;
  log: LimitsLogger;
  slotTtlMs?: number;
}

/**
 * What the store does, published on LIMITS_CHANNEL (tests and diagnostics observe it; nothing is
 * built when nobody listens): a request that found no number in hand and waits for a reservation,
 * and each reservation made.
 */
export type LimitsEvent =
  | { event: 'waiting'; accountId: number }
  | { event: 'reserved'; accountId: number; window: 'minute' | 'week'; reason: ReservationReason; key: number | string; grant: number };

export type { ReservationReason } from './blocks.js';
export { NEXT_WINDOW_LEAD_MS } from './blocks.js';

export const LIMITS_CHANNEL = 'recipal:limits:database';
const events = channel(LIMITS_CHANNEL);

const MINUTE_MS = 60_000;

interface Waiter {
  resolve(hit: Hit | null): void;
}

interface AccountCounter {
  minute: Blocks<number>;
  week: Blocks<string>;
  /** The latest request's limits (set-limits applies at once). */
  limits: RequestLimits;
  /** Requests waiting for a reservation, in arrival order. */
  waiting: Waiter[];
  /** The account's reservations under way (one at a time), or null. */
  reserving: Promise<void> | null;
}

/** The minute containing `now` (keyed by Unix minute), and the one after it. */
function minuteSpan(now: number): Span<number> {
  const key = Math.floor(now / MINUTE_MS);
  return { key, nextKey: key + 1, endsAt: (key + 1) * MINUTE_MS };
}

/**
 * The next minute's block starts the account's minute row again (one row per account): not for an
 * account at its limit, whose requests are refused until the minute ends.
 */
const belowMinuteLimit = (counter: AccountCounter, inUse: Block<number>): boolean => inUse.next <= counter.limits.perMinute;

/**
 * Whether a reservation may be due after a number was taken from `m` and `w` (a request's path, so
 * without planWindow's sizes and arrays; the plan decides).
 */
function due(counter: AccountCounter, m: Block<number>, w: Block<string>, minute: Span<number>, week: Span<string>, now: number): boolean {
  if (needsAhead(counter.minute, m) || needsAhead(counter.week, w)) return true;
  if (needsNext(counter.minute, minute, now, usableMinute) && belowMinuteLimit(counter, m)) return true;
  return needsNext(counter.week, week, now, usableWeek);
}

export class DatabaseLimitStore implements LimitStore {
  private readonly counters = new Map<number, AccountCounter>();
  private readonly slots: LocalRenderSlots;
  private readonly reservations = new Set<Promise<void>>();
  private week: (Span<string> & { start: number; end: Date }) | null = null;
  private down: string | null = null;
  private closed = false;

  constructor(private readonly options: DatabaseStoreOptions) {
    this.slots = new LocalRenderSlots(options.clock, options.slotTtlMs);
  }

  hit(accountId: number, limits: RequestLimits): Promise<Hit | null> {
    if (this.closed) return Promise.resolve(null);
    let counter = this.counters.get(accountId);
    if (!counter) {
      counter = { minute: emptyBlocks(), week: emptyBlocks(), limits, waiting: [], reserving: null };
      this.counters.set(accountId, counter);
    }
    counter.limits = limits;
    if (counter.waiting.length === 0) {
      const hit = this.take(accountId, counter, this.options.clock.now().getTime());
      if (hit) return Promise.resolve(hit);
    }
    if (events.hasSubscribers) events.publish({ event: 'waiting', accountId } satisfies LimitsEvent);
    const waiting = counter.waiting;
    const promise = new Promise<Hit | null>((resolve) => waiting.push({ resolve }));
    this.startReserving(accountId, counter);
    return promise;
  }

  hitNow(accountId: number, limits: RequestLimits): Hit | undefined {
    if (this.closed) return undefined;
    const counter = this.counters.get(accountId);
    if (!counter || counter.waiting.length > 0) return undefined;
    counter.limits = limits;
    return this.take(accountId, counter, this.options.clock.now().getTime()) ?? undefined;
  }

  async weeklyUsage(accountId: number): Promise<number> {
    // A reservation under way may be stored and not yet in hand: its numbers would look spent.
    await this.counters.get(accountId)?.reserving;
    const week = this.weekSpan(this.options.clock.now().getTime());
    const stored = await readWeeklyUsage(this.options.database.db, accountId, week.key);
    const blocks = this.counters.get(accountId)?.week;
    const unspent = blocks ? (unspentByKey(blocks, (key) => key === week.key).get(week.key) ?? 0) : 0;
    return stored - unspent;
  }

  async acquireRenderSlot(accountId: number, limit: number): Promise<ReleaseSlot | null> {
    return this.slots.acquire(accountId, limit);
  }

  health(): LimitsHealth {
    return this.down === null
      ? { store: 'database' }
      : { store: 'database', warning: `request counts cannot be saved (${this.down}): request limits are not enforced` };
  }

  /** Resolves once no reservation is under way (tests; what a request starts in the background ends here). */
  async reservationsDone(): Promise<void> {
    while (this.reservations.size > 0) await Promise.all(this.reservations);
  }

  /** Waits for reservations under way, then gives back every number reserved and not handed out. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.reservations);
    const now = this.options.clock.now().getTime();
    const minute = Math.floor(now / MINUTE_MS);
    const week = this.weekSpan(now).key;
    try {
      await this.options.database.db.transaction().execute(async (tx) => {
        for (const [accountId, counter] of this.counters) {
          for (const { resolve } of counter.waiting.splice(0)) resolve(null);
          // Windows not over yet (a later one too: the next minute or week reserved ahead).
          for (const [key, unspent] of unspentByKey(counter.minute, (k) => k >= minute)) await returnMinute(tx, accountId, key, unspent);
          for (const [key, unspent] of unspentByKey(counter.week, (k) => k >= week)) await returnWeek(tx, accountId, key, unspent);
        }
      });
    } catch (error) {
      // What was not given back stays counted: the counts are too high, never too low.
      this.options.log.error(`could not give back unspent request numbers: ${(error as Error).message}`);
    }
    this.counters.clear();
  }

  /**
   * A number from each window's blocks, or null when either has none for the current windows; starts
   * the reservations the account will need next (in the background: this request does not wait).
   */
  private take(accountId: number, counter: AccountCounter, now: number): Hit | null {
    const minute = minuteSpan(now);
    const week = this.weekSpan(now);
    const m = blockInUse(counter.minute, minute.key, usableMinute);
    if (!m) return null;
    const w = blockInUse(counter.week, week.key, usableWeek);
    if (!w) return null;
    const hit = {
      minuteCount: m.next++,
      minuteResetSeconds: (m.key + 1) * 60,
      weekCount: w.next++,
      weekResetsAt: week.end,
    };
    if (counter.reserving === null && due(counter, m, w, minute, week, now)) this.startReserving(accountId, counter);
    return hit;
  }

  private startReserving(accountId: number, counter: AccountCounter): void {
    if (counter.reserving !== null || this.closed) return;
    const reservation = this.reserveFor(accountId, counter).finally(() => {
      counter.reserving = null;
      this.reservations.delete(reservation);
    });
    counter.reserving = reservation;
    this.reservations.add(reservation);
  }

  /** Reserves what the account needs until every waiting request has its numbers and nothing more is due. */
  private async reserveFor(accountId: number, counter: AccountCounter): Promise<void> {
    // Begins once startReserving has recorded it (take, below, must not start another).
    await Promise.resolve();
    try {
      while (!this.closed) {
        const now = this.options.clock.now().getTime();
        let hit: Hit | null;
        while (counter.waiting.length > 0 && (hit = this.take(accountId, counter, now)) !== null) counter.waiting.shift()?.resolve(hit);
        const minute = this.plan(counter, now, 'minute');
        const week = this.plan(counter, now, 'week');
        if (minute.length + week.length === 0) break;
        await Promise.all([
          ...minute.map((p) => this.reserveMinute(accountId, counter, p)),
          ...week.map((p) => this.reserveWeek(accountId, counter, p)),
        ]);
        this.markUp();
      }
    } catch (error) {
      // Fail open, as the Redis store does: the requests are served without limits, logged once.
      this.markDown((error as Error).message);
      for (const { resolve } of counter.waiting.splice(0)) resolve(null);
    }
  }

  /** The reservations one kind of the account's windows needs now. */
  private plan(counter: AccountCounter, now: number, window: 'minute'): Planned<number>[];
  private plan(counter: AccountCounter, now: number, window: 'week'): Planned<string>[];
  private plan(counter: AccountCounter, now: number, window: 'minute' | 'week'): Planned<number>[] | Planned<string>[] {
    const waiting = counter.waiting.length;
    if (window === 'week') return planWindow(counter.week, this.weekSpan(now), now, waiting, usableWeek);
    const planned = planWindow(counter.minute, minuteSpan(now), now, waiting, usableMinute);
    const inUse = counter.minute.inUse;
    return inUse !== null && belowMinuteLimit(counter, inUse) ? planned : planned.filter((p) => p.reason !== 'next');
  }

  private async reserveMinute(accountId: number, counter: AccountCounter, planned: Planned<number>): Promise<void> {
    counter.minute.want = planned.nextWant;
    const reserved = await reserveMinute(this.options.database.db, accountId, planned.key, counter.limits.perMinute, planned.want);
    const block = { key: reserved.minute, next: reserved.count - reserved.grant + 1, end: reserved.count, size: reserved.grant };
    place(counter.minute, block, planned.reason);
    this.published(accountId, 'minute', planned.reason, block);
  }

  private async reserveWeek(accountId: number, counter: AccountCounter, planned: Planned<string>): Promise<void> {
    counter.week.want = planned.nextWant;
    const reserved = await reserveWeek(this.options.database.db, accountId, planned.key, counter.limits.weekly, planned.want);
    const block = { key: planned.key, next: reserved.count - reserved.grant + 1, end: reserved.count, size: reserved.grant };
    place(counter.week, block, planned.reason);
    this.published(accountId, 'week', planned.reason, block);
  }

  private published(accountId: number, window: 'minute' | 'week', reason: ReservationReason, block: Block<number | string>): void {
    if (events.hasSubscribers)
      events.publish({ event: 'reserved', accountId, window, reason, key: block.key, grant: block.size } satisfies LimitsEvent);
  }

  /** The week containing `now`, recomputed (with Intl, for zones) only when a week ends. */
  private weekSpan(now: number): Span<string> & { end: Date } {
    if (!this.week || now < this.week.start || now >= this.week.endsAt) {
      const { timeZone } = this.options;
      const week = weekWindow(new Date(now), timeZone);
      const nextKey = weekWindow(week.end, timeZone).key;
      this.week = { key: week.key, nextKey, start: week.start.getTime(), endsAt: week.end.getTime(), end: week.end };
    }
    return this.week;
  }

  private markUp(): void {
    if (this.down !== null) this.options.log.warn('request counts are saved again: request limits are enforced again');
    this.down = null;
  }

  /** Logged once per outage, not once per request. */
  private markDown(reason: string): void {
    if (this.down === null)
      this.options.log.error(`could not reserve request numbers (${reason}): serving requests without limits until the database answers`);
    this.down = reason;
  }
}
