// Regression: the same kind of mistake in a query string was 400 BadRequest on some routes and 422
// ValidationFailed on others (`as_of`, a label's `language` and `format`, `zoom`, `page_size`,
// `since`, `orientation`, `result_format`, a missing `from`), and some bad values were not refused
// at all (`async=maybe`, an audit `resource` of no kind, `zoom` on an SVG). Now every mistake in a
// query string is 400 BadRequest naming the parameter in `errors` (docs/api.md#errors); 422 stays
// for bodies. The loop covers every query parameter of every documented operation, read from the
// OpenAPI document the app serves, so a new parameter is covered when it is documented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';
import { createOneOfEach, type OneOfEach } from '../support/one-of-each.js';
import { examplesOf, openapiDocument, operationsOf, type Json } from '../support/openapi-document.js';

/** Free text where any short value is a fine search: only a value over its length is a mistake. */
const FREE_TEXT = new Set(['q', 'category']);

/**
 * A signed download link's own members are its credentials, not choices: a wrong one is 403
 * Forbidden, as a wrong API key is 401 (docs/api.md#labels: the signed `url` of an asynchronous render).
 */
const CREDENTIALS = new Set(['GET /v1/label_renders/{token}/download expires', 'GET /v1/label_renders/{token}/download signature']);

/** Values that are mistakes for a parameter of this schema. */
function badValues(name: string, schema: Json): string[] {
  const values: string[] = [];
  if (schema.type === 'integer') values.push('abc', '1.5');
  else if (!FREE_TEXT.has(name)) values.push('not-a-value');
  if (typeof schema.maxLength === 'number') values.push('x'.repeat(schema.maxLength + 1));
  return values;
}

describe.each(databaseKinds())('a mistake in a query string (%s)', (kind) => {
  let t: TestApp;
  let one: OneOfEach;
  let renderToken: string;
  let operations: { key: string; path: string; params: Json[] }[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    one = await createOneOfEach(t.client());
    await t.client().put(`/v1/recipes/${one.recipe}`, { recipe: { name: 'Bread, second revision' } });
    renderToken = json(await t.client().get(`/v1/recipes/${one.recipe}/label.png?async=true`)).label_render.token;
    await t.app.labelRenders.settled(renderToken);
    operations = operationsOf(await openapiDocument(t.app))
      .map((op) => ({ key: op.key, path: op.path, params: (op.operation.parameters ?? []).filter((p: Json) => p.in === 'query') }))
      .filter((op) => op.params.length > 0);
  });
  afterAll(() => t?.close());

  const pathOf = (path: string) =>
    path
      .replace('{id}', String(one.recipe))
      .replace('{token}', renderToken)
      .replace(/\{[a-z_]+\}/g, String(one.ingredient));

  /**
   * Valid values for the parameters an operation needs (required ones, from the document's examples;
   * a diff's revisions `from` and `to`, which its description says are required), so that a mistake
   * in another is the request's only one.
   */
  const requiredOf = (params: Json[]) =>
    Object.fromEntries(
      params
        .filter((p) => p.required || p.name === 'from' || p.name === 'to')
        .map((p) => [p.name, p.name === 'from' || p.name === 'to' ? '1' : String(examplesOf(p)[0] ?? '1')]),
    );

  it('every documented query parameter of every operation: a bad value is 400 BadRequest naming it', async () => {
    const answered: string[] = [];
    let checked = 0;
    for (const op of operations) {
      for (const param of op.params) {
        if (CREDENTIALS.has(`${op.key} ${param.name}`)) continue;
        for (const value of badValues(param.name, param.schema ?? {})) {
          const query = new URLSearchParams({ ...requiredOf(op.params), [param.name]: value });
          const response = await t.client().get(`${pathOf(op.path)}?${query}`);
          checked++;
          const errors = response.statusCode === 400 ? (json(response).errors ?? {}) : {};
          if (response.statusCode !== 400 || !Object.hasOwn(errors, param.name))
            answered.push(`${op.key} ${param.name}=${value.slice(0, 20)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
          else expectError(response, 400, 'BadRequest');
        }
      }
    }
    expect(answered).toEqual([]);
    // Every operation with query parameters was reached (the label files, diffs, lists, audit, search).
    expect(operations.length).toBeGreaterThanOrEqual(20);
    expect(checked).toBeGreaterThan(80);
  });

  it("a language and format that do not go together, in the query: 400 naming it; the same pair in a body's label_settings stays 422", async () => {
    const query = await t.client().get(`/v1/recipes/${one.recipe}/label?language=es-MX&format=eu_table`);
    const error = expectError(query, 400, 'BadRequest');
    expect(Object.keys(error.errors as object).some((name) => name === 'format' || name === 'language')).toBe(true);
    const body = await t
      .client()
      .put(`/v1/recipes/${one.recipe}`, { recipe: { label_settings: { language: 'es-MX', format: 'eu_table' } } });
    expectError(body, 422, 'ValidationFailed');
  });

  it('a required query parameter left out is 400 naming it', async () => {
    const response = await t.client().get(`/v1/recipes/${one.recipe}/revisions/diff?to=1`);
    expect(expectError(response, 400, 'BadRequest').errors).toHaveProperty('from');
  });

  it('good values are still answered (async=false, zoom on a PNG, an audit resource, as_of)', async () => {
    for (const url of [
      `/v1/recipes/${one.recipe}/label.svg?async=false&zoom=2&page_size=A4`,
      `/v1/recipes/${one.recipe}/label?as_of=2100-01-01`,
      '/v1/audit_events?resource=recipe',
    ])
      expect((await t.client().get(url)).statusCode, url).toBe(200);
  });
});
