// Regression: two requests with one Idempotency-Key at once on one instance: the second could read the
// first's claim after it was written and before the first was marked as running here, took it for a
// request of another process and answered 409 (seen on PostgreSQL, through the studio's new-recipe
// form posted twice). A request now holds the key on its instance before it writes the claim, so a
// duplicate there waits for it and replays its answer (docs/api.md#idempotency-key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { idempotentPost } from '../support/idempotent.js';

describe.each(databaseKinds())('one Idempotency-Key sent five times at once on one instance (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('makes one ingredient; every request answers 201 with it', async () => {
    const body = flourBody({ name: 'Clicked five times' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => idempotentPost(t.app, t.accountA.key, '/v1/ingredients', 'five-at-once', body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => json(a).ingredient.id));
    expect(ids.size).toBe(1);
    const named = json(await t.client().get('/v1/ingredients?q=Clicked%20five%20times')).filter(
      (i: any) => i.ingredient.name === 'Clicked five times',
    );
    expect(named).toHaveLength(1);
  });
});
