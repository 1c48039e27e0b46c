// Regression: validation was quadratic and its answers unbounded. An ingredient with 20,000 unknown
// allergen names (276 KB) held the event loop for 19.7 s (each message de-duplicated with `includes`
// over every message before it) and 70,000 answered 21 MB; an 840 KB `names` object answered 12 MB,
// 200,000 shortcut ids 27.6 MB. Now every validator works to a budget (docs/api.md#input-budgets)
// and every error body is bounded. The proof counts steps, never the wall clock: each input shape is
// grown ten times, and the validators' counted steps grow at most about ten times.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setWorkCounter } from '../../src/lib/work-steps.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

/** The largest error body any of these shapes may answer. */
const SMALL = 16 * 1024;

const unknownNames = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`not an allergen ${i}`, true]));
const unknownLanguages = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`xx-${i}`, 'Mehl']));
const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1)).join(',');

describe.each(databaseKinds())('validation work grows with its input, on %s', (kind) => {
  let t: TestApp;
  let ingredientId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const created = await t.client().post('/v1/ingredients', flourBody());
    expect(created.statusCode).toBe(201);
    ingredientId = json(created).ingredient.id;
  });
  afterAll(() => t.close());
  afterEach(() => setWorkCounter(null));

  /** The steps the validators count while the request is answered, and the answer. */
  async function counted(send: () => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>) {
    let steps = 0;
    setWorkCounter((n) => (steps += n));
    const response = await send();
    setWorkCounter(null);
    return { steps, response };
  }

  const shapes: { name: string; sizes: [number, number]; send: (n: number) => Promise<any> }[] = [
    {
      name: 'POST: unknown allergen names, under the budget',
      sizes: [15, 150],
      send: (n) => t.client().post('/v1/ingredients', flourBody({ allergens: unknownNames(n) })),
    },
    {
      name: 'POST: unknown allergen names, 2,000 then 20,000',
      sizes: [2_000, 20_000],
      send: (n) => t.client().post('/v1/ingredients', flourBody({ allergens: unknownNames(n) })),
    },
    {
      name: 'PUT: unknown allergen names, 7,000 then 70,000',
      sizes: [7_000, 70_000],
      send: (n) => t.client().put(`/v1/ingredients/${ingredientId}`, { allergens: unknownNames(n) }),
    },
    {
      name: 'PUT: unknown keys of names, under the budget',
      sizes: [9, 90],
      send: (n) => t.client().put(`/v1/ingredients/${ingredientId}`, { names: unknownLanguages(n) }),
    },
    {
      name: 'PUT: unknown keys of names, 4,000 then 40,000',
      sizes: [4_000, 40_000],
      send: (n) => t.client().put(`/v1/ingredients/${ingredientId}`, { names: unknownLanguages(n) }),
    },
    {
      name: 'shortcut: ingredient ids, 20,000 then 200,000',
      sizes: [20_000, 200_000],
      send: (n) => t.client().post('/v1/recipes/shortcut', { name: 'Many', ingredient_ids: ids(n) }),
    },
    {
      name: 'shortcut: recipe_ingredients objects, 10,000 then 100,000',
      sizes: [10_000, 100_000],
      send: (n) =>
        t
          .client()
          .post('/v1/recipes/shortcut', { name: 'Many', recipe_ingredients: Array.from({ length: n }, () => ({ ingredient_id: 'x' })) }),
    },
    {
      name: 'tags: a list, 1,000 then 10,000',
      sizes: [1_000, 10_000],
      send: (n) => t.client().put(`/v1/ingredients/${ingredientId}`, { tags: Array.from({ length: n }, (_, i) => `t${i}`) }),
    },
    {
      name: 'unknown members of the body, 500 then 5,000',
      sizes: [500, 5_000],
      send: (n) => t.client().put(`/v1/ingredients/${ingredientId}`, unknownNames(n)),
    },
  ];

  it.each(shapes)(
    '$name: a small answer, never 5xx, and ten times the input takes at most about ten times the steps',
    async ({ sizes, send }) => {
      const small = await counted(() => send(sizes[0]));
      const large = await counted(() => send(sizes[1]));
      for (const { response } of [small, large]) {
        expect(response.statusCode).not.toBe(404);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.body.length).toBeLessThan(SMALL);
      }
      expect(small.steps).toBeGreaterThan(0);
      expect(large.steps).toBeLessThanOrEqual(12 * small.steps);
    },
  );

  it('20,000 unknown allergens: 422 naming allergens and its budget; nothing written', async () => {
    const before = json(await t.client().get(`/v1/ingredients/${ingredientId}`));
    const res = await t.client().put(`/v1/ingredients/${ingredientId}`, { allergens: unknownNames(20_000) });
    const body = expectError(res, 422, 'ValidationFailed');
    expect(body.errors).toEqual({ allergens: ['must have at most 200 members'] });
    expect(res.body.length).toBeLessThan(2048);
    expect(json(await t.client().get(`/v1/ingredients/${ingredientId}`))).toEqual(before);
  });

  it('150 unknown allergens (within the budget): at most 10 messages listed, with errors_total counting all', async () => {
    const res = await t.client().put(`/v1/ingredients/${ingredientId}`, { allergens: unknownNames(150) });
    const body = expectError(res, 422, 'ValidationFailed') as {
      errors: Record<string, string[]>;
      errors_total: number;
      errors_truncated: boolean;
    };
    expect(body.errors.allergens).toHaveLength(10);
    expect(body.errors_total).toBe(150);
    expect(body.errors_truncated).toBe(true);
  });
});
