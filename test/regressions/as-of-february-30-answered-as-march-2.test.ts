// `?as_of=2026-02-30` was answered as of 2 March (Date rolls an impossible day over), while
// `?cost_date=2026-02-30` was refused. Both are now checked against the real calendar: 422 naming
// as_of, on both sides of every month's last day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

describe.each(databaseKinds())('as_of on an impossible date on %s', (kind) => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    id = json(await t.client().post('/v1/recipes', { recipe: { name: 'Dated' } })).recipe.id;
  });
  afterAll(async () => t?.close());

  it.each(['2026-02-29', '2026-02-30', '2026-04-31', '2026-06-31', '2026-13-01', '2026-00-10', '2026-02-30T10:00:00Z', '2025-02-29'])(
    'as_of=%s: 400 naming as_of (a mistake in the query)',
    async (asOf) => {
      const body = expectError(await t.client().get(`/v1/recipes/${id}?as_of=${asOf}`), 400, 'BadRequest');
      expect(Object.keys(body.errors as object)).toEqual(['as_of']);
    },
  );

  it.each(['2028-02-29', '2026-02-28', '2026-04-30', '2026-12-31', '2026-12-31T23:59:59Z'])('as_of=%s: a real date, read', async (asOf) => {
    // The recipe did not exist then: 404, not a 422 about the date.
    expect([200, 404]).toContain((await t.client().get(`/v1/recipes/${id}?as_of=${asOf}`)).statusCode);
  });
});
