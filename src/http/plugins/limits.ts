// Per-account request limits (API.md §1.7), registered right after authentication so that every
// authenticated request counts and unauthenticated ones count against nobody. Every response
// carries X-RateLimit-*; rejected requests (429, and 401 WeeklyLimitExceeded) still count.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { rateLimited, weeklyLimitExceeded } from '../../errors.js';
import { isoSeconds, type Clock } from '../../lib/time.js';
import { limitsOf, weeklyWarning, type LimitStore } from '../../services/limits/index.js';

export function registerLimits(app: FastifyInstance, deps: { limits: LimitStore; config: Config; clock: Clock }): void {
  const { limits, config, clock } = deps;
  app.addHook('onRequest', async (request, reply) => {
    const account = request.account;
    if (!account) return; // authentication failed first: its 401 is already on the way
    const hit = await limits.hit(account.id);
    if (hit === null) return; // the shared store is down: fail open (logged once by the store)
    const { perMinute, weekly } = limitsOf(account, config.defaults);
    reply.header('X-RateLimit-Limit', perMinute);
    reply.header('X-RateLimit-Remaining', Math.max(0, perMinute - hit.minuteCount));
    reply.header('X-RateLimit-Reset', hit.minuteResetSeconds);
    if (weeklyWarning(hit.weekCount, weekly)) {
      const remaining = Math.max(0, weekly - hit.weekCount);
      reply.header('X-Weekly-Limit-Warning', `${remaining} of ${weekly} weekly requests remain; the count resets at ${isoSeconds(hit.weekResetsAt)}`);
    }
    if (hit.weekCount > weekly) throw weeklyLimitExceeded(hit.weekResetsAt);
    if (hit.minuteCount > perMinute) {
      const retryAfter = Math.max(1, Math.ceil(hit.minuteResetSeconds - clock.now().getTime() / 1000));
      throw rateLimited(retryAfter);
    }
  });
}
