// Idempotency-Key on POST (docs/api.md#idempotency-key), on every database: a retry replays the first answer and
// writes nothing; another request under the key is 422; keys are per account, last 24 hours, survive
// a restart; a bad key is 400; refusals change nothing.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.js';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, snapshotDifferences, type Snapshotter } from '../support/db-snapshot.js';
import { expectError } from '../support/error-shape.js';
import { idempotentPost } from '../support/idempotent.js';

describe.each(databaseKinds())('Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
  });
  afterAll(async () => {
    await snapshots?.close();
    await t?.close();
  });
  afterEach(() => {
    t.clock.set('2026-11-18T12:00:00Z');
  });

  const postA = (url: string, key: string, body?: Record<string, unknown>) => idempotentPost(t.app, t.accountA.key, url, key, body);
  const recipesNamed = async (name: string, key = t.accountA.key) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/recipes?archived=all&q=${encodeURIComponent(name)}`,
      headers: { authorization: `Token token=${key}` },
    });
    return json(res)
      .map((r: any) => r.recipe)
      .filter((r: any) => r.name === name);
  };
  const keyRows = async (key: string) =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from idempotency_keys where ${sql.ref('key')} = ${key}`.execute(t.db.handle.db))
        .rows[0]!.n,
    );

  it('replays the first answer for the same key and body, and writes once', async () => {
    const first = await postA('/v1/recipes', 'create-1', { recipe: { name: 'Replayed bread', servings: 2, extra_field: 1 } });
    expect(first.statusCode).toBe(201);
    expect(first.headers['x-ignored-fields']).toBe('extra_field');
    const before = await snapshots.take();
    const again = await postA('/v1/recipes', 'create-1', { recipe: { name: 'Replayed bread', servings: 2, extra_field: 1 } });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['x-ignored-fields']).toBe('extra_field');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    expect(await recipesNamed('Replayed bread')).toHaveLength(1);
  });

  it('treats /v1 and /api/v1, and member order, as the same request', async () => {
    const first = await postA('/v1/recipes', 'create-prefix', { name: 'Prefix pie', servings: 3 });
    const again = await postA('/api/v1/recipes', 'create-prefix', { servings: 3, name: 'Prefix pie' });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await recipesNamed('Prefix pie')).toHaveLength(1);
  });

  it('answers 422 naming Idempotency-Key for another body or another endpoint under a used key, and changes nothing', async () => {
    const first = await postA('/v1/recipes', 'create-2', { name: 'Keyed soup' });
    expect(first.statusCode).toBe(201);
    const before = await snapshots.take();
    for (const [url, body] of [
      ['/v1/recipes', { name: 'Other soup' }],
      ['/v1/recipes/shortcut', { name: 'Keyed soup' }],
    ] as const) {
      const res = await postA(url, 'create-2', body);
      expectError(res, 422, 'ValidationFailed');
      expect(Object.keys(json(res).errors)).toEqual(['Idempotency-Key']);
    }
    expect(snapshotDifferences(before, await snapshots.take())).toEqual([]);
    expect(await recipesNamed('Other soup')).toHaveLength(0);
  });

  it('refuses a bad key with 400 in the contract shape and changes nothing', async () => {
    const before = await snapshots.take();
    const bad = ['k'.repeat(256), ' ', ''];
    for (const key of bad) {
      const res = await postA('/v1/recipes', key, { name: 'Bad key cake' });
      expectError(res, 400, 'BadRequest');
      expect(Object.keys(json(res).errors)).toEqual(['Idempotency-Key']);
    }
    expect(await recipesNamed('Bad key cake')).toHaveLength(0);
    const longest = await postA('/v1/recipes', 'k'.repeat(255), { name: 'Longest key cake' });
    expect(longest.statusCode).toBe(201);
    expect(snapshotDifferences(before, await snapshots.take()).length).toBeGreaterThan(0);
  });

  it('keeps no refused answer: after a 422 the same key runs the corrected request', async () => {
    const refused = await postA('/v1/recipes', 'fix-me', { name: 'Fixed tart', servings: 0 });
    expectError(refused, 422, 'ValidationFailed');
    const fixed = await postA('/v1/recipes', 'fix-me', { name: 'Fixed tart', servings: 1 });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await recipesNamed('Fixed tart')).toHaveLength(1);
  });

  it("keeps keys per account: B reusing A's key gets its own fresh result", async () => {
    const body = { name: 'Shared key stew' };
    const a = await postA('/v1/recipes', 'same-key', body);
    const b = await idempotentPost(t.app, t.accountB.key, '/v1/recipes', 'same-key', body);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(json(b).recipe.id).not.toBe(json(a).recipe.id);
    expect(await recipesNamed('Shared key stew', t.accountB.key)).toHaveLength(1);
    expect(await recipesNamed('Shared key stew')).toHaveLength(1);
    // And B's replay is B's own answer.
    const bAgain = await idempotentPost(t.app, t.accountB.key, '/v1/recipes', 'same-key', body);
    expect(bAgain.body).toBe(b.body);
  });

  it('forgets a key after 24 hours (the row is pruned) and runs the request again', async () => {
    const first = await postA('/v1/recipes', 'day-old', { name: 'Day-old loaf' });
    expect(first.statusCode).toBe(201);
    // B uses a key once and never comes back: A's claims prune it too (once a minute per instance).
    expect((await idempotentPost(t.app, t.accountB.key, '/v1/recipes', 'b-gone', { name: 'B once' })).statusCode).toBe(201);
    t.clock.advance(24 * 3600 * 1000 - 1000);
    const within = await postA('/v1/recipes', 'day-old', { name: 'Day-old loaf' });
    expect(within.body).toBe(first.body);
    expect(await keyRows('day-old')).toBe(1);
    // A minute on: the keys are a minute past their 24 hours, and the instance prunes every account's again.
    t.clock.advance(60_000);
    // Another key's claim prunes the expired ones, of every account.
    const other = await postA('/v1/recipes', 'next-day', { name: 'Next-day loaf' });
    expect(other.statusCode).toBe(201);
    expect(await keyRows('day-old')).toBe(0);
    expect(await keyRows('b-gone')).toBe(0);
    const again = await postA('/v1/recipes', 'day-old', { name: 'Day-old loaf' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(json(again).recipe.id).not.toBe(json(first).recipe.id);
    expect(await recipesNamed('Day-old loaf')).toHaveLength(2);
  });

  it('takes over an expired key that is not pruned yet', async () => {
    const first = await postA('/v1/recipes', 'expired-unpruned', { name: 'Unpruned bun' });
    t.clock.advance(24 * 3600 * 1000 - 30_000);
    // This claim prunes (nothing has expired yet); the next prune is a minute away.
    expect((await postA('/v1/recipes', 'pruning-claim', { name: 'Pruning bun' })).statusCode).toBe(201);
    t.clock.advance(31_000);
    expect(await keyRows('expired-unpruned')).toBe(1);
    const again = await postA('/v1/recipes', 'expired-unpruned', { name: 'Unpruned bun' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(json(again).recipe.id).not.toBe(json(first).recipe.id);
    expect(await keyRows('expired-unpruned')).toBe(1);
    // And the new answer is the one kept.
    expect((await postA('/v1/recipes', 'expired-unpruned', { name: 'Unpruned bun' })).body).toBe(again.body);
  });

  it('replays after a restart: a new app on the same database', async () => {
    const first = await postA('/v1/recipes', 'restart-1', { name: 'Restart roll' });
    expect(first.statusCode).toBe(201);
    const restarted = await buildApp({ config: t.config, database: t.db.handle, clock: t.clock });
    try {
      const again = await idempotentPost(restarted, t.accountA.key, '/v1/recipes', 'restart-1', { name: 'Restart roll' });
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
    } finally {
      await restarted.close();
    }
    expect(await recipesNamed('Restart roll')).toHaveLength(1);
  });

  it('leaves requests without the header alone, and GETs ignore it', async () => {
    const c = t.client();
    const one = await c.post('/v1/recipes', { name: 'Unkeyed' });
    const two = await c.post('/v1/recipes', { name: 'Unkeyed' });
    expect(json(one).recipe.id).not.toBe(json(two).recipe.id);
    const get = await t.app.inject({
      method: 'GET',
      url: '/v1/recipes',
      headers: { authorization: `Token token=${t.accountA.key}`, 'idempotency-key': 'k'.repeat(300) },
    });
    expect(get.statusCode).toBe(200);
  });

  it('documents the header on every POST in the OpenAPI document', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: '/v1/openapi.json' }));
    const posts = Object.entries(doc.paths as Record<string, any>).filter(([, ops]) => ops.post);
    expect(posts.length).toBeGreaterThan(3);
    for (const [path, ops] of posts) {
      expect(
        (ops.post.parameters ?? []).map((p: any) => `${p.in}:${p.name}`),
        path,
      ).toContain('header:idempotency-key');
    }
  });
});
