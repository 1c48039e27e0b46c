// The real HTTP app on a real database, with two accounts (A and B) for isolation tests.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import qs from 'qs';
import { loadConfig, type Config } from '../../src/config.js';
import type { Dialect } from '../../src/db/schema.js';
import { buildApp, type AppOptions } from '../../src/http/app.js';
import type { Clock } from '../../src/lib/time.js';
import { createAccount } from '../../src/services/accounts/index.js';
import type { ServiceContext } from '../../src/services/context.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { checkResponses } from './response-schemas.js';

export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-18T12:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  ctx: ServiceContext;
  clock: TestClock;
  config: Config;
  accountA: { id: number; key: string };
  accountB: { id: number; key: string };
  /** A client authenticated as account A (default) or with another key. */
  client(key?: string): Client;
  close(): Promise<void>;
}

export type Body = Record<string, unknown> | undefined;

export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: Body, as?: 'json' | 'form'): Promise<LightMyRequestResponse>;
  put(url: string, body?: Body, as?: 'json' | 'form'): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

export function makeClient(app: FastifyInstance, key: string | null): Client {
  const headers = key ? { authorization: `Token token=${key}` } : {};
  const send = (method: 'POST' | 'PUT', url: string, body: Body, as: 'json' | 'form') =>
    app.inject({
      method,
      url,
      headers:
        body === undefined
          ? headers
          : { ...headers, 'content-type': as === 'json' ? 'application/json' : 'application/x-www-form-urlencoded' },
      payload: body === undefined ? undefined : as === 'json' ? JSON.stringify(body) : qs.stringify(body, { arrayFormat: 'brackets' }),
    });
  return {
    get: (url) => app.inject({ method: 'GET', url, headers }),
    post: (url, body, as = 'json') => send('POST', url, body, as),
    put: (url, body, as = 'json') => send('PUT', url, body, as),
    delete: (url) => app.inject({ method: 'DELETE', url, headers }),
  };
}

/** buildApp, with every JSON response a test receives checked against its route's response schema. */
export async function buildTestApp(options: AppOptions): Promise<FastifyInstance> {
  const app = await buildApp(options);
  checkResponses(app);
  return app;
}

export async function createTestApp(
  kind: Dialect,
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'renderTimer'> = {},
): Promise<TestApp> {
  const db = await createTestDatabase(kind);
  const clock = new TestClock();
  const ctx: ServiceContext = { database: db.handle, clock };
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: db.config.kind === 'sqlite' ? db.config.path : db.config.url, ...env });
  const app = await buildTestApp({ config, database: db.handle, clock, ...options });
  const none = { email: null, weekly_limit: null, per_minute_limit: null, render_limit: null };
  const a = await createAccount(ctx, { name: 'Account A', ...none });
  const b = await createAccount(ctx, { name: 'Account B', ...none });
  return {
    app,
    db,
    ctx,
    clock,
    config,
    accountA: { id: a.account.id, key: a.api_key },
    accountB: { id: b.account.id, key: b.api_key },
    client: (key = a.api_key) => makeClient(app, key),
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/** A valid ingredient create body: the fifteen required nutrients, relative to weight1. */
export function flourBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'All-purpose flour',
    description1: '1 cup',
    weight1: 125,
    calories: 455,
    protein: 12.9,
    fat: 1.2,
    fat_saturated: 0.2,
    fat_trans: 0,
    cholesterol: 0,
    carbohydrate: 95.4,
    fiber: 3.4,
    sugar: 0.3,
    added_sugar: 0,
    sodium: 2.5,
    calcium: 19,
    iron: 5.8,
    vitamin_a_IU: 0,
    vitamin_c: 0,
    ...overrides,
  };
}

export const json = (response: LightMyRequestResponse) => response.json() as any;
