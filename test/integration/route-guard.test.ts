// The shared suite: every authenticated route refuses a missing, malformed, unknown or revoked key
// and an inactive account (docs/api.md#authentication), and never shows or changes another account's private
// records (docs/api.md#errors: 404, never revealing that the record exists).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeKeyByPrefix, setAccountStatus, createAccount, createKey } from '../../src/services/accounts/index.js';
import { createTestApp, json, makeClient, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { isolationCases, PUBLIC_ROUTES } from '../support/isolation-cases.js';

const concrete = (url: string) => url.replace(/:[a-z_]+/gi, '1');

describe.each(databaseKinds())('every route on %s', (kind) => {
  let t: TestApp;
  let apiRoutes: Array<{ method: string; url: string }>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    apiRoutes = t.app.routeTable
      .filter((r) => r.url.startsWith('/v1/') || r.url.startsWith('/api/v1/'))
      .filter((r) => !PUBLIC_ROUTES.includes(`${r.method} ${r.url}`));
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: string, url: string, headers: Record<string, string>) =>
    t.app.inject({
      method: method as any,
      url: concrete(url),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    });

  it('has API routes to check', () => {
    expect(apiRoutes.length).toBeGreaterThan(5);
  });

  it('refuses a missing, malformed or unknown key with 401 NotAuthorized', async () => {
    const headerSets: Array<Record<string, string>> = [
      {},
      { authorization: 'Token' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Token token=rcp_doesnotexist' },
      { authorization: `Bearer ${'x'.repeat(600)}` },
    ];
    for (const route of apiRoutes) {
      for (const headers of headerSets) {
        const res = await call(route.method, route.url, headers);
        expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(headers).slice(0, 40)}`).toBe(401);
        expect(json(res).error).toBe('NotAuthorized');
      }
    }
  });

  it('accepts the three header forms', async () => {
    for (const authorization of [
      `Token token=${t.accountA.key}`,
      `Token token="${t.accountA.key}"`,
      `Token ${t.accountA.key}`,
      `Bearer ${t.accountA.key}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/ingredients', headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 12)).toBe(200);
    }
  });

  it('refuses a revoked key on every route', async () => {
    const extra = (await createKey(t.ctx, t.accountA.id))!;
    expect(await revokeKeyByPrefix(t.ctx, extra.key.prefix)).toBe('revoked');
    for (const route of apiRoutes) {
      const res = await call(route.method, route.url, { authorization: `Token token=${extra.api_key}` });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(json(res).error).toBe('NotAuthorized');
    }
  });

  it('refuses an inactive account on every route with 401 SubscriptionInactive', async () => {
    const none = { email: null, weekly_limit: null, per_minute_limit: null, render_limit: null };
    const lapsed = await createAccount(t.ctx, { name: 'Lapsed', ...none });
    await setAccountStatus(t.ctx, lapsed.account.id, 'inactive');
    for (const route of apiRoutes) {
      const res = await call(route.method, route.url, { authorization: `Token token=${lapsed.api_key}` });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(json(res).error).toBe('SubscriptionInactive');
    }
  });

  it('has an isolation case for every authenticated route', () => {
    const covered = new Set(isolationCases.map((c) => c.route));
    const missing = apiRoutes
      .filter((r) => r.url.startsWith('/v1/'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !covered.has(r));
    expect(missing).toEqual([]);
  });

  describe("isolation: account B against account A's private records", () => {
    it.each(isolationCases.map((c) => [c.route, c] as const))('%s', async (_route, c) => {
      const owner = makeClient(t.app, t.accountA.key);
      const intruder = makeClient(t.app, t.accountB.key);
      const fixture = await c.setup(owner, t);
      const before = await c.snapshot?.(owner, fixture);
      const res = await c.attempt(intruder, fixture);
      expect(res.statusCode, c.route).toBe(c.expectStatus ?? 404);
      expect(res.body, 'must not leak the record').not.toContain('Secret');
      if (c.snapshot) expect(await c.snapshot(owner, fixture)).toEqual(before);
    });
  });
});
