// Regression: anonymous embed PNGs jammed everyone's renders. Embeds took the recipe
// owner's render slots (8 of them made the owner's label.png answer 429 every time), ran first-come
// on the shared pool (5 pushed another account's 55 ms PNG to 33 s), and a render had no bound.
// Now embeds take none of the owner's slots and run as a low-share tenant of a fair queue
// (its order is proven step by step in test/unit/render/scheduler.test.ts), and a render has a
// size bound and a time limit (test/integration/render-limits.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { ManualTimer } from '../support/manual-timer.js';
import { createLimitsApp, type LimitsApp } from '../integration/limits-support.js';
import { fdaSampleRecipe } from '../integration/labels-support.js';

/** Each answer to an anonymous embed PNG is the image or a 429 in the contract's shape. */
function expectImageOrBusy(res: { statusCode: number; headers: Record<string, unknown>; json(): any }): void {
  expect([200, 429]).toContain(res.statusCode);
  if (res.statusCode === 429) {
    expect(['RenderConcurrencyExceeded', 'RateLimited']).toContain(res.json().error);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().request_id).toBe(res.headers['x-request-id']);
  }
}

describe.each(databaseKinds())("anonymous embed PNGs jam everyone's renders on %s", (kind) => {
  let t: LimitsApp;
  let recipe: any;
  let otherRecipe: any;
  beforeAll(async () => {
    t = await createLimitsApp(kind, 'memory', { limitsA: { render_limit: 5 } });
    recipe = await fdaSampleRecipe(t.client());
    otherRecipe = await fdaSampleRecipe(t.client(t.accountB.key), { name: 'Another account' });
  });
  afterAll(async () => {
    await t.close();
  });
  const embed = (zoom: number) => t.app.inject({ method: 'GET', url: `/embed/${recipe.embed_token}.png?zoom=${zoom}` });

  it("an embed PNG takes none of the owner's render slots: with all five held it is still drawn, and they stay held", async () => {
    const held = [];
    for (let i = 0; i < 5; i++) held.push((await t.limits.acquireRenderSlot(t.accountA.id, 5))!);
    expect(held.every(Boolean)).toBe(true);
    expect((await embed(1)).statusCode).toBe(200);
    expect(await t.limits.acquireRenderSlot(t.accountA.id, 5)).toBeNull();
    for (const release of held) await release();
  });

  it("8 anonymous embed PNGs at once: the owner's label.png and another account's PNG are both served", async () => {
    const zooms = [6, 5.9, 5.8, 5.7, 5.6, 5.5, 5.4, 5.3];
    const [own, other, ...embeds] = await Promise.all([
      t.client().get(`/v1/recipes/${recipe.id}/label.png`),
      t.client(t.accountB.key).get(`/v1/recipes/${otherRecipe.id}/label.png?zoom=1`),
      ...zooms.map((zoom) => embed(zoom)),
    ]);
    expect(own!.statusCode).toBe(200);
    expect(own!.headers['content-type']).toBe('image/png');
    expect(other!.statusCode).toBe(200);
    for (const res of embeds) expectImageOrBusy(res);
  });
});

describe.each(databaseKinds())('a runaway render on %s', (kind) => {
  let t: TestApp;
  const timer = new ManualTimer();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { renderTimer: timer });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is stopped at the time limit with 422 RenderTimedOut, and the pool goes on serving', async () => {
    const recipe = await fdaSampleRecipe(t.client());
    const stuck = t.app.inject({ method: 'GET', url: `/embed/${recipe.embed_token}.png?zoom=6` });
    const limit = await timer.next();
    expect(limit.ms).toBe(10_000); // RENDER_TIME_LIMIT_MS's default
    limit.fire();
    const res = await stuck;
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe('RenderTimedOut');
    expect((await t.client().get(`/v1/recipes/${recipe.id}/label.png?zoom=1`)).statusCode).toBe(200);
  });
});
