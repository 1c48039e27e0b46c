// The parallel-render limit on label files (docs/api.md#limits): PNG and PDF renders take one of the
// account's render slots, the 6th gets 429 RenderConcurrencyExceeded with Retry-After; SVG and the
// label data take none; an async render holds its slot until it finishes; an embed PNG takes none
// of the owner's slots (embeds have their own share and rate, docs/api.md#render-limits). Slots are held from
// the test through the app's own store, deterministically.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { createLimitsApp, type LimitsApp } from './limits-support.js';
import { fdaSampleRecipe } from './labels-support.js';

describe.each(databaseKinds())('render slots on label files on %s', (kind) => {
  let t: LimitsApp;
  let recipe: any;
  beforeAll(async () => {
    t = await createLimitsApp(kind, 'memory', { limitsA: { render_limit: 5 } });
    recipe = await fdaSampleRecipe(t.client());
  });
  afterAll(async () => {
    await t.close();
  });

  afterEach(async () => {
    for (const release of held.splice(0)) await release();
  });
  const held: Array<() => Promise<void>> = [];
  const holdSlots = async (accountId: number, count: number, limit = 5) => {
    const releases: Array<() => Promise<void>> = [];
    for (let i = 0; i < count; i++) {
      const release = await t.limits.acquireRenderSlot(accountId, limit);
      expect(release).not.toBeNull();
      releases.push(release!);
    }
    const releaseAll = async () => {
      for (const release of releases) await release();
    };
    held.push(releaseAll);
    return releaseAll;
  };

  it('the 6th parallel PNG or PDF render gets 429 with Retry-After; SVG and data still answer', async () => {
    const release = await holdSlots(t.accountA.id, 5);
    for (const path of [`label.png`, `label.pdf`, `label.png?async=true`, `label.pdf?async=true`]) {
      const res = await t.client().get(`/v1/recipes/${recipe.id}/${path}`);
      expect(res.statusCode, path).toBe(429);
      expect(json(res).error).toBe('RenderConcurrencyExceeded');
      expect(res.headers['retry-after']).toBe('1');
    }
    expect((await t.client().get(`/v1/recipes/${recipe.id}/label.svg`)).statusCode).toBe(200);
    expect((await t.client().get(`/v1/recipes/${recipe.id}/label`)).statusCode).toBe(200);
    // Another account's slots are its own.
    const other = await t.client(t.accountB.key).get(`/v1/recipes/${recipe.id}/label.png`);
    expect(other.statusCode).toBe(404);
    // The public embed PNG takes none of the owner's slots: a busy owner does not break their embeds
    // (and, the other way round, embeds cannot use up the owner's slots).
    const embed = await t.app.inject({ method: 'GET', url: `/embed/${recipe.embed_token}.png?zoom=1` });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: `/embed/${recipe.embed_token}.svg` })).statusCode).toBe(200);
    await release();
  });

  it('with 4 slots held the 5th render runs, and gives its slot back', async () => {
    const release = await holdSlots(t.accountA.id, 4);
    const png = await t.client().get(`/v1/recipes/${recipe.id}/label.png?zoom=1`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    // Its slot came back: exactly one is free again.
    const last = await t.limits.acquireRenderSlot(t.accountA.id, 5);
    expect(last).not.toBeNull();
    expect(await t.limits.acquireRenderSlot(t.accountA.id, 5)).toBeNull();
    await last!();
    await release();
  });

  it('an async render gives its slot back once done (being taken at acceptance, a full account is refused at once: above)', async () => {
    const release = await holdSlots(t.accountA.id, 4);
    const started = await t.client().get(`/v1/recipes/${recipe.id}/label.png?async=true&zoom=1`);
    expect(started.statusCode).toBe(202);
    const token = json(started).label_render.token;
    await t.app.labelRenders.settled(token);
    expect(json(await t.client().get(`/v1/recipes/label_renders/${token}`)).label_render.status).toBe('ready');
    const last = await t.limits.acquireRenderSlot(t.accountA.id, 5);
    expect(last).not.toBeNull();
    expect(await t.limits.acquireRenderSlot(t.accountA.id, 5)).toBeNull();
    await last!();
    await release();
  });
});
