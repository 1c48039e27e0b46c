// A 98-byte multipart body whose file part never ends ended the process: busboy reported
// "Unexpected end of form" on the part's own stream, which had no error listener. Any path would do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { contentSnapshot } from '../support/content-snapshot.js';
import { expectError } from '../support/error-shape.js';
import { listen, rawRequest } from '../support/raw-http.js';

const BODY = '--b\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nhello';
const HEADERS = { 'content-type': 'multipart/form-data; boundary=b' };

describe('a multipart file part cut off before its boundary', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    port = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('is 400 MalformedBody on every kind of path, with or without a key, and changes nothing', async () => {
    const before = await contentSnapshot(t.db.handle);
    for (const url of ['/account/session', '/v1/recipes', '/v1/nowhere']) {
      for (const key of [null, t.accountA.key]) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: key ? { ...HEADERS, authorization: `Token token=${key}` } : HEADERS,
          payload: BODY,
        });
        if (key === null && url === '/v1/recipes')
          expectError(response, 401, 'NotAuthorized'); // refused before the body is read
        else expectError(response, 400, 'MalformedBody');
      }
    }
    expect(await contentSnapshot(t.db.handle)).toEqual(before);
  });

  it('over a real socket the server answers and keeps serving', async () => {
    const request = `POST /account/session HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n${BODY}`;
    expectError(await rawRequest(port, request), 400, 'MalformedBody');
    const again = await t.client().get('/v1/recipes');
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual([]);
  });

  it('a whole file part on a route that takes no files is read and dropped; the fields still count', async () => {
    const body = [
      '--b',
      'Content-Disposition: form-data; name="recipe[name]"',
      '',
      'Soup',
      '--b',
      'Content-Disposition: form-data; name="f"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'hello',
      '--b--',
      '',
    ].join('\r\n');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/recipes',
      headers: { ...HEADERS, authorization: `Token token=${t.accountA.key}` },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    expect(json(response).recipe.name).toBe('Soup');
  });
});
