// Counts of anonymous requests (docs/api.md#anonymous-limits): requests that carry no key
// are counted per minute against what they can be told apart by (the client address, the embed
// token), in fixed one-minute windows on the service clock like the account limits. With Redis the
// counts are shared by every instance (src/services/limits/redis.ts); without it each instance
// counts its own, here, in memory: anonymous traffic is too cheap to send for a database write per
// request to be a good trade.
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/time.js';
import type { LimitStore } from './types.js';
import { minuteWindow } from './week.js';

export interface AnonymousCounts {
  /** Requests counted in this minute for each key asked, this one included. */
  counts: number[];
  /** Unix seconds when the minute window resets. */
  resetSeconds: number;
}

export interface AnonymousCounter {
  /** Counts one request against each key; null when the shared store is unavailable (fail open). */
  count(keys: readonly string[]): Promise<AnonymousCounts | null>;
}

/**
 * Keys held in one minute. A client sending a different made-up key each time could otherwise grow
 * the map without end; the least recently counted keys go first, and a busy key is a recent one.
 */
const MAX_KEYS = 100_000;

export class LocalAnonymousCounter implements AnonymousCounter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private readonly counts = new LRUCache<string, number>({ max: MAX_KEYS });

  constructor(private readonly clock: Clock) {}

  countNow(keys: readonly string[]): AnonymousCounts {
    const window = minuteWindow(this.clock.now());
    if (window.start !== this.windowStart) {
      this.windowStart = window.start;
      this.counts.clear();
    }
    const counts = keys.map((key) => {
      const n = (this.counts.get(key) ?? 0) + 1;
      this.counts.set(key, n);
      return n;
    });
    return { counts, resetSeconds: window.resetSeconds };
  }

  count(keys: readonly string[]): Promise<AnonymousCounts> {
    return Promise.resolve(this.countNow(keys));
  }
}

/** The store's shared counter when it has one (Redis), else this instance's own. */
export function anonymousCounterOf(store: LimitStore, clock: Clock): AnonymousCounter {
  const shared = store.countAnonymous;
  return shared ? { count: (keys) => shared.call(store, keys) } : new LocalAnonymousCounter(clock);
}
