// Requests for public embeds per minute (docs/api.md#anonymous-limits): embeds need no key,
// so what tells their clients apart is the client address (TRUST_PROXY: the forwarded one) and the
// embed token. Each request counts once against both; over either allowance it is 429 RateLimited
// with Retry-After, before anything is read from the database. Counted in Redis when REDIS_URL is
// set (every instance shares the counts), else on each instance (src/services/limits/anonymous.ts).
import { embedRequestsLimited } from '../../errors.js';
import type { AnonymousCounter } from './anonymous.js';

export interface EmbedRequestAllowance {
  perAddress: number;
  perToken: number;
}

export class EmbedRequestLimits {
  constructor(
    private readonly counter: AnonymousCounter,
    private readonly allowance: EmbedRequestAllowance,
    private readonly nowSeconds: () => number,
  ) {}

  /** Counts the request; throws 429 when the address or the token has had its minute's allowance. */
  async take(address: string, token: string): Promise<void> {
    const counted = await this.counter.count([`ip:${address}`, `embed:${token}`]);
    if (!counted) return; // the shared store is down: served unlimited, as account requests are
    const [byAddress = 0, byToken = 0] = counted.counts;
    const retryAfter = Math.max(1, Math.ceil(counted.resetSeconds - this.nowSeconds()));
    if (byAddress > this.allowance.perAddress) throw embedRequestsLimited('client address', this.allowance.perAddress, retryAfter);
    if (byToken > this.allowance.perToken) throw embedRequestsLimited('embed token', this.allowance.perToken, retryAfter);
  }
}
