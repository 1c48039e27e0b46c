// Bug: a recipe's revisions could be listed, and an approved label compared with today's, but two
// revisions could not be compared: what changed between the label printed in March and the one of
// June was left to the reader of a revision list. GET /v1/recipes/{id}/revisions/diff?from=N&to=M
// compares any two (docs/api.md#history): the data (fields, settings, lines, ingredients beneath) and the
// labels they give (rows and statements).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())('comparing two revisions on %s', (kind) => {
  let t: TestApp;
  let recipe: number;
  let butter: number;
  let margarine: number;
  let line: number;
  let latest: number;
  const diff = (query: string, key?: string) => t.client(key).get(`/v1/recipes/${recipe}/revisions/diff?${query}`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const a = t.client();
    const flour = json(await a.post('/v1/ingredients', flourBody({ name: 'Flour' }))).ingredient.id;
    butter = json(
      await a.post('/v1/ingredients', flourBody({ name: 'Butter', weight1: 227, calories: 1628, fat: 184, allergens: { milk: true } })),
    ).ingredient.id;
    margarine = json(await a.post('/v1/ingredients', flourBody({ name: 'Margarine', weight1: 227, calories: 1600, fat: 180 }))).ingredient
      .id;
    recipe = json(await a.post('/v1/recipes', { name: 'Shortbread', servings: 1, packages: 12 })).recipe.id; // revision 1
    await a.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: flour, total_grams: 300 }); // 2
    line = json(await a.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: butter, total_grams: 200 })).recipe_ingredient.id; // 3
    await a.put(`/v1/recipes/${recipe}`, { packages: 10, label_settings: { racc_grams: 30 } }); // 4
    await a.put(`/v1/recipes/${recipe}/recipe_ingredients/${line}`, { ingredient_id: margarine }); // 5
    latest = json(await a.get(`/v1/recipes/${recipe}/revisions`))[0].revision.number;
    expect(latest).toBe(5);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the changes of the data between any two revisions, and the label rows and statements that differ', async () => {
    const res = await diff('from=3&to=5');
    expect(res.statusCode).toBe(200);
    const body = json(res).revision_diff;
    expect(body).toMatchObject({ recipe_id: recipe, from: { number: 3 }, to: { number: 5 } });
    expect(body.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'packages', old: 12, new: 10 }),
        expect.objectContaining({ field: 'label_settings' }),
        expect.objectContaining({ field: 'ingredient_id', old: butter, new: margarine, line_id: line }),
      ]),
    );
    expect(body.label).toMatchObject({ language: 'en-US', format: 'fda_vertical', changed: true });
    expect(body.label.rows.map((r: any) => r.key)).toEqual(expect.arrayContaining(['calories', 'fat']));
    expect(body.label.statements.ingredient_statement.from).toContain('Butter');
    expect(body.label.statements.ingredient_statement.to).toContain('Margarine');
    expect(body.label.statements.allergen_statement).toEqual({ from: expect.stringContaining('Milk'), to: null });
  });

  it('runs backwards too, and a revision compared with itself has no change', async () => {
    const back = json(await diff('from=5&to=3')).revision_diff;
    expect(back.changes).toContainEqual(expect.objectContaining({ field: 'ingredient_id', old: margarine, new: butter }));
    const same = json(await diff('from=4&to=4')).revision_diff;
    expect(same.changes).toEqual([]);
    expect(same.label).toMatchObject({ changed: false, rows: [], statements: {} });
  });

  it('compares in another language when asked', async () => {
    const body = json(await diff('from=3&to=5&language=fr-CA')).revision_diff;
    expect(body.label).toMatchObject({ language: 'fr-CA', format: 'ca_standard' });
  });

  it('bad input is 400 naming the parameter (a mistake in the query)', async () => {
    for (const [query, field] of [
      ['to=5', 'from'],
      ['from=1', 'to'],
      ['from=x&to=5', 'from'],
      ['from=0&to=5', 'from'],
      ['from=1&to=99', 'to'],
      ['from=1&to=5&language=xx', 'language'],
      ['from=1&to=5&format=xx', 'format'],
      // A language and a format of another market (docs/api.md#labels).
      ['from=1&to=5&language=en-US&format=eu_table', 'format'],
    ]) {
      const body = expectError(await diff(query!), 400, 'BadRequest') as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors), query).toEqual([field]);
    }
  });

  it('a format asked for without a language brings its own (docs/api.md#labels)', async () => {
    const eu = await diff('from=1&to=5&format=eu_table');
    expect(eu.statusCode, eu.body).toBe(200);
    expect(json(eu).revision_diff.label).toMatchObject({ language: 'en-GB', format: 'eu_table' });
  });

  it("another account's recipe is 404, whatever the numbers", async () => {
    expectError(await diff('from=1&to=5', t.accountB.key), 404, 'NotFound');
  });
});
