// The price cache behind recipe costs (src/services/costs/price-cache.ts) never serves a price that changed:
// every read checks the account's cost version, so a price written through another instance (its own
// cache, its own connections: as another process) counts on the very next read of this one. On each database.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { activePrices } from '../../src/services/costs/index.js';
import { importPublicIngredients } from '../../src/services/ingredients/index.js';
import { buildTestApp, createTestApp, flourBody, json, makeClient, type Client, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('recipe costs through a price cache on %s', (kind) => {
  let t: TestApp;
  let other: { app: FastifyInstance; database: DatabaseHandle };
  let a: Client; // instance 1, account A
  let a2: Client; // instance 2, account A
  let b: Client; // instance 1, account B
  const b2 = () => makeClient(other.app, t.accountB.key); // instance 2, account B
  let flour: number;
  let sugar: number;
  let recipe: number;
  let publicOil: number;

  const batchOf = async (c: Client, id: number, query = '') => json(await c.get(`/v1/recipes/${id}${query}`)).recipe.costs;
  const versionOf = async (accountId: number) =>
    Number(
      (await t.db.handle.db.selectFrom('accounts').select('cost_version').where('id', '=', accountId).executeTakeFirstOrThrow())
        .cost_version,
    );
  const price = (c: Client, ingredientId: number, amount: number, date = '2026-01-01') =>
    c.post('/v1/ingredient_costs', {
      ingredient_cost: { ingredient_id: ingredientId, unit: 'kg', quantity: 1, price: amount, effective_at: date },
    });

  beforeAll(async () => {
    t = await createTestApp(kind); // the clock says 2026-11-18
    const database =
      t.db.config.kind === 'sqlite'
        ? openDatabase(t.db.config)
        : openDatabase(t.db.config, { searchPath: t.db.schema!, maxConnections: 5 });
    other = { database, app: await buildTestApp({ config: t.config, database, clock: t.clock }) };
    a = t.client();
    a2 = makeClient(other.app, t.accountA.key);
    b = t.client(t.accountB.key);
    flour = json(await a.post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient.id;
    sugar = json(await a.post('/v1/ingredients', flourBody({ name: 'Sugar', description1: '1 kg', weight1: 1000 }))).ingredient.id;
    // A public ingredient both accounts price, each at its own price.
    await importPublicIngredients(t.ctx, [
      { ...flourBody({ name: 'Public oil', description1: '1 kg', weight1: 1000 }), usda_verified: true },
    ]);
    publicOil = (await t.db.handle.db.selectFrom('ingredients').select('id').where('name', '=', 'Public oil').executeTakeFirstOrThrow()).id;
    expect((await price(a, flour, 2)).statusCode).toBe(201);
    const created = await a.post('/v1/recipes/shortcut', {
      recipe: {
        name: 'Bread',
        servings: 1,
        recipe_ingredients: [
          { ingredient_id: flour, unit: 'g', quantity: 500 },
          { ingredient_id: sugar, unit: 'g', quantity: 100 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    recipe = json(created).recipe.id;
  });
  afterAll(async () => {
    await other.app.close();
    await other.database.close();
    await t.close();
  });

  it('serves repeated reads from the cache and sees a price added through another instance at once', async () => {
    expect(await batchOf(a, recipe)).toMatchObject({ ingredients: 1, missing_costs: [sugar] });
    expect(await batchOf(a, recipe)).toMatchObject({ ingredients: 1, missing_costs: [sugar] }); // cached now
    expect((await price(a2, sugar, 3)).statusCode).toBe(201);
    expect(await batchOf(a, recipe)).toMatchObject({ ingredients: 1.3, missing_costs: [] });
  });

  it('sees a price changed and a price deleted through another instance at once', async () => {
    const entries = json(await a2.get(`/v1/ingredients/${flour}/ingredient_costs`)).map((e: any) => e.ingredient_cost);
    expect((await a2.put(`/v1/ingredient_costs/${entries[0].id}`, { ingredient_cost: { price: 4 } })).statusCode).toBe(200);
    expect(await batchOf(a, recipe)).toMatchObject({ ingredients: 2.3 });
    expect((await a2.delete(`/v1/ingredient_costs/${entries[0].id}`)).statusCode).toBe(200);
    expect(await batchOf(a, recipe)).toMatchObject({ ingredients: 0.3, missing_costs: [flour] });
    expect((await price(a2, flour, 2)).statusCode).toBe(201);
    expect(await batchOf(a, recipe)).toMatchObject({ ingredients: 1.3, missing_costs: [] });
  });

  it('keeps each cost date apart (today, a past date, a future price)', async () => {
    expect((await price(a2, flour, 6, '2026-12-01')).statusCode).toBe(201);
    expect(await batchOf(a, recipe, '?cost_date=2025-06-01')).toMatchObject({ ingredients: 0, missing_costs: [flour, sugar] });
    expect(await batchOf(a, recipe)).toMatchObject({ ingredients: 1.3 });
    expect(await batchOf(a, recipe, '?cost_date=2026-12-01')).toMatchObject({ ingredients: 3.3 });
    expect(await batchOf(a, recipe, '?cost_date=2025-06-01')).toMatchObject({ ingredients: 0 });
  });

  it('reads more cost dates than the cache keeps (8 per account) and each still gets its own prices', async () => {
    const novemberDays = Array.from({ length: 12 }, (_, i) => `2026-11-${String(10 + i).padStart(2, '0')}`);
    for (const day of novemberDays) expect(await batchOf(a, recipe, `?cost_date=${day}`)).toMatchObject({ ingredients: 1.3 });
    // The dates read first were pushed out by the later ones: read again, they come from the database.
    expect(await batchOf(a, recipe, '?cost_date=2025-06-01')).toMatchObject({ ingredients: 0, missing_costs: [flour, sugar] });
    expect(await batchOf(a, recipe, '?cost_date=2026-12-01')).toMatchObject({ ingredients: 3.3 });
    expect(await batchOf(a, recipe, `?cost_date=${novemberDays[0]}`)).toMatchObject({ ingredients: 1.3 });
  });

  it('a rejected write changes neither the version nor any cost', async () => {
    const before = await versionOf(t.accountA.id);
    const duplicate = await price(a2, sugar, 99); // sugar already has a cost on 2026-01-01
    expect(duplicate.statusCode).toBe(422);
    expect(await versionOf(t.accountA.id)).toBe(before);
    expect(await batchOf(a, recipe)).toMatchObject({ ingredients: 1.3 });
  });

  it("one account's writes leave another's version and prices alone, also on a shared public ingredient", async () => {
    const oilRecipe = (c: Client) =>
      c.post('/v1/recipes/shortcut', {
        recipe: { name: 'Oil', servings: 1, recipe_ingredients: [{ ingredient_id: publicOil, unit: 'g', quantity: 1000 }] },
      });
    const forA = json(await oilRecipe(a)).recipe.id;
    const forB = json(await oilRecipe(b)).recipe.id;
    expect((await price(a, publicOil, 5)).statusCode).toBe(201);
    expect(await batchOf(a, forA)).toMatchObject({ ingredients: 5 });
    expect(await batchOf(b, forB)).toMatchObject({ ingredients: 0, missing_costs: [publicOil] });
    const versionA = await versionOf(t.accountA.id);
    expect((await price(b, publicOil, 7)).statusCode).toBe(201);
    expect(await versionOf(t.accountA.id)).toBe(versionA);
    expect(await batchOf(b, forB)).toMatchObject({ ingredients: 7, missing_costs: [] });
    expect(await batchOf(a, forA)).toMatchObject({ ingredients: 5 });
  });

  it('a read that raced a write (older version than the cached one) reads the database and keeps the newer cache', async () => {
    // Account B and its own ingredient, so the rows changed behind the cache's back below touch no other test.
    const db = t.db.handle.db;
    const salt = json(await b.post('/v1/ingredients', flourBody({ name: 'Salt' }))).ingredient.id;
    expect((await price(b, salt, 1)).statusCode).toBe(201);
    const version = await versionOf(t.accountB.id);
    const priceOf = async (v: number) => (await activePrices(db, t.accountB.id, v, [salt], '2026-11-18')).get(salt)?.price;
    expect(await priceOf(version)).toBe(1); // read and cached at this version
    // Changed without a version bump (as only a write behind the API could): the cache still answers.
    await db.updateTable('ingredient_costs').set({ price: 50 }).where('ingredient_id', '=', salt).execute();
    expect(await priceOf(version)).toBe(1);
    expect(await priceOf(version - 1)).toBe(50); // an older reader reads the database...
    expect(await priceOf(version)).toBe(1); // ...and leaves the newer cache in place
    expect(await priceOf(version + 1)).toBe(50); // a newer version the change log cannot explain: re-read
    await db
      .updateTable('accounts')
      .set({ cost_version: version + 1 })
      .where('id', '=', t.accountB.id)
      .execute();
  });

  describe('after a change, re-reads what the change log names', () => {
    // Account B's own recipe of two priced ingredients; rows changed behind the API's back (plain SQL,
    // no logged change) show which prices a read took from the cache and which it read again.
    let pepper: number;
    let cumin: number;
    let spice: number;
    const rowPrice = (ingredientId: number, value: number) =>
      t.db.handle.db.updateTable('ingredient_costs').set({ price: value }).where('ingredient_id', '=', ingredientId).execute();
    beforeAll(async () => {
      pepper = json(await b.post('/v1/ingredients', flourBody({ name: 'Pepper', description1: '1 kg', weight1: 1000 }))).ingredient.id;
      cumin = json(await b.post('/v1/ingredients', flourBody({ name: 'Cumin', description1: '1 kg', weight1: 1000 }))).ingredient.id;
      expect((await price(b, pepper, 10)).statusCode).toBe(201);
      expect((await price(b, cumin, 20)).statusCode).toBe(201);
      spice = json(
        await b.post('/v1/recipes/shortcut', {
          recipe: {
            name: 'Spice mix',
            servings: 1,
            recipe_ingredients: [
              { ingredient_id: pepper, unit: 'g', quantity: 1000 },
              { ingredient_id: cumin, unit: 'g', quantity: 1000 },
            ],
          },
        }),
      ).recipe.id;
    });

    it('only the ingredients changed since the cached version', async () => {
      expect(await batchOf(b, spice)).toMatchObject({ ingredients: 30 }); // cached
      await rowPrice(cumin, 99); // behind the cache's back
      const entry = json(await b2().get(`/v1/ingredients/${pepper}/ingredient_costs`))[0].ingredient_cost;
      expect((await b2().put(`/v1/ingredient_costs/${entry.id}`, { ingredient_cost: { price: 11 } })).statusCode).toBe(200);
      // Pepper was re-read (11); cumin still came from the cache (20, not the 99 written behind its back).
      expect(await batchOf(b, spice)).toMatchObject({ ingredients: 31 });
      await rowPrice(cumin, 20);
    });

    it('everything when the log no longer reaches back to the cached version', async () => {
      expect(await batchOf(b, spice)).toMatchObject({ ingredients: 31 });
      await rowPrice(cumin, 25);
      // As if thousands of changes had happened since and the oldest had been trimmed from the log.
      const version = await versionOf(t.accountB.id);
      await t.db.handle.db
        .updateTable('accounts')
        .set({ cost_version: version + 5000 })
        .where('id', '=', t.accountB.id)
        .execute();
      expect(await batchOf(b, spice)).toMatchObject({ ingredients: 36 });
    });

    it('keeps at least the last 1,000 versions of the log, trimmed every 100 writes', async () => {
      const db = t.db.handle.db;
      const logged = async () =>
        (await db.selectFrom('cost_changes').select('version').where('account_id', '=', t.accountB.id).orderBy('version').execute()).map(
          (r) => r.version,
        );
      expect((await logged()).length).toBeGreaterThan(0);
      await db.updateTable('accounts').set({ cost_version: 7098 }).where('id', '=', t.accountB.id).execute();
      const entry = json(await b2().get(`/v1/ingredients/${cumin}/ingredient_costs`))[0].ingredient_cost;
      expect((await b2().put(`/v1/ingredient_costs/${entry.id}`, { ingredient_cost: { price: 21 } })).statusCode).toBe(200); // 7099
      const before = await logged();
      expect(before.at(-1)).toBe(7099);
      expect(before.length).toBeGreaterThan(1); // the early versions are still there
      expect((await b2().put(`/v1/ingredient_costs/${entry.id}`, { ingredient_cost: { price: 22 } })).statusCode).toBe(200); // 7100: trim <= 6100
      expect(await logged()).toEqual([7099, 7100]);
      expect(await batchOf(b, spice)).toMatchObject({ ingredients: 33 });
      // Account A's log is its own: untouched by B's trim.
      expect(
        Number(
          (
            await db
              .selectFrom('cost_changes')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('account_id', '=', t.accountA.id)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBeGreaterThan(0);
    });
  });
});
