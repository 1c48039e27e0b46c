// Redis going away mid-run (API.md §1.7 with REDIS_URL): requests keep being served without limits
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

async function until(condition: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
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
    const errors: string[] = [];
    const warnings: string[] = [];
    t = await createLimitsApp('sqlite', 'redis', {
      redisUrl: `redis://127.0.0.1:${proxy.port}`,
      limitsA: { per_minute_limit: 2 },
      log: { warn: (m) => warnings.push(m), error: (m) => errors.push(m) },
    });
    const statuses = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await t.client().get('/v1/ingredients')).statusCode);
      return out;
    };
    expect(await statuses(3)).toEqual([200, 200, 429]);
    expect(json(await t.app.inject({ method: 'GET', url: '/readyz' }))).toEqual({ status: 'ready', database: 'ok', limits: 'redis' });

    await proxy.stop();
    await until(() => t.limits.health().warning !== undefined);
    const open = await t.client().get('/v1/ingredients');
    expect(open.statusCode).toBe(200);
    expect(open.headers['x-ratelimit-limit']).toBeUndefined();
    expect(await statuses(5)).toEqual([200, 200, 200, 200, 200]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Redis unavailable/);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(json(ready).warnings[0]).toMatch(/request limits are not enforced/);

    await proxy.start(); // same port
    await until(() => t.limits.health().warning === undefined);
    // The minute's count (3) survived in Redis: the account is still over its limit of 2.
    const back = await t.client().get('/v1/ingredients');
    expect(back.statusCode).toBe(429);
    expect(back.headers['x-ratelimit-remaining']).toBe('0');
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
      redisUrl: `redis://127.0.0.1:${proxy.port}`, limitsA: { per_minute_limit: 2 }, log: { warn: () => {}, error: (m) => errors.push(m) },
    });
    expect((await t.client().get('/v1/ingredients')).headers['x-ratelimit-remaining']).toBe('1');
    proxy.stall();
    const started = Date.now();
    const stalled = await t.client().get('/v1/ingredients');
    expect(stalled.statusCode).toBe(200);
    expect(stalled.headers['x-ratelimit-limit']).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000); // the 1 s watchdog, not a hang
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
