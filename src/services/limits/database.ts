// The default limit store (no Redis): per-minute and weekly counts kept in the database by
// reservation, so they survive a restart and a kill -9 and hold across every process sharing the
// database (docs/scaling.md "Limits without Redis").
//
// Each process reserves blocks of request numbers per account and window with one atomic statement
// (src/db/repositories/limit-reservations.ts) and hands them out from memory: a request costs a
// decrement, a database write happens once per block. The block is on disk before its first number
// is used, so a crash loses only numbers never handed out, and they stay counted: a crash can make
// an account's count too high by at most one block per window, never too low. A request is served
// when its number is within the limit; numbers are unique across processes, so the limit is exact.
// Blocks grow while a process keeps using them up and shrink when a window ends with some left; near
// the limit they shrink to single numbers (see grantFor in the repository). A clean shutdown gives back what is unspent.
import type { DatabaseHandle } from '../../db/connect.js';
import { MAX_BLOCK, reserveMinute, reserveWeek, returnMinute, returnWeek } from '../../db/repositories/limit-reservations.js';
import { readWeeklyUsage } from '../../db/repositories/weekly-usage.js';
import type { Clock } from '../../lib/time.js';
import { LocalRenderSlots } from './local-slots.js';
import type { Hit, LimitStore, LimitsHealth, LimitsLogger, ReleaseSlot, RequestLimits } from './types.js';
import { weekWindow, type WeekWindow } from './week.js';

export interface DatabaseStoreOptions {
  database: DatabaseHandle;
  clock: Clock;
  timeZone: string;
  log: LimitsLogger;
  slotTtlMs?: number;
}

/** Numbers `next` ... `end` of a window, reserved by this process and not handed out yet. */
interface Block<K> {
  key: K;
  next: number;
  end: number;
}

interface Waiter {
  limits: RequestLimits;
  resolve(hit: Hit | null): void;
}

interface AccountCounter {
  /** Keyed by Unix minute. */
  minute: Block<number> | null;
  /** Keyed by the week's Monday (local date). */
  week: Block<string> | null;
  minuteWant: number;
  weekWant: number;
  /** Requests waiting for a reservation, in arrival order. */
  waiting: Waiter[];
  reserving: boolean;
}

const MINUTE_MS = 60_000;
const hasNumbers = (block: Block<unknown> | null): boolean => block !== null && block.next <= block.end;

/**
 * The next block size: four times the last after using one up (a busy account reaches full blocks
 * in a few reservations), half after a window ended with numbers left (a quiet one holds little).
 */
function nextWant(want: number, previous: Block<unknown> | null, sameWindow: boolean): number {
  if (previous === null) return want;
  if (!hasNumbers(previous)) return Math.min(MAX_BLOCK, want * 4);
  return sameWindow ? want : Math.max(1, Math.floor(want / 2));
}

export class DatabaseLimitStore implements LimitStore {
  private readonly counters = new Map<number, AccountCounter>();
  private readonly slots: LocalRenderSlots;
  private readonly reservations = new Set<Promise<void>>();
  private week: WeekWindow | null = null;
  private down: string | null = null;
  private closed = false;

  constructor(private readonly options: DatabaseStoreOptions) {
    this.slots = new LocalRenderSlots(options.clock, options.slotTtlMs);
  }

  hit(accountId: number, limits: RequestLimits): Promise<Hit | null> {
    if (this.closed) return Promise.resolve(null);
    let counter = this.counters.get(accountId);
    if (!counter) {
      counter = { minute: null, week: null, minuteWant: 1, weekWant: 1, waiting: [], reserving: false };
      this.counters.set(accountId, counter);
    }
    if (counter.waiting.length === 0) {
      const hit = this.take(counter, this.options.clock.now().getTime());
      if (hit) return Promise.resolve(hit);
    }
    const waiting = counter.waiting;
    const promise = new Promise<Hit | null>((resolve) => waiting.push({ limits, resolve }));
    if (!counter.reserving) this.track(this.reserveFor(accountId, counter));
    return promise;
  }

  hitNow(accountId: number): Hit | undefined {
    if (this.closed) return undefined;
    const counter = this.counters.get(accountId);
    if (!counter || counter.waiting.length > 0) return undefined;
    return this.take(counter, this.options.clock.now().getTime()) ?? undefined;
  }

