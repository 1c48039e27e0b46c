// The account settings page through the real app: sign-in, CSRF (synchronizer token and cross-site
// refusal), escaping, usage and the 10% notice, key creation (shown once) and revocation, sign-out,
// and sessions dying with their key or account.
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccount, revokeKeyByPrefix, setAccountLimits, setAccountStatus } from '../../src/services/accounts/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return Object.fromEntries(list.map((c) => c.split(';', 1)[0]!.split('=') as [string, string]));
}
const setCookieLines = (response: LightMyRequestResponse) => [response.headers['set-cookie'] ?? []].flat().map(String);
const csrfOf = (body: string) => /name="csrf" value="([^"]+)"/.exec(body)?.[1];
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(databaseKinds())('account page on %s', (kind) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  /** Signs in with `key`; returns the session cookie header and the page's CSRF token. */
  async function signIn(key: string, headers: Record<string, string> = {}) {
    const page = await t.app.inject({ method: 'GET', url: '/account', headers });
    const login = cookiesOf(page).recipal_login!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/session',
      headers: { ...FORM, ...headers, cookie: `recipal_login=${login}` },
      payload: form({ csrf: csrfOf(page.body)!, api_key: key }),
    });
    expect(response.statusCode).toBe(303);
    const cookie = `recipal_session=${cookiesOf(response).recipal_session}`;
    const account = await t.app.inject({ method: 'GET', url: '/account', headers: { cookie } });
    return { response, cookie, csrf: csrfOf(account.body)!, page: account };
  }
  const post = (url: string, cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...FORM, cookie, ...headers }, payload: form(fields) });
  const getPage = (cookie: string) => t.app.inject({ method: 'GET', url: '/account', headers: { cookie } });

  it('shows a sign-in form with a CSRF token and safe headers', async () => {
    t = await createTestApp(kind);
    const page = await t.app.inject({ method: 'GET', url: '/account' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('name="api_key"');
    // The form token is bound to the server-issued cookie, not a copy of it.
    expect(csrfOf(page.body)).toMatch(/^[\w-]{40,}$/);
    expect(csrfOf(page.body)).not.toBe(cookiesOf(page).recipal_login);
    expect(setCookieLines(page)[0]).toMatch(/HttpOnly/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    const css = await t.app.inject({ method: 'GET', url: '/account/style.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('signs in with an API key: HttpOnly, SameSite=Lax session cookie, Secure only over HTTPS; only its hash is stored', async () => {
    t = await createTestApp(kind);
    const { response, cookie, page } = await signIn(t.accountA.key);
    const line = setCookieLines(response).find((c) => c.startsWith('recipal_session='))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\/;/);
    expect(line).not.toMatch(/Secure/);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Account A');
    const rows = await t.db.handle.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).not.toBe(cookie.split('=')[1]);
    expect(rows[0]!.id_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    t = await createTestApp(kind, { TRUST_PROXY: 'true' });
    const { response } = await signIn(t.accountA.key, { 'x-forwarded-proto': 'https' });
    expect(setCookieLines(response).find((c) => c.startsWith('recipal_session='))).toMatch(/; Secure/);
  });

  it.each([
    ['no token', {}, 403],
    ['a wrong token', { csrf: 'x'.repeat(43) }, 403],
  ])('refuses a sign-in POST with %s', async (_name, fields, status) => {
    t = await createTestApp(kind);
    const page = await t.app.inject({ method: 'GET', url: '/account' });
    const response = await post('/account/session', `recipal_login=${cookiesOf(page).recipal_login}`, {
      ...fields,
      api_key: t.accountA.key,
    });
    expect(response.statusCode).toBe(status);
    expect(await t.db.handle.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it.each([
    ['an unknown key', 'rcp_unknown', 'unknown or has been revoked'],
    ['an empty key', '', 'unknown or has been revoked'],
  ])('re-renders the form with 401 for %s', async (_name, key, message) => {
    t = await createTestApp(kind);
    const page = await t.app.inject({ method: 'GET', url: '/account' });
    const response = await post('/account/session', `recipal_login=${cookiesOf(page).recipal_login}`, {
      csrf: csrfOf(page.body)!,
      api_key: key,
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(message);
    expect(cookiesOf(response).recipal_session).toBeUndefined();
  });

  it('refuses a revoked key and an inactive account at sign-in', async () => {
    t = await createTestApp(kind);
    await revokeKeyByPrefix(t.ctx, t.accountA.key.slice(0, 12));
    await setAccountStatus(t.ctx, t.accountB.id, 'inactive');
    for (const [key, message] of [
      [t.accountA.key, 'revoked'],
      [t.accountB.key, 'no active subscription'],
    ] as const) {
      const page = await t.app.inject({ method: 'GET', url: '/account' });
      const response = await post('/account/session', `recipal_login=${cookiesOf(page).recipal_login}`, {
        csrf: csrfOf(page.body)!,
        api_key: key,
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain(message);
    }
  });

  it('escapes everything it prints', async () => {
    t = await createTestApp(kind);
    const evil = await createAccount(t.ctx, {
      name: '<script>alert("x")</script> & Co',
      email: '"><img src=x>',
      weekly_limit: null,
      per_minute_limit: null,
      render_limit: null,
    });
    const { page } = await signIn(evil.api_key);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('"><img');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(page.body).toContain('&quot;&gt;&lt;img src=x&gt;');
  });

  it('shows usage against the weekly limit with the 10% notice, and the per-minute limit', async () => {
    t = await createTestApp(kind);
    await setAccountLimits(t.ctx, t.accountA.id, { weekly_limit: 10, per_minute_limit: 42 });
    const { cookie } = await signIn(t.accountA.key);
    for (let i = 0; i < 8; i++) await t.client().get('/v1/ingredients');
    let page = await getPage(cookie);
    expect(page.body).toContain('<meter id="usage-bar" min="0" max="10"');
    expect(page.body).toContain('value="8"');
    expect(page.body).toContain('8 of 10');
    expect(page.body).toContain('<dd id="per-minute">42</dd>');
    expect(page.body).not.toContain('weekly-warning'); // 2 left = 20%
    await t.client().get('/v1/ingredients');
    page = await getPage(cookie);
    expect(page.body).toContain('id="weekly-warning"'); // 1 left = 10%
    expect(page.body).toContain('resets 2026-11-23 00:00:00 UTC');
  });

  it('creates a key shown once, which then works on the API', async () => {
    t = await createTestApp(kind);
    const { cookie, csrf } = await signIn(t.accountA.key);
    const created = await post('/account/keys', cookie, { csrf });
    expect(created.statusCode).toBe(200);
    const key = /id="new-key-value">([^<]+)</.exec(created.body)![1]!;
    expect(key).toMatch(/^rcp_/);
    expect((await t.client(key).get('/v1/ingredients')).statusCode).toBe(200);
    const later = await getPage(cookie);
    expect(later.body).not.toContain(key);
    expect(later.body).toContain(key.slice(0, 12));
  });

  it("revokes a key of its own account; another account's key id is not found and keeps working", async () => {
    t = await createTestApp(kind);
    const { cookie, csrf } = await signIn(t.accountA.key);
    const second = /id="new-key-value">([^<]+)</.exec((await post('/account/keys', cookie, { csrf })).body)![1]!;
    const keys = await t.db.handle.db.selectFrom('api_keys').select(['id', 'account_id', 'prefix']).execute();
    const secondId = keys.find((k) => k.prefix === second.slice(0, 12))!.id;
    const bKeyId = keys.find((k) => k.account_id === t.accountB.id)!.id;
    const revoked = await post('/account/keys/revoke', cookie, { csrf, key_id: String(secondId) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body).toContain('The key was revoked.');
    expect((await t.client(second).get('/v1/ingredients')).statusCode).toBe(401);
    const foreign = await post('/account/keys/revoke', cookie, { csrf, key_id: String(bKeyId) });
    expect(foreign.body).toContain('No such active key');
    expect((await t.client(t.accountB.key).get('/v1/ingredients')).statusCode).toBe(200);
  });

  it.each([
    ['no CSRF token', 403, (_csrf: string) => ({ fields: {}, headers: {} })],
    ['another token', 403, () => ({ fields: { csrf: 'forged' }, headers: {} })],
    ['a cross-site Origin', 403, (csrf: string) => ({ fields: { csrf }, headers: { origin: 'https://evil.example' } })],
    ['Sec-Fetch-Site: cross-site', 403, (csrf: string) => ({ fields: { csrf }, headers: { 'sec-fetch-site': 'cross-site' } })],
    ['Origin: null', 403, (csrf: string) => ({ fields: { csrf }, headers: { origin: 'null' } })],
    ['a same-origin Origin', 200, (csrf: string) => ({ fields: { csrf }, headers: { origin: 'http://localhost' } })],
    ['Sec-Fetch-Site: same-origin', 200, (csrf: string) => ({ fields: { csrf }, headers: { 'sec-fetch-site': 'same-origin' } })],
  ])('key creation with %s -> %i', async (_name, status, make) => {
    t = await createTestApp(kind);
    const { cookie, csrf } = await signIn(t.accountA.key);
    const { fields, headers } = make(csrf);
    const response = await post('/account/keys', cookie, fields as Record<string, string>, headers as Record<string, string>);
    expect(response.statusCode).toBe(status);
    const count = (await t.db.handle.db.selectFrom('api_keys').select('id').where('account_id', '=', t.accountA.id).execute()).length;
    expect(count).toBe(status === 200 ? 2 : 1);
  });

  it('a stolen session cookie stops working once its key is revoked', async () => {
    t = await createTestApp(kind);
    const { cookie, csrf } = await signIn(t.accountA.key);
    expect((await getPage(cookie)).body).toContain('Account A');
    await revokeKeyByPrefix(t.ctx, t.accountA.key.slice(0, 12));
    const page = await getPage(cookie);
    expect(page.body).toContain('name="api_key"');
    expect(page.body).not.toContain('Account A');
    const create = await post('/account/keys', cookie, { csrf });
    expect(create.statusCode).toBe(401);
    expect(await t.db.handle.db.selectFrom('api_keys').select('id').where('account_id', '=', t.accountA.id).execute()).toHaveLength(1);
  });

  it('a session dies when the account becomes inactive, and after sign-out', async () => {
    t = await createTestApp(kind);
    const first = await signIn(t.accountA.key);
    await setAccountStatus(t.ctx, t.accountA.id, 'inactive');
    expect((await getPage(first.cookie)).body).toContain('name="api_key"');
    await setAccountStatus(t.ctx, t.accountA.id, 'active');
    const second = await signIn(t.accountA.key);
    const out = await post('/account/sign-out', second.cookie, { csrf: second.csrf });
    expect(out.statusCode).toBe(303);
    expect(setCookieLines(out).join()).toMatch(/recipal_session=;/);
    expect((await getPage(second.cookie)).body).toContain('name="api_key"');
  });

  it('a session expires after 8 hours', async () => {
    t = await createTestApp(kind);
    const { cookie } = await signIn(t.accountA.key);
    t.clock.advance(8 * 3_600_000 - 1000);
    expect((await getPage(cookie)).body).toContain('Account A');
    t.clock.advance(1000);
    expect((await getPage(cookie)).body).toContain('name="api_key"');
  });

  it('revoking the key the session signed in with ends the session', async () => {
    t = await createTestApp(kind);
    const { cookie, csrf } = await signIn(t.accountA.key);
    const keyId = (
      await t.db.handle.db.selectFrom('api_keys').select('id').where('account_id', '=', t.accountA.id).executeTakeFirstOrThrow()
    ).id;
    const response = await post('/account/keys/revoke', cookie, { csrf, key_id: String(keyId) });
    expect(response.body).toContain('name="api_key"');
    expect((await getPage(cookie)).body).toContain('name="api_key"');
  });
});
