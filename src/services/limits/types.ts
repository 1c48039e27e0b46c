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
  store: 'memory' | 'redis';
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

export interface LimitStore {
  /**
   * Counts one request for the account in the current minute and week windows (the store's clock).
   * null means the store is unavailable and the request must be served unlimited (fail open).
   */
  hit(accountId: number): Promise<Hit | null>;
  /** Requests counted so far this week (for the account page). */
  weeklyUsage(accountId: number): Promise<number>;
  /** Takes one of `limit` parallel render slots; null when all are busy. */
  acquireRenderSlot(accountId: number, limit: number): Promise<ReleaseSlot | null>;
  health(): LimitsHealth;
  /** Writes pending counts and closes connections. */
  close(): Promise<void>;
}
