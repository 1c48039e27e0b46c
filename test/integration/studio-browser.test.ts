// The label studio in a real browser (Debian's Chromium through playwright-core), with JavaScript on
// and off: sign in, see every market's label, approve one, download its PDF, change the recipe, find
// the approved file unchanged and the diff of the two revisions. On every page: axe-core finds no
// serious or critical violation, the console stays free of errors (a CSP refusal is one), and no
// script runs without the page's nonce. Skipped, saying so, only when /usr/bin/chromium is missing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { browserLauncher, chromiumInstalled } from '../support/browser.js';
import { bakeryRecipe, type BakeryRecipe } from '../support/studio.js';

const haveChromium = chromiumInstalled('studio-browser.test.ts');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const MARKETS = ['en-US', 'en-CA', 'en-GB', 'fr-FR', 'de-DE', 'en-AU', 'es-MX'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown }>;
}

/** Console errors and page errors of a page, as they happen (a blocked resource or a CSP refusal is a console error). */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/**
 * axe-core's serious and critical violations on the page as it is now, evaluated through the browser's
 * debugging protocol, which the page's CSP does not govern (the page itself still runs no script but
 * its own). axe needs timers, which a page without JavaScript never fires: such a page's document, as
 * the browser built it, is checked in `checker`, a page of the same site with JavaScript on.
 */
async function accessibilityProblems(page: Page, checker: Page | null): Promise<AxeViolation[]> {
  const target = checker ?? page;
  if (checker) await checker.setContent(await page.content(), { waitUntil: 'load' });
  await target.evaluate(AXE);
  const violations = (await target.evaluate('axe.run().then((result) => result.violations)')) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ ...v, nodes: v.nodes.slice(0, 3) }));
}

