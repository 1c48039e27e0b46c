// {"recipe":{"name":"p","名前":1}} saved the recipe and then answered 500: the unknown
// field's name went into X-Ignored-Fields as it was, which is not a valid header value. Names are
// now percent-encoded there (docs/api.md#request-bodies), so the response is the 201 of the saved recipe.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { listen } from '../support/raw-http.js';

describe('unknown fields named outside Latin-1', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    port = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('answers 201 with the name percent-encoded in X-Ignored-Fields, and saves the recipe once', async () => {
    const response = await t.client().post('/v1/recipes', { recipe: { name: 'p', 名前: 1 } });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-ignored-fields']).toBe('%E5%90%8D%E5%89%8D');
    expect(decodeURIComponent(String(response.headers['x-ignored-fields']))).toBe('名前');
    const list = json(await t.client().get('/v1/recipes'));
    expect(list.map((r: any) => r.recipe.name)).toEqual(['p']);
  });

  it('control characters, commas, percent signs, emoji and very many names stay one valid header', async () => {
    const names = [
      'a\r\nSet-Cookie: x=1',
      'b,c',
      '100%',
      '\u007f',
      'é',
      '🍞',
      ...Array.from({ length: 500 }, (_, i) => `extra_field_${i}`),
    ];
    const payload = `{"recipe":{"name":"q",${names.map((n) => `${JSON.stringify(n)}:1`).join(',')}}}`;
    // A real socket: Node's own client refuses invalid header values and an over-long head.
    const response = await new Promise<{ status: number; header: string; cookie: unknown }>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          method: 'POST',
          path: '/v1/recipes',
          headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode!, header: String(res.headers['x-ignored-fields']), cookie: res.headers['set-cookie'] }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    expect(response.status).toBe(201);
    expect(response.cookie).toBeUndefined();
    expect(response.header).toMatch(/^[\x21-\x7e ]+$/);
    expect(response.header.length).toBeLessThanOrEqual(1030);
    const items = response.header.split(', ');
    expect(items.slice(0, 6).map(decodeURIComponent)).toEqual(['a\r\nSet-Cookie: x=1', 'b,c', '100%', '\u007f', 'é', '🍞']);
    expect(items.at(-1)).toBe('...');
  });
});
