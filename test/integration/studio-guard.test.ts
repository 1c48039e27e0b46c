// Every studio route: signed out, a GET goes to the sign-in form and a POST is refused with it; a POST
// without the session's CSRF token, or from another site, is refused and changes nothing; a session
// dies with its key or its account. And no account sees or changes another's recipes, ingredients or
// approvals through the studio: a 404 page, the record unchanged (test/support/studio-isolation-cases.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeKeyByPrefix, setAccountStatus } from '../../src/services/accounts/index.js';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { FORM, studioSignIn, type StudioSession } from '../support/studio.js';
import { STUDIO_OPEN_ROUTES, studioIsolationCases } from '../support/studio-isolation-cases.js';

const concrete = (url: string) =>
  url
    .replace(/:file/, 'en-US.svg')
    .replace(/:name/, 'studio.css')
    .replace(/:[a-zA-Z_]+/g, '1');

describe.each(databaseKinds())('every studio route on %s', (kind) => {
  let t: TestApp;
  let routes: Array<{ method: string; url: string; hidden: boolean }>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    routes = t.app.routeTable.filter((r) => r.url === '/studio' || r.url.startsWith('/studio/'));
  });
  afterAll(async () => {
    await t.close();
  });

  const guarded = () => routes.filter((r) => !STUDIO_OPEN_ROUTES.includes(`${r.method} ${r.url}`));
  const auditCount = async () => (await t.db.handle.db.selectFrom('audit_events').select('id').execute()).length;

  it('has a case for every route: an isolation case, or it is one of the open routes', () => {
    expect(guarded().length).toBeGreaterThan(10);
    const covered = new Set([...STUDIO_OPEN_ROUTES, ...studioIsolationCases.map((c) => c.route)]);
    const missing = routes.map((r) => `${r.method} ${r.url}`).filter((r) => !covered.has(r));
    expect(missing).toEqual([]);
    expect(routes.every((r) => r.hidden)).toBe(true); // none of them is in the OpenAPI document
  });

  it('sends a signed-out GET to the sign-in form and refuses a signed-out POST with it (401), writing nothing', async () => {
    const before = await auditCount();
    for (const route of guarded()) {
      const url = concrete(route.url);
      const res =
        route.method === 'GET'
          ? await t.app.inject({ method: 'GET', url })
          : await t.app.inject({ method: 'POST', url, headers: FORM, payload: 'csrf=x&quantity=1' });
      if (route.method === 'GET') {
        expect(res.statusCode, url).toBe(303);
        expect(res.headers.location, url).toBe(`/studio/sign-in?next=${encodeURIComponent(url)}`);
      } else {
        expect(res.statusCode, url).toBe(401);
        expect(res.body, url).toContain('name="api_key"');
      }
    }
    expect(await auditCount()).toBe(before);
  });

  it("refuses every POST without the CSRF token, with another session's, or from another site (403), writing nothing", async () => {
    const a = await studioSignIn(t, t.accountA.key);
    const b = await studioSignIn(t, t.accountB.key);
    const before = await auditCount();
    for (const route of guarded().filter((r) => r.method === 'POST')) {
      const url = concrete(route.url);
      const attempts = [
        t.app.inject({ method: 'POST', url, headers: { ...FORM, cookie: a.cookie }, payload: 'quantity=1&market=en-GB' }),
        a.post(url, { csrf: b.csrf, quantity: '1', market: 'en-GB' }),
        a.post(url, { quantity: '1', market: 'en-GB' }, { origin: 'https://evil.example' }),
        a.post(url, { quantity: '1', market: 'en-GB' }, { 'sec-fetch-site': 'cross-site' }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, url).toBe(403);
        expect(res.body).toContain('Request refused');
      }
    }
    expect(await auditCount()).toBe(before);
  });

  it('ends a session when its key is revoked or its account becomes inactive', async () => {
    const session = await studioSignIn(t, t.accountA.key);
    expect((await session.get('/studio/recipes')).statusCode).toBe(200);
    await setAccountStatus(t.ctx, t.accountA.id, 'inactive');
    expect((await session.get('/studio/recipes')).statusCode).toBe(303);
    await setAccountStatus(t.ctx, t.accountA.id, 'active');
    expect((await session.get('/studio/recipes')).statusCode).toBe(200);
    const extra = json(await t.client().get('/v1/ingredients')); // the key still works on the API
    expect(Array.isArray(extra)).toBe(true);
    await revokeKeyByPrefix(t.ctx, t.accountA.key.slice(0, 12));
    expect((await session.get('/studio/recipes')).statusCode).toBe(303);
    expect((await session.post('/studio/sign-out')).statusCode).toBe(401);
  });
});

describe.each(databaseKinds())("another account's records through the studio on %s", (kind) => {
  let t: TestApp;
  let intruder: StudioSession;
  beforeAll(async () => {
    t = await createTestApp(kind);
    intruder = await studioSignIn(t, t.accountB.key);
  });
  afterAll(async () => {
    await t.close();
  });

  for (const c of studioIsolationCases) {
    it(`${c.route}: ${c.expectStatus ?? 404}, nothing shown or changed`, async () => {
      const owner = t.client();
      const fixture = await c.setup(owner, t);
      const before = c.snapshot ? await c.snapshot(owner, fixture) : undefined;
      const res = await c.attempt(intruder, fixture);
      expect(res.statusCode).toBe(c.expectStatus ?? 404);
      if ((c.expectStatus ?? 404) === 404) {
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('Not found');
      }
      if (c.secret) expect(res.body).not.toContain(c.secret(fixture));
      if (c.snapshot) expect(await c.snapshot(owner, fixture)).toEqual(before);
    });
  }
});
