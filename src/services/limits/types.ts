// One interface for the two limit stores (in-process and Redis): request counting per minute and per
// week, and render slots. The HTTP plugin and the label routes see only this.

export interface Hit {
  /** Requests counted in the current minute window, this one included. */
  minuteCount: number;
  /** Unix seconds when the minute window resets. */
  minuteResetSeconds: number;
  /** Requests counted this week, this one included. */
  weekCount: number;
  /** When the weekly count resets. */
  weekResetsAt: Date;
}

/** Releases a render slot; safe to call more than once. */
export type ReleaseSlot = () => Promise<void>;

export interface LimitsHealth {
  /** Where counts live: the database (the default) or Redis (REDIS_URL). */
  store: 'database' | 'redis';
  /** Present when limits are not being enforced (the shared store is unreachable: we fail open). */
  warning?: string;
}

/** Where a store logs; fastify's logger and console both fit. */
export interface LimitsLogger {
  warn(message: string): void;
  error(message: string): void;
}

/** Held render slots expire after this long unless renewed: an instance that dies holding one frees it. */
export const RENDER_SLOT_TTL_MS = 30_000;

/** The account's limits at the time of a request (a store may size its reservations by them). */
export interface RequestLimits {
  perMinute: number;
  weekly: number;
}

export interface LimitStore {
  /**
   * Counts one request for the account in the current minute and week windows (the store's clock).
   * null means the store is unavailable and the request must be served unlimited (fail open).
   */
  hit(accountId: number, limits: RequestLimits): Promise<Hit | null>;
  /**
   * The same count as `hit`, taken synchronously when the store can (numbers already reserved in
   * memory); undefined when it cannot, and then nothing was counted: call `hit`.
   */
  hitNow?(accountId: number, limits: RequestLimits): Hit | undefined;
  /** Requests counted so far this week (for the account page). */
  weeklyUsage(accountId: number): Promise<number>;
  /**
   * Counts one anonymous request against each key in the current minute (src/services/limits/anonymous.ts);
   * only a store shared by instances has it (Redis), the others leave the counting to each instance.
   */
  countAnonymous?(keys: readonly string[]): Promise<{ counts: number[]; resetSeconds: number } | null>;
  /** Takes one of `limit` parallel render slots; null when all are busy. */
  acquireRenderSlot(accountId: number, limit: number): Promise<ReleaseSlot | null>;
  health(): LimitsHealth;
  /** Writes pending counts and closes connections. */
  close(): Promise<void>;
}
