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
import { MAX_BLOCK, reserveMinute, reserveWeek, returnMinute, returnWeek } from '../../db/repositories/limit-reservations.js';
import { readWeeklyUsage } from '../../db/repositories/weekly-usage.js';
import type { Clock } from '../../lib/time.js';
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
 * Why a block is reserved: `now`, requests wait for it (nothing in hand); `ahead`, the block in use
 * is half spent; `next`, the window turns within NEXT_WINDOW_LEAD_MS.
 */
export type ReservationReason = 'now' | 'ahead' | 'next';

/**
 * What the store does, published on LIMITS_CHANNEL (tests and diagnostics observe it; nothing is
 * built when nobody listens): a request that found no number in hand and waits for a reservation,
 * and each reservation made.
 */
export type LimitsEvent =
  | { event: 'waiting'; accountId: number }
  | { event: 'reserved'; accountId: number; window: 'minute' | 'week'; reason: ReservationReason; key: number | string; grant: number };

export const LIMITS_CHANNEL = 'recipal:limits:database';
const events = channel(LIMITS_CHANNEL);

/** The next window's first block is reserved this long before the window turns. */
export const NEXT_WINDOW_LEAD_MS = 5_000;

const MINUTE_MS = 60_000;

/** Numbers `next` ... `end` of window `key`, reserved by this process; `size` numbers were granted. */
interface Block<K> {
  key: K;
  next: number;
  end: number;
  size: number;
}

/** One account's blocks of one kind of window (minutes, keyed by Unix minute; weeks, by the local date of their Monday). */
interface Blocks<K> {
  /** The block numbers are handed out from. */
  inUse: Block<K> | null;
  /** The rest of the window, reserved when the block in use was half spent. */
  spare: Block<K> | null;
  /** The next window's first block, reserved shortly before the window turns. */
  upcoming: Block<K> | null;
  /** The size the next block is asked for. */
  want: number;
}

/** The window a moment falls in, and the one after it. */
interface Span<K> {
  key: K;
  nextKey: K;
  endsAt: number;
}

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

/** A planned reservation: `want` numbers asked for, and the size the next block is then asked for. */
interface Planned<K> {
  reason: ReservationReason;
  key: K;
  want: number;
  nextWant: number;
}

const left = (block: Block<unknown> | null): number => (block === null ? 0 : Math.max(0, block.end - block.next + 1));

/**
 * Whether a block's numbers may be handed out in window `key`. A minute block of a later minute
 * may: its numbers count in that minute, which errs on the side of counting (another process's
 * clock is ahead, or the account's next minute was reserved shortly before it began). A week's
 * numbers count only in their week.
 */
const usableMinute = (block: Block<number>, key: number) => block.key >= key;
const usableWeek = (block: Block<string>, key: string) => block.key === key;

