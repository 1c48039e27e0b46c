// The race scenarios, each asserting its invariant over several rounds (docs/api.md#concurrent-writes). The race
// suites of test/races/ run them; a scenario that once failed runs there as `regression: <bug>`.
import { expect } from 'vitest';
import type { ServiceContext } from '../../src/services/context.js';
import { importPublicIngredients } from '../../src/services/ingredients/index.js';
import { flourBody, json, type Client, type TestApp } from '../support/app.js';
import { addLine, expectNo5xx, newIngredient, newRecipe, newSubrecipe, statusesOf, together, type RaceApp } from './support.js';

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

async function subrecipeRows(r: RaceApp, recipeId: number): Promise<number> {
  const rows = await r.t.db.handle.db
    .selectFrom('ingredients')
    .select('id')
    .where('recipe_id', '=', recipeId)
    .where('subrecipe', '=', 1)
    .execute();
  return rows.length;
}

/** `parallel` create_subrecipe calls on one recipe make one ingredient: one 201, the rest 200 with it. */
export async function parallelCreateSubrecipe(r: RaceApp, parallel: number, rounds: number): Promise<void> {
  const clients = r.clients();
  const flour = await newIngredient(clients[0]!, 'Flour');
  for (let round = 0; round < rounds; round++) {
    const recipe = await newRecipe(clients[0]!, `Dough ${round}`, flour);
    const responses = await together(clients, parallel, (c) => c.post(`/v1/recipes/${recipe}/create_subrecipe`));
    expectNo5xx(responses);
    expect(sorted(statusesOf(responses))).toEqual([...Array(parallel - 1).fill(200), 201].sort((a, b) => a - b));
    expect(new Set(responses.map((res) => json(res).ingredient.id)).size).toBe(1);
    expect(await subrecipeRows(r, recipe)).toBe(1);
  }
}

/** Adding A's subrecipe to B while adding B's to A: one succeeds, the other is the 422 of a sequential cycle. */
export async function crossedSubrecipeLines(r: RaceApp, rounds: number): Promise<void> {
  const clients = r.clients();
  const flour = await newIngredient(clients[0]!, 'Flour');
  for (let round = 0; round < rounds; round++) {
    const a = await newRecipe(clients[0]!, `A ${round}`, flour);
    const b = await newRecipe(clients[0]!, `B ${round}`, flour);
    const subA = await newSubrecipe(clients[0]!, a);
    const subB = await newSubrecipe(clients[0]!, b);
    const [intoB, intoA] = await together(clients, 2, (c, i) => (i === 0 ? addLine(c, b, subA) : addLine(c, a, subB)));
    expectNo5xx([intoB!, intoA!]);
    expect(sorted([intoB!.statusCode, intoA!.statusCode])).toEqual([201, 422]);
    const refused = intoB!.statusCode === 422 ? intoB! : intoA!;
    expect(json(refused).error).toBe('ValidationFailed');
    expect(json(refused).errors.ingredient_id[0]).toMatch(/contains this recipe/);
    // The graph as stored: never both edges.
    const edges = await r.t.db.handle.db
      .selectFrom('recipe_ingredients')
      .select(['recipe_id', 'ingredient_id'])
      .where('ingredient_id', 'in', [subA, subB])
      .execute();
    expect(edges).toHaveLength(1);
    // Both recipes still evaluate (a cycle would not).
    expect((await clients[0]!.get(`/v1/recipes/${a}`)).statusCode).toBe(200);
    expect((await clients[0]!.get(`/v1/recipes/${b}`)).statusCode).toBe(200);
  }
}

/**
 * Deleting an ingredient while `adds` lines using it are added: either the delete wins (200) and every
 * add is 422 naming ingredient_id, or the lines win (all 201) and the delete is 409 naming the recipe.
 */
