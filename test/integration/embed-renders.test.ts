// Embed PNGs (docs/api.md#render-limits) through the real app: a per-token rate on the service clock, a
// cache of identical images (counted by the renders the pool dispatches: one timer each), and the
// anonymous share of the threads, which never covers all of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { ManualTimer } from '../support/manual-timer.js';
import { fdaSampleRecipe } from './labels-support.js';

describe.each(databaseKinds())('embed PNG renders on %s', (kind) => {
  let t: TestApp;
  let timer: ManualTimer;
  let recipe: any;
  beforeAll(async () => {
    timer = new ManualTimer();
    t = await createTestApp(kind, { EMBED_RENDERS_PER_MINUTE: '3', RENDER_THREADS: '2' }, { renderTimer: timer });
    recipe = await fdaSampleRecipe(t.client());
  });
  afterAll(async () => {
    await t.close();
  });
  const embed = (token: string, zoom: number) => t.app.inject({ method: 'GET', url: `/embed/${token}.png?zoom=${zoom}` });

  it("a token gets its per-minute renders, then 429 RateLimited with Retry-After; the owner's label.png still answers", async () => {
    t.clock.set('2026-11-18T12:00:15Z');
    for (const zoom of [1, 1.1, 1.2]) expect((await embed(recipe.embed_token, zoom)).statusCode, `zoom ${zoom}`).toBe(200);
    const refused = await embed(recipe.embed_token, 1.3);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.headers['x-request-id']).toBeDefined();
    expect(json(refused)).toEqual({
      error: 'RateLimited',
      message: "This embed's label image may be drawn at most 3 times a minute; retry in 45 s.",
      request_id: refused.headers['x-request-id'],
    });
    // Until the minute ends every PNG of the token is refused before its label is computed, even one
    // drawn before (keeping refusals cheap); the page and the SVG are still served.
    expect((await embed(recipe.embed_token, 1)).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: `/embed/${recipe.embed_token}.svg` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/embed/${recipe.embed_token}` })).statusCode).toBe(200);
    // The owner's own renders are untouched, and another recipe's embed has its own count.
    const own = await t.client().get(`/v1/recipes/${recipe.id}/label.png?zoom=1.3`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    const other = await fdaSampleRecipe(t.client(), { name: 'Other embed' });
    expect((await embed(other.embed_token, 1.3)).statusCode).toBe(200);
    // The next minute the token draws again, and cached images do not count against it.
    t.clock.set('2026-11-18T12:01:00Z');
    expect((await embed(recipe.embed_token, 1.3)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await embed(recipe.embed_token, 1)).statusCode).toBe(200);
    expect((await embed(recipe.embed_token, 1.4)).statusCode).toBe(200);
    expect((await embed(recipe.embed_token, 1.5)).statusCode).toBe(200);
    expect((await embed(recipe.embed_token, 1.6)).statusCode).toBe(429);
  });

  it('identical embed images are drawn once: repeats and simultaneous requests share it; a changed recipe is drawn anew', async () => {
    t.clock.set('2026-11-18T13:00:00Z');
    const before = timer.armed;
    const first = await embed(recipe.embed_token, 2);
    expect(first.statusCode).toBe(200);
    expect(timer.armed).toBe(before + 1);
    const together = await Promise.all(Array.from({ length: 5 }, () => embed(recipe.embed_token, 2.5)));
    for (const res of together) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(together[0]!.rawPayload)).toBe(true);
    }
    const again = await embed(recipe.embed_token, 2);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(timer.armed).toBe(before + 2);
    // New data, new image: servings change every per-serving figure.
    expect((await t.client().put(`/v1/recipes/${recipe.id}`, { recipe: { servings: 4 } })).statusCode).toBe(200);
    const changed = await embed(recipe.embed_token, 2);
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(timer.armed).toBe(before + 3);
  });

  it('a burst of anonymous renders never holds every thread: at most one runs at a time, the rest wait or get 429, and accounts are served', async () => {
    t.clock.set('2026-11-18T14:00:00Z');
    const tokens = [];
    for (let i = 0; i < 4; i++) tokens.push((await fdaSampleRecipe(t.client(), { name: `Burst ${i}` })).embed_token as string);
    // Every dispatch arms a timer; while only anonymous work is in flight, count the timers active at once.
    let mostAtOnce = 0;
    const active: Array<{ readonly active: boolean }> = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const armed = await timer.next();
        active.push(armed);
        mostAtOnce = Math.max(mostAtOnce, active.filter((a) => a.active).length);
      }
    })();
    const burst = await Promise.all(tokens.flatMap((token) => [1.4, 1.5, 1.6].map((zoom) => embed(token, zoom))));
    watching = false;
    for (const res of burst) {
      expect([200, 429]).toContain(res.statusCode);
      if (res.statusCode === 429) {
        expect(json(res).error).toBe('RenderConcurrencyExceeded');
        expect(res.headers['retry-after']).toBe('1');
      }
    }
    expect(burst.some((res) => res.statusCode === 200)).toBe(true);
    expect(mostAtOnce).toBe(1); // two threads, a quarter of them (at least one) for anonymous work
    // Let the watcher's pending wait resolve with the owner's render: accounts use the other thread.
    const own = await t.client().get(`/v1/recipes/${recipe.id}/label.png?zoom=1.4`);
    expect(own.statusCode).toBe(200);
    await watch;
  });
});
