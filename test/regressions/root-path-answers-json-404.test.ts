// `GET /` was a JSON 404, a dead end for a newcomer. A browser is now sent to the
// interactive docs, any other client gets a pointer to them (docs/api.md#paths).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';

describe('GET /', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('redirects a browser to /docs, which is there', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/docs');
    const docs = await t.app.inject({ method: 'GET', url: '/docs', headers: { accept } });
    expect(docs.statusCode).toBeLessThan(400);
  });

  it.each([['*/*'], ['application/json'], [undefined]])('answers a client accepting %s with JSON paths that work', async (accept) => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: accept ? { accept } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = json(res);
    expect(body).toMatchObject({ docs: '/docs', openapi: '/v1/openapi.json', api: '/v1' });
    expect((await t.app.inject({ method: 'GET', url: body.openapi })).statusCode).toBe(200);
  });

  it('needs no key, and a bad key does not matter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { authorization: 'Token token=rcp_nope' } });
    expect(res.statusCode).toBe(200);
  });
});
