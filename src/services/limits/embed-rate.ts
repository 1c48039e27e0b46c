// PNG renders per embed token and minute (docs/api.md#render-limits). Embeds need no key, so the token is the
// only thing to count against; the count protects this instance's render threads, so it is kept
// in-process (each instance draws its own embeds). Fixed one-minute windows on the service clock,
// like the account limits; the whole map is dropped when the minute changes, so it never holds more
// than the tokens seen in one minute (and a token is only counted once it was found in the database).
import type { Clock } from '../../lib/time.js';
import { minuteWindow } from './week.js';

export type EmbedRateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class EmbedRenderRate {
  private windowStart = Number.NEGATIVE_INFINITY;
  private counts = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    readonly perMinute: number,
  ) {}

  /** Counts one render for `token`, unless its minute's allowance is used up. */
  take(token: string): EmbedRateVerdict {
    const verdict = this.peek(token);
    if (verdict.allowed) this.counts.set(token, (this.counts.get(token) ?? 0) + 1);
    return verdict;
  }

  /** What take() would answer, without counting (nor remembering the token). */
  peek(token: string): EmbedRateVerdict {
    const now = this.clock.now();
    const window = minuteWindow(now);
    if (window.start !== this.windowStart) {
      this.windowStart = window.start;
      this.counts = new Map();
    }
    if ((this.counts.get(token) ?? 0) < this.perMinute) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(window.resetSeconds - now.getTime() / 1000)) };
  }
}
