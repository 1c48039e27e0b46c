// The public embed page in a real browser (Debian's Chromium through playwright-core): loaded the
// way a customer's site would frame it, the label text is visible. Skipped, saying so, when
// /usr/bin/chromium is missing.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { browserLauncher, chromiumInstalled } from '../support/browser.js';
import { fdaSampleRecipe } from './labels-support.js';

const haveChromium = chromiumInstalled('embed-browser.test.ts');

describe.skipIf(!haveChromium)('embed page in Chromium', () => {
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

  it('shows the label, directly and inside an iframe', async () => {
    const recipe = await fdaSampleRecipe(t.client());
    let closeSite: (() => Promise<void>) | undefined;
    const context = await browsers.open();
    try {
      const page = await context.newPage();
      const response = await page.goto(`${base}/embed/${recipe.embed_token}`);
      expect(response?.status()).toBe(200);
      const text = await page.locator('body').textContent();
      for (const shown of ['Nutrition Facts', '8 servings per container', '2/3 cup (55g)', '230', 'Total Fat', '10%', 'Potassium'])
        expect(text).toContain(shown);
      // The SVG's <title> also says "Nutrition Facts" but is never shown: look at the drawn text.
      // Playwright resolves once the element is drawn (the test's timeout bounds the wait).
      await page.locator('svg text', { hasText: 'Nutrition Facts' }).first().waitFor({ state: 'visible', timeout: 0 });
      const box = await page.locator('svg').first().boundingBox();
      expect(box!.width).toBeGreaterThan(150);
      expect(box!.height).toBeGreaterThan(300);

      // As a customer's site frames it: a page from another origin (frame-ancestors * admits any http(s) site).
      const site = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          `<html><body><h1>Our granola</h1><iframe id="label" src="${base}/embed/${recipe.embed_token}" width="400" height="800"></iframe></body></html>`,
        );
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      closeSite = () =>
        new Promise<void>((resolve) => {
          site.close(() => resolve());
          site.closeAllConnections();
        });
      await page.goto(`http://localhost:${(site.address() as { port: number }).port}/`);
      const frame = page.frameLocator('#label');
      await frame.locator('svg text', { hasText: 'Calories' }).first().waitFor({ state: 'visible', timeout: 0 });
    } finally {
      await closeSite?.();
      await context.close();
    }
  }, 60_000);
});
