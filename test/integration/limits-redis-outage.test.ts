// Redis going away mid-run (docs/api.md#limits with REDIS_URL): requests keep being served without limits
// (fail open), the outage is logged once, /readyz carries a warning member, and limits resume when
// Redis returns. A TCP proxy in front of the real Redis plays the outage.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../support/app.js';
import { createLimitsApp, REDIS_URL, redisAnswers, type LimitsApp } from './limits-support.js';

const haveRedis = await redisAnswers();
if (!haveRedis) console.warn(`limits-redis-outage.test.ts skipped: no Redis at ${REDIS_URL}`);

class RedisProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private held: (() => void)[] | null = null;
  port = 0;

  /** Redis stops answering without dropping the connection: replies are held back. */
  stall(): void {
    this.held = [];
  }

  /** The held replies arrive, late. */
  resume(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const send of held) send();
  }

  async start(): Promise<void> {
    const target = new URL(REDIS_URL);
    this.server = net.createServer((client) => {
      const upstream = net.connect({ host: target.hostname, port: Number(target.port || 6379) });
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream);
      upstream.on('data', (data: Buffer) => (this.held ? this.held.push(() => client.write(data)) : client.write(data)));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/**
 * The store's log, as events: the store reports each change of state (down, reachable again) once,
 * so a test awaits the message instead of polling health() on a timer.
 */
class StoreLog {
  readonly errors: string[] = [];
  readonly warnings: string[] = [];
  private readonly waiters: { pattern: RegExp; seen: () => void }[] = [];
  readonly log = {
    warn: (message: string) => this.record(this.warnings, message),
    error: (message: string) => this.record(this.errors, message),
  };

  private record(list: string[], message: string): void {
    list.push(message);
    for (const waiter of [...this.waiters]) {
      if (!waiter.pattern.test(message)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.seen();
    }
  }

  /** Resolves when a message matching `pattern` is logged after this call. */
  next(pattern: RegExp): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ pattern, seen: resolve }));
  }
}

describe.skipIf(!haveRedis)('Redis outage', () => {
  let t: LimitsApp;
  let proxy: RedisProxy;
  afterEach(async () => {
    await t?.close();
    await proxy?.stop().catch(() => {});
  });

  it('fails open while Redis is away, logs once, warns in /readyz, and enforces again when it returns', async () => {
    proxy = new RedisProxy();
    await proxy.start();
    const store = new StoreLog();
    const { errors, warnings } = store;
    t = await createLimitsApp('sqlite', 'redis', {
      redisUrl: `redis://127.0.0.1:${proxy.port}`,
      limitsA: { per_minute_limit: 2 },
      log: store.log,
    });
    const statuses = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await t.client().get('/v1/ingredients')).statusCode);
      return out;
    };
    expect(await statuses(3)).toEqual([200, 200, 429]);
    expect(json(await t.app.inject({ method: 'GET', url: '/readyz' }))).toEqual({ status: 'ready', database: 'ok', limits: 'redis' });

    const down = store.next(/Redis unavailable/);
    await proxy.stop();
    await down;
    expect(t.limits.health().warning).toBeDefined();
    const open = await t.client().get('/v1/ingredients');
    expect(open.statusCode).toBe(200);
    expect(open.headers['x-ratelimit-limit']).toBeUndefined();
    expect(await statuses(5)).toEqual([200, 200, 200, 200, 200]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Redis unavailable/);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(json(ready).warnings[0]).toMatch(/request limits are not enforced/);

    const back = store.next(/reachable again/);
    await proxy.start(); // same port; the client reconnects by itself
    await back;
    expect(t.limits.health().warning).toBeUndefined();
    // The minute's count (3) survived in Redis: the account is still over its limit of 2.
    const over = await t.client().get('/v1/ingredients');
    expect(over.statusCode).toBe(429);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(warnings.some((w) => /reachable again/.test(w))).toBe(true);
    expect(json(await t.app.inject({ method: 'GET', url: '/readyz' })).warnings).toBeUndefined();
    t.clock.advance(60_000);
    expect(await statuses(3)).toEqual([200, 200, 429]);
  }, 30_000);

  it('serves open when Redis stops answering on a live connection, and recovers when answers come back', async () => {
    proxy = new RedisProxy();
    await proxy.start();
    const errors: string[] = [];
    t = await createLimitsApp('sqlite', 'redis', {
      redisUrl: `redis://127.0.0.1:${proxy.port}`,
      limitsA: { per_minute_limit: 2 },
      log: { warn: () => {}, error: (m) => errors.push(m) },
    });
    expect((await t.client().get('/v1/ingredients')).headers['x-ratelimit-remaining']).toBe('1');
    proxy.stall();
    // The proxy holds every reply until resume() below, so this request is answered only because
    // the store's watchdog gives up on Redis (after its 1 s): awaited, not timed.
    const stalled = await t.client().get('/v1/ingredients');
    expect(stalled.statusCode).toBe(200);
    expect(stalled.headers['x-ratelimit-limit']).toBeUndefined();
    expect(errors).toEqual([expect.stringMatching(/no answer within 1000 ms/)]);
    expect(t.limits.health().warning).toBeDefined();
    proxy.resume();
    const back = await t.client().get('/v1/ingredients');
    // The stalled request was counted by Redis after all (its reply came late): 3 of 2.
    expect(back.statusCode).toBe(429);
    expect(t.limits.health().warning).toBeUndefined();
  }, 30_000);

  it('starts and serves when Redis is unreachable from the start', async () => {
    t = await createLimitsApp('sqlite', 'redis', { redisUrl: 'redis://127.0.0.1:1', limitsA: { per_minute_limit: 1 } });
    for (let i = 0; i < 3; i++) expect((await t.client().get('/v1/ingredients')).statusCode).toBe(200);
    expect(await t.limits.acquireRenderSlot(t.accountA.id, 1)).not.toBeNull();
    expect(json(await t.app.inject({ method: 'GET', url: '/readyz' })).warnings).toHaveLength(1);
  });
});
