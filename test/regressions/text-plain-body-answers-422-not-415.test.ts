// Bug: a `text/plain` body was read (fastify reads text/plain by default) and answered 422 with
// every required field missing, though the API takes only forms, multipart and JSON: the contract
// says 415 UnsupportedMediaType (docs/api.md#request-bodies, docs/api.md#errors). Nothing is written either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())('a text/plain body on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['text/plain', 'name=Flour'],
    ['text/plain; charset=utf-8', '{"name": "Flour"}'],
  ])('%s is 415 UnsupportedMediaType and writes nothing', async (type, payload) => {
    const headers = { authorization: `Token token=${t.accountA.key}`, 'content-type': type };
    const res = await t.app.inject({ method: 'POST', url: '/v1/ingredients', headers, payload });
    const body = expectError(res, 415, 'UnsupportedMediaType');
    expect(body.message).toContain('text/plain');
    expect(json(await t.client().get('/v1/ingredients'))).toEqual([]);
  });
});
