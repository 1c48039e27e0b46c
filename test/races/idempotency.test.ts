// Races on Idempotency-Key (docs/api.md#idempotency-key) on every database: the same keyed POST sent many times at
// once writes once. On SQLite (one instance) every duplicate waits for the first and replays it; on
// PostgreSQL (three instances on one schema) a duplicate on another instance may instead be 409
// Conflict with Retry-After, and its retry then replays the stored answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';
import { idempotentPost } from '../support/idempotent.js';
import { createRaceApp, expectNo5xx, newIngredient, type RaceApp } from './support.js';

describe.each(databaseKinds())('Idempotency-Key races on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  async function raceOne(url: string, body: Record<string, unknown>, key: string, count: number) {
    const instances = r.apps;
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) => idempotentPost(instances[i % instances.length]!, r.t.accountA.key, url, key, body)),
    );
    expectNo5xx(responses);
    const created = responses.filter((res) => res.statusCode === 201);
    const busy = responses.filter((res) => res.statusCode === 409);
    expect(created.length + busy.length).toBe(count);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const res of busy) {
      expectError(res, 409, 'Conflict');
      expect(res.headers['retry-after']).toBe('1');
    }
    if (kind === 'sqlite') expect(busy).toHaveLength(0);
    // Every answer is the one answer; a retry of a 409 replays it.
    for (const res of created) expect(res.body).toBe(created[0]!.body);
    const retry = await idempotentPost(instances[instances.length - 1]!, r.t.accountA.key, url, key, body);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(created[0]!.body);
    return json(created[0]!);
  }

  it('the same POST /v1/recipes sent 12 times at once makes one recipe', async () => {
    const made = await raceOne('/v1/recipes', { recipe: { name: 'Raced once', servings: 2 } }, 'race-recipe', 12);
    const list = json(await r.clients()[0]!.get('/v1/recipes?archived=all&q=Raced%20once')).filter(
      (x: any) => x.recipe.name === 'Raced once',
    );
    expect(list).toHaveLength(1);
    expect(list[0].recipe.id).toBe(made.recipe.id);
  });

  it('the same shortcut sent 12 times at once makes one recipe and one set of lines', async () => {
    const ingredient = await newIngredient(r.clients()[0]!, 'Raced flour');
    const body = { recipe: { name: 'Raced shortcut', ingredient_ids: `${ingredient}`, ingredient_weights: '250' } };
    const made = await raceOne('/v1/recipes/shortcut', body, 'race-shortcut', 12);
    const list = json(await r.clients()[0]!.get('/v1/recipes?archived=all&q=Raced%20shortcut')).filter(
      (x: any) => x.recipe.name === 'Raced shortcut',
    );
    expect(list).toHaveLength(1);
    const lines = json(await r.clients()[0]!.get(`/v1/recipes/${made.recipe.id}/recipe_ingredients`)).recipe.recipe_ingredients;
    expect(lines).toHaveLength(1);
  });
});
