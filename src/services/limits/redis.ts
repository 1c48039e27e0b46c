// The shared limit store: counters and render slots in Redis, so limits hold across every instance.
// At most one round trip per request: a Lua script increments the minute and week counters
// atomically and returns both. Requests of one account that arrive in the same event-loop turn share
// one call (INCRBY n); each gets its own place in the sequence, so counts stay exact. If Redis goes away we fail open: requests are served unlimited, the outage is
// logged once and reported by /readyz, and limits resume as soon as the client reconnects.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Clock } from '../../lib/time.js';
import {
  RENDER_SLOT_TTL_MS,
  type Hit,
  type LimitStore,
  type LimitsHealth,
  type LimitsLogger,
  type ReleaseSlot,
  type RequestLimits,
} from './types.js';
import { minuteWindow, weekWindow, type WeekWindow } from './week.js';

export interface RedisStoreOptions {
  url: string;
  /** Prepended to every key; instances of one deployment share it, tests use a unique one. */
  prefix: string;
  clock: Clock;
  timeZone: string;
  log: LimitsLogger;
  slotTtlMs?: number;
  /** A command slower than this counts as Redis being unavailable (default 1 s). */
  commandTimeoutMs?: number;
}

// KEYS: minute counter, week counter. ARGV: minute TTL (ms), week TTL (ms), requests counted (n).
// A counter equal to n was just created by this call: give it its expiry.
const HIT_SCRIPT = `
local n = tonumber(ARGV[3])
local m = redis.call('INCRBY', KEYS[1], n)
if m == n then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local w = redis.call('INCRBY', KEYS[2], n)
if w == n then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return {m, w}`;

