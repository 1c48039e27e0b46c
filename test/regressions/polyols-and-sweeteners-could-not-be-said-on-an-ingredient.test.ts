// The sugar-free oat bar sweetened with erythritol: its ingredients could say how much polyol they hold in
// total (sugar_alcohol) and erythritol, but not which other polyol (FSANZ Schedule 11 gives each its own
// energy factor) nor which intense sweetener, so no market's sweetener rules could be applied. Now
// ingredients carry each polyol (sorbitol, mannitol, isomalt, maltitol, lactitol, xylitol; parts of
// sugar_alcohol, as erythritol is), `intense_sweeteners` (a closed list) and `polyols_intrinsic`, through
// the API, spreadsheets and the recipe's sums (unknown stays unknown); bad input is a 422 naming the field
// and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

describe.each(databaseKinds())('polyols and sweeteners on ingredients on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an ingredient states its polyols one by one and its intense sweeteners; a recipe sums what is known', async () => {
    const c = t.client();
    const res = await c.post(
      '/v1/ingredients',
      flourBody({
        name: 'Erythritol blend',
        description1: '100 g',
        weight1: 100,
        carbohydrate: 100,
        sugar: 0,
        sugar_alcohol: 99,
        erythritol: 90,
        xylitol: 9,
        intense_sweeteners: ['steviol_glycosides'],
        allergens: {},
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const blend = json(res).ingredient;
    expect(blend).toMatchObject({
      erythritol: 90,
      xylitol: 9,
      sorbitol: null,
      intense_sweeteners: ['steviol_glycosides'],
      polyols_intrinsic: false,
    });
    const oats = json(await c.post('/v1/ingredients', flourBody({ name: 'Rolled oats', allergens: {} }))).ingredient;
    const bar = json(await c.post('/v1/recipes', { recipe: { name: 'Oat bar', servings: 10 } })).recipe;
    for (const [id, grams] of [
      [oats.id, 400],
      [blend.id, 100],
    ]) {
      await c.post(`/v1/recipes/${bar.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: id, total_grams: grams } });
    }
    const recipe = json(await c.get(`/v1/recipes/${bar.id}`)).recipe;
    // 90 g erythritol in 500 g: 18 g per 100 g; sorbitol no ingredient states: unknown, not zero.
    expect(recipe.nutrition_per_100g.erythritol).toBeCloseTo(18, 6);
    expect(recipe.nutrition_per_100g.sorbitol).toBeNull();
  });

  it.each([
    [{ intense_sweeteners: ['sugar'] }, 'intense_sweeteners'],
    [{ intense_sweeteners: 'aspartame, honey' }, 'intense_sweeteners'],
    [{ intense_sweeteners: [1] }, 'intense_sweeteners'],
    [{ sugar_alcohol: 10, sorbitol: 12 }, 'sorbitol'],
    [{ sugar_alcohol: 10, erythritol: 6, maltitol: 6 }, 'sugar_alcohol'],
    [{ xylitol: -1 }, 'xylitol'],
    [{ polyols_intrinsic: 'maybe' }, 'polyols_intrinsic'],
  ])('%o is a 422 naming %s, and nothing is written', async (body, field) => {
    const c = t.client();
    const before = json(await c.get('/v1/ingredients?per_page=100')).length;
    const res = await c.post('/v1/ingredients', flourBody({ name: 'Bad sweetener', ...body }));
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(json(res).errors)).toContain(field);
    expect(json(await c.get('/v1/ingredients?per_page=100')).length).toBe(before);
  });

  it('spreadsheets write the polyols and sweeteners and read them back unchanged', async () => {
    const c = t.client();
    const gum = json(
      await c.post(
        '/v1/ingredients',
        flourBody({ name: 'Gum base', sugar_alcohol: 50, sorbitol: 40, intense_sweeteners: ['aspartame', 'acesulfame_k'] }),
      ),
    ).ingredient;
    const exported = await c.get('/v1/ingredients.csv');
    const [header, ...rows] = exported.body.trim().split(/\r?\n/);
    const columns = header?.split(',') ?? [];
    for (const column of ['intense_sweeteners', 'polyols_intrinsic', 'sorbitol', 'xylitol']) expect(columns).toContain(column);
    expect(rows.find((r) => r.includes('Gum base'))).toContain('"aspartame, acesulfame_k"');
    const again = json(await uploadSheet(t, exported.body, { kind: 'ingredients', dryRun: true })).import;
    expect(again.errors).toEqual([]);
    expect(again.updated).toBe(0);

    const sheet = `id,name,intense_sweeteners,polyols_intrinsic\n${gum.id},Gum base,sucralose,true\n`;
    const applied = json(await uploadSheet(t, sheet, { kind: 'ingredients', dryRun: false })).import;
    expect(applied).toMatchObject({ status: 'applied', updated: 1 });
    expect(json(await c.get(`/v1/ingredients/${gum.id}`)).ingredient).toMatchObject({
      intense_sweeteners: ['sucralose'],
      polyols_intrinsic: true,
    });
    const bad = json(
      await uploadSheet(t, `id,name,intense_sweeteners\n${gum.id},Gum base,molasses\n`, { kind: 'ingredients', dryRun: false }),
    ).import;
    expect(bad.status).not.toBe('applied');
    expect(JSON.stringify(bad.errors)).toContain('intense_sweeteners');
  });
});
