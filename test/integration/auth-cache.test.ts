// Successful key lookups are remembered for a second; changes made through the services must take
// effect on the very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, revokeKeyByPrefix, setAccountStatus } from '../../src/services/accounts/index.js';
import { createTestApp, json, makeClient, type TestApp } from '../support/app.js';

describe('authentication cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a key revoked right after use is refused on the next request', async () => {
    const extra = (await createKey(t.ctx, t.accountA.id))!;
    const client = makeClient(t.app, extra.api_key);
    expect((await client.get('/v1/ingredients')).statusCode).toBe(200);
    await revokeKeyByPrefix(t.ctx, extra.key.prefix);
    const res = await client.get('/v1/ingredients');
    expect(res.statusCode).toBe(401);
    expect(json(res).error).toBe('NotAuthorized');
  });

  it('an account made inactive right after use is refused on the next request', async () => {
    const client = makeClient(t.app, t.accountB.key);
    expect((await client.get('/v1/ingredients')).statusCode).toBe(200);
    await setAccountStatus(t.ctx, t.accountB.id, 'inactive');
    expect(json(await client.get('/v1/ingredients')).error).toBe('SubscriptionInactive');
    await setAccountStatus(t.ctx, t.accountB.id, 'active');
    expect((await client.get('/v1/ingredients')).statusCode).toBe(200);
  });

  it('a change made outside this process (direct SQL) takes effect within a second', async () => {
    const extra = (await createKey(t.ctx, t.accountA.id))!;
    const client = makeClient(t.app, extra.api_key);
    expect((await client.get('/v1/ingredients')).statusCode).toBe(200);
    await t.db.handle.db.updateTable('api_keys').set({ revoked_at: '2026-11-21T00:00:00Z' }).where('id', '=', extra.key.id).execute();
    t.clock.advance(1100);
    expect((await client.get('/v1/ingredients')).statusCode).toBe(401);
  });
});
