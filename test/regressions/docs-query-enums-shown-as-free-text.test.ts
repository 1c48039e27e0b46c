// In /docs, `format`, `language`, `page_size` (and the other closed sets of the query) were
// free text boxes. The OpenAPI document now lists them as `enum` (src/http/openapi-enums.ts) while
// the server accepts what it accepted before: the services still check these members, so a bad
// value is the same 422 naming the field, and aliases such as `page_size=a4` still work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { fdaSampleRecipe } from '../integration/labels-support.js';

const LABEL_FORMATS = [
  'fda_vertical',
  'fda_tabular',
  'fda_linear',
  'fda_simplified',
  'fda_dual_container',
  'ca_standard',
  'ca_bilingual',
  'eu_table',
  'eu_linear',
  'anz_nip',
  'mx_table',
];
const LABEL_LANGUAGES = [
  'en-US',
  'en-CA',
  'fr-CA',
  'en-GB',
  'en-IE',
  'fr-FR',
  'de-DE',
  'es-ES',
  'it-IT',
  'nl-NL',
  'en-AU',
  'en-NZ',
  'es-MX',
];
const PAGE_SIZES = ['auto', 'letter', 'legal', 'A4'];

describe('query enums in the OpenAPI document', () => {
  let t: TestApp;
  let openapi: any;
  let recipe: any;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    openapi = json(await t.app.inject({ method: 'GET', url: '/v1/openapi.json' }));
    recipe = await fdaSampleRecipe(t.client());
  });
  afterAll(async () => {
    await t.close();
  });
  const enumOf = (path: string, name: string) => {
    const parameter = openapi.paths[path]?.get?.parameters?.find((p: any) => p.in === 'query' && p.name === name);
    expect(parameter, `${path} ?${name}`).toBeDefined();
    return parameter.schema.enum;
  };

  it.each([
    ['/v1/recipes/{id}/label', 'language', LABEL_LANGUAGES],
    ['/v1/recipes/{id}/label', 'format', LABEL_FORMATS],
    ['/v1/recipes/{id}/label.svg', 'format', LABEL_FORMATS],
    ['/v1/recipes/{id}/label.pdf', 'page_size', PAGE_SIZES],
    ['/v1/recipes/{id}/label.png', 'async', ['true', 'false']],
    ['/v1/labels/{token}', 'result_format', LABEL_FORMATS],
    ['/v1/recipes/{id}/front_of_pack', 'language', ['en-CA', 'fr-CA', 'bilingual', 'en-GB', 'es-MX']],
    ['/v1/recipes/{id}/front_of_pack', 'orientation', ['horizontal', 'vertical']],
    ['/v1/recipes/{id}/front_of_pack.pdf', 'page_size', PAGE_SIZES],
    ['/v1/recipes', 'sort_field', ['updated_at', 'created_at', 'name']],
    ['/v1/ingredients', 'sort_direction', ['asc', 'desc']],
    ['/v1/ingredients', 'archived', ['true', 'false', 'all']],
  ])('%s ?%s lists its values', (path, name, values) => {
    expect(enumOf(path, name)).toEqual(values);
  });

  it('leaves no x-enum marker in the document', () => {
    expect(JSON.stringify(openapi)).not.toContain('x-enum');
  });

  it('the server accepts and refuses what it did before', async () => {
    const pdf = await t.client().get(`/v1/recipes/${recipe.id}/label.pdf?page_size=a4`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const poster = await t.client().get(`/v1/recipes/${recipe.id}/label?format=poster`);
    expect(poster.statusCode).toBe(400);
    expect(json(poster).errors.format[0]).toMatch(/must be one of fda_vertical/);
    const page = await t.client().get(`/v1/recipes/${recipe.id}/label.pdf?page_size=tabloid`);
    expect(page.statusCode).toBe(400);
    expect(json(page).errors.page_size[0]).toBe('must be one of auto, letter, legal, A4');
    const vertical = await t.client().get(`/v1/recipes/${recipe.id}/front_of_pack?orientation=diagonal`);
    expect(vertical.statusCode).toBe(400);
    expect(json(vertical).errors.orientation[0]).toBe('must be one of horizontal, vertical');
    const sorted = await t.client().get('/v1/recipes?sort_field=price');
    expect(sorted.statusCode).toBe(400);
    expect(json(sorted).errors.sort_field[0]).toBe('must be one of: updated_at, created_at, name');
  });
});
