// GET /embed/{embed_token} (docs/api.md#labels): the public label page for an iframe, its .svg and .png,
// no key and no API request limits; unknown and rotated tokens look the same; rotation kills the
// old URL at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { fdaSampleRecipe, pngSize } from './labels-support.js';

describe.each(databaseKinds())('embeds on %s', (kind) => {
  let t: TestApp;
  let recipe: any;
  beforeAll(async () => {
    t = await createTestApp(kind);
    recipe = await fdaSampleRecipe(t.client());
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the HTML page with the label, framable, without a key and outside the API limiter', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await get(`/embed/${recipe.embed_token}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(res.body).toMatch(/^<!doctype html>/i);
      expect(res.body).toContain('Nutrition Facts');
      expect(res.body).toContain('2/3 cup (55g)');
    }
  });

  it('.svg and .png variants, and ?language=fr-CA', async () => {
    const svg = await get(`/embed/${recipe.embed_token}.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('data-key="calories"');
    const png = await get(`/embed/${recipe.embed_token}.png?zoom=1`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const one = pngSize(png.rawPayload).width;
    expect(pngSize((await get(`/embed/${recipe.embed_token}.png?zoom=2`)).rawPayload).width).toBeGreaterThan(one * 1.9);
    const fr = await get(`/embed/${recipe.embed_token}?language=fr-CA`);
    expect(fr.body).toContain('Valeur nutritive');
    expect((await get(`/embed/${recipe.embed_token}.png?zoom=100`)).statusCode).toBe(400);
  });

  it('unknown, malformed and rotated tokens: the same 404', async () => {
    const own = await fdaSampleRecipe(t.client(), { name: 'Rotating' });
    expect((await get(`/embed/${own.embed_token}`)).statusCode).toBe(200);
    const rotated = json(await t.client().put(`/v1/recipes/${own.id}`, { recipe: { embed_token: 'rotate' } })).recipe;
    expect(rotated.embed_token).not.toBe(own.embed_token);
    const bodies = [];
    for (const path of [
      `/embed/${own.embed_token}`,
      `/embed/${own.embed_token}.png`,
      `/embed/${own.embed_token}.svg`,
      '/embed/nosuchtoken000000000000',
      '/embed/bad%20token.exe',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      const { request_id: _id, ...body } = json(res);
      bodies.push(body);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toEqual({ error: 'NotFound', message: 'No label with that id exists for this account.' });
    // The new token works.
    expect((await get(`/embed/${rotated.embed_token}`)).statusCode).toBe(200);
    // And the saved-label route follows the rotation too.
    expect((await t.client().get(`/v1/labels/${own.embed_token}`)).statusCode).toBe(404);
    expect((await t.client().get(`/v1/labels/${rotated.embed_token}`)).statusCode).toBe(200);
  });
});
