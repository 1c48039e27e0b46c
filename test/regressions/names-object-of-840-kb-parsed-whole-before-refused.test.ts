// Regression: an 840 KB `names` object of 46,000 members was refused at its budget of 100 members,
// but only after JSON.parse had built all 46,000 and every member name and value had been checked
// for U+0000 and lone surrogates one by one: ~100 ms of the event loop per request, and another
// account's p99 1.3-1.5 s under two such requests at a time (`npm run bench -- attacks --attack
// names`). Now an object of more than 2,000 members is cut to 2,001 before it is parsed (still
// refused by its field's own budget, with the same answer), and the text is searched once for the
// escapes that could spell non-text before any walk (docs/api.md#input-budgets). Counted in steps
// (characters parsed, values walked), never the wall clock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JSON_OBJECT_MEMBERS_READ } from '../../src/lib/json-members.js';
import { setWorkCounter } from '../../src/lib/work-steps.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';

const languages = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`zz-${i}`, 'Mehl']));

describe.each(databaseKinds())('an 840 KB names object, on %s', (kind) => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const created = await t.client().post('/v1/ingredients', flourBody());
    id = json(created).ingredient.id;
  });
  afterAll(() => t.close());
  afterEach(() => setWorkCounter(null));

  async function counted(body: Record<string, unknown>) {
    let steps = 0;
    setWorkCounter((n) => (steps += n));
    const response = await t.client().put(`/v1/ingredients/${id}`, body);
    setWorkCounter(null);
    return { steps, response };
  }

  it('is refused by its budget of 100 members as before, from a parse of 2,001 members and no walk of its strings', async () => {
    const body = { names: languages(46_000) };
    const sent = JSON.stringify(body).length;
    expect(sent).toBeGreaterThan(800_000);
    const { steps, response } = await counted(body);
    const error = expectError(response, 422, 'ValidationFailed');
    expect(error.errors).toEqual({ names: ['must have at most 100 members'] });
    // Characters parsed (about 2,001 members of ~16) plus the validator's steps: far below the 840 KB sent.
    expect(steps).toBeLessThan(20 * (JSON_OBJECT_MEMBERS_READ + 1) + 5_000);
    expect(steps).toBeLessThan(sent / 20);
  });

  it('grown ten times past the cut, the steps do not grow', async () => {
    const small = await counted({ names: languages(4_600) });
    const large = await counted({ names: languages(46_000) });
    expect(small.response.statusCode).toBe(422);
    expect(large.response.statusCode).toBe(422);
    expect(large.steps).toBeLessThan(small.steps * 1.5);
  });

  it('a member name or value holding \\u0000 or a lone surrogate is still refused, in a large object too', async () => {
    for (const bad of ['a\u0000b', '\ud800x', 'x\udc00']) {
      const names = { ...languages(1_500), [bad]: 'Mehl' };
      expectError(await t.client().put(`/v1/ingredients/${id}`, { names }), 400, 'MalformedBody');
      expectError(await t.client().put(`/v1/ingredients/${id}`, { names: { fr: bad } }), 400, 'MalformedBody');
    }
  });

  it('an object of 2,000 members as sent, at the bound, is read whole and refused by its budget as before', async () => {
    const response = await t.client().put(`/v1/ingredients/${id}`, { names: languages(JSON_OBJECT_MEMBERS_READ) });
    expect(expectError(response, 422, 'ValidationFailed').errors).toEqual({ names: ['must have at most 100 members'] });
  });
});
