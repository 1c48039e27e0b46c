// What one render may take (docs/api.md#render-limits), through the real app: a PNG beyond the pixel limit
// is 422 ValidationFailed naming zoom; a render over the time limit (the test fires the limit
// itself) is 422 RenderTimedOut, its thread is replaced and the next render is served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { ManualTimer } from '../support/manual-timer.js';
import { fdaSampleRecipe, pngSize } from './labels-support.js';

describe.each(databaseKinds())('render limits on %s', (kind) => {
  let t: TestApp;
  let timer: ManualTimer;
  let recipe: any;
  beforeAll(async () => {
    timer = new ManualTimer();
    // The FDA sample label (196 pt wide) at zoom 6 has about 3.5 million pixels; allow 1 million.
    t = await createTestApp(kind, { RENDER_MAX_PIXELS: '1000000', RENDER_TIME_LIMIT_MS: '2500' }, { renderTimer: timer });
    recipe = await fdaSampleRecipe(t.client());
  });
  afterAll(async () => {
    await t.close();
  });

  it('a PNG beyond the pixel limit is 400 BadRequest naming zoom (a mistake in the query), on the API and the embed; the zoom it names is served', async () => {
    for (const url of [`/v1/recipes/${recipe.id}/label.png?zoom=6`, `/embed/${recipe.embed_token}.png?zoom=6`]) {
      const res = url.startsWith('/v1') ? await t.client().get(url) : await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      const body = json(res);
      expect(body.error).toBe('BadRequest');
      expect(Object.keys(body.errors)).toEqual(['zoom']);
      expect(body.errors.zoom[0]).toMatch(
        /^must be at most \d+(\.\d)? for this label \(a PNG may have at most 1,000,000 pixels and this label at zoom 6 would have [\d,]+\)$/,
      );
      expect(body.request_id).toBe(res.headers['x-request-id']);
    }
    const refused = json(await t.client().get(`/v1/recipes/${recipe.id}/label.png?zoom=6`));
    const largest = /at most ([\d.]+) for/.exec(refused.errors.zoom[0])![1]!;
    const png = await t.client().get(`/v1/recipes/${recipe.id}/label.png?zoom=${largest}`);
    expect(png.statusCode).toBe(200);
    const { width, height } = pngSize(png.rawPayload);
    expect(width * height).toBeLessThanOrEqual(1_000_000);
  });

  it('a render over the time limit is 422 RenderTimedOut; the pool recovers and serves the next render', async () => {
    const stuck = t.client().get(`/v1/recipes/${recipe.id}/label.png?zoom=3`);
    const limit = await timer.next();
    expect(limit.ms).toBe(2500);
    limit.fire();
    const res = await stuck;
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({
      error: 'RenderTimedOut',
      message:
        'The label took longer than the 2.5 s one render may take and was stopped; ask for a smaller zoom, or the PDF on a paper size.',
      request_id: res.headers['x-request-id'],
    });
    // The next renders (PNG and PDF) are served; their limits are never fired.
    for (const path of ['label.png?zoom=1', 'label.pdf']) {
      const next = await t.client().get(`/v1/recipes/${recipe.id}/${path}`);
      expect(next.statusCode, path).toBe(200);
    }
  });

  it('an embed stopped at the limit is not cached: the same image is drawn again next time', async () => {
    const stuck = t.app.inject({ method: 'GET', url: `/embed/${recipe.embed_token}.png?zoom=2` });
    (await timer.next()).fire();
    expect(json(await stuck).error).toBe('RenderTimedOut');
    const armed = timer.armed;
    const again = await t.app.inject({ method: 'GET', url: `/embed/${recipe.embed_token}.png?zoom=2` });
    expect(again.statusCode).toBe(200);
    expect(timer.armed).toBe(armed + 1);
  });

  it('an asynchronous render stopped at the limit ends in status "error" with the reason', async () => {
    const started = await t.client().get(`/v1/recipes/${recipe.id}/label.pdf?async=true`);
    expect(started.statusCode).toBe(202);
    const token = json(started).label_render.token;
    (await timer.next()).fire();
    // The render is answered the moment its limit fires; await its status being written.
    await t.app.labelRenders.settled(token);
    const render = json(await t.client().get(`/v1/recipes/label_renders/${token}`)).label_render;
    expect(render.status).toBe('error');
    expect(render.error).toBe(
      'The label could not be rendered: The label took longer than the 2.5 s one render may take and was stopped; ask for a smaller zoom, or the PDF on a paper size.',
    );
  });
});
