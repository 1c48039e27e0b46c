// Health, docs and the OpenAPI document generated from the route schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';

describe('platform routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves /healthz and /readyz without a key', async () => {
    expect(json(await t.app.inject('/healthz'))).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toMatchObject({ status: 'ready', database: 'ok' });
  });

  it('serves the docs with local assets (no CDN)', async () => {
    const page = await t.app.inject('/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs|jsdelivr)/);
    const asset = await t.app.inject('/docs/static/swagger-ui-bundle.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body.length).toBeGreaterThan(100_000);
  });

  it('publishes an OpenAPI 3.1 document listing every /v1 route with its methods', async () => {
    const res = await t.app.inject('/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = json(res);
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/v1/') && r.url !== '/v1/openapi.json')
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(4);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
    // /api/v1 duplicates are served but not documented twice.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/v1'))).toBe(false);
  });

  it('documents the ingredient body and response schemas', async () => {
    const doc = json(await t.app.inject('/v1/openapi.json'));
    const post = doc.paths['/v1/ingredients'].post;
    const body = post.requestBody.content['application/json'].schema;
    expect(body.properties.weight1).toBeTruthy();
    expect(body.properties.calories).toBeTruthy();
    expect(post.responses['201']).toBeTruthy();
    expect(JSON.stringify(doc.components)).toContain('units_and_grams');
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await t.app.inject('/v2/nothing');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ error: 'NotFound' });
  });
});
