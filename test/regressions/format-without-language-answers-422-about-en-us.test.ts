// `?format=ca_standard` with no language was a 422 saying the en-US formats are fda_*. A
// format belongs to its language (docs/api.md#labels): fda_* to en-US, ca_standard and ca_bilingual to
// en-CA (or the recipe's saved fr-CA, which takes them too). An explicit pair that does not go
// together is still a 422, and its message names both the format and the language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { fdaSampleRecipe } from '../integration/labels-support.js';

describe.each(databaseKinds())('a format with no language on %s', (kind) => {
  let t: TestApp;
  let recipe: any;
  let french: any;
  let american: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    recipe = await fdaSampleRecipe(t.client());
    french = json(await t.client().post('/v1/recipes', { recipe: { name: 'Pain', label_settings: { language: 'fr-CA' } } })).recipe;
    american = json(
      await t.client().post('/v1/recipes', { recipe: { name: 'Bread', label_settings: { language: 'en-US', format: 'fda_linear' } } }),
    ).recipe;
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (id: number, query: string) => t.client().get(`/v1/recipes/${id}/label${query}`);

  it.each([
    ['?format=ca_standard', 'en-CA', 'ca_standard'],
    ['?format=ca_bilingual', 'en-CA', 'ca_bilingual'],
    ['?format=fda_tabular', 'en-US', 'fda_tabular'],
    ['?format=fda_vertical&language=', 'en-US', 'fda_vertical'],
  ])('%s takes the language the format belongs to', async (query, language, format) => {
    const res = await get(recipe.id, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).label).toMatchObject({ language, format });
  });

  it('a saved language that takes the format stays; one that does not gives way to the format', async () => {
    expect(json(await get(french.id, '?format=ca_standard')).label).toMatchObject({ language: 'fr-CA', format: 'ca_standard' });
    expect(json(await get(french.id, '?format=fda_linear')).label).toMatchObject({ language: 'en-US', format: 'fda_linear' });
    expect(json(await get(american.id, '?format=ca_bilingual')).label).toMatchObject({ language: 'en-CA', format: 'ca_bilingual' });
  });

  it.each([
    ['?language=en-US&format=ca_standard', /ca_standard belongs to en-CA or fr-CA, not en-US/],
    ['?language=fr-CA&format=fda_vertical', /fda_vertical belongs to en-US, not fr-CA/],
  ])('the explicit conflicting pair %s is a 400 naming both (a mistake in the query)', async (query, message) => {
    const res = await get(recipe.id, query);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: 'BadRequest' });
    expect(json(res).errors.format[0]).toMatch(message);
  });

  it('an unknown format is still refused (400 in the query) listing the formats', async () => {
    const res = await get(recipe.id, '?format=poster');
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.format[0]).toMatch(/fda_vertical/);
  });
});