describe.skipIf(!haveChromium)('label studio in Chromium', () => {
  let t: TestApp;
  let base: string;
  const browsers = browserLauncher();

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    browsers.removeProfiles();
  });

  /** Every page the flow visits: no accessibility problem, no console error, the CSP in force and only nonced scripts. */
  async function checkPage(page: Page, problems: string[], javaScript: boolean, checker: Page | null) {
    await page.waitForLoadState('load');
    expect(await accessibilityProblems(page, checker), page.url()).toEqual([]);
    expect(problems, page.url()).toEqual([]);
    const scripts = (await page.evaluate(
      "[...document.querySelectorAll('script')].map((s) => ({ src: s.getAttribute('src'), nonce: s.nonce, inline: s.textContent.trim() !== '' }))",
    )) as Array<{ src: string | null; nonce: string; inline: boolean }>;
    // The one script is the studio's own, with a nonce; nothing inline. (With JavaScript off it is simply not run.)
    expect(scripts.length).toBeLessThanOrEqual(1);
    for (const script of scripts) {
      expect(script.src).toMatch(/^\/studio\/assets\/studio\.js\?v=/);
      expect(script.inline).toBe(false);
      if (javaScript) expect(script.nonce).toMatch(/^[0-9a-f]{32}$/);
    }
  }

  /** The whole sign-off flow; `javaScript` false runs it with plain form posts. */
  async function signOffFlow(context: BrowserContext, recipe: BakeryRecipe, market: string, checker: Page | null) {
    const javaScript = checker === null;
    const page = await context.newPage();
    const problems = watch(page);

    // Signed out, a deep link leads to the sign-in form and back.
    const first = await page.goto(`${base}/studio/recipes/${recipe.recipeId}`);
    expect(first?.url()).toContain('/studio/sign-in?next=');
    const csp = first?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'strict-dynamic' 'nonce-[0-9a-f]{32}'/);
    expect(csp).not.toContain('unsafe-inline');
    await checkPage(page, problems, javaScript, checker);
    await page.fill('#api_key', t.accountA.key);
    await Promise.all([page.waitForURL(`${base}/studio/recipes/${recipe.recipeId}`), page.click('form[action="/studio/session"] button')]);
    await checkPage(page, problems, javaScript, checker);
    expect(`${await page.textContent('h1')} · Label studio`).toBe(await page.title());

    // Every market's label, each image drawn.
    await page.click('a[href$="/labels"]');
    await page.waitForURL(/\/labels$/);
    // The load event waits for every image of the page.
    await page.waitForLoadState('load');
    for (const key of MARKETS) expect(await page.isVisible(`#market-${key} .label-figure img`), key).toBe(true);
    const drawn = (await page.evaluate("[...document.querySelectorAll('.label-figure img')].map((img) => img.naturalWidth)")) as number[];
    expect(drawn).toHaveLength(7);
    for (const width of drawn) expect(width).toBeGreaterThan(100);
    await checkPage(page, problems, javaScript, checker);

    // Approve one; its files download from the page.
    await page.fill(`#note-${market}`, 'Signed off in the studio');
    await Promise.all([page.waitForURL(/approved=\d+/), page.click(`#approve-${market}`)]);
    const approvalId = Number(/approved=(\d+)/.exec(page.url())![1]);
    expect(await page.textContent('#notice')).toContain(`Approved: approval ${approvalId}.`);
    await checkPage(page, problems, javaScript, checker);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#approval-${approvalId} a[href$="label.pdf"]`)]);
    const approvedPdf = readFileSync((await download.path())!);
    expect(approvedPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(approvedPdf.equals((await t.client().get(`/v1/label_approvals/${approvalId}.pdf`)).rawPayload)).toBe(true);

    // Change the recipe from its page: the sugar doubles.
    await page.click('a[aria-current="page"] >> xpath=ancestor::ul//a[text()="Recipe"]');
    await page.waitForURL(`${base}/studio/recipes/${recipe.recipeId}`);
    const line = page.locator(`#line-${recipe.lineIds.sugar}`);
    await line.locator('input[name=quantity]').fill('1');
    await Promise.all([page.waitForURL(/saved=line/), line.locator('button[type=submit]').click()]);
    expect(await page.textContent('#notice')).toContain('Saved. The recipe has a new revision');
    expect(await line.locator('input[name=quantity]').inputValue()).toBe('1');
    await checkPage(page, problems, javaScript, checker);

    // The approval: changed since, yet its PDF is the same file.
    await page.goto(`${base}/studio/approvals/${approvalId}`);
    expect(await page.isVisible('#changed')).toBe(true);
    await checkPage(page, problems, javaScript, checker);
    const [again] = await Promise.all([page.waitForEvent('download'), page.click('#approved-pdf')]);
    expect(readFileSync((await again.path())!).equals(approvedPdf)).toBe(true);

    // The diff of the two revisions, from the revisions page's compare form.
    await page.goto(`${base}/studio/recipes/${recipe.recipeId}/revisions`);
    await checkPage(page, problems, javaScript, checker);
    await Promise.all([page.waitForURL(/revisions\/diff\?from=\d+&to=\d+/), page.click('form.compare button[type=submit]')]);
    const changes = await page.textContent('table.changes');
    expect(changes).toContain('Line: Sugar, granulated');
    expect(changes).toContain('Quantity');
    expect(await page.getAttribute(`#label-diff-${market}`, 'open')).toBe('');
    await checkPage(page, problems, javaScript, checker);

    // The ingredient page of the food that has unknown values.
    await page.goto(`${base}/studio/ingredients/${recipe.butterId}`);
    expect(await page.textContent('#value-vitamin_d_mcg')).toContain('Unknown');
    await checkPage(page, problems, javaScript, checker);
    await page.close();
    return approvalId;
  }

  it('with JavaScript: sign in, every label, approve, download the PDF, change the recipe, approved file unchanged, diff', async () => {
    const recipe = await bakeryRecipe(t.client(), 'Shortbread');
    const context = await browsers.open({ viewport: { width: 1280, height: 900 } });
    try {
      await signOffFlow(context, recipe, 'en-GB', null);
      // Enhanced where it helps: the recipe search shows results as you type, without a page load.
      const page = await context.newPage();
      const problems = watch(page);
      for (let i = 0; i < 3; i++) await t.client().post('/v1/recipes', { recipe: { name: `Oat bar ${i}`, servings: 4 } });
      await page.goto(`${base}/studio/recipes`);
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      await page.fill('input[name=q]', 'oat');
      await page.waitForURL(/q=oat/);
      await page.locator('#results a', { hasText: 'Oat bar 2' }).waitFor();
      expect(await page.locator('#results a[href^="/studio/recipes/"]').count()).toBe(3);
      expect(loads).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('without JavaScript: the same flow with plain links and form posts', async () => {
    const recipe = await bakeryRecipe(t.client(), 'Shortbread, no script');
    const context = await browsers.open({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const checking = await browsers.open({ viewport: { width: 390, height: 844 } });
    try {
      const checker = await checking.newPage();
      await checker.goto(`${base}/studio/sign-in`);
      await signOffFlow(context, recipe, 'de-DE', checker);
    } finally {
      await context.close();
      await checking.close();
    }
  }, 240_000);

  it("shows another account's recipe as a 404 page, and refuses a form without its CSRF token", async () => {
    const recipe = await bakeryRecipe(t.client(), 'Not yours');
    const context = await browsers.open();
    try {
      const page = await context.newPage();
      await page.goto(`${base}/studio/sign-in`);
      await page.fill('#api_key', t.accountB.key);
      await Promise.all([page.waitForURL(`${base}/studio/recipes`), page.click('form[action="/studio/session"] button')]);
      const response = await page.goto(`${base}/studio/recipes/${recipe.recipeId}/labels`);
      expect(response?.status()).toBe(404);
      expect(await page.textContent('h1')).toBe('Not found');
      expect(await page.textContent('body')).not.toContain('Not yours');
      // The browser's own cookies, but no token: refused, nothing written.
      const posted = await page.request.post(`${base}/studio/recipes/${recipe.recipeId}/approvals`, { form: { market: 'en-GB' } });
      expect(posted.status()).toBe(403);
      expect(json(await t.client().get(`/v1/recipes/${recipe.recipeId}/label_approvals`))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
