// Per-account request limits (docs/api.md#limits), registered right after authentication so that every
// authenticated request counts and unauthenticated ones count against nobody. Every response
// carries X-RateLimit-*; rejected requests (429, and 401 WeeklyLimitExceeded) still count.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { rateLimited, weeklyLimitExceeded } from '../../errors.js';
import { isoSeconds, type Clock } from '../../lib/time.js';
import { limitsOf, weeklyWarning, type Hit, type LimitStore } from '../../services/limits/index.js';

export function registerLimits(app: FastifyInstance, deps: { limits: LimitStore; config: Config; clock: Clock }): void {
  const { limits, config, clock } = deps;
  const apply = (reply: FastifyReply, hit: Hit | null, perMinute: number, weekly: number): Error | undefined => {
    if (hit === null) return undefined; // the store is down: fail open (logged once by the store)
    reply.header('X-RateLimit-Limit', perMinute);
    reply.header('X-RateLimit-Remaining', Math.max(0, perMinute - hit.minuteCount));
    reply.header('X-RateLimit-Reset', hit.minuteResetSeconds);
    if (weeklyWarning(hit.weekCount, weekly)) {
      const remaining = Math.max(0, weekly - hit.weekCount);
      reply.header(
        'X-Weekly-Limit-Warning',
        `${remaining} of ${weekly} weekly requests remain; the count resets at ${isoSeconds(hit.weekResetsAt)}`,
      );
    }
    if (hit.weekCount > weekly) return weeklyLimitExceeded(hit.weekResetsAt);
    if (hit.minuteCount > perMinute) {
      const retryAfter = Math.max(1, Math.ceil(hit.minuteResetSeconds - clock.now().getTime() / 1000));
      return rateLimited(retryAfter);
    }
    return undefined;
  };
  // Callback form: when the store already holds reserved numbers for the account (hitNow), the
  // request is counted without a promise or a microtask turn (BENCHMARKS.md "ingredients"). The
  // count is the same either way: hitNow hands out the same exact numbers as hit (docs/api.md#limits).
  app.addHook('onRequest', (request, reply, done) => {
    const account = request.account;
    if (!account) return done(); // authentication failed first: its 401 is already on the way
    const { perMinute, weekly } = limitsOf(account, config.defaults);
    const now = limits.hitNow?.(account.id, { perMinute, weekly });
    if (now !== undefined) return done(apply(reply, now, perMinute, weekly));
    limits.hit(account.id, { perMinute, weekly }).then((hit) => done(apply(reply, hit, perMinute, weekly)), done);
  });
}
