// Regression: a JSON body holding a list of about 125,000 items was refused as holding "__proto__"
// (the text check pushed the list with `push(...items)`, which overflowed the stack, and the parser
// read any failure as a refused member). And error bodies were unbounded: an 840 KB `names` object
// answered a 12 MB 422, an 800 KB shortcut of 200,000 ids 27.6 MB. Now the list is read like any
// other and every error body is small (docs/api.md#input-budgets).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTextThroughout } from '../../src/lib/utf8.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

describe('the text check of a parsed body', () => {
  it('reads a list of 1,000,000 items without overflowing the stack', () => {
    expect(isTextThroughout({ tags: Array.from({ length: 1_000_000 }, () => 'x') })).toBe(true);
    expect(isTextThroughout([...Array.from({ length: 200_000 }, () => 'x'), '\u0000'])).toBe(false);
  });
});

describe.each(databaseKinds())('long lists and large error bodies on %s', (kind) => {
  let t: TestApp;
  let ingredientId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ingredientId = json(await t.client().post('/v1/ingredients', flourBody())).ingredient.id;
  });
  afterAll(() => t.close());

  it('tags of 125,000 items: a 422 naming tags and its budget, not a refused "__proto__"', async () => {
    const res = await t.client().put(`/v1/ingredients/${ingredientId}`, { tags: Array.from({ length: 125_000 }, (_, i) => i) });
    const body = expectError(res, 422, 'ValidationFailed');
    expect(body.message).not.toMatch(/__proto__/);
    expect(body.errors).toEqual({ tags: ['must have at most 100 items'] });
  });

  it('a body that is a list of 125,000 items: 422 "must be an object", never MalformedBody', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/ingredients',
      headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(Array.from({ length: 125_000 }, (_, i) => i)),
    });
    const body = expectError(res, 422, 'ValidationFailed');
    expect(body.message).not.toMatch(/__proto__/);
  });

  it('an 840 KB names object of unknown keys: a small 422 naming names', async () => {
    const names = Object.fromEntries(Array.from({ length: 46_000 }, (_, i) => [`zz-${i}`, 'Mehl']));
    expect(JSON.stringify(names).length).toBeGreaterThan(800_000);
    const res = await t.client().put(`/v1/ingredients/${ingredientId}`, { names });
    const body = expectError(res, 422, 'ValidationFailed');
    expect(res.body.length).toBeLessThan(2048);
    expect(body.errors).toEqual({ names: ['must have at most 100 members'] });
  });

  it('a shortcut of 200,000 ids: a small 422 naming recipe_ingredients', async () => {
    const ids = Array.from({ length: 200_000 }, (_, i) => (i % 9) + 1).join(',');
    const res = await t.client().post('/v1/recipes/shortcut', { name: 'Many', ingredient_ids: ids });
    const body = expectError(res, 422, 'ValidationFailed');
    expect(res.body.length).toBeLessThan(2048);
    expect(body.errors).toEqual({ recipe_ingredients: ['a shortcut recipe needs 1 to 100 lines (got 200000)'] });
  });

  it('200 failed fields: the body lists 50 and counts them all', async () => {
    const recipe_ingredients = Array.from({ length: 100 }, (_, i) => ({ ingredient_id: `x${i}` }));
    const res = await t.client().post('/v1/recipes/shortcut', { name: 'Many', recipe_ingredients });
    const body = expectError(res, 422, 'ValidationFailed') as { errors: Record<string, string[]> };
    expect(res.body.length).toBeLessThan(16 * 1024);
    expect(Object.values(body.errors).every((messages) => messages.length <= 10)).toBe(true);
  });
});
