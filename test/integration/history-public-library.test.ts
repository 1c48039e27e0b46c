// History of public-library changes (docs/api.md#history): a re-import that changes a library food gives
// every recipe using it (in any account, directly or through a subrecipe) a revision by no key, in the
// import's transaction; ?as_of= before it still answers with the old value. Accounts that do not use
// the food get nothing, and no account sees another's recipes in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPublicIngredients } from '../../src/services/ingredients/index.js';
import { createTestApp, flourBody, json, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('public-library changes in history on %s', (kind) => {
  let t: TestApp;
  let a: Client;
  let b: Client;
  let salt: number;
  let bread: number;
  let loaf: number;
  let soup: number;
  const seaSalt = (sodium: number) => ({ ...flourBody({ name: 'Sea salt', sodium }), usda_verified: true });

  beforeAll(async () => {
    t = await createTestApp(kind);
    a = t.client();
    b = t.client(t.accountB.key);
    t.clock.set('2026-01-01T00:00:00Z');
    await importPublicIngredients(t.ctx, [seaSalt(100)]);
    salt = (await t.db.handle.db.selectFrom('ingredients').select('id').where('name', '=', 'Sea salt').executeTakeFirstOrThrow()).id;
    // Account A: Bread uses the salt; Loaf uses Bread as a subrecipe. Account B: Soup uses it too.
    bread = json(
      await a.post('/v1/recipes/shortcut', {
        recipe: { name: 'Bread', servings: 1, recipe_ingredients: [{ ingredient_id: salt, total_grams: 10 }] },
      }),
    ).recipe.id;
    const breadIngredient = json(await a.post(`/v1/recipes/${bread}/create_subrecipe`)).ingredient.id;
    loaf = json(
      await a.post('/v1/recipes/shortcut', {
        recipe: { name: 'Loaf', servings: 1, recipe_ingredients: [{ ingredient_id: breadIngredient, total_grams: 10 }] },
      }),
    ).recipe.id;
    soup = json(
      await b.post('/v1/recipes/shortcut', {
        recipe: { name: 'Soup', servings: 1, recipe_ingredients: [{ ingredient_id: salt, total_grams: 5 }] },
      }),
    ).recipe.id;
    t.clock.set('2026-02-01T00:00:00Z');
    await importPublicIngredients(t.ctx, [seaSalt(900)]);
  });
  afterAll(async () => {
    await t.close();
  });

  const revisions = async (client: Client, id: number) => json(await client.get(`/v1/recipes/${id}/revisions`)).map((r: any) => r.revision);

  it('gives each recipe using the food, at any depth and in every account, a revision by no key', async () => {
    for (const [client, id] of [
      [a, bread],
      [a, loaf],
      [b, soup],
    ] as const) {
      const [latest] = await revisions(client, id);
      expect(latest.created_at).toBe('2026-02-01T00:00:00Z');
      expect(latest.changed_by).toBeNull();
      expect(latest.request_id).toBeNull();
      expect(latest.changes).toEqual([
        expect.objectContaining({
          field: 'sodium',
          ingredient_id: salt,
          basis: 'per 100 g',
          old: expect.any(Number),
          new: expect.any(Number),
        }),
      ]);
      expect(latest.changes[0].new).toBeGreaterThan(latest.changes[0].old);
    }
  });

  it('answers ?as_of= before the import with the old sodium, and after it with the new', async () => {
    const sodium = async (asOf: string) =>
      json(await a.get(`/v1/recipes/${bread}/label?as_of=${asOf}`)).label.nutrients.find((r: any) => r.key === 'sodium').amount;
    const before = await sodium('2026-01-15');
    const after = await sodium('2026-02-02');
    expect(after).toBeGreaterThan(before);
  });

  it('is not an audit event of any account, and another account still cannot read the revisions', async () => {
    for (const client of [a, b]) {
      const events = json(await client.get('/v1/audit_events')).map((e: any) => e.audit_event.created_at);
      expect(events).not.toContain('2026-02-01T00:00:00Z');
    }
    expect((await b.get(`/v1/recipes/${bread}/revisions`)).statusCode).toBe(404);
    expect((await a.get(`/v1/recipes/${soup}/revisions`)).statusCode).toBe(404);
  });

  it('an import that changes nothing makes no revision', async () => {
    const count = (await revisions(a, bread)).length;
    t.clock.set('2026-03-01T00:00:00Z');
    await importPublicIngredients(t.ctx, [seaSalt(900)]);
    expect((await revisions(a, bread)).length).toBe(count);
  });
});
