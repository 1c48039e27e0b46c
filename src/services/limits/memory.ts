// The in-process limit store: O(1) counting in a Map on the request path; weekly counts are loaded
// once per account and week from the database and written back in batches (never one write per
// request) so usage survives a restart. Holds for one instance only: several instances need Redis.
import type { DatabaseHandle } from '../../db/connect.js';
import { addWeeklyUsage, readWeeklyUsage, type UsageDelta } from '../../db/repositories/weekly-usage.js';
import type { Clock } from '../../lib/time.js';
import { RENDER_SLOT_TTL_MS, type Hit, type LimitStore, type LimitsHealth, type LimitsLogger, type ReleaseSlot } from './types.js';
import { minuteWindow, weekWindow } from './week.js';

export interface MemoryStoreOptions {
  /** Where weekly usage is persisted; null keeps it in memory only. */
  database: DatabaseHandle | null;
  clock: Clock;
  timeZone: string;
  log: LimitsLogger;
  /** How often pending weekly counts are written (default 5 s); also written on close. */
  flushIntervalMs?: number;
  slotTtlMs?: number;
}

interface Counter {
  minuteStart: number;
  minuteCount: number;
  weekStartMs: number;
  weekEndMs: number;
  weekKey: string;
  weekCount: number;
}

const FLUSH_BATCH = 500;

export class MemoryLimitStore implements LimitStore {
  private readonly counters = new Map<number, Counter>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Counted but not yet written, by "account:week". */
  private pending = new Map<string, UsageDelta>();
  private inFlight = new Map<string, UsageDelta>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout | null;
  private readonly slots = new Map<number, Map<number, number>>();
  private nextSlotId = 1;
  private closed = false;

  constructor(private readonly options: MemoryStoreOptions) {
    this.timer = options.database ? setInterval(() => void this.flush(), options.flushIntervalMs ?? 5_000) : null;
    this.timer?.unref();
  }

  hit(accountId: number): Promise<Hit | null> {
    const now = this.options.clock.now().getTime();
    const counter = this.counters.get(accountId);
    if (counter && now >= counter.weekStartMs && now < counter.weekEndMs) return Promise.resolve(this.count(accountId, counter, now));
    return this.loadWeek(accountId, now).then(() => this.hit(accountId));
  }

  async weeklyUsage(accountId: number): Promise<number> {
    const now = this.options.clock.now().getTime();
    const counter = this.counters.get(accountId);
    if (counter && now >= counter.weekStartMs && now < counter.weekEndMs) return counter.weekCount;
    const week = weekWindow(new Date(now), this.options.timeZone);
    return this.storedCount(accountId, week.key);
  }

  async acquireRenderSlot(accountId: number, limit: number): Promise<ReleaseSlot | null> {
    const now = this.options.clock.now().getTime();
    let held = this.slots.get(accountId);
    if (!held) this.slots.set(accountId, (held = new Map()));
    for (const [id, expires] of held) if (expires <= now) held.delete(id);
    if (held.size >= limit) return null;
    const id = this.nextSlotId++;
    held.set(id, now + (this.options.slotTtlMs ?? RENDER_SLOT_TTL_MS));
    return async () => {
      held.delete(id);
    };
  }

  health(): LimitsHealth {
    return { store: 'memory' };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Writes every pending weekly count; on failure they stay pending for the next attempt. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const database = this.options.database;
      if (!database || this.pending.size === 0) return;
      this.inFlight = this.pending;
      this.pending = new Map();
      const deltas = [...this.inFlight.values()];
      try {
        for (let i = 0; i < deltas.length; i += FLUSH_BATCH) await addWeeklyUsage(database.db, deltas.slice(i, i + FLUSH_BATCH));
      } catch (error) {
        this.options.log.error(`could not save weekly usage (will retry): ${(error as Error).message}`);
        for (const [key, d] of this.inFlight) this.addPending(key, d.account_id, d.week_start, d.delta);
      } finally {
        this.inFlight = new Map();
      }
    });
    return this.flushing;
  }

  private count(accountId: number, counter: Counter, now: number): Hit {
    const minute = minuteWindow(new Date(now));
    if (counter.minuteStart !== minute.start) {
      counter.minuteStart = minute.start;
      counter.minuteCount = 0;
    }
    counter.minuteCount += 1;
    counter.weekCount += 1;
    if (this.options.database) this.addPending(`${accountId}:${counter.weekKey}`, accountId, counter.weekKey, 1);
    return {
      minuteCount: counter.minuteCount,
      minuteResetSeconds: minute.resetSeconds,
      weekCount: counter.weekCount,
      weekResetsAt: new Date(counter.weekEndMs),
    };
  }

  private addPending(key: string, accountId: number, weekStart: string, delta: number): void {
    const entry = this.pending.get(key);
    if (entry) entry.delta += delta;
    else this.pending.set(key, { account_id: accountId, week_start: weekStart, delta });
  }

  /** Stored count plus what this process counted and has not written yet. */
  private async storedCount(accountId: number, weekKey: string): Promise<number> {
    const key = `${accountId}:${weekKey}`;
    const stored = this.options.database ? await readWeeklyUsage(this.options.database.db, accountId, weekKey) : 0;
    return stored + (this.pending.get(key)?.delta ?? 0) + (this.inFlight.get(key)?.delta ?? 0);
  }

  /** One database read per account and week, shared by every request that arrives meanwhile. */
  private loadWeek(accountId: number, now: number): Promise<void> {
    const week = weekWindow(new Date(now), this.options.timeZone);
    const key = `${accountId}:${week.key}`;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.storedCount(accountId, week.key).then((count) => {
        this.counters.set(accountId, {
          minuteStart: this.counters.get(accountId)?.minuteStart ?? 0,
          minuteCount: this.counters.get(accountId)?.minuteCount ?? 0,
          weekStartMs: week.start.getTime(),
          weekEndMs: week.end.getTime(),
          weekKey: week.key,
          weekCount: count,
        });
      }).finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }
}
