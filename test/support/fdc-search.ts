// The genuine 2023 Foundation release imported into a test app's public library (as the CLI's
// `recipal usda import` does), for search-ranking tests on real food names.
import { expect } from 'vitest';
import { importUsda } from '../../src/services/usda/index.js';
import { createTestApp, flourBody, json, type TestApp } from './app.js';
import type { Dialect } from '../../src/db/schema.js';
import { F2023 } from './usda-data.js';

/** A test app whose library holds the 2023 Foundation foods and whose account A owns `ownNames`. */
export async function appWithFoundation2023(kind: Dialect, ownNames: string[]): Promise<TestApp> {
  const t = await createTestApp(kind);
  const imported = await importUsda(t.ctx, { source: F2023 });
  expect(imported.ok).toBe(true);
  for (const name of ownNames) expect((await t.client().post('/v1/ingredients', flourBody({ name }))).statusCode).toBe(201);
  return t;
}

/** Every name `GET /v1/ingredients/search` answers, in order, page after page. */
export async function searchNames(t: TestApp, q: string, key?: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const response = await t.client(key).get(`/v1/ingredients/search?q=${encodeURIComponent(q)}&page=${page}`);
    expect(response.statusCode).toBe(200);
    const items = json(response) as Array<{ ingredient: { name: string } }>;
    names.push(...items.map((e) => e.ingredient.name));
    if (items.length === 0 || names.length >= Number(response.headers['x-total-count'])) return names;
  }
}
