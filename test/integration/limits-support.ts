// Test apps for the limit suites: the real app on a real database with a limit store the test
// chooses (in-process, or Redis under a key prefix unique to the test so suites never collide).
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import type { Dialect } from '../../src/db/schema.js';
import { createAccount, setAccountLimits } from '../../src/services/accounts/index.js';
import type { ServiceContext } from '../../src/services/context.js';
import { createLimitStore, type LimitStore } from '../../src/services/limits/index.js';
import { buildTestApp, makeClient, TestClock, type Client } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * True when something answers PING at REDIS_URL (checked once per file). No timer: a connection
 * is refused, closed or answered, however busy the machine (a deadline could skip the Redis suites
 * on a slow run).
 */
export async function redisAnswers(url = REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** The default store (counts in the database) or Redis. 'memory' is its former name, kept for older suites. */
export type StoreKind = 'database' | 'memory' | 'redis';

export const quietLog = { warn: () => {}, error: () => {} };

export interface LimitsApp {
  app: FastifyInstance;
  db: TestDatabase;
  ctx: ServiceContext;
  clock: TestClock;
  config: Config;
  limits: LimitStore;
  prefix: string;
  accountA: { id: number; key: string };
  accountB: { id: number; key: string };
  client(key?: string): Client;
  /** A second app on the same database and clock, with a fresh store of the same kind (a restart). */
  restart(): Promise<void>;
  /**
   * A crash: a fresh app and store take over while the old ones are abandoned without shutting
   * down, as after a kill -9 (they are closed only at the end of the test).
   */
  crash(): Promise<void>;
  close(): Promise<void>;
}

export interface LimitsAppOptions {
  env?: Record<string, string>;
  limitsA?: { weekly_limit?: number; per_minute_limit?: number; render_limit?: number };
  start?: string;
  redisUrl?: string;
  log?: { warn(message: string): void; error(message: string): void };
}

export async function createLimitsApp(kind: Dialect, store: StoreKind, options: LimitsAppOptions = {}): Promise<LimitsApp> {
  const db = await createTestDatabase(kind);
  const clock = new TestClock(new Date(options.start ?? '2026-11-18T12:00:10Z'));
  const ctx: ServiceContext = { database: db.handle, clock };
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.config.kind === 'sqlite' ? db.config.path : db.config.url,
    ...options.env,
  });
  const prefix = `test:${randomUUID()}:`;
  const makeStore = () =>
    createLimitStore({
      config,
      database: db.handle,
      clock,
      log: options.log ?? quietLog,
      prefix,
      redisUrl: store === 'redis' ? (options.redisUrl ?? REDIS_URL) : null,
    });
  const none = { email: null, weekly_limit: null, per_minute_limit: null, render_limit: null };
  const abandoned: FastifyInstance[] = [];
  const a = await createAccount(ctx, { name: 'Account A', ...none });
  const b = await createAccount(ctx, { name: 'Account B', ...none });
  if (options.limitsA) await setAccountLimits(ctx, a.account.id, options.limitsA);
  const result: LimitsApp = {
    app: null as unknown as FastifyInstance,
    db,
    ctx,
    clock,
    config,
    prefix,
    limits: null as unknown as LimitStore,
    accountA: { id: a.account.id, key: a.api_key },
    accountB: { id: b.account.id, key: b.api_key },
    client: (key = a.api_key) => makeClient(result.app, key),
    restart: async () => {
      await result.app.close();
      result.limits = await makeStore();
      result.app = await buildTestApp({ config, database: db.handle, clock, limits: result.limits });
    },
    crash: async () => {
      abandoned.push(result.app);
      result.limits = await makeStore();
      result.app = await buildTestApp({ config, database: db.handle, clock, limits: result.limits });
    },
    close: async () => {
      for (const app of abandoned) await app.close();
      await result.app.close();
      if (store === 'redis') await deleteKeys(prefix, options.redisUrl ?? REDIS_URL);
      await db.drop();
    },
  };
  result.limits = await makeStore();
  result.app = await buildTestApp({ config, database: db.handle, clock, limits: result.limits });
  return result;
}

/** Removes a test's Redis keys. */
export async function deleteKeys(prefix: string, url = REDIS_URL): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
  } catch {
    // Redis gone: nothing to clean.
  } finally {
    client.disconnect();
  }
}

/** Unix seconds at which the minute containing `date` ends. */
export const minuteEnd = (date: Date) => Math.floor(date.getTime() / 60_000) * 60 + 60;
