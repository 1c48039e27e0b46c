// The Ingredients API through the real HTTP app on real databases (docs/api.md#ingredients, docs/api.md#conventions–docs/api.md#ingredients).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

describe.each(databaseKinds())('ingredients on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const countRows = async () =>
    Number(
      (
        await t.db.handle.db
          .selectFrom('ingredients')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates from a JSON body and stores nutrients per 100 g relative to weight1', async () => {
    const res = await t
      .client()
      .post('/v1/ingredients', { ingredient: flourBody({ weight1: 20, calories: 5, allergens: { Wheat: true } }) });
    expect(res.statusCode).toBe(201);
    const { ingredient } = json(res);
    expect(ingredient.calories).toBe(25); // docs/api.md#ingredients: 5 for weight1 = 20 yields 25
    expect(ingredient.protein).toBeCloseTo(64.5, 10);
    expect(ingredient.weight1).toBe(20);
    expect(ingredient.description1).toBe('1 cup');
    expect(ingredient.default_unit).toBe('1 cup');
    expect(ingredient.allergens).toEqual({ wheat: true });
    expect(ingredient.uncounted_fiber).toBe(0);
    expect(ingredient.potassium).toBeNull();
    expect(ingredient.food).toBe(true);
    expect(ingredient.public).toBe(false);
    expect(ingredient.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('derives mass units always and every volume unit from one volume weight', async () => {
    const res = await t
      .client()
      .post('/v1/ingredients', flourBody({ description1: '1/2 cup', weight1: 60, description2: '1 large scoop', weight2: 45 }));
    const { ingredient } = json(res);
    const units = ingredient.units_and_grams;
    expect(units['1 gram']).toBe(1);
    expect(units['1 oz']).toBeCloseTo(28.349523, 5);
    expect(units['1 kg']).toBe(1000);
    expect(units['1/2 cup']).toBe(60);
    expect(units['1 cup']).toBeCloseTo(120, 6);
    expect(units['1 tablespoon']).toBeCloseTo(120 / 16, 6);
    expect(units['1 liter']).toBeCloseTo((120 / 236.5882365) * 1000, 4);
    expect(units['1 large scoop']).toBe(45);
    expect(ingredient.valid_units).toEqual(
      expect.arrayContaining(['gram', 'oz', 'lb', 'kg', 'teaspoon', 'cup', 'gallon', 'ml', 'liter', 'large scoop']),
    );
  });

  it('has no volume units when no description is a volume', async () => {
    const { ingredient } = json(await t.client().post('/v1/ingredients', flourBody({ description1: '1 large egg', weight1: 50 })));
    expect(ingredient.units_and_grams['1 cup']).toBeUndefined();
    expect(ingredient.units_and_grams['1 large egg']).toBe(50);
  });

  it('accepts Rails bracket form bodies with string coercion, tags and allergen display names', async () => {
    const body = { ingredient: { ...flourBody({ name: 'Butter' }), food: 'true', allergens: { Milk: 'true' }, tags: ['dairy', 'fridge'] } };
    const res = await t.client().post('/api/v1/ingredients', body, 'form');
    expect(res.statusCode).toBe(201);
    const { ingredient } = json(res);
    expect(ingredient.name).toBe('Butter');
    expect(ingredient.calories).toBeCloseTo(364, 10);
    expect(ingredient.allergens).toEqual({ milk: true });
    expect(ingredient.tags).toEqual([{ name: 'dairy' }, { name: 'fridge' }]);
  });

  it('accepts multipart bodies with the same field names', async () => {
    const boundary = '----recipal';
    const fields = { ...flourBody({ name: 'Rye flour' }), 'allergens][rye': 'true' } as Record<string, unknown>;
    const parts = Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="ingredient[${k}]"\r\n\r\n${v}\r\n`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/ingredients',
      headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${parts.join('')}--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).ingredient.name).toBe('Rye flour');
    expect(json(res).ingredient.allergens).toEqual({ gluten: 'rye' });
  });

  it('ignores unknown fields and names them in X-Ignored-Fields, never in the body', async () => {
    const res = await t.client().post('/v1/ingredients', { ingredient: flourBody({ colour: 'white' }), extra: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-ignored-fields']).toContain('colour');
    expect(Object.keys(json(res))).toEqual(['ingredient']);
  });

  it('creates non-food items without nutrition, with flags from non_food', async () => {
    const res = await t
      .client()
      .post('/v1/ingredients', { name: 'Baker hour', description1: '1 hour', weight1: 1, food: false, non_food: 'labor' });
    expect(res.statusCode).toBe(201);
    const { ingredient } = json(res);
    expect(ingredient).toMatchObject({
      food: false,
      non_food: 'labor',
      non_food_hourly: true,
      packaging: false,
      safety: false,
      calories: null,
    });
    expect(ingredient.units_and_grams['1 minute']).toBeCloseTo(1 / 60, 6);
    const box = json(
      await t.client().post('/v1/ingredients', { name: 'Box', description1: '1 box', weight1: 30, food: false, non_food: 'packaging' }),
    ).ingredient;
    expect(box).toMatchObject({ packaging: true, non_food_hourly: false });
    const check = await t.client().post('/v1/ingredients', {
      name: 'Oven temp',
      description1: '1 degree F',
      weight1: 1,
      food: false,
      non_food: 'safety',
      safety_amount: 350,
    });
    expect(json(check).ingredient).toMatchObject({ safety: true, safety_amount: 350 });
    const passFail = await t
      .client()
      .post('/v1/ingredients', { name: 'Metal check', description1: 'pass_fail', weight1: 1, food: false, non_food: 'safety' });
    expect(passFail.statusCode).toBe(201);
  });

  it('updates only what is sent; nutrients relative to the stored or the new weight1', async () => {
    const created = json(await t.client().post('/v1/ingredients', flourBody({ weight1: 50, calories: 100 }))).ingredient;
    expect(created.calories).toBe(200);
    const a = json(await t.client().put(`/v1/ingredients/${created.id}`, { ingredient: { calories: 60 } })).ingredient;
    expect(a.calories).toBe(120); // relative to the stored weight1 = 50
    expect(a.protein).toBe(created.protein);
    const b = json(await t.client().put(`/v1/ingredients/${created.id}`, { ingredient: { weight1: 200, calories: 60 } })).ingredient;
    expect(b.calories).toBe(30);
    expect(b.weight1).toBe(200);
    expect(b.name).toBe(created.name);
  });

  it('ignores food and non_food on update (fixed at creation)', async () => {
    const created = json(await t.client().post('/v1/ingredients', flourBody())).ingredient;
    const res = await t.client().put(`/v1/ingredients/${created.id}`, { food: false, non_food: 'labor', name: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect(json(res).ingredient).toMatchObject({ food: true, non_food: null, name: 'Renamed' });
    expect(res.headers['x-ignored-fields']).toContain('non_food');
  });

  it('archives and restores; lists filter by archived', async () => {
    const fresh = await createTestApp(kind);
    try {
      const c = fresh.client();
      const ids: number[] = [];
      for (const name of ['Banana', 'apple', 'Cherry']) ids.push(json(await c.post('/v1/ingredients', flourBody({ name }))).ingredient.id);
      await c.put(`/v1/ingredients/${ids[0]}`, { archived: true });
      const active = json(await c.get('/v1/ingredients?sort_field=name&sort_direction=asc'));
      expect(active.map((e: any) => e.ingredient.name)).toEqual(['apple', 'Cherry']);
      expect(json(await c.get('/v1/ingredients?archived=true')).map((e: any) => e.ingredient.name)).toEqual(['Banana']);
      expect(json(await c.get('/v1/ingredients?archived=all'))).toHaveLength(3);
      await c.put(`/v1/ingredients/${ids[0]}`, { archived: 'false' }, 'form');
      expect(json(await c.get('/v1/ingredients'))).toHaveLength(3);
    } finally {
      await fresh.close();
    }
  });

  it('paginates with clamping, Link and X-Total-Count; sorts stably with id as tie-breaker', async () => {
    const fresh = await createTestApp(kind);
    try {
      const c = fresh.client();
      for (let i = 0; i < 25; i++) await c.post('/v1/ingredients', flourBody({ name: `Item ${String(i).padStart(2, '0')}` }));
      const first = await c.get('/v1/ingredients?per_page=500');
      expect(json(first)).toHaveLength(20);
      expect(first.headers['x-total-count']).toBe('25');
      expect(first.headers.link).toContain('rel="next"');
      const second = await c.get('/v1/ingredients?page=2');
      expect(json(second)).toHaveLength(5);
      expect(second.headers.link).not.toContain('rel="next"');
      expect(json(await c.get('/v1/ingredients?per_page=0'))).toHaveLength(1);
      // Same updated_at for all (fixed clock): ties broken by id in the sort direction.
      const desc = json(await c.get('/v1/ingredients?per_page=20')).map((e: any) => e.ingredient.id);
      expect(desc).toEqual([...desc].sort((a: number, b: number) => b - a));
      const asc = json(await c.get('/v1/ingredients?sort_order=asc&sort_field=created_at')).map((e: any) => e.ingredient.id);
      expect(asc).toEqual([...asc].sort((a: number, b: number) => a - b));
      const filtered = json(await c.get('/v1/ingredients?q=item%2007'));
      expect(filtered.map((e: any) => e.ingredient.name)).toEqual(['Item 07']);
      expect(json(await c.get('/v1/ingredients?q=%25'))).toHaveLength(0); // LIKE wildcards match literally
    } finally {
      await fresh.close();
    }
  });

  it('deletes permanently', async () => {
    const created = json(await t.client().post('/v1/ingredients', flourBody())).ingredient;
    const res = await t.client().delete(`/v1/ingredients/${created.id}`);
    expect(json(res)).toEqual({ ingredient: { id: created.id, deleted: true } });
    expect((await t.client().get(`/v1/ingredients/${created.id}`)).statusCode).toBe(404);
    expect((await t.client().delete(`/v1/ingredients/${created.id}`)).statusCode).toBe(404);
  });

  describe('public library', () => {
    let publicId: number;
    beforeAll(async () => {
      const { importPublicIngredients } = await import('../../src/services/ingredients/index.js');
      await importPublicIngredients(t.ctx, [
        { ...flourBody({ name: 'Public sugar', description1: '1 cup', weight1: 200, calories: 387 }), usda_verified: true },
      ]);
      const row = await t.db.handle.db.selectFrom('ingredients').select('id').where('name', '=', 'Public sugar').executeTakeFirstOrThrow();
      publicId = row.id;
    });

    it('is readable by every account, with nutrients taken per 100 g as imported', async () => {
      for (const key of [t.accountA.key, t.accountB.key]) {
        const res = await t.client(key).get(`/v1/ingredients/${publicId}`);
        expect(res.statusCode).toBe(200);
        expect(json(res).ingredient).toMatchObject({ public: true, usda_verified: true, calories: 387 });
      }
    });

    it("is not in an account's own list", async () => {
      const names = json(await t.client().get('/v1/ingredients?archived=all&per_page=20&q=public')).map((e: any) => e.ingredient.name);
      expect(names).not.toContain('Public sugar');
    });

    it('refuses writes (403) but accepts per-account tags', async () => {
      const write = await t.client().put(`/v1/ingredients/${publicId}`, { calories: 1 });
      expect(write.statusCode).toBe(403);
      expect(json(write).error).toBe('Forbidden');
      const tagged = await t.client().put(`/v1/ingredients/${publicId}`, { tag_list: 'baking, sweet' });
      expect(tagged.statusCode).toBe(200);
      expect(json(tagged).ingredient.tags).toEqual([{ name: 'baking' }, { name: 'sweet' }]);
      // Account B does not see A's tags.
      expect(json(await t.client(t.accountB.key).get(`/v1/ingredients/${publicId}`)).ingredient.tags).toEqual([]);
      expect((await t.client().delete(`/v1/ingredients/${publicId}`)).statusCode).toBe(403);
      expect(json(await t.client().get(`/v1/ingredients/${publicId}`)).ingredient.calories).toBe(387);
    });
  });

  describe('bad input gets a 4xx naming the field and changes nothing', () => {
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      [
        'missing required nutrient',
        (() => {
          const b = flourBody();
          delete b.sodium;
          return b;
        })(),
        'sodium',
        /blank/,
      ],
      ['negative value', flourBody({ fat: -1 }), 'fat', /greater than or equal to 0/],
      ['weight1 of 0', flourBody({ weight1: 0 }), 'weight1', /greater than 0/],
      ['non-numeric nutrient', flourBody({ protein: 'lots' }), 'protein', /number/],
      ['non_food without food=false', flourBody({ non_food: 'labor' }), 'non_food', /only allowed when food is false/],
      ['food=false without non_food', { name: 'x', description1: '1 box', weight1: 1, food: false }, 'non_food', /required/],
      ['unknown non_food kind', { name: 'x', description1: '1 box', weight1: 1, food: false, non_food: 'robots' }, 'non_food', /one of/],
      ['safety amount on a non-safety item', flourBody({ safety_amount: 5 }), 'safety_amount', /only valid when non_food is safety/],
      [
        'safety amount on a pass/fail check',
        { name: 'x', description1: 'pass_fail', weight1: 1, food: false, non_food: 'safety', safety_amount: 3 },
        'safety_amount',
        /blank when description1 is pass_fail/,
      ],
      ['unknown allergen', flourBody({ allergens: { moonrock: true } }), 'allergens', /moonrock/],
      ['description that is not <quantity> <unit>', flourBody({ description1: 'cup' }), 'description1', /<quantity> <unit>/],
      ['description2 without weight2', flourBody({ description2: '1 tbsp' }), 'weight2', /blank/],
      ['16th unit slot', flourBody({ description16: '1 cup', weight16: 5 }), 'description16', /1 to 15/],
      ['missing name', flourBody({ name: '' }), 'name', /blank/],
      ['missing description1', flourBody({ description1: undefined }), 'description1', /blank/],
      ['over-long name', flourBody({ name: 'x'.repeat(300) }), 'name', /at most 255/],
    ];
    it.each(cases)('%s', async (_name, body, field, message) => {
      const before = await countRows();
      const res = await t.client().post('/v1/ingredients', { ingredient: body });
      expect(res.statusCode).toBe(422);
      const err = json(res);
      expect(err.error).toBe('ValidationFailed');
      expect(err.errors[field].join(' ')).toMatch(message);
      expect(err.request_id).toBeTruthy();
      expect(await countRows()).toBe(before);
    });

    it('lists every failed rule at once', async () => {
      const res = await t.client().post('/v1/ingredients', { fat: -1, weight1: 0 });
      expect(Object.keys(json(res).errors)).toEqual(expect.arrayContaining(['fat', 'weight1', 'name', 'description1', 'calories']));
    });

    it('an update that breaks a rule changes nothing', async () => {
      const created = json(await t.client().post('/v1/ingredients', flourBody())).ingredient;
      const res = await t.client().put(`/v1/ingredients/${created.id}`, { name: 'New', fat: -5 });
      expect(res.statusCode).toBe(422);
      expect(json(await t.client().get(`/v1/ingredients/${created.id}`)).ingredient.name).toBe(created.name);
    });

    it('per_page=abc is a 400 naming the parameter', async () => {
      const res = await t.client().get('/v1/ingredients?per_page=abc');
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ error: 'BadRequest', errors: { per_page: [expect.stringMatching(/whole number/)] } });
    });

    it('an unknown sort field is a 400', async () => {
      expect((await t.client().get('/v1/ingredients?sort_field=calories')).statusCode).toBe(400);
    });

    it('an unparseable JSON body is a 400 MalformedBody', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/ingredients',
        headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/json' },
        payload: '{"ingredient": ',
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toBe('MalformedBody');
    });

    it('an unsupported content type is a 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/ingredients',
        headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'text/xml' },
        payload: '<a/>',
      });
      expect(res.statusCode).toBe(415);
      expect(json(res).error).toBe('UnsupportedMediaType');
    });

    it('a 10 MB body is refused with 413 and changes nothing', async () => {
      const before = await countRows();
      const res = await t.client().post('/v1/ingredients', flourBody({ name: 'x'.repeat(10 * 1024 * 1024) }));
      expect(res.statusCode).toBe(413);
      expect(json(res).error).toBe('PayloadTooLarge');
      expect(await countRows()).toBe(before);
    });

    it('hostile form keys (prototype pollution, deep nesting) do no harm', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/ingredients',
        headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `__proto__[polluted]=1&ingredient[constructor][prototype][x]=1&${'a'.repeat(10)}[b][c][d][e][f][g][h][i][j]=1`,
      });
      expect(res.statusCode).toBe(422);
      expect(({} as any).polluted).toBeUndefined();
    });

    it('a non-numeric or huge id in the path is a 404', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', "1'or'1"]) {
        expect((await t.client().get(`/v1/ingredients/${id}`)).statusCode).toBe(404);
      }
    });
  });
});
