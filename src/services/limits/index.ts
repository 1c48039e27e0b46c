// The limiter's entry point: the store chosen by configuration (Redis when REDIS_URL is set, else
// the database), the per-account limits with their defaults, and render slots for the label routes.
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/connect.js';
import type { AccountRow } from '../../db/repositories/accounts.js';
import { renderConcurrencyExceeded } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { DatabaseLimitStore } from './database.js';
import type { LimitStore, LimitsLogger, ReleaseSlot } from './types.js';

export type { Hit, LimitStore, LimitsHealth, LimitsLogger, ReleaseSlot, RequestLimits } from './types.js';
export { DatabaseLimitStore } from './database.js';
export { weekWindow, minuteWindow } from './week.js';
export { EmbedRenderRate } from './embed-rate.js';
export { EmbedRequestLimits, type EmbedRequestAllowance } from './embed-requests.js';
export { anonymousCounterOf, LocalAnonymousCounter, type AnonymousCounter, type AnonymousCounts } from './anonymous.js';

export interface CreateLimitStoreOptions {
  config: Pick<Config, 'redisUrl' | 'weeklyResetTimeZone'> & Partial<Pick<Config, 'redisKeyPrefix'>>;
  database: DatabaseHandle;
  clock: Clock;
  log: LimitsLogger;
  /** Redis key prefix (default REDIS_KEY_PREFIX, itself "recipal:"): instances of one deployment must share it. */
  prefix?: string;
  /** Overrides config.redisUrl (tests). */
  redisUrl?: string | null;
}

export async function createLimitStore(options: CreateLimitStoreOptions): Promise<LimitStore> {
  const url = options.redisUrl !== undefined ? options.redisUrl : options.config.redisUrl;
  if (url) {
    // Loaded only when configured: the Redis client adds ~13 MB to every process that loads it.
    const { RedisLimitStore } = await import('./redis.js');
    const store = new RedisLimitStore({
      url,
      prefix: options.prefix ?? options.config.redisKeyPrefix ?? 'recipal:',
      clock: options.clock,
      timeZone: options.config.weeklyResetTimeZone,
      log: options.log,
    });
    await store.whenSettled();
    return store;
  }
  return new DatabaseLimitStore({
    database: options.database,
    clock: options.clock,
    timeZone: options.config.weeklyResetTimeZone,
    log: options.log,
  });
}

export interface AccountLimits {
  perMinute: number;
  weekly: number;
  renders: number;
}

/** The account's own limits where set (`accounts set-limits`), the configured defaults elsewhere. */
export function limitsOf(
  account: Pick<AccountRow, 'weekly_limit' | 'per_minute_limit' | 'render_limit'>,
  defaults: Config['defaults'],
): AccountLimits {
  return {
    perMinute: account.per_minute_limit ?? defaults.perMinuteLimit,
    weekly: account.weekly_limit ?? defaults.weeklyLimit,
    renders: account.render_limit ?? defaults.renderLimit,
  };
}

/** True when 10% or less of the weekly allowance remains (docs/api.md#limits); integer maths, so exact at the tie. */
export function weeklyWarning(used: number, limit: number): boolean {
  return (limit - used) * 10 <= limit;
}

/** What the label routes call around a PDF/PNG render. */
export interface RenderSlots {
  /** Takes a slot; null when `limit` renders are already in flight for the account. */
  acquire(accountId: number, limit: number): Promise<ReleaseSlot | null>;
  /**
   * Runs `render` inside a slot and always releases it, even when the render throws.
   * Throws RenderConcurrencyExceeded (429) when every slot is busy.
   */
  run<T>(account: Pick<AccountRow, 'id' | 'weekly_limit' | 'per_minute_limit' | 'render_limit'>, render: () => Promise<T>): Promise<T>;
}

export function renderSlotsOf(store: LimitStore, defaults: Config['defaults']): RenderSlots {
  return {
    acquire: (accountId, limit) => store.acquireRenderSlot(accountId, limit),
    async run(account, render) {
      const limit = limitsOf(account, defaults).renders;
      const release = await store.acquireRenderSlot(account.id, limit);
      if (!release) throw renderConcurrencyExceeded(limit);
      try {
        return await render();
      } finally {
        await release();
      }
    },
  };
}
