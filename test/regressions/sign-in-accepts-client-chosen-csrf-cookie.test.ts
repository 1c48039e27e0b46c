// The account page's sign-in accepted a CSRF cookie value the client chose (the form
// token only had to equal the cookie, and the page echoed an existing cookie into the form), so a
// site able to plant a cookie could sign a victim in to the attacker's account. The cookie is now
// server-issued (signed) and the form token an HMAC bound to it.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const loginCookieOf = (response: LightMyRequestResponse) =>
  [response.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((c) => c.startsWith('recipal_login='))
    ?.split(';', 1)[0]
    ?.slice('recipal_login='.length);
const csrfOf = (body: string) => /name="csrf" value="([^"]+)"/.exec(body)?.[1];

describe("the sign-in form's CSRF token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  const sessions = async () => (await t.db.handle.db.selectFrom('sessions').selectAll().execute()).length;
  const signIn = (cookie: string | undefined, csrf: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/account/session',
      headers: { ...FORM, ...(cookie === undefined ? {} : { cookie: `recipal_login=${cookie}` }) },
      payload: new URLSearchParams({ ...(csrf === undefined ? {} : { csrf }), api_key: t.accountA.key }).toString(),
    });
  const page = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/account', headers: cookie ? { cookie: `recipal_login=${cookie}` } : {} });

  it('a cookie value the client chose is refused, whatever the form says', async () => {
    for (const chosen of ['attacker', 'a'.repeat(43), 'x.1.y', 'x.99999999999.y']) {
      expect((await signIn(chosen, chosen)).statusCode).toBe(403);
    }
    expect(await sessions()).toBe(0);
  });

  it('the page replaces a client-chosen cookie instead of putting it in the form', async () => {
    const shown = await page('attacker');
    const issued = loginCookieOf(shown)!;
    expect(issued).not.toBe('attacker');
    expect(csrfOf(shown.body)).not.toBe('attacker');
    expect(csrfOf(shown.body)).not.toBe(issued);
  });

  it('a form token only works with the cookie it was issued for, before it expires', async () => {
    const first = await page();
    const second = await page();
    const [cookieA, tokenA] = [loginCookieOf(first)!, csrfOf(first.body)!];
    const [cookieB, tokenB] = [loginCookieOf(second)!, csrfOf(second.body)!];
    expect((await signIn(cookieA, tokenB)).statusCode).toBe(403);
    expect((await signIn(cookieB, tokenA)).statusCode).toBe(403);
    const [nonce, expires, signature] = cookieA.split('.');
    expect((await signIn(`${nonce}x.${expires}.${signature}`, tokenA)).statusCode).toBe(403);
    expect((await signIn(`${nonce}.${Number(expires) + 3600}.${signature}`, tokenA)).statusCode).toBe(403);
    expect(await sessions()).toBe(0);
    // Reloading the page keeps a valid cookie, so a second tab's form still works.
    expect(loginCookieOf(await page(cookieA))).toBe(cookieA);
    t.clock.advance(3601_000);
    expect((await signIn(cookieA, tokenA)).statusCode).toBe(403);
    expect(await sessions()).toBe(0);
    const fresh = await page(cookieA);
    expect(loginCookieOf(fresh)).not.toBe(cookieA);
    const done = await signIn(loginCookieOf(fresh), csrfOf(fresh.body));
    expect(done.statusCode).toBe(303);
    expect(await sessions()).toBe(1);
  });
});
