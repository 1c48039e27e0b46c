// The account page in a real browser (Debian's Chromium through playwright-core): sign in with a
// key, see usage, create a key (shown once), revoke it, sign out. Skipped, with a message, only
// when /usr/bin/chromium is missing.
import { createServer } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountLimits } from '../../src/services/accounts/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { browserLauncher, chromiumInstalled } from '../support/browser.js';

const haveChromium = chromiumInstalled('account-page-browser.test.ts');

describe.skipIf(!haveChromium)('account page in Chromium', () => {
  let t: TestApp;
  let base: string;
  const browsers = browserLauncher();
  /** A fresh browser with a fresh profile for each test. */
  const openBrowser = (): Promise<BrowserContext> => browsers.open();

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await setAccountLimits(t.ctx, t.accountA.id, { weekly_limit: 20, per_minute_limit: 120 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    browsers.removeProfiles();
  });

  async function signIn(page: Page, key: string) {
    await page.goto(`${base}/account`);
    await page.fill('#api_key', key);
    await page.click('button[type=submit]');
  }

  it('signs in, shows usage with the 10% notice, creates and revokes a key, signs out', async () => {
    for (let i = 0; i < 18; i++) await t.client().get('/v1/ingredients'); // 2 of 20 left: the notice shows
    const context = await openBrowser();
    const page = await context.newPage();
    await signIn(page, 'rcp_wrong');
    expect(await page.textContent('.error')).toContain('unknown or has been revoked');

    await signIn(page, t.accountA.key);
    await page.waitForSelector('#usage-bar');
    expect(await page.textContent('h1')).toBe('Account A');
    expect(await page.textContent('#usage-text')).toBe('18 of 20');
    expect(await page.getAttribute('#usage-bar', 'value')).toBe('18');
    expect(await page.isVisible('#weekly-warning')).toBe(true);
    expect(await page.textContent('#per-minute')).toBe('120');
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'recipal_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
    expect(await page.evaluate('document.cookie')).toBe(''); // HttpOnly: invisible to scripts

    await page.click('text=Create a new API key');
    const newKey = (await page.textContent('#new-key-value'))!.trim();
    expect(newKey).toMatch(/^rcp_/);
    expect((await t.client(newKey).get('/v1/ingredients')).statusCode).toBe(200);
    await page.goto(`${base}/account`);
    expect(await page.isVisible('#new-key-value')).toBe(false); // shown once
    expect(await page.locator('#keys tbody tr').count()).toBe(2);

    await page.click(`button[aria-label="Revoke key ${newKey.slice(0, 12)}"]`);
    expect(await page.textContent('[role=status]')).toContain('The key was revoked.');
    expect((await t.client(newKey).get('/v1/ingredients')).statusCode).toBe(401);

    await page.click('text=Sign out');
    await page.waitForSelector('#api_key');
    expect((await context.cookies()).find((c) => c.name === 'recipal_session')).toBeUndefined();
    await context.close();
  }, 60_000);

  it('refuses a form posted from another site', async () => {
    const context = await openBrowser();
    const page = await context.newPage();
    await signIn(page, t.accountA.key);
    await page.waitForSelector('#usage-bar');
    const keysBefore = await page.locator('#keys tbody tr').count();
    // An attacker's page on another origin (another port: same site, so SameSite=Lax still sends
    // the cookie) posts a form to the account page. The Origin / Sec-Fetch-Site check refuses it.
    const evil = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<form method="post" action="${base}/account/keys"><input name="csrf" value="guess"></form>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    await page.goto(`http://127.0.0.1:${(evil.address() as { port: number }).port}/`);
    await Promise.all([page.waitForURL(`${base}/account/keys`), page.evaluate('document.forms[0].submit()')]);
    evil.close();
    expect(await page.textContent('body')).toContain('only be submitted from this site');
    await page.goto(`${base}/account`);
    expect(await page.locator('#keys tbody tr').count()).toBe(keysBefore);
    await context.close();
  }, 60_000);
});
