// 1,949 error responses had no request_id or X-Request-Id: 400 FST_ERR_BAD_URL for a
// path id like %ff (which is simply not found: docs/api.md#errors), 414 for a long path segment, 431
// for oversized headers, and the parser's bare 400s. Every error now has the docs/api.md#errors shape, including
// those Node's HTTP parser raises before fastify routes and those Node answers by itself (417,
// CONNECT), tested over a real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { contentSnapshot } from '../support/content-snapshot.js';
import { expectError } from '../support/error-shape.js';
import { listen, rawRequest } from '../support/raw-http.js';

describe('errors raised before or outside the routes', () => {
  let t: TestApp;
  let port: number;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    port = await listen(t.app);
    key = t.accountA.key;
  });
  afterAll(async () => t?.close());

  const get = (path: string, headers = '') =>
    `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Token token=${key}\r\n${headers}Connection: close\r\n\r\n`;

  it('path ids that do not decode or are too long are 404 NotFound', async () => {
    for (const path of [
      '/v1/recipes/%ff',
      '/v1/recipes/%E0%A4%A',
      '/api/v1/ingredients/%c0%af',
      `/v1/recipes/${'9'.repeat(500)}`,
      `/v1/ingredients/${'%ff'.repeat(100)}/ingredient_costs`,
      '/v1/%ff',
    ]) {
      const response = await rawRequest(port, get(path));
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 });
      expectError(response, 404, 'NotFound');
    }
    expectError(await t.app.inject({ url: '/v1/recipes/%ff', headers: { authorization: `Token token=${key}` } }), 404, 'NotFound');
  });

  it('a request line and headers over 16 KiB are 431 HeadersTooLarge', async () => {
    expectError(await rawRequest(port, get(`/v1/recipes?q=${'a'.repeat(20_000)}`)), 431, 'HeadersTooLarge');
    expectError(await rawRequest(port, get('/v1/recipes', `X-Big: ${'b'.repeat(20_000)}\r\n`)), 431, 'HeadersTooLarge');
  });

  it('bytes that are not HTTP/1.1 are 400 BadRequest', async () => {
    for (const raw of [
      'HELLO\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
      'POST /v1/recipes HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
      'POST /v1/recipes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
      'GET /v1/recipes HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n',
      'GET /v1/recipes HTTP/1.1\r\nHost: x\r\nX: \x00\r\n\r\n',
    ]) {
      expectError(await rawRequest(port, raw), 400, 'BadRequest');
    }
  });

  it('what Node answers by itself keeps the shape: an unknown Expect (417) and CONNECT (400)', async () => {
    expectError(
      await rawRequest(port, `POST /v1/recipes HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`),
      417,
      'ExpectationFailed',
    );
    expectError(await rawRequest(port, 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n'), 400, 'BadRequest');
  });

  it('unknown paths and methods, wrong content types and oversized bodies keep the shape too', async () => {
    const before = await contentSnapshot(t.db.handle);
    expectError(await rawRequest(port, get('/nowhere')), 404, 'NotFound');
    expectError(await rawRequest(port, `OPTIONS /v1/recipes HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), 404, 'NotFound');
    const auth = { authorization: `Token token=${key}` };
    expectError(
      await t.app.inject({ method: 'POST', url: '/v1/recipes', headers: { ...auth, 'content-type': 'text/csv' }, payload: 'a,b' }),
      415,
      'UnsupportedMediaType',
    );
    // text/plain too, though the text would parse as JSON (docs/api.md#request-bodies).
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/v1/recipes',
        headers: { ...auth, 'content-type': 'text/plain' },
        payload: '{"name":"x"}',
      }),
      415,
      'UnsupportedMediaType',
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/v1/recipes', headers: { ...auth, 'content-type': 'application/json' }, payload: '{' }),
      400,
      'MalformedBody',
    );
    // No bytes is no body (docs/api.md#request-bodies): a create that needs fields says which are missing.
    const empty = expectError(
      await t.app.inject({ method: 'POST', url: '/v1/recipes', headers: { ...auth, 'content-type': 'application/json' }, payload: '' }),
      422,
      'ValidationFailed',
    ) as { errors: Record<string, string[]> };
    expect(Object.keys(empty.errors).length).toBeGreaterThan(0);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/v1/recipes',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: `"${'x'.repeat(2_000_000)}"`,
      }),
      413,
      'PayloadTooLarge',
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/v1/recipes', headers: { ...auth, 'content-type': 'multipart/form-data' }, payload: 'x' }),
      400,
      'MalformedBody',
    );
    expectError(await t.app.inject({ method: 'DELETE', url: '/v1/recipes', headers: auth }), 404, 'NotFound');
    expect(await contentSnapshot(t.db.handle)).toEqual(before);
  });
});
