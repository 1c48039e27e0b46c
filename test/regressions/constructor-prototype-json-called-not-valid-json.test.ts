// Valid JSON holding `constructor.prototype` (or `__proto__`) was refused as "not valid JSON". It is
// still refused (a prototype could be polluted through such members), now with a message that says
// what was refused; nothing is written, and no object's prototype changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { contentSnapshot } from '../support/content-snapshot.js';
import { expectError } from '../support/error-shape.js';

describe('prototype members in a JSON body', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it.each([
    ['constructor.prototype', '{"recipe": {"name": "x", "constructor": {"prototype": {"polluted": true}}}}'],
    ['__proto__', '{"recipe": {"name": "x", "__proto__": {"polluted": true}}}'],
  ])('%s: 400 saying what was refused, nothing written, nothing polluted', async (_name, payload) => {
    const before = await contentSnapshot(t.db.handle);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/recipes',
      headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': 'application/json' },
      payload,
    });
    const body = expectError(response, 400, 'MalformedBody');
    expect(body.message).not.toMatch(/not valid JSON/);
    expect(body.message).toMatch(/constructor|__proto__/);
    expect(await contentSnapshot(t.db.handle)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a member merely named "constructor" (no prototype in it) is ordinary data', async () => {
    const response = await t.client().post('/v1/recipes', { recipe: { name: 'Plain', constructor: 'Ada' } } as never);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.statusCode).not.toBe(400);
  });
});