const emptyBlocks = <K>(): Blocks<K> => ({ inUse: null, spare: null, upcoming: null, want: 1 });

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
    const unspent = blocks ? [blocks.inUse, blocks.spare, blocks.upcoming].reduce((n, b) => n + (b?.key === week.key ? left(b) : 0), 0) : 0;
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
    const minuteKey = Math.floor(now / MINUTE_MS);
    const week = this.weekSpan(now);
    const m = blockInUse(counter.minute, minuteKey, usableMinute);
    if (!m) return null;
    const w = blockInUse(counter.week, week.key, usableWeek);
    if (!w) return null;
    const hit = {
      minuteCount: m.next++,
      minuteResetSeconds: (m.key + 1) * 60,
      weekCount: w.next++,
      weekResetsAt: week.end,
    };
    if (counter.reserving === null && this.due(counter, m, w, now)) this.startReserving(accountId, counter);
    return hit;
  }

  /**
   * Whether a reservation ahead may be due after a number was taken from `m` and `w` (cheap: a
   * request's path; `plan` decides). The conditions are planWindow's, without the sizes.
   */
  private due(counter: AccountCounter, m: Block<number>, w: Block<string>, now: number): boolean {
    const { minute, week } = counter;
    if (minute.spare === null && m.size > 1 && left(m) * 2 <= m.size) return true;
    if (week.spare === null && w.size > 1 && left(w) * 2 <= w.size) return true;
    const nextMinute = Math.floor(now / MINUTE_MS) + 1;
    if (
      minute.want > 1 &&
      now >= nextMinute * MINUTE_MS - NEXT_WINDOW_LEAD_MS &&
      m.next <= counter.limits.perMinute &&
      !holdsAny(minute, (b) => b.key >= nextMinute)
    )
      return true;
    const span = this.weekSpan(now);
    return week.want > 1 && now >= span.endsAt - NEXT_WINDOW_LEAD_MS && !holdsAny(week, (b) => b.key === span.nextKey);
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
    const key = Math.floor(now / MINUTE_MS);
    const planned = planWindow(counter.minute, { key, nextKey: key + 1, endsAt: (key + 1) * MINUTE_MS }, now, waiting, usableMinute);
    // The next minute's block starts the account's minute row again (one row per account): not for
    // an account at its limit, whose requests are refused until the minute ends.
    const inUse = counter.minute.inUse;
    const belowLimit = inUse !== null && inUse.next <= counter.limits.perMinute;
    return belowLimit ? planned : planned.filter((p) => p.reason !== 'next');
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

/**
 * The block to hand out from in window `key`: the one in use while it has numbers for the window,
 * else the spare, else the upcoming block once its window has come. A spare or upcoming block of a
 * past window is dropped (its numbers stay counted there); a spent block in use stays until it is
 * replaced, to tell how its window ended.
 */
function blockInUse<K>(blocks: Blocks<K>, key: K, usable: (b: Block<K>, key: K) => boolean): Block<K> | null {
  const current = blocks.inUse;
  if (current && left(current) > 0 && usable(current, key)) return current;
  for (const slot of ['spare', 'upcoming'] as const) {
    const block = blocks[slot];
    if (block === null) continue;
    if (block.key < key) blocks[slot] = null;
    else if (left(block) > 0 && usable(block, key)) {
      blocks.inUse = block;
      blocks[slot] = null;
      return block;
    }
  }
  return null;
}

/**
 * What one kind of window needs reserved, and the size to ask for. A process never holds more than
 * MAX_BLOCK unspent numbers usable in an account's window (what a crash can lose there).
 * - `now`: requests wait and nothing is in hand. The size grows fourfold after a block of the window
 *   was used up (a busy account reaches full blocks in a few reservations), halves after a window
 *   ended with numbers left (a quiet one holds little), and covers the requests waiting.
 * - `ahead`: the block in use is half spent, and had more than one number (an account seen once a
 *   minute costs one reservation a minute); it grows fourfold.
 * - `next`: the window turns within NEXT_WINDOW_LEAD_MS and the account is active (its blocks have
 *   grown past one number); the size stays.
 */
function planWindow<K>(
  blocks: Blocks<K>,
  span: Span<K>,
  now: number,
  waiting: number,
  usable: (b: Block<K>, key: K) => boolean,
): Planned<K>[] {
  const held = [blocks.inUse, blocks.spare, blocks.upcoming];
  const room = (key: K) => MAX_BLOCK - held.reduce((n, b) => n + (b && usable(b, key) ? left(b) : 0), 0);
  const planned: Planned<K>[] = [];
  const current = blockInUse(blocks, span.key, usable);
  if (current === null && waiting > 0) {
    const previous = blocks.inUse;
    let want = blocks.want;
    if (previous !== null)
      want = previous.key < span.key && left(previous) > 0 ? Math.max(1, Math.floor(want / 2)) : Math.min(MAX_BLOCK, want * 4);
    planned.push({ reason: 'now', key: span.key, want: Math.max(1, Math.min(room(span.key), Math.max(want, waiting))), nextWant: want });
    return planned;
  }
  // The window's block in use, spent or not (requests that came in one turn may have spent it before
  // this plan was made).
  const last = current ?? (blocks.inUse !== null && usable(blocks.inUse, span.key) ? blocks.inUse : null);
  if (last === null) return planned;
  if (blocks.spare === null && last.size > 1 && left(last) * 2 <= last.size) {
    const grown = Math.min(MAX_BLOCK, blocks.want * 4);
    const want = Math.min(room(span.key), grown);
    if (want > 0) planned.push({ reason: 'ahead', key: span.key, want, nextWant: grown });
  }
  if (blocks.want > 1 && now >= span.endsAt - NEXT_WINDOW_LEAD_MS && !held.some((b) => b !== null && usable(b, span.nextKey))) {
    const want = Math.min(room(span.nextKey), blocks.want);
    if (want > 0) planned.push({ reason: 'next', key: span.nextKey, want, nextWant: blocks.want });
  }
  return planned;
}

/** Whether any block held (in use, spare, upcoming) is one `is` selects. */
function holdsAny<K>(blocks: Blocks<K>, is: (b: Block<K>) => boolean): boolean {
  return [blocks.inUse, blocks.spare, blocks.upcoming].some((b) => b !== null && is(b));
}

/** Puts a reserved block where its reason says (a `now` block replaces a spent or past one). */
function place<K>(blocks: Blocks<K>, block: Block<K>, reason: ReservationReason): void {
  if (reason === 'now') blocks.inUse = block;
  else if (reason === 'ahead') blocks.spare = block;
  else blocks.upcoming = block;
}

/** Unspent numbers by window, for the windows `keep` selects. */
function unspentByKey<K>(blocks: Blocks<K>, keep: (key: K) => boolean): Map<K, number> {
  const byKey = new Map<K, number>();
  for (const block of [blocks.inUse, blocks.spare, blocks.upcoming])
    if (block && left(block) > 0 && keep(block.key)) byKey.set(block.key, (byKey.get(block.key) ?? 0) + left(block));
  return byKey;
}
