// The shared limit store: counters and render slots in Redis, so limits hold across every instance.
// One round trip per request (a Lua script increments the minute and week counters atomically and
// returns both). If Redis goes away we fail open: requests are served unlimited, the outage is
// logged once and reported by /readyz, and limits resume as soon as the client reconnects.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Clock } from '../../lib/time.js';
import { RENDER_SLOT_TTL_MS, type Hit, type LimitStore, type LimitsHealth, type LimitsLogger, type ReleaseSlot } from './types.js';
import { minuteWindow, weekWindow } from './week.js';

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

// KEYS: minute counter, week counter. ARGV: minute TTL (ms), week TTL (ms).
const HIT_SCRIPT = `
local m = redis.call('INCR', KEYS[1])
if m == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local w = redis.call('INCR', KEYS[2])
if w == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
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

type ScriptedRedis = Redis & {
  limitsHit(minuteKey: string, weekKey: string, minuteTtl: number, weekTtl: number): Promise<[number, number]>;
  limitsAcquire(slotKey: string, now: number, limit: number, expiry: number, token: string, ttl: number): Promise<number>;
};

export class RedisLimitStore implements LimitStore {
  private readonly client: ScriptedRedis;
  private down: string | null = null;
  private closed = false;
  private readonly ready: Promise<void>;

  constructor(private readonly options: RedisStoreOptions) {
    const client = new Redis(options.url, {
      // Never queue or resend while disconnected: a request must not wait for Redis to come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    client.defineCommand('limitsHit', { numberOfKeys: 2, lua: HIT_SCRIPT });
    client.defineCommand('limitsAcquire', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
    this.client = client as ScriptedRedis;
    client.on('error', (error: Error) => this.markDown(error.message));
    client.on('close', () => this.markDown('connection closed'));
    client.on('ready', () => {
      if (this.down !== null) options.log.warn('Redis is reachable again: request limits are enforced again');
      this.down = null;
    });
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

  async hit(accountId: number): Promise<Hit | null> {
    if (this.client.status !== 'ready') {
      this.markDown(`status ${this.client.status}`);
      return null;
    }
    const now = this.options.clock.now();
    const minute = minuteWindow(now);
    const week = weekWindow(now, this.options.timeZone);
    const prefix = this.options.prefix;
    try {
      const [minuteCount, weekCount] = await this.client.limitsHit(
        `${prefix}m:${accountId}:${minute.start}`,
        `${prefix}w:${accountId}:${week.key}`,
        // The minute key outlives its window a little so a slow clock on another instance still finds it.
        120_000,
        // A week key stays a day past its reset, then Redis drops it.
        week.end.getTime() - now.getTime() + 86_400_000,
      );
      return { minuteCount: Number(minuteCount), minuteResetSeconds: minute.resetSeconds, weekCount: Number(weekCount), weekResetsAt: week.end };
    } catch (error) {
      this.markDown((error as Error).message);
      return null;
    }
  }

  async weeklyUsage(accountId: number): Promise<number> {
    const week = weekWindow(this.options.clock.now(), this.options.timeZone);
    try {
      return Number((await this.client.get(`${this.options.prefix}w:${accountId}:${week.key}`)) ?? 0);
    } catch (error) {
      this.markDown((error as Error).message);
      return 0;
    }
  }

  async acquireRenderSlot(accountId: number, limit: number): Promise<ReleaseSlot | null> {
    const key = `${this.options.prefix}r:${accountId}`;
    const ttl = this.options.slotTtlMs ?? RENDER_SLOT_TTL_MS;
    const token = randomUUID();
    try {
      const now = this.options.clock.now().getTime();
      const taken = await this.client.limitsAcquire(key, now, limit, now + ttl, token, ttl * 2);
      if (Number(taken) !== 1) return null;
    } catch (error) {
      this.markDown((error as Error).message);
      return async () => {}; // fail open: the render runs unlimited
    }
    // A long render renews its slot so it does not expire under it; a dead instance stops renewing.
    const renew = setInterval(() => {
      this.client.zadd(key, 'XX', this.options.clock.now().getTime() + ttl, token).catch(() => {});
    }, Math.max(1_000, Math.floor(ttl / 3)));
    renew.unref();
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      try {
        await this.client.zrem(key, token);
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
    if (this.client.status === 'ready') await this.client.quit().catch(() => this.client.disconnect());
    else this.client.disconnect();
  }

  /** Logged once per outage, not once per request. */
  private markDown(reason: string): void {
    if (this.closed) return;
    if (this.down === null) this.options.log.error(`Redis unavailable (${reason}): serving requests without limits until it returns`);
    this.down = reason;
  }
}
