// /docs in a real browser (Debian's Chromium through playwright-core): it was a stock "Swagger UI"
// page, with an error in the browser console. It now carries the API's own title and loads without
// a console error, a failed request or a refused script, and shows the operations of the document.
// Skipped, saying so, when /usr/bin/chromium is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { browserLauncher, chromiumInstalled } from '../support/browser.js';

const haveChromium = chromiumInstalled('docs-page-browser.test.ts');

describe.skipIf(!haveChromium)('/docs in Chromium', () => {
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

  it("shows the API's title and its operations, with no console error and no failed request", async () => {
    const context = await browsers.open();
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`console ${message.type()}: ${message.text()} at ${JSON.stringify(message.location())}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      const response = await page.goto(`${base}/docs`);
      expect(response?.status()).toBe(200);
      // Inline styles are allowed on this page (swagger-ui applies them); scripts still come from the page's origin only.
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'\s*;/);
      // The document is fetched and drawn by the page's scripts: wait for an operation of it.
      await page.locator('.opblock-summary-path', { hasText: '/v1/ingredients/{id}' }).first().waitFor({ state: 'visible', timeout: 0 });
      await page.locator('.info .title', { hasText: 'Recipe Nutrition and Costing API' }).waitFor({ state: 'visible', timeout: 0 });
      // An operation opened shows its description and its example.
      const operation = page.locator('.opblock', {
        has: page.locator('.opblock-summary-path', { hasText: /^\/v1\/ingredients\/\{id\}\/copy$/ }),
      });
      await operation.locator('.opblock-summary').click();
      await operation.locator('.opblock-description-wrapper', { hasText: 'private copy' }).waitFor({ state: 'visible', timeout: 0 });
      // Favicons are asked for after the page has loaded: let the page settle before looking.
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      expect(await page.title()).toBe('Recipe Nutrition and Costing API');
    } finally {
      await context.close();
    }
  });
});
