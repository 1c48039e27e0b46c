// Found while looking for more inputs that answer 500: U+0000 in a JSON string ("a\\u0000b"), a form (%00) or
// a query (?q=%00) answered 500 on PostgreSQL, which refuses it in text; SQLite stored it. An
// unpaired surrogate ("\\ud800", no character at all) was stored as U+FFFD. Both are now refused
// before anything is stored: 400 MalformedBody in bodies, 400 BadRequest in query strings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, type TestApp } from '../support/app.js';
import { contentSnapshot } from '../support/content-snapshot.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())('U+0000 and unpaired surrogates on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = { authorization: `Token token=${t.accountA.key}` };
  });
  afterAll(async () => t?.close());

  const post = (type: string, payload: Buffer | string, url = '/v1/recipes') =>
    t.app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': type }, payload });
  const multipart = (value: Buffer) =>
    Buffer.concat([Buffer.from('--b\r\nContent-Disposition: form-data; name="recipe[name]"\r\n\r\n'), value, Buffer.from('\r\n--b--\r\n')]);

  it('in bodies, escaped or raw, is 400 MalformedBody and stores nothing', async () => {
    const before = await contentSnapshot(t.db.handle);
    for (const text of ['a\\u0000b', '\\u0000', 'a\\ud800', '\\udfffb', 'x\\ud800\\ud800']) {
      expectError(await post('application/json', `{"recipe":{"name":"${text}"}}`), 400, 'MalformedBody');
      expectError(await post('application/json', `{"recipe":{"name":"ok","tags":["${text}"]}}`), 400, 'MalformedBody');
      expectError(await post('application/json', `{"recipe":{"name":"ok","${text}":1}}`), 400, 'MalformedBody');
      expectError(
        await post('application/json', JSON.stringify(flourBody()).replace('"All-purpose flour"', `"${text}"`), '/v1/ingredients'),
        400,
        'MalformedBody',
      );
    }
    for (const form of ['recipe[name]=a%00b', 'recipe[name]=a\u0000b', 'recipe[na%00me]=x']) {
      expectError(await post('application/x-www-form-urlencoded', form), 400, 'MalformedBody');
    }
    expectError(await post('multipart/form-data; boundary=b', multipart(Buffer.from([0x61, 0x00]))), 400, 'MalformedBody');
    expect(await contentSnapshot(t.db.handle)).toEqual(before);
  });

  it('in a query string is 400 BadRequest, and searches still run', async () => {
    for (const url of ['/v1/recipes?q=a%00', '/v1/ingredients/search?q=%00', '/v1/ingredients?q=%00x']) {
      expectError(await t.app.inject({ url, headers: auth }), 400, 'BadRequest');
    }
    expect((await t.app.inject({ url: '/v1/ingredients/search?q=flour', headers: auth })).statusCode).toBe(200);
  });
});