  async weeklyUsage(accountId: number): Promise<number> {
    const week = this.weekOf(this.options.clock.now().getTime());
    const stored = await readWeeklyUsage(this.options.database.db, accountId, week.key);
    const block = this.counters.get(accountId)?.week;
    const unspent = block && block.key === week.key && hasNumbers(block) ? block.end - block.next + 1 : 0;
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

  /** Waits for reservations under way, then gives back every number reserved and not handed out. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.reservations);
    const now = this.options.clock.now().getTime();
    const minute = Math.floor(now / MINUTE_MS);
    const week = this.weekOf(now).key;
    try {
      await this.options.database.db.transaction().execute(async (tx) => {
        for (const [accountId, counter] of this.counters) {
          for (const { resolve } of counter.waiting.splice(0)) resolve(null);
          const { minute: m, week: w } = counter;
          if (m && m.key >= minute && hasNumbers(m)) await returnMinute(tx, accountId, m.key, m.end - m.next + 1);
          if (w && w.key === week && hasNumbers(w)) await returnWeek(tx, accountId, w.key, w.end - w.next + 1);
        }
      });
    } catch (error) {
      // What was not given back stays counted: the counts are too high, never too low.
      this.options.log.error(`could not give back unspent request numbers: ${(error as Error).message}`);
    }
    this.counters.clear();
  }

  /** A number from each window's block, or null when either has none for the current windows. */
  private take(counter: AccountCounter, now: number): Hit | null {
    const minute = counter.minute;
    const week = counter.week;
    const currentWeek = this.weekOf(now);
    // A minute block may belong to a later minute than ours (another process's clock is ahead): its
    // numbers count in that minute, which errs on the side of counting.
    if (!minute || minute.key < Math.floor(now / MINUTE_MS) || minute.next > minute.end) return null;
    if (!week || week.key !== currentWeek.key || week.next > week.end) return null;
    return {
      minuteCount: minute.next++,
      minuteResetSeconds: (minute.key + 1) * 60,
      weekCount: week.next++,
      weekResetsAt: currentWeek.end,
    };
  }

  /** Reserves blocks for the account until every waiting request has its numbers. */
  private async reserveFor(accountId: number, counter: AccountCounter): Promise<void> {
    counter.reserving = true;
    try {
      while (counter.waiting.length > 0 && !this.closed) {
        const now = this.options.clock.now().getTime();
        let hit: Hit | null;
        while (counter.waiting.length > 0 && (hit = this.take(counter, now)) !== null) counter.waiting.shift()?.resolve(hit);
        // The latest request carries the account's current limits (set-limits applies at once).
        const latest = counter.waiting.at(-1);
        if (latest === undefined) break;
        const limits = latest.limits;
        await Promise.all([
          this.reserveMinute(accountId, counter, now, limits.perMinute),
          this.reserveWeek(accountId, counter, now, limits.weekly),
        ]);
        this.markUp();
      }
    } catch (error) {
      // Fail open, as the Redis store does: the requests are served without limits, logged once.
      this.markDown((error as Error).message);
      for (const { resolve } of counter.waiting.splice(0)) resolve(null);
    } finally {
      counter.reserving = false;
    }
  }

  private async reserveMinute(accountId: number, counter: AccountCounter, now: number, limit: number): Promise<void> {
    const minute = Math.floor(now / MINUTE_MS);
    const block = counter.minute;
    if (block && block.key >= minute && hasNumbers(block)) return;
    counter.minuteWant = nextWant(counter.minuteWant, block, block !== null && block.key >= minute);
    const want = Math.min(MAX_BLOCK, Math.max(counter.minuteWant, counter.waiting.length));
    const reserved = await reserveMinute(this.options.database.db, accountId, minute, limit, want);
    counter.minute = { key: reserved.minute, next: reserved.count - reserved.grant + 1, end: reserved.count };
  }

  private async reserveWeek(accountId: number, counter: AccountCounter, now: number, limit: number): Promise<void> {
    const week = this.weekOf(now).key;
    const block = counter.week;
    if (block && block.key === week && hasNumbers(block)) return;
    counter.weekWant = nextWant(counter.weekWant, block, block !== null && block.key === week);
    const want = Math.min(MAX_BLOCK, Math.max(counter.weekWant, counter.waiting.length));
    const reserved = await reserveWeek(this.options.database.db, accountId, week, limit, want);
    counter.week = { key: week, next: reserved.count - reserved.grant + 1, end: reserved.count };
  }

  /** The week containing `now`, recomputed (with Intl, for zones) only when a week ends. */
  private weekOf(now: number): WeekWindow {
    if (!this.week || now < this.week.start.getTime() || now >= this.week.end.getTime())
      this.week = weekWindow(new Date(now), this.options.timeZone);
    return this.week;
  }

  private track(reservation: Promise<void>): void {
    this.reservations.add(reservation);
    void reservation.finally(() => this.reservations.delete(reservation));
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