export async function deleteIngredientWhileLinesAdded(r: RaceApp, adds: number, rounds: number): Promise<void> {
  const clients = r.clients();
  const flour = await newIngredient(clients[0]!, 'Flour');
  const recipes: number[] = [];
  for (let i = 0; i < 3; i++) recipes.push(await newRecipe(clients[0]!, `Recipe ${i}`, flour));
  for (let round = 0; round < rounds; round++) {
    const salt = await newIngredient(clients[0]!, `Salt ${round}`);
    // The delete goes at a different place in the burst each round.
    const deleteAt = round % (adds + 1);
    const responses = await together(clients, adds + 1, (c, i) =>
      i === deleteAt ? c.delete(`/v1/ingredients/${salt}`) : addLine(c, recipes[i % recipes.length]!, salt),
    );
    expectNo5xx(responses);
    const deletion = responses[deleteAt]!;
    const lines = responses.filter((_, i) => i !== deleteAt);
    const stored = await r.t.db.handle.db.selectFrom('recipe_ingredients').select('id').where('ingredient_id', '=', salt).execute();
    if (deletion.statusCode === 200) {
      for (const line of lines) {
        expect(line.statusCode).toBe(422);
        expect(Object.keys(json(line).errors)).toEqual(['ingredient_id']);
      }
      expect(stored).toHaveLength(0);
    } else {
      expect(deletion.statusCode).toBe(409);
      expect(json(deletion).message).toMatch(/"Recipe \d" \(id \d+\)/);
      expect(statusesOf(lines).every((s) => s === 201)).toBe(true);
      expect(stored).toHaveLength(adds);
    }
  }
}

/** Deleting a recipe while its subrecipe ingredient is added to other recipes: 200 and 422s, or 409 and 201s. */
export async function deleteRecipeWhileSubrecipeUsed(r: RaceApp, adds: number, rounds: number): Promise<void> {
  const clients = r.clients();
  const flour = await newIngredient(clients[0]!, 'Flour');
  const users: number[] = [];
  for (let i = 0; i < 3; i++) users.push(await newRecipe(clients[0]!, `User ${i}`, flour));
  for (let round = 0; round < rounds; round++) {
    const inner = await newRecipe(clients[0]!, `Inner ${round}`, flour);
    const sub = await newSubrecipe(clients[0]!, inner);
    const deleteAt = round % (adds + 1);
    const responses = await together(clients, adds + 1, (c, i) =>
      i === deleteAt ? c.delete(`/v1/recipes/${inner}`) : addLine(c, users[i % users.length]!, sub),
    );
    expectNo5xx(responses);
    const deletion = responses[deleteAt]!;
    const lines = responses.filter((_, i) => i !== deleteAt);
    const stored = await r.t.db.handle.db.selectFrom('recipe_ingredients').select('id').where('ingredient_id', '=', sub).execute();
    if (deletion.statusCode === 200) {
      expect(statusesOf(lines).every((s) => s === 422)).toBe(true);
      expect(stored).toHaveLength(0);
    } else {
      expect(deletion.statusCode).toBe(409);
      expect(json(deletion).message).toMatch(/"User \d" \(id \d+\)/);
      expect(statusesOf(lines).every((s) => s === 201)).toBe(true);
      expect(stored).toHaveLength(adds);
    }
  }
}

const costBody = (ingredientId: number, fields: Record<string, unknown>) => ({
  ingredient_cost: { ingredient_id: ingredientId, unit: '1 kg', quantity: 1, price: 2, shipping: 0, effective_at: '2026-01-01', ...fields },
});

/**
 * Costs for one ingredient and date (docs/api.md#costs, one entry per ingredient and date): of parallel
 * creates one is 201 and the others the 422 a sequential duplicate gets; parallel updates of one entry
 * each change their own field and none is lost; of parallel deletes one is 200, the others 404.
 */
