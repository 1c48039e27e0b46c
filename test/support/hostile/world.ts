// The records the hostile requests aim at: for accounts A and B each an ingredient, a recipe using
// it (one line), a cost, the recipe's embed token, a finished asynchronous render with its signed
// download link, an approval and an import's report; plus a public ingredient. Successful writes may delete or rotate A's records, so
// `repair` puts back whatever is gone after every request that changed something.
import type { LightMyRequestResponse } from 'fastify';
import { flourBody, makeClient, type Client, type TestApp } from '../app.js';
import { uploadSheet } from '../spreadsheet-upload.js';

export interface AccountRecords {
  key: string;
  ingredient: number;
  recipe: number;
  line: number;
  cost: number;
  embed: string;
  render: string;
  /** The render's download query: expires and signature. */
  download: Record<string, string>;
  /** An approved label of the recipe (docs/api.md#history): permanent, so never repaired. */
  approval: number;
  /** The id of a kept import report (docs/api.md#spreadsheet-imports): permanent until pruned, so never repaired. */
  import: string;
}

export interface World {
  a: AccountRecords;
  b: AccountRecords;
  publicIngredient: number;
}

function ok(response: LightMyRequestResponse, what: string): any {
  if (response.statusCode >= 300) throw new Error(`fixture ${what}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json();
}

/** Waits for an asynchronous render to finish by polling its status (each poll yields to the worker). */
export async function settleRender(client: Client, token: string): Promise<any> {
  for (;;) {
    const status = ok(await client.get(`/v1/recipes/label_renders/${token}`), 'render status').label_render;
    if (status.status === 'ready' || status.status === 'error') return status;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function records(t: TestApp, key: string, name: string): Promise<AccountRecords> {
  const client = makeClient(t.app, key);
  const ingredient = ok(await client.post('/v1/ingredients', flourBody({ name: `${name} flour` })), 'ingredient').ingredient.id as number;
  const recipe = ok(await client.post('/v1/recipes', { name: `${name} bread`, servings: 2 }), 'recipe').recipe;
  const line = ok(
    await client.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { ingredient_id: ingredient, quantity: 1, unit: '1 cup' }),
    'line',
  ).recipe_ingredient.id as number;
  const cost = ok(
    await client.post('/v1/ingredient_costs', {
      ingredient_id: ingredient,
      effective_at: '2026-11-01',
      unit: '1 cup',
      quantity: 1,
      price: 2.5,
    }),
    'cost',
  ).ingredient_cost.id as number;
  const render = ok(await client.get(`/v1/recipes/${recipe.id}/label.svg?async=true`), 'render').label_render.token as string;
  const url = new URL((await settleRender(client, render)).url);
  const approval = ok(await client.post(`/v1/recipes/${recipe.id}/label_approvals`, { accept_incomplete: true }), 'approval').label_approval
    .id as number;
  return {
    key,
    ingredient,
    recipe: recipe.id,
    line,
    cost,
    embed: recipe.embed_token,
    render,
    download: Object.fromEntries(url.searchParams),
    approval,
    // A dry run of a record never written: it checks whatever the account already holds.
    import: ok(
      await uploadSheet(t, `name,food,non_food,description1,weight1\n${name} import check,false,packaging,1 box,10\n`, {
        kind: 'ingredients',
        key,
      }),
      'import',
    ).import.id as string,
  };
}

export async function createWorld(t: TestApp): Promise<World> {
  const inserted = await t.db.handle.db
    .insertInto('ingredients')
    .values({
      account_id: null,
      name: 'Public oats',
      search_name: 'public oats',
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    a: await records(t, t.accountA.key, 'A'),
    b: await records(t, t.accountB.key, 'B'),
    publicIngredient: Number(inserted.id),
  };
}

const gone = (response: LightMyRequestResponse) => response.statusCode === 404;

/**
 * After a successful write: puts back what it removed of A's records and re-reads the embed token
 * (a recipe update may rotate it). Reads only what that kind of write can have changed.
 */
export async function repair(t: TestApp, world: World, method: string, target: string): Promise<void> {
  if (method !== 'DELETE' && !(method === 'PUT' && target === 'PUT /v1/recipes/{id}')) return;
  const client = makeClient(t.app, world.a.key);
  const a = world.a;
  if (gone(await client.get(`/v1/recipes/${a.recipe}`)) || gone(await client.get(`/v1/ingredients/${a.ingredient}`))) {
    world.a = await records(t, a.key, 'A');
    return;
  }
  if (gone(await client.get(`/v1/recipes/${a.recipe}/recipe_ingredients/${a.line}`))) {
    const line = await client.post(`/v1/recipes/${a.recipe}/recipe_ingredients`, {
      ingredient_id: a.ingredient,
      quantity: 1,
      unit: '1 gram',
    });
    // The ingredient may have become unusable in a recipe: start over.
    if (line.statusCode !== 201) {
      world.a = await records(t, a.key, 'A');
      return;
    }
    a.line = line.json().recipe_ingredient.id;
  }
  if (gone(await client.get(`/v1/ingredient_costs/${a.cost}`))) {
    const cost = await client.post('/v1/ingredient_costs', {
      ingredient_id: a.ingredient,
      effective_at: '2026-11-01',
      unit: '1 gram',
      quantity: 1,
      price: 2.5,
    });
    if (cost.statusCode === 201) a.cost = cost.json().ingredient_cost.id;
  }
  a.embed = ok(await client.get(`/v1/recipes/${a.recipe}`), 'recipe').recipe.embed_token;
}