// KEYS: the account's slot set (member = holder token, score = expiry ms).
// ARGV: now (ms), limit, expiry (ms), token, key TTL (ms). Expired holders (dead instances) are dropped first.
const ACQUIRE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1
end
return 0`;

// KEYS: one counter per anonymous key. ARGV: TTL (ms). Each counter is incremented; one just created gets its expiry.
const ANONYMOUS_SCRIPT = `
local counts = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  counts[i] = n
end
return counts`;

type ScriptedRedis = Redis & {
  limitsAnonymous(...args: (string | number)[]): Promise<number[]>;
  limitsHit(minuteKey: string, weekKey: string, minuteTtl: number, weekTtl: number, n: number): Promise<[number, number]>;
  limitsAcquire(slotKey: string, now: number, limit: number, expiry: number, token: string, ttl: number): Promise<number>;
};

export class RedisLimitStore implements LimitStore {
  private readonly client: ScriptedRedis;
  private down: string | null = null;
  private closed = false;
  private readonly ready: Promise<void>;
  /** Hits waiting for this turn's call, by account. */
  private batches = new Map<number, ((hit: Hit | null) => void)[]>();
  /**
   * Calls awaiting Redis, with their start time. One watchdog timer fails them open when Redis
   * stops answering (ioredis' commandTimeout arms a timer per command, which costs ~10 µs each).
   */
  private readonly inFlight = new Set<{ sentAt: number; fail(): void }>();
  private readonly watchdog: NodeJS.Timeout;
  private readonly timeoutMs: number;
  private week: WeekWindow | null = null;

  constructor(private readonly options: RedisStoreOptions) {
    const client = new Redis(options.url, {
      // Never queue or resend while disconnected: a request must not wait for Redis to come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    client.defineCommand('limitsHit', { numberOfKeys: 2, lua: HIT_SCRIPT });
    client.defineCommand('limitsAcquire', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
    client.defineCommand('limitsAnonymous', { lua: ANONYMOUS_SCRIPT });
    this.client = client as ScriptedRedis;
    this.timeoutMs = options.commandTimeoutMs ?? 1_000;
    this.watchdog = setInterval(() => this.expireStalled(), Math.max(50, Math.floor(this.timeoutMs / 4)));
    this.watchdog.unref();
    client.on('error', (error: Error) => this.markDown(error.message));
    client.on('close', () => this.markDown('connection closed'));
    client.on('ready', () => this.markUp());
    // Start-up waits for the first connection attempt to settle either way (never for a retry).
    this.ready = new Promise((resolve) => {
      client.once('ready', () => resolve());
      client.once('error', () => resolve());
      client.once('end', () => resolve());
    });
  }

  /** Resolves once the first connection attempt succeeded or failed. */
  whenSettled(): Promise<void> {
    return this.ready;
  }

  hit(accountId: number, _limits?: RequestLimits): Promise<Hit | null> {
    if (this.client.status !== 'ready') {
      this.markDown(`status ${this.client.status}`);
      return Promise.resolve(null);
    }
    if (this.batches.size === 0) setImmediate(() => this.sendBatches());
    let waiters = this.batches.get(accountId);
    if (!waiters) this.batches.set(accountId, (waiters = []));
    const list = waiters;
    return new Promise((resolve) => list.push(resolve));
  }

  /** One script call per account for every hit gathered in this event-loop turn. */
  private sendBatches(): void {
    const batches = this.batches;
    this.batches = new Map();
    const now = this.options.clock.now();
    const minute = minuteWindow(now);
    const week = this.weekOf(now);
    const prefix = this.options.prefix;
    for (const [accountId, waiters] of batches) {
      const n = waiters.length;
      let settled = false;
      const call = {
        sentAt: Date.now(),
        fail: () => {
          settled = true;
          for (const resolve of waiters) resolve(null);
        },
      };
      this.inFlight.add(call);
      this.client
        .limitsHit(
          `${prefix}m:${accountId}:${minute.start}`,
          `${prefix}w:${accountId}:${week.key}`,
          // The minute key outlives its window a little so a slow clock on another instance still finds it.
          120_000,
          // A week key stays a day past its reset, then Redis drops it.
          week.end.getTime() - now.getTime() + 86_400_000,
          n,
        )
        .then(
          ([minuteTotal, weekTotal]) => {
            this.inFlight.delete(call);
            this.markUp(); // answers again after a stall that did not drop the connection
            if (settled) return; // already served open by the watchdog
            // The i-th waiter is request number total - n + i + 1 of the window.
            waiters.forEach((resolve, i) =>
              resolve({
                minuteCount: Number(minuteTotal) - n + i + 1,
                minuteResetSeconds: minute.resetSeconds,
                weekCount: Number(weekTotal) - n + i + 1,
                weekResetsAt: week.end,
              }),
            );
          },
          (error: Error) => {
            this.inFlight.delete(call);
            this.markDown(error.message);
            if (!settled) call.fail();
          },
        );
    }
  }

  /** The week containing `now`, recomputed (with Intl, for zones) only when a week ends. */
  private weekOf(now: Date): WeekWindow {
    const t = now.getTime();
    if (!this.week || t < this.week.start.getTime() || t >= this.week.end.getTime()) this.week = weekWindow(now, this.options.timeZone);
    return this.week;
  }

  private expireStalled(): void {
    const limit = Date.now() - this.timeoutMs;
    for (const call of this.inFlight) {
      if (call.sentAt > limit) continue;
      this.inFlight.delete(call);
      this.markDown(`no answer within ${this.timeoutMs} ms`);
      call.fail();
    }
  }

  /** For the rare calls (slots, the account page): a plain timer is affordable there. */
  private timed<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  async weeklyUsage(accountId: number): Promise<number> {
    const week = weekWindow(this.options.clock.now(), this.options.timeZone);
    try {
      return Number((await this.timed(this.client.get(`${this.options.prefix}w:${accountId}:${week.key}`))) ?? 0);
    } catch (error) {
      this.markDown((error as Error).message);
      return 0;
    }
  }

  /** One script call for all the keys of a request (docs/api.md#anonymous-limits); fails open. */
  async countAnonymous(keys: readonly string[]): Promise<{ counts: number[]; resetSeconds: number } | null> {
    if (this.client.status !== 'ready') {
      this.markDown(`status ${this.client.status}`);
      return null;
    }
    const minute = minuteWindow(this.options.clock.now());
    const redisKeys = keys.map((key) => `${this.options.prefix}a:${minute.start}:${key}`);
    try {
      // The counter outlives its minute a little, like the account minute counters.
      const counts = await this.timed(this.client.limitsAnonymous(redisKeys.length, ...redisKeys, 120_000));
      this.markUp();
      return { counts: counts.map(Number), resetSeconds: minute.resetSeconds };
    } catch (error) {
      this.markDown((error as Error).message);
      return null;
    }
  }

  async acquireRenderSlot(accountId: number, limit: number): Promise<ReleaseSlot | null> {
    const key = `${this.options.prefix}r:${accountId}`;
    const ttl = this.options.slotTtlMs ?? RENDER_SLOT_TTL_MS;
    const token = randomUUID();
    try {
      const now = this.options.clock.now().getTime();
      const taken = await this.timed(this.client.limitsAcquire(key, now, limit, now + ttl, token, ttl * 2));
      if (Number(taken) !== 1) return null;
    } catch (error) {
      this.markDown((error as Error).message);
      return async () => {}; // fail open: the render runs unlimited
    }
    // A long render renews its slot so it does not expire under it; a dead instance stops renewing.
    const renew = setInterval(
      () => {
        this.client.zadd(key, 'XX', this.options.clock.now().getTime() + ttl, token).catch(() => {});
      },
      Math.max(1_000, Math.floor(ttl / 3)),
    );
    renew.unref();
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      try {
        await this.timed(this.client.zrem(key, token));
      } catch (error) {
        this.markDown((error as Error).message); // the slot expires by itself after its TTL
      }
    };
  }

  health(): LimitsHealth {
    const down = this.down ?? (this.client.status === 'ready' ? null : `status ${this.client.status}`);
    return down === null ? { store: 'redis' } : { store: 'redis', warning: `Redis unavailable (${down}): request limits are not enforced` };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.down = 'closed';
    clearInterval(this.watchdog);
    for (const call of this.inFlight) call.fail();
    this.inFlight.clear();
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client.disconnect());
    else this.client.disconnect();
  }

  private markUp(): void {
    if (this.closed) return;
    if (this.down !== null) this.options.log.warn('Redis is reachable again: request limits are enforced again');
    this.down = null;
  }

  /** Logged once per outage, not once per request. */
  private markDown(reason: string): void {
    if (this.closed) return;
    if (this.down === null) this.options.log.error(`Redis unavailable (${reason}): serving requests without limits until it returns`);
    this.down = reason;
  }
}