export async function parallelCostWrites(r: RaceApp, parallel: number, rounds: number): Promise<void> {
  const clients = r.clients();
  const db = r.t.db.handle.db;
  for (let round = 0; round < rounds; round++) {
    const sugar = await newIngredient(clients[0]!, `Sugar ${round}`);
    const creates = await together(clients, parallel, (c, i) => c.post('/v1/ingredient_costs', costBody(sugar, { price: i + 1 })));
    expectNo5xx(creates);
    expect(sorted(statusesOf(creates))).toEqual([201, ...Array(parallel - 1).fill(422)]);
    for (const refused of creates.filter((res) => res.statusCode === 422))
      expect(Object.keys(json(refused).errors)).toEqual(['effective_at']);
    const rows = await db.selectFrom('ingredient_costs').selectAll().where('ingredient_id', '=', sugar).execute();
    expect(rows).toHaveLength(1);
    const winner = creates.find((res) => res.statusCode === 201)!;
    expect(Number(rows[0]!.price)).toBe(json(winner).ingredient_cost.price);

    // Three fields, each changed by its own request: all three changes survive.
    const id = rows[0]!.id;
    const changes = [{ price: 7 }, { shipping: 3 }, { quantity: 5 }];
    const updates = await together(clients, changes.length, (c, i) => c.put(`/v1/ingredient_costs/${id}`, { ingredient_cost: changes[i] }));
    expectNo5xx(updates);
    expect(statusesOf(updates)).toEqual([200, 200, 200]);
    const after = await db.selectFrom('ingredient_costs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([Number(after.price), Number(after.shipping), Number(after.quantity)]).toEqual([7, 3, 5]);

    const deletes = await together(clients, parallel, (c) => c.delete(`/v1/ingredient_costs/${id}`));
    expectNo5xx(deletes);
    expect(sorted(statusesOf(deletes))).toEqual([200, ...Array(parallel - 1).fill(404)]);
  }
}

/** Parallel scales of one recipe: every one a whole copy, and the recipe count still true. */
export async function parallelScale(r: RaceApp, parallel: number, rounds: number): Promise<void> {
  const clients = r.clients();
  const flour = await newIngredient(clients[0]!, 'Flour');
  const original = await newRecipe(clients[0]!, 'Bread', flour);
  expect((await addLine(clients[0]!, original, flour)).statusCode).toBe(201);
  const db = r.t.db.handle.db;
  const activeRecipes = () =>
    db.selectFrom('recipes').select('id').where('account_id', '=', r.t.accountA.id).where('archived', '=', 0).execute();
  const before = (await activeRecipes()).length;
  for (let round = 0; round < rounds; round++) {
    const responses = await together(clients, parallel, (c, i) => c.post(`/v1/recipes/${original}/scale`, { scale_amount: i + 2 }));
    expectNo5xx(responses);
    expect(statusesOf(responses).every((s) => s === 201)).toBe(true);
    for (const [i, response] of responses.entries()) {
      const copy = json(response).recipe;
      const lines = await db.selectFrom('recipe_ingredients').select('quantity').where('recipe_id', '=', copy.id).orderBy('id').execute();
      expect(lines.map((l) => Number(l.quantity))).toEqual([100 * (i + 2), 10 * (i + 2)]);
    }
  }
  const listed = await clients[0]!.get('/v1/recipes');
  const stored = await activeRecipes();
  expect(Number(listed.headers['x-total-count'])).toBe(stored.length);
  expect(stored.length - before).toBe(parallel * rounds);
}

/** Parallel updates of one recipe each change their own field; parallel deletes: one 200, the count stays true. */
export async function parallelRecipeWrites(r: RaceApp, rounds: number): Promise<void> {
  const clients = r.clients();
  const flour = await newIngredient(clients[0]!, 'Flour');
  const db = r.t.db.handle.db;
  for (let round = 0; round < rounds; round++) {
    const recipe = await newRecipe(clients[0]!, `Cake ${round}`, flour);
    const changes = [{ sku: `SKU-${round}` }, { preparation: 'Bake' }, { labor_cost: 12 }, { archived: true }];
    const updates = await together(clients, changes.length, (c, i) => c.put(`/v1/recipes/${recipe}`, { recipe: changes[i] }));
    expectNo5xx(updates);
    expect(statusesOf(updates)).toEqual([200, 200, 200, 200]);
    const stored = await db.selectFrom('recipes').selectAll().where('id', '=', recipe).executeTakeFirstOrThrow();
    expect([stored.sku, stored.preparation, Number(stored.labor_cost), stored.archived]).toEqual([`SKU-${round}`, 'Bake', 12, 1]);
    const deletes = await together(clients, 4, (c) => c.delete(`/v1/recipes/${recipe}`));
    expectNo5xx(deletes);
    expect(sorted(statusesOf(deletes))).toEqual([200, 404, 404, 404]);
  }
  for (const archived of ['', '?archived=true']) {
    const listed = await clients[0]!.get(`/v1/recipes${archived}`);
    const stored = await db
      .selectFrom('recipes')
      .select('id')
      .where('account_id', '=', r.t.accountA.id)
      .where('archived', '=', archived ? 1 : 0)
      .execute();
    expect(Number(listed.headers['x-total-count'])).toBe(stored.length);
  }
}

/** Parallel updates of one ingredient (fields and tags) each keep their change; parallel deletes: one 200. */
export async function parallelIngredientWrites(r: RaceApp, rounds: number): Promise<void> {
  const clients = r.clients();
  for (let round = 0; round < rounds; round++) {
    const id = await newIngredient(clients[0]!, `Oat ${round}`);
    const changes = [{ brand: 'Acme' }, { name_fr: 'Avoine' }, { tags: ['dry', 'grain'] }, { tags: ['dry', 'grain'] }, { archived: true }];
    const updates = await together(clients, changes.length, (c, i) => c.put(`/v1/ingredients/${id}`, { ingredient: changes[i] }));
    expectNo5xx(updates);
    expect(statusesOf(updates).every((s) => s === 200)).toBe(true);
    const read = json(await clients[0]!.get(`/v1/ingredients/${id}`)).ingredient;
    expect([read.brand, read.name_fr, read.archived]).toEqual(['Acme', 'Avoine', true]);
    expect(read.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(['dry', 'grain']);
    const deletes = await together(clients, 4, (c) => c.delete(`/v1/ingredients/${id}`));
    expectNo5xx(deletes);
    expect(sorted(statusesOf(deletes))).toEqual([200, 404, 404, 404]);
  }
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const cookieOf = (raw: string | string[] | undefined, name: string) =>
  [raw ?? []]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${name}=`))!
    .split(';', 1)[0]!;
const csrfOf = (body: string) => /name="csrf" value="([^"]+)"/.exec(body)![1]!;

/** Signs in to the account page with `key`; the session cookie and CSRF token for its forms. */
async function accountSession(r: RaceApp, key: string): Promise<{ cookie: string; csrf: string }> {
  const app = r.t.app;
  const page = await app.inject({ method: 'GET', url: '/account' });
  const login = cookieOf(page.headers['set-cookie'], 'recipal_login');
  const signedIn = await app.inject({
    method: 'POST',
    url: '/account/session',
    headers: { ...FORM, cookie: login },
    payload: new URLSearchParams({ csrf: csrfOf(page.body), api_key: key }).toString(),
  });
  expect(signedIn.statusCode).toBe(303);
  const cookie = cookieOf(signedIn.headers['set-cookie'], 'recipal_session');
  const account = await app.inject({ method: 'GET', url: '/account', headers: { cookie } });
  return { cookie, csrf: csrfOf(account.body) };
}

/**
 * Revoking a key while requests use it (and revoking it twice at once): no 5xx, requests in flight are
 * 200 or 401, exactly one revoke reports it revoked, and after the revoke's answer no request is
 * served with the key, on any instance.
 */
export async function revokeKeyWhileInUse(r: RaceApp, inFlight: number, rounds: number): Promise<void> {
  const { createKey } = await import('../../src/services/accounts/index.js');
  const session = await accountSession(r, r.t.accountA.key);
  for (let round = 0; round < rounds; round++) {
    const created = (await createKey(r.t.ctx, r.t.accountA.id))!;
    const clients: Client[] = r.clients(created.api_key);
    // Known to the authentication cache before the race, as a key in use is.
    expect((await clients[0]!.get('/v1/ingredients')).statusCode).toBe(200);
    r.t.clock.advance(61_000); // the key's last_used_at is due again: the lookup writes, and waits
    const revoke = () =>
      r.t.app.inject({
        method: 'POST',
        url: '/account/keys/revoke',
        headers: { ...FORM, cookie: session.cookie },
        payload: new URLSearchParams({ csrf: session.csrf, key_id: String(created.key.id) }).toString(),
      });
    const uses = together(clients, inFlight, (c) => c.get('/v1/ingredients'));
    const revokes = Promise.all([revoke(), revoke()]);
    const [answers, used] = await Promise.all([revokes, uses]);
    expectNo5xx([...answers, ...used]);
    expect(statusesOf(used).every((s) => s === 200 || s === 401)).toBe(true);
    expect(answers.filter((a) => a.body.includes('The key was revoked.'))).toHaveLength(1);
    expect(answers.filter((a) => a.body.includes('No such active key on this account.'))).toHaveLength(1);
    const after = await together(clients, inFlight, (c) => c.get('/v1/ingredients'));
    expect(statusesOf(after)).toEqual(Array(inFlight).fill(401));
  }
}

/** `runs` concurrent imports of the same public names (one per context, in turn): all succeed, each name once. */
export async function concurrentPublicImports(t: TestApp, contexts: ServiceContext[], runs: number, rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const names = Array.from({ length: 5 }, (_, i) => `Public ${round}-${i}`);
    const results = await Promise.all(
      Array.from({ length: runs }, (_, run) =>
        importPublicIngredients(
          contexts[run % contexts.length]!,
          names.map((name) => ({ ...flourBody({ name }), brand: `run ${run}` })),
        ),
      ),
    );
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(names.length);
    expect(results.reduce((n, r) => n + r.created + r.updated, 0)).toBe(names.length * runs);
    const rows = await t.db.handle.db
      .selectFrom('ingredients')
      .select('name')
      .where('account_id', 'is', null)
      .where('name', 'in', names)
      .execute();
    expect(rows.map((r) => r.name).sort()).toEqual(names);
  }
}

/** Updating an ingredient's cost entry while the ingredient is deleted: the delete is 200, updates 200 or 404, never 5xx. */
export async function costUpdatesWhileIngredientDeleted(r: RaceApp, updates: number, rounds: number): Promise<void> {
  const clients = r.clients();
  for (let round = 0; round < rounds; round++) {
    const ingredient = await newIngredient(clients[0]!, `Yeast ${round}`);
    const created = await clients[0]!.post('/v1/ingredient_costs', costBody(ingredient, {}));
    expect(created.statusCode).toBe(201);
    const cost = json(created).ingredient_cost.id;
    const deleteAt = round % (updates + 1);
    const responses = await together(clients, updates + 1, (c, i) =>
      i === deleteAt
        ? c.delete(`/v1/ingredients/${ingredient}`)
        : c.put(`/v1/ingredient_costs/${cost}`, { ingredient_cost: { price: i + 1 } }),
    );
    expectNo5xx(responses);
    expect(responses[deleteAt]!.statusCode).toBe(200);
    expect(responses.filter((_, i) => i !== deleteAt).every((res) => res.statusCode === 200 || res.statusCode === 404)).toBe(true);
    expect((await clients[0]!.get(`/v1/ingredient_costs/${cost}`)).statusCode).toBe(404);
  }
}
