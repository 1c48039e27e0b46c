// A JSON body with bytes that are not UTF-8 was stored with U+FFFD in their place and
// answered 201. Bodies (JSON, forms, multipart) must be valid UTF-8, raw or %XX-escaped: 400
// MalformedBody; a query string that is not is 400 BadRequest. Nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { contentSnapshot } from '../support/content-snapshot.js';
import { expectError } from '../support/error-shape.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe.each(databaseKinds())('text that is not UTF-8 on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = { authorization: `Token token=${t.accountA.key}` };
  });
  afterAll(async () => t?.close());

  const post = (type: string, payload: Buffer | string, url = '/v1/recipes') =>
    t.app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': type }, payload });
  const multipart = (value: Buffer, name = Buffer.from('recipe[name]')) =>
    bytes('--b\r\nContent-Disposition: form-data; name="', [...name], '"\r\n\r\n', [...value], '\r\n--b--\r\n');

  it('in a JSON, form or multipart body is 400 MalformedBody and stores nothing', async () => {
    const before = await contentSnapshot(t.db.handle);
    const invalid = [[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf8, 0x88, 0x80, 0x80, 0x80]];
    for (const seq of invalid) {
      expectError(await post('application/json', bytes('{"recipe":{"name":"a', seq, '"}}')), 400, 'MalformedBody');
      expectError(await post('application/json; charset=utf-8', bytes('{"recipe":{"name":"a","', seq, '":1}}')), 400, 'MalformedBody');
      expectError(await post('application/x-www-form-urlencoded', bytes('recipe[name]=a', seq)), 400, 'MalformedBody');
      const escaped = seq.map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
      expectError(await post('application/x-www-form-urlencoded', `recipe[name]=a${escaped}`), 400, 'MalformedBody');
      expectError(await post('application/x-www-form-urlencoded', `recipe[${escaped}]=a&recipe[name]=b`), 400, 'MalformedBody');
      expectError(await post('multipart/form-data; boundary=b', multipart(Buffer.from(seq))), 400, 'MalformedBody');
      expectError(await post('multipart/form-data; boundary=b', multipart(Buffer.from('x'), Buffer.from(seq))), 400, 'MalformedBody');
    }
    expect(await contentSnapshot(t.db.handle)).toEqual(before);
  });

  it('in a query string is 400 BadRequest', async () => {
    for (const url of [
      '/v1/recipes?q=%ff',
      '/v1/ingredients/search?q=%e2%82',
      '/v1/recipes?%c0%af=1',
      '/v1/recipes?sort_field=%ed%a0%80',
    ]) {
      expectError(await t.app.inject({ url, headers: auth }), 400, 'BadRequest');
    }
  });

  it('valid UTF-8 in every form is kept exactly, and a bare % is just a character', async () => {
    const name = 'Crème brûlée 🍮 名前';
    const sent = [
      await post('application/json', JSON.stringify({ recipe: { name } })),
      await post('application/x-www-form-urlencoded', `recipe[name]=${encodeURIComponent(name)}`),
      await post('application/x-www-form-urlencoded', bytes('recipe[name]=', name)),
      await post('multipart/form-data; boundary=b', multipart(Buffer.from(name))),
    ];
    for (const response of sent) {
      expect(response.statusCode).toBe(201);
      expect(json(response).recipe.name).toBe(name);
    }
    const percent = await post('application/x-www-form-urlencoded', 'recipe[name]=50%+rye');
    expect(json(percent).recipe.name).toBe('50% rye');
    const search = await t.app.inject({ url: `/v1/recipes?q=${encodeURIComponent('brûlée')}`, headers: auth });
    expect(json(search).length).toBe(4);
    expect((await t.app.inject({ url: '/v1/recipes?q=50%', headers: auth })).statusCode).toBe(200);
  });
});
