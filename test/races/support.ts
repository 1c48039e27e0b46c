// Races through the real HTTP app: requests fired together (Promise.all of inject calls) on SQLite,
// and on PostgreSQL spread over three app instances, each with its own connection pool on one schema,
// as separate processes of one service would be. No timing: every scenario asserts its invariant.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import type { Dialect } from '../../src/db/schema.js';
import type { ServiceContext } from '../../src/services/context.js';
import { buildTestApp, createTestApp, flourBody, json, makeClient, type Client, type TestApp } from '../support/app.js';

export interface RaceApp {
  t: TestApp;
  /** One client per app instance (1 on SQLite, 3 on PostgreSQL), all for account A unless `key` says. */
  clients(key?: string): Client[];
  /** The app instances themselves (1 on SQLite, 3 on PostgreSQL), for requests with headers of their own. */
  apps: FastifyInstance[];
  close(): Promise<void>;
}

const POSTGRES_INSTANCES = 3;

/** `env`: settings of every instance beside the lifted per-minute limit (e.g. IMPORT_JOBS_PER_ACCOUNT). */
export async function createRaceApp(kind: Dialect, env: Record<string, string> = {}): Promise<RaceApp> {
  // Rounds fire hundreds of requests at a clock that does not move: lift the per-minute limit.
  const t = await createTestApp(kind, { DEFAULT_PER_MINUTE_LIMIT: '10000000', ...env });
  const others: Array<{ app: FastifyInstance; database: DatabaseHandle }> = [];
  // On SQLite one process writes through one connection; other processes are the crash-test's job
  // (scripts/crash-test.ts runs real server processes). On PostgreSQL several pools race for real.
  if (kind === 'postgres') {
    for (let i = 1; i < POSTGRES_INSTANCES; i++) {
      const database = openDatabase(t.db.config, { searchPath: t.db.schema!, maxConnections: 5 });
      others.push({ database, app: await buildTestApp({ config: t.config, database, clock: t.clock }) });
    }
  }
  const apps = [t.app, ...others.map((o) => o.app)];
  return {
    t,
    clients: (key = t.accountA.key) => apps.map((app) => makeClient(app, key)),
    apps,
    close: async () => {
      for (const other of others) {
        await other.app.close();
        await other.database.close();
      }
      await t.close();
    },
  };
}

export interface ImportContexts {
  t: TestApp;
  /** Service contexts as separate CLI runs would have them: 1 on SQLite, 3 pools on one PostgreSQL schema. */
  contexts: ServiceContext[];
  close(): Promise<void>;
}

/** Contexts for public-library imports run side by side (the CLI), each with its own pool on PostgreSQL. */
export async function createImportContexts(kind: Dialect): Promise<ImportContexts> {
  const t = await createTestApp(kind);
  const handles: DatabaseHandle[] = [];
  if (kind === 'postgres') {
    for (let i = 1; i < POSTGRES_INSTANCES; i++) handles.push(openDatabase(t.db.config, { searchPath: t.db.schema!, maxConnections: 3 }));
  }
  return {
    t,
    contexts: [t.ctx, ...handles.map((database) => ({ database, clock: t.clock }))],
    close: async () => {
      for (const handle of handles) await handle.close();
      await t.close();
    },
  };
}

/** Fires `count` requests at once, the i-th through instance i modulo the number of instances. */
export function together<T>(clients: Client[], count: number, request: (client: Client, i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => request(clients[i % clients.length]!, i)));
}

export function statusesOf(responses: LightMyRequestResponse[]): number[] {
  return responses.map((r) => r.statusCode);
}

/** No response is a 5xx; on failure, shows the first such body. */
export function expectNo5xx(responses: LightMyRequestResponse[]): void {
  const bad = responses.find((r) => r.statusCode >= 500);
  expect(bad?.body ?? null).toBeNull();
}

export async function newIngredient(c: Client, name: string): Promise<number> {
  const response = await c.post('/v1/ingredients', flourBody({ name }));
  expect(response.statusCode).toBe(201);
  return json(response).ingredient.id;
}

/** A recipe of account A with one 100 g line of `ingredientId`. */
export async function newRecipe(c: Client, name: string, ingredientId: number): Promise<number> {
  const response = await c.post('/v1/recipes/shortcut', {
    recipe: { name, servings: 1, recipe_ingredients: [{ ingredient_id: ingredientId, unit: '1 gram', quantity: 100 }] },
  });
  expect(response.statusCode).toBe(201);
  return json(response).recipe.id;
}

export async function newSubrecipe(c: Client, recipeId: number): Promise<number> {
  const response = await c.post(`/v1/recipes/${recipeId}/create_subrecipe`);
  expect(response.statusCode).toBe(201);
  return json(response).ingredient.id;
}

export const addLine = (c: Client, recipeId: number, ingredientId: number) =>
  c.post(`/v1/recipes/${recipeId}/recipe_ingredients`, {
    recipe_ingredient: { ingredient_id: ingredientId, unit: '1 gram', quantity: 10 },
  });
